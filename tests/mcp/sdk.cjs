// Drives `lets mcp` with the official MCP TypeScript SDK client (deps/package.json pins it):
// initialize, tools/list, every inputSchema checked as JSON Schema by ajv (the SDK's validator),
// then each tool called on a sandbox while the CLI runs the same request on a twin sandbox.
// A call's content must equal the CLI's stdout (then its stderr, on failure) byte for byte, its
// isError the CLI's non-zero exit, its structuredContent the CLI's --json output (run on a third
// sandbox, so a write's JSON comes from the same file state), and after a write all three
// sandboxes must hold the same bytes. Where a message names arguments, the call's says them as
// tool arguments (issue 29, 3: "force: true", not "--force"): the case gives that text, and the
// structuredContent's error message must be it too. Invalid arguments are an isError result
// under 2025-11-25 (what this SDK negotiates, SEP-1303) and JSON-RPC -32602 under 2025-06-18
// (a second client, whose initialize asks for it).
//   node tests/mcp/sdk.cjs LETS_BINARY
// Appends "pass mcp/sdk:<case>" / "fail mcp/sdk:<case>" to $LETS_TEST_RESULTS when set.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const root = path.resolve(__dirname, '../..');
const deps = require('module').createRequire(path.join(root, 'deps', 'package.json'));
const { Client } = deps('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = deps('@modelcontextprotocol/sdk/client/stdio.js');
const { AjvJsonSchemaValidator } = deps('@modelcontextprotocol/sdk/validation/ajv');
const Ajv = deps('ajv').default;

const lets = path.resolve(process.argv[2] || path.join(root, 'build/lets'));
const { record, finish } = require('./results.cjs')('sdk');

function sandbox(tag) {
	const dir = fs.mkdtempSync(path.join(process.env.TMPDIR || os.tmpdir(), `lets-mcp-${tag}.`));
	for (const f of ['default', 'edit-basic', 'transform'])
		fs.cpSync(path.join(root, 'tests/fixtures', f), dir, { recursive: true });
	return dir;
}

function tree(dir, rel = '', out = {}) {
	for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
		const r = path.join(rel, e.name);
		if (e.isDirectory()) tree(dir, r, out);
		else if (e.isFile()) out[r] = fs.readFileSync(path.join(dir, r)).toString('base64');
	}
	return out;
}

// [name, tool, arguments, the same request on the command line, stdin for the CLI]
const cases = [
	['show one range', 'show', { targets: ['src/config.ts:1-2'] }, ['show', 'src/config.ts:1-2']],
	['show several targets', 'show', { targets: ['a.ts', 'src/usage.ts:3-9'] }, ['show', 'a.ts', 'src/usage.ts:3-9']],
	['show window and no_numbers', 'show', { targets: ['lines20.txt'], window: 5, no_numbers: true },
		['show', '--window', '5', '--no-numbers', 'lines20.txt']],
	['show anchor with context', 'show', { targets: ["src/usage.ts@'cap'"], after: 1, before: 1 },
		['show', "src/usage.ts@'cap'", '-A', '1', '-B', '1']],
	['show symbol', 'show', { targets: ['src/usage.ts#usage'] }, ['show', 'src/usage.ts#usage']],
	['show crlf and lossy', 'show', { targets: ['crlf.txt', 'lossy-one.txt'] }, ['show', 'crlf.txt', 'lossy-one.txt']],
	['show budget', 'show', { targets: ['big.ts'], budget: 50 }, ['show', 'big.ts', '--budget', '50']],
	['show missing file refused', 'show', { targets: ['nope.ts'] }, ['show', 'nope.ts']],
	['show outside the tree refused', 'show', { targets: ['../outside.txt'] }, ['show', '../outside.txt']],
	['show absolute outside refused', 'show', { targets: ['/etc/hostname'] }, ['show', '/etc/hostname']],
	['show target starting with a dash', 'show', { targets: ['-x'] }, ['show', '--', '-x']],
	['show the largest window', 'show', { targets: ['a.ts'], window: 9007199254740992 },
		['show', 'a.ts', '--window', '9007199254740992']],
	['edit usage error from the verb', 'edit', { targets: ['a.ts'] }, ['edit', 'a.ts'], undefined,
		['the following required arguments were not provided:\n  new\nERROR_CODE=usage\n']],
	['find regex', 'find', { pattern: 'cap' }, ['find', 'cap']],
	['find in paths with context', 'find', { pattern: 'cap', paths: ['src'], context: 1 }, ['find', 'cap', 'src', '-C', '1']],
	['find fixed, ignore case, files', 'find', { pattern: 'CAP', fixed_string: true, ignore_case: true, files: true },
		['find', '-F', '-i', '-l', 'CAP']],
	['find count with glob', 'find', { pattern: 'export', count: true, glob: ['*.ts', '!a.ts'] },
		['find', '-c', '-g', '*.ts', '-g', '!a.ts', 'export']],
	['find no hit', 'find', { pattern: 'zzzz_not_here' }, ['find', 'zzzz_not_here']],
	['find bad regex', 'find', { pattern: '(' }, ['find', '(']],
	['find pattern starting with a dash', 'find', { pattern: '-x' }, ['find', '--', '-x']],
	['edit once', 'edit', { targets: ['usage.ts'], old: 'const cap = 10', new: 'const cap = 20' },
		['edit', 'usage.ts', '--old', 'const cap = 10', '--new', 'const cap = 20']],
	['edit stale sha refused', 'edit', { targets: ['usage.ts'], old: 'cap', new: 'cap2', if_sha: 'sha:000000000000' },
		['edit', 'usage.ts', '--old', 'cap', '--new', 'cap2', '--if', 'sha:000000000000']],
	['edit ambiguous refused', 'edit', { targets: ['src/usage.ts'], old: 'cap', new: 'limit' },
		['edit', 'src/usage.ts', '--old', 'cap', '--new', 'limit'], undefined,
		['src/usage.ts is ambiguous (2 candidates)\n  src/usage.ts:5\t  const cap = 10\n  src/usage.ts:7\t  if (count(id) > cap) return\n' +
		'  pick line 5: edit {"targets": ["src/usage.ts"], "line_hint": 5, "old": "cap", "new": "limit"}\n' +
		'  pick line 7: edit {"targets": ["src/usage.ts"], "line_hint": 7, "old": "cap", "new": "limit"}\nERROR_CODE=ambiguous\n']],
	['edit batch of two, one ambiguous: nothing written', 'edit',
		{ batch: [{ file: 'main.go', old: 'cap := 10', new: 'cap := 30' }, { file: 'src/usage.ts', old: 'cap', new: 'limit' }] },
		['edit', '--from', '-'], '{"file":"main.go","old":"cap := 10","new":"cap := 30"}\n{"file":"src/usage.ts","old":"cap","new":"limit"}\n',
		[
			'\u2500\u2500 0 of 2 applied \u00b7 nothing written \u00b7 fix src/usage.ts and re-run\n',
			'src/usage.ts is ambiguous (2 candidates)\n  src/usage.ts:5\t  const cap = 10\n  src/usage.ts:7\t  if (count(id) > cap) return\n' +
			'  pick line 5: add "line_hint": 5 to batch[1]\n  pick line 7: add "line_hint": 7 to batch[1]\nERROR_CODE=ambiguous\n',
		]],
	['edit old from stdin', 'edit', { targets: ['src/config.ts'], old: '-', new: 'x', stdin: 'export const retries = 3\n' },
		['edit', 'src/config.ts', '--old', '-', '--new', 'x'], 'export const retries = 3\n'],
	['edit outside the tree refused', 'edit', { targets: ['/etc/hostname'], old: 'a', new: 'b' },
		['edit', '/etc/hostname', '--old', 'a', '--new', 'b']],
	['edit all', 'edit', { targets: ['src/usage.ts'], old: 'cap', new: 'limit', all: true },
		['edit', 'src/usage.ts', '--old', 'cap', '--new', 'limit', '--all']],
	['edit batch', 'edit', { batch: [{ file: 'main.go', old: 'cap := 10', new: 'cap := 30' }] },
		['edit', '--from', '-'], '{"file":"main.go","old":"cap := 10","new":"cap := 30"}\n'],
	['transform set', 'transform', { file: 'config.json', set: ['version=2'] },
		['transform', 'config.json', '--set', 'version=2']],
	['transform delete missing refused', 'transform', { file: 'config.json', delete: ['nope.nothing'] },
		['transform', 'config.json', '--delete', 'nope.nothing']],
	['transform not a config file refused', 'transform', { file: 'notes.txt', set: ['a=1'] },
		['transform', 'notes.txt', '--set', 'a=1']],
	['transform batch', 'transform', { batch: [{ file: 'Cargo.toml', set: 'package.version="0.2.0"' }] },
		['transform', '--from', '-'], '{"file":"Cargo.toml","set":"package.version=\\"0.2.0\\""}\n'],
	['transform batch with an object of values', 'transform', { batch: [{ file: 'config.json', set: { version: 3, name: 'x' } }] },
		['transform', '--from', '-'], '{"file":"config.json","set":{"version":3,"name":"x"}}\n'],
	['write creates', 'write', { path: 'new/dir/made.txt', content: 'one\ntwo\n' }, ['write', 'new/dir/made.txt'], 'one\ntwo\n'],
	['write existing refused', 'write', { path: 'a.ts', content: 'x\n' }, ['write', 'a.ts'], 'x\n',
		['a.ts exists (70 lines, sha:b98b00497994) \u00b7 pass force: true to overwrite\nERROR_CODE=exists\n']],
	['write force overwrites', 'write', { path: 'a.ts', content: 'x\n', force: true }, ['write', '--force', 'a.ts'], 'x\n'],
	['write empty refused', 'write', { path: 'empty-new.txt' }, ['write', 'empty-new.txt'], '',
		['empty-new.txt: refuses empty content without empty: true\nERROR_CODE=empty_input\n']],
	['show over max_bytes names budget and max_bytes', 'show', { targets: ['big.ts'], max_bytes: 100 },
		['show', 'big.ts', '--max-bytes', '100'], undefined,
		['content is 4584 bytes, over the 100-byte budget \u00b7 pass budget: 25 to trim it to fit, or max_bytes: 4584 to show it all\nERROR_CODE=over_budget\n']],
	['paths glob', 'paths', { pattern: '*.ts' }, ['paths', '*.ts']],
	['paths regex in a directory, ignoring case', 'paths', { pattern: 'USAGE', paths: ['src'], ignore_case: true },
		['paths', '-i', 'USAGE', 'src']],
	['paths no match', 'paths', { pattern: 'zzzz*' }, ['paths', 'zzzz*']],
	['write empty allowed', 'write', { path: 'empty-new.txt', empty: true }, ['write', '--empty', 'empty-new.txt'], ''],
	['write json content', 'write', { path: 'cfg.json', content: '{"a": [1, 2]}\n' }, ['write', 'cfg.json'], '{"a": [1, 2]}\n'],
	['write outside the tree refused', 'write', { path: '../escape.txt', content: 'x' }, ['write', '../escape.txt'], 'x'],
];

// [name, tool, arguments, what the refusal names]: arguments the tool's schema rejects. Under
// 2025-11-25 an isError result the model reads (SEP-1303), under 2025-06-18 JSON-RPC -32602; an
// unknown tool is -32602 under both.
const invalid = [
	['unknown argument', 'show', { targets: ['a.ts'], colour: true }, "unknown argument 'colour' for tool 'show'"],
	['json is the server\'s', 'show', { targets: ['a.ts'], json: true }, "unknown argument 'json'"],
	['from is the batch\'s', 'edit', { from: '-' }, "unknown argument 'from'"],
	['missing required', 'show', {}, "argument 'targets' is required"],
	['empty targets', 'show', { targets: [] }, "argument 'targets' must be a non-empty array of strings"],
	['flag given a string', 'show', { targets: ['a.ts'], all: 'yes' }, "argument 'all' must be a boolean"],
	['negative integer', 'show', { targets: ['a.ts'], window: -1 }, "argument 'window' must be an integer >= 0"],
	['a shared argument of the wrong type', 'find', { pattern: 'x', budget: 'lots' }, "argument 'budget' must be an integer >= 0"],
	['targets not an array', 'show', { targets: 'a.ts' }, "argument 'targets' must be a non-empty array of strings"],
	['NUL in an argv string', 'find', { pattern: 'a\u0000b' }, "argument 'pattern' must be a string"],
	['a batch entry with an unknown key', 'edit', { batch: [{ file: 'a.ts', old: 'x', new: 'y', colour: 1 }] },
		"batch[0] has an unknown key 'colour'"],
	['a batch entry without new', 'edit', { batch: [{ file: 'a.ts', old: 'x' }] }, "batch[0] needs 'new'"],
	['a batch entry of the wrong type', 'edit', { batch: [{ file: 'a.ts', old: 'x', new: 'y', line_hint: 'two' }] },
		'batch[0].line_hint must be of type integer'],
	['batch and stdin together', 'edit', { batch: [{ file: 'a.ts', old: 'x', new: 'y' }], stdin: 'z' },
		"argument 'stdin' cannot be used with 'batch'"],
	['a usage error of the verb', 'edit', { targets: ['a.ts'], old: 'x' }, 'the following required arguments were not provided:\n  new'],
	['a conflict, named in arguments', 'edit', { targets: ['a.ts'], batch: [{ file: 'a.ts', old: 'x', new: 'y' }] },
		"the argument 'batch' cannot be used with 'targets'"],
];

function cli(dir, argv, stdin) {
	const r = spawnSync(lets, argv, { cwd: dir, input: stdin ?? '', env: process.env });
	return { status: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString(),
		rawOut: r.stdout, rawErr: r.stderr };
}

// A client whose initialize asks for revision (the SDK always asks for its newest): the server
// answers with that revision, which the SDK accepts, and the session speaks it.
function transportAsking(dir, revision, args = []) {
	const t = new StdioClientTransport({ command: lets, args: ['mcp', ...args], cwd: dir, env: process.env, stderr: 'pipe' });
	const send = t.send.bind(t);
	t.send = (m, o) => send(m.method === 'initialize' ? { ...m, params: { ...m.params, protocolVersion: revision } } : m, o);
	return t;
}

// The content a case expects: its own text where it speaks in tool arguments, else the CLI's.
function expectedContent(want, mcpText) {
	if (mcpText) return mcpText;
	const expected = [];
	if (want.rawOut.length) expected.push(want.stdout);
	if (want.rawErr.length) expected.push(want.stderr);
	return expected;
}

async function parityCases(client, a, b, c, validators) {
	for (const [name, tool, args, argv, stdin, mcpText] of cases) {
		const v = validators[tool](args);
		if (!v.valid) {
			record(false, name, `arguments do not fit the schema: ${v.errorMessage}`);
			continue;
		}
		const res = await client.callTool({ name: tool, arguments: args });
		const want = cli(b, argv, stdin);
		const expected = expectedContent(want, mcpText);
		const got = res.content.map((x) => x.text);
		const same = got.length === expected.length && got.every((t, i) => Buffer.from(t).equals(Buffer.from(expected[i])));
		record(same, `${name}: content is the CLI's output${mcpText ? ', in tool arguments' : ''}`,
			`got ${JSON.stringify(got)}\n  want ${JSON.stringify(expected)}`);
		if (mcpText) // the control: the command line still says it with flags
			record(!Buffer.from(want.stdout + want.stderr).equals(Buffer.from(expected.join(''))),
				`${name}: control: the CLI's words differ`, want.stderr);
		record(!!res.isError === (want.status !== 0), `${name}: isError follows the exit code`, `isError ${res.isError}, exit ${want.status}`);
		if (want.status !== 0)
			record(/ERROR_CODE=[a-z_]+\n$/.test(got[got.length - 1] || ''), `${name}: refusal ends ERROR_CODE=slug`);
		const j = cli(c, [argv[0], '--json', ...argv.slice(1)], stdin);
		let shape; // a usage error prints no JSON, and the call has no structuredContent
		try { shape = j.stdout ? JSON.parse(j.stdout) : undefined; } catch (e) { shape = null; }
		if (shape && mcpText && shape.error) // the message the call gave, in its words
			shape.error.message = got[got.length - 1].replace(/\nERROR_CODE=[a-z_]+\n$/, '');
		if (mcpText && !shape && res.isError) shape = res.structuredContent; // a usage error: its words
		record(JSON.stringify(res.structuredContent) === JSON.stringify(shape), `${name}: structuredContent is the --json shape`,
			`got ${JSON.stringify(res.structuredContent)}\n  want ${j.stdout}`);
		const ta = JSON.stringify(tree(a));
		record(ta === JSON.stringify(tree(b)) && ta === JSON.stringify(tree(c)), `${name}: the files on disk match the CLI's`);
	}
}

async function invalidCases(client, dir) {
	for (const [name, tool, args, says] of invalid) {
		const res = await client.callTool({ name: tool, arguments: args });
		const text = (res.content || []).map((x) => x.text).join('');
		record(res.isError === true && text.startsWith(says) && /\nERROR_CODE=usage\n$/.test(text) && !/--[a-z]/.test(text),
			`2025-11-25: ${name}: an isError result naming the argument`, text);
	}
	let code = null;
	try {
		await client.callTool({ name: 'cat', arguments: {} });
	} catch (e) {
		code = e.code;
	}
	record(code === -32602, '2025-11-25: an unknown tool is still -32602', `code ${code}`);
	const old = new Client({ name: 'lets-tests-2025-06-18', version: '0' });
	await old.connect(transportAsking(dir, '2025-06-18'));
	record(old.getNegotiatedProtocolVersion ? old.getNegotiatedProtocolVersion() === '2025-06-18' : true,
		'the second client speaks 2025-06-18');
	for (const [name, tool, args, says] of invalid) {
		let err = null;
		try {
			await old.callTool({ name: tool, arguments: args });
		} catch (e) {
			err = e;
		}
		record(err && err.code === -32602 && err.message.includes(says), `2025-06-18: ${name}: rejected with -32602`,
			err ? `${err.code} ${err.message}` : 'no error');
	}
	const refusal = await old.callTool({ name: 'show', arguments: { targets: ['nope.ts'] } });
	record(refusal.isError === true && /ERROR_CODE=not_found\n$/.test(refusal.content.at(-1).text),
		'2025-06-18: control: a refusal of valid arguments is an isError result');
	let missing = null;
	try {
		await old.request({ method: 'resources/list' }, deps('@modelcontextprotocol/sdk/types.js').EmptyResultSchema);
	} catch (e) {
		missing = e.code;
	}
	record(missing === -32601, '2025-06-18: an unknown method is -32601', `code ${missing}`);
	await old.close();
}

async function main() {
	const a = sandbox('a'), b = sandbox('b'), c = sandbox('c'); // the server's, the CLI's, the CLI's --json
	const transport = new StdioClientTransport({ command: lets, args: ['mcp'], cwd: a, env: process.env, stderr: 'pipe' });
	const client = new Client({ name: 'lets-tests', version: '0' });
	await client.connect(transport);
	const info = client.getServerVersion();
	record(info && info.name === 'lets' && info.version === '0.0.1', 'initialize names the server', JSON.stringify(info));
	record(!!(client.getServerCapabilities() || {}).tools, 'initialize offers tools');

	const { tools } = await client.listTools();
	const names = tools.map((t) => t.name);
	record(['show', 'find', 'paths', 'edit', 'transform', 'write'].every((n) => names.includes(n)), 'tools/list names the verbs', names.join(','));
	const ajv = new Ajv({ strict: true, allErrors: true });
	const sdkValidator = new AjvJsonSchemaValidator(ajv);
	const validators = {};
	for (const t of tools) {
		const ok = ajv.validateSchema(t.inputSchema) && t.inputSchema.type === 'object';
		record(ok, `inputSchema of ${t.name} is valid JSON Schema`, JSON.stringify(ajv.errors));
		record(typeof t.description === 'string' && t.description.length > 40, `${t.name} has a description`);
		validators[t.name] = sdkValidator.getValidator(t.inputSchema);
	}
	// The schema is made from the verb's flags: spot-check a few the issue names.
	const props = (n) => Object.keys((tools.find((t) => t.name === n) || { inputSchema: { properties: {} } }).inputSchema.properties);
	record(['targets', 'old', 'new', 'all', 'if_sha', 'check', 'batch', 'stdin', 'line_hint', 'word'].every((p) => props('edit').includes(p)),
		'edit schema has its flags', props('edit').join(','));
	record(['pattern', 'paths', 'fixed_string', 'ignore_case', 'glob', 'cap', 'context'].every((p) => props('find').includes(p)),
		'find schema has its flags', props('find').join(','));

	await parityCases(client, a, b, c, validators);
	await invalidCases(client, a);
	const pong = await client.ping();
	record(pong && typeof pong === 'object', 'ping answers');
	await client.close();
	fs.rmSync(a, { recursive: true, force: true });
	fs.rmSync(b, { recursive: true, force: true });
	fs.rmSync(c, { recursive: true, force: true });
	process.exit(finish());
}

main().catch((e) => {
	record(false, 'the client ran to the end', String(e && e.stack));
	process.exit(1);
});
