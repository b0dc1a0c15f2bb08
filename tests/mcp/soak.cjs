// One `lets mcp` session through MCP_SOAK (default 5000) mixed calls over the official SDK client,
// up to four in flight: reads, searches, edits that flip a line back and forth, forced writes,
// refusals, invalid arguments, pings, and a random tenth of the reads cancelled a random moment
// after they were sent (MCP_SOAK_SEED varies which).
//  - 0 protocol errors: every call not cancelled resolves with a result the SDK's schema accepts,
//    and the client reports no error. The one exception the protocol allows is counted apart: an
//    answer that crossed its call's cancellation (the SDK reports it as a response to an unknown
//    id; only an id this soak cancelled may appear there).
//  - No state leaks from one call into the next: every repeat of a request not cancelled answers
//    the bytes of its first run. No descriptor stays open.
//  - The server says nothing on stderr (under ASan+LeakSanitizer: no report) and, with
//    MCP_RSS_LIMIT_KB set, its resident memory grows at most that much from call 1,000 to the end.
//   node tests/mcp/soak.cjs LETS_BINARY
// Appends "pass mcp/soak:<case>" / "fail mcp/soak:<case>" to $LETS_TEST_RESULTS when set.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const root = path.resolve(__dirname, '../..');
const deps = require('module').createRequire(path.join(root, 'deps', 'package.json'));
const { Client } = deps('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = deps('@modelcontextprotocol/sdk/client/stdio.js');
const lets = path.resolve(process.argv[2] || path.join(root, 'build/lets'));
const total = Number(process.env.MCP_SOAK || 5000);
const rssLimit = process.env.MCP_RSS_LIMIT_KB ? Number(process.env.MCP_RSS_LIMIT_KB) : null;
const IN_FLIGHT = 4;

const { record, finish } = require('./results.cjs')('soak');

// The mix: [key, tool, arguments, may be cancelled]. Keys that alternate (edits) carry their phase.
const mix = [
	['show range', 'show', { targets: ['src/config.ts:1-2'] }, true],
	['show several', 'show', { targets: ['a.ts', 'src/usage.ts', 'crlf.txt', 'lossy.txt'] }, true],
	['show symbol', 'show', { targets: ['src/usage.ts#usage', 'small.md#Intro'] }, true],
	['show anchor', 'show', { targets: ["src/usage.ts@'cap'"], context: 1 }, true],
	['show budget', 'show', { targets: ['big.ts', 'lines20.txt'], budget: 40 }, true],
	['show missing', 'show', { targets: ['nope.ts'] }, true],
	['show outside', 'show', { targets: ['/etc/hostname'] }, true],
	['find', 'find', { pattern: 'cap' }, true],
	['find count', 'find', { pattern: 'e', count: true, glob: ['*.txt'] }, true],
	['find files', 'find', { pattern: 'export', files: true }, true],
	['find none', 'find', { pattern: 'zzzz_none' }, true],
	['find bad regex', 'find', { pattern: '(' }, true],
	['paths', 'paths', { pattern: '*.ts' }, true],
	['edit flip', 'edit', null, false],
	['edit ambiguous', 'edit', { targets: ['src/usage.ts'], old: 'cap', new: 'limit' }, false],
	['edit batch', 'edit', null, false],
	['write force', 'write', { path: 'out/w.txt', content: 'same bytes\n', force: true }, false],
	['write exists', 'write', { path: 'a.ts', content: 'x\n' }, false],
	['check refused', 'edit', { targets: ['a.ts'], old: 'line 1 of', new: 'x', check: 'true' }, false],
	['invalid argument', 'show', { targets: ['a.ts'], nope: 1 }, true],
	['ping', null, null, false],
];

// A small deterministic PRNG (mulberry32), so a failure reproduces.
function prng(seed) {
	return () => {
		seed |= 0;
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function request(i) {
	let [key, tool, args, cancellable] = mix[i % mix.length];
	const round = Math.floor(i / mix.length);
	if (key === 'edit flip') {
		const [from, to] = round % 2 ? ['"b"', '"a"'] : ['"a"', '"b"'];
		key += round % 2;
		args = { targets: ['flip.ts'], old: from, new: to };
	} else if (key === 'edit batch') {
		const [from, to] = round % 2 ? ['n = 2', 'n = 1'] : ['n = 1', 'n = 2'];
		key += round % 2;
		args = { batch: [{ file: 'batch.ts', old: from, new: to }] };
	}
	return { key, tool, args, cancellable };
}

const status = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

async function main() {
	const dir = fs.mkdtempSync(path.join(process.env.TMPDIR || os.tmpdir(), 'lets-mcp-soak.'));
	fs.cpSync(path.join(root, 'tests/fixtures/default'), dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'flip.ts'), 'export const mode = "a"\n');
	fs.writeFileSync(path.join(dir, 'batch.ts'), 'export const n = 1\n');
	fs.mkdirSync(path.join(dir, 'out'));
	fs.writeFileSync(path.join(dir, 'out/w.txt'), 'same bytes\n'); // so find counts the same files every time
	const transport = new StdioClientTransport({ command: lets, args: ['mcp'], cwd: dir, env: process.env, stderr: 'pipe' });
	let stderr = '';
	transport.stderr.on('data', (d) => (stderr += d));
	const client = new Client({ name: 'soak', version: '0' });
	const clientErrors = [], crossed = [];
	client.onerror = (e) => {
		const m = /unknown message ID: (\{.*\})$/.exec(String(e && e.message));
		if (m) crossed.push(JSON.parse(m[1]).id);
		else clientErrors.push(String(e && e.message));
	};
	await client.connect(transport);
	const pid = transport.pid;
	const rand = prng(Number(process.env.MCP_SOAK_SEED || 29));
	const first = new Map(), drift = [], protocolErrors = [];
	const cancelledIds = new Set();
	let cancelled = 0, rss1000 = null, peak1000 = null, fds1000 = null;
	const inflight = new Set();
	for (let i = 1; i <= total; i++) {
		const { key, tool, args, cancellable } = request(i);
		const ac = cancellable && rand() < 0.1 ? new AbortController() : null;
		const id = client._requestMessageId; // the id the SDK gives the request made next
		const p = (tool ? client.callTool({ name: tool, arguments: args }, undefined, ac ? { signal: ac.signal } : {})
			: client.ping()).then((res) => {
			const text = JSON.stringify(res);
			if (!first.has(key)) first.set(key, text);
			else if (first.get(key) !== text && drift.length < 5)
				drift.push(`call ${i} (${key}): ${text.slice(0, 300)}\n  first: ${first.get(key).slice(0, 300)}`);
		}, (e) => {
			if (!ac || !ac.signal.aborted) protocolErrors.push(`call ${i} (${key}): ${e && e.message}`);
		});
		if (ac) {
			cancelled++;
			cancelledIds.add(id);
			setTimeout(() => ac.abort('soak'), Math.floor(rand() * 5));
		}
		inflight.add(p);
		p.finally(() => inflight.delete(p));
		if (inflight.size >= IN_FLIGHT) await Promise.race(inflight);
		if (i === 1000) {
			await Promise.all(inflight);
			rss1000 = status(pid, 'VmRSS');
			peak1000 = status(pid, 'VmHWM');
			fds1000 = fs.readdirSync(`/proc/${pid}/fd`).length;
		}
	}
	await Promise.all(inflight);
	await new Promise((r) => setTimeout(r, 100)); // answers that crossed a cancellation arrive
	const rssEnd = status(pid, 'VmRSS');
	const fdsEnd = fs.readdirSync(`/proc/${pid}/fd`).length;
	record(fdsEnd === fds1000, 'no descriptor leaks: as many open at the end as at call 1000', `${fds1000} then ${fdsEnd}`);
	await client.close();
	await new Promise((r) => setTimeout(r, 50));
	const strays = crossed.filter((id, k) => !cancelledIds.has(id) || crossed.indexOf(id) !== k);
	console.log(`mcp/soak: ${total} calls, ${cancelled} cancelled, ${crossed.length} answers crossed their cancellation; ` +
		`RSS ${rss1000} kB at call 1000 (peak ${peak1000}), ${rssEnd} kB at call ${total}`);
	record(protocolErrors.length === 0 && clientErrors.length === 0 && strays.length === 0,
		`${total} calls, ${cancelled} cancelled at random: 0 protocol errors`,
		[...protocolErrors.slice(0, 5), ...clientErrors.slice(0, 5), ...strays.slice(0, 5)].join('\n  '));
	record(drift.length === 0, `${total} calls: every repeat answers the bytes of its first run`, drift.join('\n  '));
	record(stderr === '', 'nothing on stderr (no sanitizer or leak report)', stderr.slice(0, 3000));
	if (rssLimit !== null)
		record(rssEnd - rss1000 <= rssLimit, `memory flat: RSS grew ${rssEnd - rss1000} kB from call 1000 to ${total} (limit ${rssLimit})`);
	fs.rmSync(dir, { recursive: true, force: true });
	process.exit(finish());
}

main().catch((e) => {
	record(false, 'the soak ran to the end', String(e && e.stack));
	process.exit(1);
});
