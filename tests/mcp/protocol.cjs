// The JSON-RPC layer of `lets mcp`, spoken raw: revision negotiation, ping, notifications, every
// error code and which revision answers invalid arguments how, roots/list, framing (blank lines,
// CRLF, no final newline, a line over 64 MiB), the size of tools/list, then a fuzz of MCP_FUZZ
// (default 10000) random, truncated and mutated messages, each followed by a marker ping and sent
// once the one before is answered: the server must answer every marker, every request exactly once
// with its id, never anything twice, and exit 0 at EOF with nothing on stderr (where a sanitizer
// would report). A tool call is answered by the worker, so its answer may follow the marker's.
//   node tests/mcp/protocol.cjs LETS_BINARY
// Appends "pass mcp/protocol:<case>" / "fail mcp/protocol:<case>" to $LETS_TEST_RESULTS when set.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const readline = require('readline');
const root = path.resolve(__dirname, '../..');
const lets = path.resolve(process.argv[2] || path.join(root, 'build/lets'));
const fuzzCount = Number(process.env.MCP_FUZZ || 10000);

const { record, finish } = require('./results.cjs')('protocol');

const sandbox = fs.mkdtempSync(path.join(process.env.TMPDIR || os.tmpdir(), 'lets-mcp-proto.'));
fs.cpSync(path.join(root, 'tests/fixtures/default'), sandbox, { recursive: true });

// One session: input is the whole stdin (a string or Buffer); returns the parsed response lines.
function session(input) {
	const r = spawnSync(lets, ['mcp'], { cwd: sandbox, input, maxBuffer: 1 << 30, env: process.env });
	const lines = r.stdout.toString().split('\n');
	const tail = lines.pop();
	let parsed = [];
	try {
		parsed = lines.map((l) => JSON.parse(l));
	} catch (e) {
		parsed = null;
	}
	return { status: r.status, signal: r.signal, stderr: r.stderr.toString(), tail, responses: parsed };
}

const msg = (o) => JSON.stringify(o) + '\n';
const req = (id, method, params) => msg(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
const init = (id, v) => req(id, 'initialize', { protocolVersion: v, capabilities: {}, clientInfo: { name: 't', version: '0' } });

function expectOne(name, input, check) {
	const s = session(input);
	const ok = s.status === 0 && s.stderr === '' && s.tail === '' && s.responses && check(s.responses);
	record(!!ok, name, JSON.stringify(s).slice(0, 1500));
}

function protocolCases() {
	for (const v of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'])
		expectOne(`initialize ${v} answers ${v}`, init(1, v), (r) => r.length === 1 && r[0].id === 1 &&
			r[0].result.protocolVersion === v && r[0].result.capabilities.tools && r[0].result.serverInfo.name === 'lets');
	expectOne('initialize with an unknown revision answers the newest', init('a', '1999-01-01'),
		(r) => r.length === 1 && r[0].id === 'a' && r[0].result.protocolVersion === '2025-11-25');
	expectOne('initialize without protocolVersion is -32602', req(1, 'initialize', {}), (r) => r[0].error.code === -32602);
	expectOne('ping answers an empty result', req(7, 'ping'), (r) => r.length === 1 && r[0].id === 7 &&
		JSON.stringify(r[0].result) === '{}' && r[0].jsonrpc === '2.0');
	expectOne('unknown method is -32601 with the id', req('q', 'resources/list') + req(3, 'nope'),
		(r) => r.length === 2 && r[0].id === 'q' && r[0].error.code === -32601 && r[1].id === 3 && r[1].error.code === -32601);
	expectOne('malformed JSON is -32700 with id null', '{"jsonrpc":"2.0","id":1,\n',
		(r) => r.length === 1 && r[0].id === null && r[0].error.code === -32700);
	expectOne('notifications get no answer', msg({ jsonrpc: '2.0', method: 'notifications/initialized' }) +
		msg({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }) +
		msg({ jsonrpc: '2.0', method: 'no/such/notification' }) + req(1, 'ping'), (r) => r.length === 1 && r[0].id === 1);
	expectOne('a response from the client gets no answer', msg({ jsonrpc: '2.0', id: 5, result: {} }) + req(1, 'ping'),
		(r) => r.length === 1 && r[0].id === 1);
	expectOne('params not an object is -32602', req(1, 'tools/call', [1, 2]), (r) => r[0].error.code === -32602);
	expectOne('tools/call without a name is -32602', req(1, 'tools/call', { arguments: {} }), (r) => r[0].error.code === -32602);
	expectOne('tools/call with arguments not an object is -32602', req(1, 'tools/call', { name: 'show', arguments: 'a.ts' }),
		(r) => r[0].error.code === -32602);
	expectOne('a missing jsonrpc is -32600', msg({ id: 1, method: 'ping' }), (r) => r[0].id === 1 && r[0].error.code === -32600);
	expectOne('a fractional id is -32600 with id null', msg({ jsonrpc: '2.0', id: 1.5, method: 'ping' }),
		(r) => r[0].id === null && r[0].error.code === -32600);
	expectOne('a null id is -32600', msg({ jsonrpc: '2.0', id: null, method: 'ping' }), (r) => r[0].error.code === -32600);
	expectOne('a batch is -32600', '[' + JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) + ']\n',
		(r) => r.length === 1 && r[0].error.code === -32600);
	expectOne('a scalar is -32600', '1\n"x"\n', (r) => r.length === 2 && r.every((x) => x.error.code === -32600));
	expectOne('blank lines and CRLF', '\n  \n' + req(1, 'ping').replace('\n', '\r\n') + '\r\n' + req(2, 'ping'),
		(r) => r.length === 2 && r[0].id === 1 && r[1].id === 2);
	expectOne('a last message without a newline is answered', req(1, 'ping').trimEnd(), (r) => r.length === 1 && r[0].id === 1);
	expectOne('empty input exits 0 silently', '', (r) => r.length === 0);
	const byId = (r, id) => r.find((x) => x.id === id) || {};
	expectOne('structuredContent only from 2025-06-18 on (each call speaks the revision it came under)',
		init(1, '2025-03-26') + req(2, 'tools/call', { name: 'show', arguments: { targets: ['a.ts'] } }) +
		init(3, '2025-06-18') + req(4, 'tools/call', { name: 'show', arguments: { targets: ['a.ts'] } }),
		(r) => r.length === 4 && !('structuredContent' in byId(r, 2).result) && byId(r, 4).result.structuredContent.targets.length === 1);
	// issue 29, 3: SEP-1303 from 2025-11-25 on; -32602 before it; an unknown tool -32602 in both
	const badArgs = { name: 'show', arguments: { targets: ['a.ts'], colour: 1 } };
	expectOne('2025-06-18: invalid tool arguments are -32602', init(1, '2025-06-18') + req(2, 'tools/call', badArgs),
		(r) => byId(r, 2).error && byId(r, 2).error.code === -32602 && /unknown argument 'colour'/.test(byId(r, 2).error.message));
	expectOne('2025-11-25: invalid tool arguments are an isError result', init(1, '2025-11-25') + req(2, 'tools/call', badArgs),
		(r) => byId(r, 2).result && byId(r, 2).result.isError === true &&
			/^unknown argument 'colour'[^]*\nERROR_CODE=usage\n$/.test(byId(r, 2).result.content[0].text));
	for (const v of ['2025-06-18', '2025-11-25'])
		expectOne(`${v}: an unknown tool is -32602`, init(1, v) + req(2, 'tools/call', { name: 'cat', arguments: {} }),
			(r) => byId(r, 2).error && byId(r, 2).error.code === -32602);
	expectOne('roots/list is asked after notifications/initialized when the client has roots',
		req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: { roots: { listChanged: true } }, clientInfo: { name: 't', version: '0' } }) +
		msg({ jsonrpc: '2.0', method: 'notifications/initialized' }),
		(r) => r.length === 2 && r[1].method === 'roots/list' && r[1].id === 'lets-roots-1' && !('params' in r[1]));
	expectOne('control: no roots/list to a client without roots', init(1, '2025-11-25') + msg({ jsonrpc: '2.0', method: 'notifications/initialized' }),
		(r) => r.length === 1);
	{
		const s = session(req(1, 'tools/list'));
		const line = s.responses && s.responses.length === 1 ? JSON.stringify(s.responses[0]) : '';
		console.log(`mcp/protocol: tools/list is ${line.length} bytes`);
		// 6 KB (issue 29), with the seven tools map made (issue 35): the texts are terse, not cut
		record(line.length > 0 && line.length <= 6144, `tools/list is at most 6 KB (${line.length} bytes)`);
	}
	expectOne('a refusal is a result with isError', req(1, 'tools/call', { name: 'show', arguments: { targets: ['/etc/hostname'] } }),
		(r) => r[0].result.isError === true && /\nERROR_CODE=outside_tree\n$/.test(r[0].result.content.at(-1).text));
	const huge = Buffer.alloc((64 << 20) + 10, 'a');
	expectOne('a line over 64 MiB is -32700 and the session goes on', Buffer.concat([huge, Buffer.from('\n' + req(2, 'ping'))]),
		(r) => r.length === 2 && r[0].error.code === -32700 && r[0].id === null && r[1].id === 2);
	const help = spawnSync(lets, ['mcp', '--help']);
	const text = help.stdout.toString();
	record(help.status === 0 && text.includes('claude mcp add lets -- lets mcp\n') && text.includes('"mcpServers"') &&
		JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)).mcpServers.lets.args[0] === 'mcp',
		'mcp --help shows claude mcp add and an mcpServers snippet', text);
	const extra = spawnSync(lets, ['mcp', 'x'], { input: '' });
	record(extra.status === 64 && /ERROR_CODE=usage\n$/.test(extra.stderr.toString()), 'mcp refuses a positional', extra.stderr.toString());
}

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

function fuzzMessages(n, rand) {
	const pick = (a) => a[Math.floor(rand() * a.length)];
	const strings = ['a.ts', 'src', 'src/config.ts:1-2', "src/usage.ts@'cap'", 'src/usage.ts#usage', 'nope', '-', '--help',
		'', 'cap', 'sha:000000000000', '../x', '(', '\u00e9\u4e2d', 'x\ny', 'lines20.txt', 'fz/new.txt', 'crlf.txt'];
	const keys = ['targets', 'pattern', 'paths', 'path', 'content', 'stdin', 'old', 'new', 'all', 'window', 'after', 'context',
		'if_sha', 'from', 'force', 'empty', 'budget', 'max_bytes', 'no_numbers', 'files', 'count', 'glob', 'quiet', 'bogus', 'json'];
	const typed = {
		show: { targets: 'list', window: 'int', all: 'bool', after: 'int', context: 'int', no_numbers: 'bool', budget: 'int', max_bytes: 'int', quiet: 'bool' },
		find: { pattern: 'str', paths: 'list', fixed_string: 'bool', ignore_case: 'bool', files: 'bool', count: 'bool', cap: 'int', glob: 'list', context: 'int' },
		edit: { targets: 'list', old: 'str', new: 'str', all: 'bool', if_sha: 'str', from: 'str', stdin: 'str', normalize: 'bool', no_check: 'bool' },
		write: { path: 'str', content: 'str', force: 'bool', empty: 'bool', no_check: 'bool' },
	};
	const value = (depth) => {
		switch (Math.floor(rand() * (depth > 2 ? 5 : 7))) {
		case 0: return pick(strings);
		case 1: return Math.floor(rand() * 300) - 20;
		case 2: return rand() < 0.5;
		case 3: return null;
		case 4: return rand() * 10;
		case 5: return Array.from({ length: Math.floor(rand() * 3) }, () => value(depth + 1));
		default: return Object.fromEntries(Array.from({ length: Math.floor(rand() * 3) }, () => [pick(keys), value(depth + 1)]));
		}
	};
	const ids = () => (rand() < 0.8 ? pick([1, 2, 'id', 'x\u00e9', 0, -5, 9007199254740991]) : pick([1.5, null, [], {}, true]));
	const valid = () => {
		const m = { jsonrpc: rand() < 0.9 ? '2.0' : pick(['1.0', 2]), method: rand() < 0.5 ? 'tools/call'
			: pick(['tools/list', 'ping', 'initialize', 'notifications/initialized', 'x', 5]) };
		if (rand() < 0.9) m.id = ids();
		if (m.method === 'tools/call') {
			const name = pick(['show', 'find', 'edit', 'write', 'show', 'find', 'nope']);
			const args = {};
			for (const [k, type] of Object.entries(typed[name] || {}))
				if (rand() < (k === 'targets' || k === 'pattern' || k === 'path' ? 0.95 : 0.15))
					args[k] = type === 'list' ? Array.from({ length: 1 + Math.floor(rand() * 2) }, () => pick(strings))
						: type === 'int' ? Math.floor(rand() * 40) : type === 'bool' ? rand() < 0.5 : pick(strings);
			if (rand() < 0.2) args[pick(keys)] = value(1);
			m.params = { name, arguments: args };
		}
		else if (m.method === 'initialize')
			m.params = { protocolVersion: pick(['2025-06-18', '2024-11-05', 'x', 3]) };
		else if (rand() < 0.3) m.params = value(0);
		return JSON.stringify(m);
	};
	const out = [];
	for (let i = 0; i < n; i++) {
		const kind = rand();
		let s;
		if (kind < 0.4) s = Buffer.from(valid());
		else if (kind < 0.65) {
			const v = Buffer.from(valid());
			s = v.subarray(0, Math.floor(rand() * v.length));
		} else if (kind < 0.8) {
			const v = Buffer.from(valid());
			for (let k = 0; k < 1 + rand() * 3; k++) v[Math.floor(rand() * v.length)] = Math.floor(rand() * 256);
			s = v;
		} else if (kind < 0.9) {
			s = Buffer.from(Array.from({ length: Math.floor(rand() * 200) }, () => Math.floor(rand() * 256)));
		} else {
			const d = Math.floor(rand() * 5000);
			s = Buffer.from(pick(['[', '{"a":']).repeat(d) + pick(['', '1', ']']));
		}
		out.push(Buffer.from(s.toString('latin1').replace(/\n/g, ' '), 'latin1'));
	}
	return out;
}

// What the fuzz line must get: 'request' (one answer with this id), 'parse' (one -32700) or null
// (at most one answer).
function expectation(buf) {
	let text;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
	} catch (e) {
		return { kind: 'parse' };
	}
	let v;
	try {
		v = JSON.parse(text);
	} catch (e) {
		return text.trim() === '' ? { kind: 'none' } : { kind: 'parse' };
	}
	if (v && typeof v === 'object' && !Array.isArray(v) && v.jsonrpc === '2.0' && typeof v.method === 'string' &&
		(typeof v.id === 'string' || (Number.isSafeInteger(v.id) && /"id":-?\d+[,}]/.test(text))))
		return { kind: 'request', id: v.id };
	return { kind: null };
}

// One session fed a line at a time: each fuzz line and its marker ping are sent once everything
// the line before asked for has come back (the marker, and a request's own answer).
async function fuzz() {
	const rand = prng(20261130);
	const lines = fuzzMessages(fuzzCount, rand);
	const child = spawn(lets, ['mcp'], { cwd: sandbox, env: process.env, stdio: ['pipe', 'pipe', 'pipe'] });
	let stderr = '', broken = null;
	child.stderr.on('data', (d) => (stderr += d));
	const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
	const pending = [];
	let wake = null;
	readline.createInterface({ input: child.stdout }).on('line', (l) => {
		try {
			pending.push(JSON.parse(l));
		} catch (e) {
			broken = broken || l;
		}
		if (wake) wake();
	});
	const next = () => new Promise((resolve) => {
		wake = resolve;
		if (pending.length) resolve();
	});
	const responses = [];
	let bad = [];
	for (let i = 0; i < lines.length && bad.length < 5 && broken === null; i++) {
		child.stdin.write(Buffer.concat([lines[i], Buffer.from('\n' + req(`m${i}`, 'ping'))]));
		const e = expectation(lines[i]);
		const got = [];
		let marker = false;
		while (!marker || (e.kind === 'request' && !got.some((r) => r.id === e.id))) {
			await next();
			wake = null;
			const r = pending.shift();
			if (!r) continue;
			responses.push(r);
			if (r.id === `m${i}`) marker = true;
			else got.push(r);
			if (got.length > 1) break;
		}
		const ok = got.length <= 1 &&
			(e.kind !== 'request' || (got.length === 1 && got[0].id === e.id)) &&
			(e.kind !== 'parse' || (got.length === 1 && got[0].error && got[0].error.code === -32700)) &&
			(e.kind !== 'none' || got.length === 0) &&
			got.every((r) => r.jsonrpc === '2.0' && ('result' in r) !== ('error' in r));
		if (!ok) bad.push(`line ${i} ${JSON.stringify(lines[i].toString('latin1')).slice(0, 300)} got ${JSON.stringify(got).slice(0, 300)}`);
	}
	child.stdin.end();
	const { code, signal } = await exited;
	record(code === 0 && signal === null, `fuzz of ${fuzzCount} messages: exit 0`, `status ${code} signal ${signal}`);
	record(stderr === '', 'fuzz: nothing on stderr (no sanitizer report)', stderr.slice(0, 3000));
	record(broken === null, 'fuzz: every response line is JSON', broken);
	record(bad.length === 0, `fuzz: every request answered once`, bad.join('\n  '));
	const ran = responses.filter((r) => r.result && r.result.content).length;
	const errors = new Set(responses.filter((r) => r.error).map((r) => r.error.code));
	console.log(`mcp/protocol: the fuzz ran ${ran} tool calls; error codes seen: ${[...errors].sort().join(' ')}`);
	record(ran >= fuzzCount / 50 && [-32700, -32600, -32601, -32602].every((c) => errors.has(c)),
		'fuzz: reached the verbs and every error code', `ran ${ran}`);
}

protocolCases();
fuzz().then(() => {
	fs.rmSync(sandbox, { recursive: true, force: true });
	process.exit(finish());
}, (e) => {
	record(false, 'the fuzz ran to the end', String(e && e.stack));
	process.exit(1);
});
