// Drives `lets mcp` with the official MCP TypeScript SDK client (deps/package.json pins it):
// initialize, tools/list, every inputSchema checked as JSON Schema by ajv (the SDK's validator),
// then each tool called on a sandbox while the CLI runs the same request on a twin sandbox.
// A call's content must equal the CLI's stdout (then its stderr, on failure) byte for byte, its
// isError the CLI's non-zero exit, its structuredContent the CLI's --json output (run on a third
// sandbox, so a write's JSON comes from the same file state), and after a write all three
// sandboxes must hold the same bytes.
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
	['edit usage error from the verb', 'edit', { targets: ['a.ts'] }, ['edit', 'a.ts']],
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
		['edit', 'src/usage.ts', '--old', 'cap', '--new', 'limit']],
	['edit all', 'edit', { targets: ['src/usage.ts'], old: 'cap', new: 'limit', all: true },
		['edit', 'src/usage.ts', '--old', 'cap', '--new', 'limit', '--all']],
	['edit batch on stdin', 'edit', { from: '-', stdin: '{"file":"main.go","old":"cap := 10","new":"cap := 30"}\n' },
		['edit', '--from', '-'], '{"file":"main.go","old":"cap := 10","new":"cap := 30"}\n'],
	['edit old from stdin', 'edit', { targets: ['src/config.ts'], old: '-', new: 'x', stdin: 'export const retries = 3\n' },
		['edit', 'src/config.ts', '--old', '-', '--new', 'x'], 'export const retries = 3\n'],
	['edit outside the tree refused', 'edit', { targets: ['/etc/hostname'], old: 'a', new: 'b' },
		['edit', '/etc/hostname', '--old', 'a', '--new', 'b']],
	['transform set', 'transform', { file: 'config.json', set: ['version=2'] },
		['transform', 'config.json', '--set', 'version=2']],
	['transform delete missing refused', 'transform', { file: 'config.json', delete: ['nope.nothing'] },
		['transform', 'config.json', '--delete', 'nope.nothing']],
	['transform not a config file refused', 'transform', { file: 'notes.txt', set: ['a=1'] },
		['transform', 'notes.txt', '--set', 'a=1']],
	['transform batch on stdin', 'transform', { from: '-', stdin: '{"file":"Cargo.toml","set":"package.version=\\"0.2.0\\""}\n' },
		['transform', '--from', '-'], '{"file":"Cargo.toml","set":"package.version=\\"0.2.0\\""}\n'],
	['write creates', 'write', { path: 'new/dir/made.txt', content: 'one\ntwo\n' }, ['write', 'new/dir/made.txt'], 'one\ntwo\n'],
	['write existing refused', 'write', { path: 'a.ts', content: 'x\n' }, ['write', 'a.ts'], 'x\n'],
	['write force overwrites', 'write', { path: 'a.ts', content: 'x\n', force: true }, ['write', '--force', 'a.ts'], 'x\n'],
	['write empty refused', 'write', { path: 'empty-new.txt' }, ['write', 'empty-new.txt'], ''],
	['write empty allowed', 'write', { path: 'empty-new.txt', empty: true }, ['write', '--empty', 'empty-new.txt'], ''],
	['write json content', 'write', { path: 'cfg.json', content: '{"a": [1, 2]}\n' }, ['write', 'cfg.json'], '{"a": [1, 2]}\n'],
	['write outside the tree refused', 'write', { path: '../escape.txt', content: 'x' }, ['write', '../escape.txt'], 'x'],
];

// [name, tool, arguments]: requests the schema rejects, answered with JSON-RPC error -32602
const invalid = [
	['unknown tool', 'cat', { targets: ['a.ts'] }],
	['unknown argument', 'show', { targets: ['a.ts'], colour: true }],
	['json is the server\'s', 'show', { targets: ['a.ts'], json: true }],
	['missing required', 'show', {}],
	['empty targets', 'show', { targets: [] }],
	['flag given a string', 'show', { targets: ['a.ts'], all: 'yes' }],
	['negative integer', 'show', { targets: ['a.ts'], window: -1 }],
	['targets not an array', 'show', { targets: 'a.ts' }],
	['NUL in an argv string', 'find', { pattern: 'a\u0000b' }],
];

function cli(dir, argv, stdin) {
	const r = spawnSync(lets, argv, { cwd: dir, input: stdin ?? '', env: process.env });
	return { status: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString(),
		rawOut: r.stdout, rawErr: r.stderr };
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
	record(['show', 'find', 'edit', 'write'].every((n) => names.includes(n)), 'tools/list names the verbs', names.join(','));
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
	record(['targets', 'old', 'new', 'all', 'if_sha', 'check', 'from', 'stdin'].every((p) => props('edit').includes(p)),
		'edit schema has its flags', props('edit').join(','));
	record(['pattern', 'paths', 'fixed_string', 'ignore_case', 'glob', 'cap', 'context'].every((p) => props('find').includes(p)),
		'find schema has its flags', props('find').join(','));

	for (const [name, tool, args, argv, stdin] of cases) {
		const v = validators[tool](args);
		if (!v.valid) {
			record(false, name, `arguments do not fit the schema: ${v.errorMessage}`);
			continue;
		}
		const res = await client.callTool({ name: tool, arguments: args });
		const want = cli(b, argv, stdin);
		const expected = [];
		if (want.rawOut.length) expected.push(want.stdout);
		if (want.rawErr.length) expected.push(want.stderr);
		const got = res.content.map((c) => c.text);
		const same = got.length === expected.length && got.every((t, i) => Buffer.from(t).equals(Buffer.from(expected[i])));
		record(same, `${name}: content is the CLI's output`, `got ${JSON.stringify(got)}\n  want ${JSON.stringify(expected)}`);
		record(!!res.isError === (want.status !== 0), `${name}: isError follows the exit code`, `isError ${res.isError}, exit ${want.status}`);
		if (want.status !== 0)
			record(/ERROR_CODE=[a-z_]+\n$/.test(got[got.length - 1] || ''), `${name}: refusal ends ERROR_CODE=slug`);
		{
			const j = cli(c, [argv[0], '--json', ...argv.slice(1)], stdin);
			let shape; // a usage error prints no JSON, and the call has no structuredContent
			try { shape = j.stdout ? JSON.parse(j.stdout) : undefined; } catch (e) { shape = null; }
			record(JSON.stringify(res.structuredContent) === JSON.stringify(shape), `${name}: structuredContent is the --json shape`,
				`got ${JSON.stringify(res.structuredContent)}\n  want ${j.stdout}`);
		}
		const ta = JSON.stringify(tree(a));
		record(ta === JSON.stringify(tree(b)) && ta === JSON.stringify(tree(c)), `${name}: the files on disk match the CLI's`);
	}
	for (const [name, tool, args] of invalid) {
		let code = null;
		try {
			await client.callTool({ name: tool, arguments: args });
		} catch (e) {
			code = e.code;
		}
		record(code === -32602, `${name}: rejected with -32602`, `code ${code}`);
	}
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
