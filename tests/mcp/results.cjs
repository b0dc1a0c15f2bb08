// The pass/fail bookkeeping the mcp suites share: each check is one line "pass mcp/<suite>:<name>"
// or "fail mcp/<suite>:<name>" appended to $LETS_TEST_RESULTS (when set); a failure is also printed
// with its detail. finish() prints "mcp/<suite>: N passed, N failed" and returns the exit status.
'use strict';
const fs = require('fs');

module.exports = function results(suite) {
	let passed = 0, failed = 0;
	return {
		record(ok, name, detail) {
			const line = `${ok ? 'pass' : 'fail'} mcp/${suite}:${name}`;
			if (process.env.LETS_TEST_RESULTS) fs.appendFileSync(process.env.LETS_TEST_RESULTS, line + '\n');
			if (ok) passed++;
			else {
				failed++;
				console.log(line + (detail ? `\n  ${String(detail).slice(0, 3000)}` : ''));
			}
		},
		finish() {
			console.log(`mcp/${suite}: ${passed} passed, ${failed} failed`);
			return failed ? 1 : 0;
		},
	};
};
