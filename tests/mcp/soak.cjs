// One `lets mcp` session through MCP_SOAK (default 5000) mixed calls: reads, searches, edits that
// flip a line back and forth, forced writes, refusals and invalid arguments. No state may leak from
// one call into the next: every repeat of a request must answer the same bytes as its first run.
// No descriptor may stay open. The server must exit 0 at EOF with nothing on stderr (under ASan+LeakSanitizer: no report), and
// with MCP_RSS_LIMIT_KB set, its resident memory may grow at most that much from call 1,000 to the end.
//   node tests/mcp/soak.cjs LETS_BINARY
// Appends "pass mcp/soak:<case>" / "fail mcp/soak:<case>" to $LETS_TEST_RESULTS when set.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const readline = require('readline');
const { spawn } = require('child_process');
const root = path.resolve(__dirname, '../..');
const lets = path.resolve(process.argv[2] || path.join(root, 'build/lets'));
const total = Number(process.env.MCP_SOAK || 5000);
const rssLimit = process.env.MCP_RSS_LIMIT_KB ? Number(process.env.MCP_RSS_LIMIT_KB) : null;

const { record, finish } = require('./results.cjs')('soak');

// The mix: [key, tool, arguments]. Keys that alternate (edits) carry their phase in the key.
const mix = [
	['show range', 'show', { targets: ['src/config.ts:1-2'] }],
	['show several', 'show', { targets: ['a.ts', 'src/usage.ts', 'crlf.txt', 'lossy.txt'] }],
	['show symbol', 'show', { targets: ['src/usage.ts#usage', 'small.md#Intro'] }],
	['show anchor', 'show', { targets: ["src/usage.ts@'cap'"], context: 1 }],
	['show budget', 'show', { targets: ['big.ts', 'lines20.txt'], budget: 40 }],
	['show missing', 'show', { targets: ['nope.ts'] }],
	['show outside', 'show', { targets: ['/etc/hostname'] }],
	['find', 'find', { pattern: 'cap' }],
	['find count', 'find', { pattern: 'e', count: true, glob: ['*.txt'] }],
	['find files', 'find', { pattern: 'export', files: true }],
	['find none', 'find', { pattern: 'zzzz_none' }],
	['find bad regex', 'find', { pattern: '(' }],
	['edit flip', 'edit', null],
	['edit ambiguous', 'edit', { targets: ['src/usage.ts'], old: 'cap', new: 'limit' }],
	['edit batch', 'edit', null],
	['write force', 'write', { path: 'out/w.txt', content: 'same bytes\n', force: true }],
	['write exists', 'write', { path: 'a.ts', content: 'x\n' }],
	['invalid argument', 'show', { targets: ['a.ts'], nope: 1 }],
];

async function main() {
	const dir = fs.mkdtempSync(path.join(process.env.TMPDIR || os.tmpdir(), 'lets-mcp-soak.'));
	fs.cpSync(path.join(root, 'tests/fixtures/default'), dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'flip.ts'), 'export const mode = "a"\n');
	fs.writeFileSync(path.join(dir, 'batch.ts'), 'export const n = 1\n');
	fs.mkdirSync(path.join(dir, 'out'));
	fs.writeFileSync(path.join(dir, 'out/w.txt'), 'same bytes\n'); // so find counts the same files every time
	const child = spawn(lets, ['mcp'], { cwd: dir, env: process.env, stdio: ['pipe', 'pipe', 'pipe'] });
	let stderr = '';
	child.stderr.on('data', (d) => (stderr += d));
	const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
	const lines = readline.createInterface({ input: child.stdout });
	const waiting = [];
	lines.on('line', (l) => waiting.shift()(l));
	const call = (id, method, params) => new Promise((resolve) => {
		waiting.push((l) => resolve(JSON.parse(l)));
		child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
	});
	await call(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'soak', version: '0' } });

	const first = new Map();
	let drift = [], rss1000 = null, rss1000Peak = null, fds1000 = null;
	for (let i = 1; i <= total; i++) {
		let [key, tool, args] = mix[i % mix.length];
		const round = Math.floor(i / mix.length);
		if (key === 'edit flip') {
			const [from, to] = round % 2 ? ['"b"', '"a"'] : ['"a"', '"b"'];
			key += round % 2;
			args = { targets: ['flip.ts'], old: from, new: to };
		} else if (key === 'edit batch') {
			const [from, to] = round % 2 ? ['n = 2', 'n = 1'] : ['n = 1', 'n = 2'];
			key += round % 2;
			args = { from: '-', stdin: JSON.stringify({ file: 'batch.ts', old: from, new: to }) + '\n' };
		}
		const res = await call(i, 'tools/call', { name: tool, arguments: args });
		const text = JSON.stringify(res.result || res.error);
		if (!first.has(key)) first.set(key, text);
		else if (first.get(key) !== text && drift.length < 5) drift.push(`call ${i} (${key}): ${text.slice(0, 300)}\n  first: ${first.get(key).slice(0, 300)}`);
		if (i === 1000) {
			const st = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
			rss1000 = Number(/VmRSS:\s+(\d+)/.exec(st)[1]);
			rss1000Peak = Number(/VmHWM:\s+(\d+)/.exec(st)[1]);
			fds1000 = fs.readdirSync(`/proc/${child.pid}/fd`).length;
		}
	}
	const st = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
	const rssEnd = Number(/VmRSS:\s+(\d+)/.exec(st)[1]);
	const fdsEnd = fs.readdirSync(`/proc/${child.pid}/fd`).length;
	record(fdsEnd === fds1000, 'no descriptor leaks: as many open at the end as at call 1000', `${fds1000} then ${fdsEnd}`);
	child.stdin.end();
	const { code, signal } = await exited;
	record(drift.length === 0, `${total} calls: every repeat answers the bytes of its first run`, drift.join('\n  '));
	record(code === 0 && signal === null, 'the server exits 0 at EOF', `code ${code} signal ${signal}`);
	record(stderr === '', 'nothing on stderr (no sanitizer or leak report)', stderr.slice(0, 3000));
	console.log(`mcp/soak: RSS ${rss1000} kB at call 1000 (peak ${rss1000Peak}), ${rssEnd} kB at call ${total}`);
	if (rssLimit !== null)
		record(rssEnd - rss1000 <= rssLimit, `memory flat: RSS grew ${rssEnd - rss1000} kB from call 1000 to ${total} (limit ${rssLimit})`);
	fs.rmSync(dir, { recursive: true, force: true });
	process.exit(finish());
}

main().catch((e) => {
	record(false, 'the soak ran to the end', String(e && e.stack));
	process.exit(1);
});
