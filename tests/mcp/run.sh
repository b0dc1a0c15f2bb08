#!/usr/bin/env bash
# The `lets mcp` suite: the official SDK client against the release and the ASan builds (the
# verbs through it, and what hosts expect: hosts.cjs), the
# protocol cases and the 10,000-message fuzz under ASan, and 5,000 mixed calls in one session
# twice: under ASan+LeakSanitizer (no report) and on the release build (resident memory flat).
#   tests/mcp/run.sh LETS_BINARY ASAN_LETS_BINARY
# Each script appends its pass/fail lines to $LETS_TEST_RESULTS; this exits 1 if any failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
lets=${1:?usage: tests/mcp/run.sh LETS_BINARY ASAN_LETS_BINARY}
asan=${2:?usage: tests/mcp/run.sh LETS_BINARY ASAN_LETS_BINARY}
export TMPDIR=${TMPDIR:-$([ -w /dev/shm ] && echo /dev/shm || echo /tmp)}
rc=0
node "$here/sdk.cjs" "$lets" || rc=1
node "$here/sdk.cjs" "$asan" || rc=1
node "$here/hosts.cjs" "$lets" || rc=1
node "$here/hosts.cjs" "$asan" || rc=1
node "$here/protocol.cjs" "$asan" || rc=1
node "$here/soak.cjs" "$asan" || rc=1
MCP_RSS_LIMIT_KB=512 node "$here/soak.cjs" "$lets" || rc=1
exit $rc
