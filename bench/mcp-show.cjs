// The round trip of one `show` over MCP (the official SDK client, one session, calls one after
// another) against the same show through the CLI (one process per call, spawned from node), on
// the test fixture: p50 and p99 in milliseconds, and the load average while it ran.
//   node bench/mcp-show.cjs [LETS_BINARY] [CALLS]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const root = path.resolve(__dirname, '..');
const deps = require('module').createRequire(path.join(root, 'deps', 'package.json'));
const { Client } = deps('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = deps('@modelcontextprotocol/sdk/client/stdio.js');

const lets = path.resolve(process.argv[2] || path.join(root, 'build/lets'));
const calls = Number(process.argv[3] || 2000);
const target = 'src/usage.ts:1-10';

function pct(ms, p) {
	const s = [...ms].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(3);
}

async function main() {
	const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'lets-bench.'));
	fs.cpSync(path.join(root, 'tests/fixtures/default'), dir, { recursive: true });
	const load0 = os.loadavg();
	const transport = new StdioClientTransport({ command: lets, args: ['mcp'], cwd: dir, env: process.env });
	const client = new Client({ name: 'bench', version: '0' });
	await client.connect(transport);
	const mcp = [];
	for (let i = 0; i < calls + 100; i++) {
		const t = process.hrtime.bigint();
		const r = await client.callTool({ name: 'show', arguments: { targets: [target] } });
		if (r.isError) throw new Error(JSON.stringify(r));
		if (i >= 100) mcp.push(Number(process.hrtime.bigint() - t) / 1e6); // the first 100 warm up
	}
	await client.close();
	const cli = [];
	for (let i = 0; i < calls + 20; i++) {
		const t = process.hrtime.bigint();
		const r = spawnSync(lets, ['show', target], { cwd: dir });
		if (r.status !== 0) throw new Error(r.stderr.toString());
		if (i >= 20) cli.push(Number(process.hrtime.bigint() - t) / 1e6);
	}
	const load1 = os.loadavg();
	fs.rmSync(dir, { recursive: true, force: true });
	console.log(`show ${target}, ${calls} calls each, ${os.cpus().length} CPUs, load average ${load0[0].toFixed(2)} before, ${load1[0].toFixed(2)} after`);
	console.log(`  MCP (SDK client, one session): p50 ${pct(mcp, 50)} ms  p99 ${pct(mcp, 99)} ms`);
	console.log(`  CLI (spawn per call):          p50 ${pct(cli, 50)} ms  p99 ${pct(cli, 99)} ms`);
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
