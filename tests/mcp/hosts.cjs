// What an MCP host expects of `lets mcp` (issue 29), over the official TypeScript SDK client:
//  1. no shell and no escape unless the server's starter allows it: a check command and
//     allow_outside are isError refusals naming the server flag (controls: a preset; the flags
//     given); the client's roots bound the paths (roots/list, notifications/roots/list_changed),
//     a path outside every root is outside_tree (control: the same path once a root holds it);
//  2. annotations: readOnlyHint on show, find and paths, destructiveHint/idempotentHint on the
//     others, a title on each;
//  3. a ready command after an ambiguity is a tool call that, made as given, applies;
//  4. complete: the unknown-tool message names exactly the tools of tools/list; the shared and the
//     tools' options described once in the instructions, none cut off, none repeated in a schema;
//     the batch keys and the key-path grammar in the schemas; tools/list within 6 KB;
//  5. bounded replies (structuredContent left out past 1 MiB of text, an isError over_budget past
//     8 MiB, the session alive after), a slow find that does not block ping, a cancelled find
//     that stops (the next call answered long before the find would have ended, no answer for
//     it), and a check command run as often as the CLI runs it for the same edit.
//   node tests/mcp/hosts.cjs LETS_BINARY
// Appends "pass mcp/hosts:<case>" / "fail mcp/hosts:<case>" to $LETS_TEST_RESULTS when set.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const root = path.resolve(__dirname, '../..');
const deps = require('module').createRequire(path.join(root, 'deps', 'package.json'));
const { Client } = deps('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = deps('@modelcontextprotocol/sdk/client/stdio.js');
const { ListRootsRequestSchema } = deps('@modelcontextprotocol/sdk/types.js');

const lets = path.resolve(process.argv[2] || path.join(root, 'build/lets'));
const { record, finish } = require('./results.cjs')('hosts');
const tmp = process.env.TMPDIR || os.tmpdir();

function sandbox(tag) {
	const dir = fs.mkdtempSync(path.join(tmp, `lets-mcp-${tag}.`));
	for (const f of ['default', 'edit-basic', 'transform'])
		fs.cpSync(path.join(root, 'tests/fixtures', f), dir, { recursive: true });
	return dir;
}

// A client on a server started in dir with flags; roots: a function giving the client's roots
// (the client then declares the roots capability), else none.
async function connect(dir, flags = [], roots = null) {
	const transport = new StdioClientTransport({ command: lets, args: ['mcp', ...flags], cwd: dir, env: process.env, stderr: 'pipe' });
	const client = new Client({ name: 'lets-hosts', version: '0' }, { capabilities: roots ? { roots: { listChanged: true } } : {} });
	const errors = [];
	client.onerror = (e) => errors.push(String(e && e.message));
	if (roots) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots() }));
	let stderr = '';
	transport.stderr.on('data', (d) => (stderr += d));
	await client.connect(transport);
	// closes the session; the server must have said nothing on stderr (a sanitizer would)
	const close = async (label) => {
		await client.close();
		await new Promise((r) => setTimeout(r, 50));
		record(stderr === '', `${label}: nothing on the server's stderr`, stderr.slice(0, 3000));
	};
	return { client, errors, close };
}

const text = (res) => (res.content || []).map((c) => c.text).join('');
const fileUri = (p) => 'file://' + p.split('/').map(encodeURIComponent).join('/');

async function safety() {
	const dir = sandbox('safety');
	const before = fs.readFileSync(path.join(dir, 'usage.ts'), 'utf8');
	const edit = { targets: ['usage.ts'], old: 'const cap = 10', new: 'const cap = 20' };
	{
		const { client, close } = await connect(dir);
		const r = await client.callTool({ name: 'edit', arguments: { ...edit, check: 'touch ran-a-shell' } });
		record(r.isError === true && text(r).includes('--allow-check-commands') && /\nERROR_CODE=usage\n$/.test(text(r)),
			'a check command is refused, naming --allow-check-commands', text(r));
		record(!fs.existsSync(path.join(dir, 'ran-a-shell')) && fs.readFileSync(path.join(dir, 'usage.ts'), 'utf8') === before,
			'the refused call ran nothing and wrote nothing');
		const p = await client.callTool({ name: 'edit', arguments: { targets: ['notes.txt'], old: 'just text', new: 'just text.', check: '@go' } });
		record(!text(p).includes('--allow-check-commands') && text(p).includes('@go'), 'control: a preset is accepted without the flag', text(p));
		const o = await client.callTool({ name: 'show', arguments: { targets: ['../outside.txt'], allow_outside: true } });
		record(o.isError === true && text(o).includes('--allow-outside') && /\nERROR_CODE=outside_tree\n$/.test(text(o)),
			'allow_outside is refused, naming --allow-outside', text(o));
		const f = await client.callTool({ name: 'show', arguments: { targets: ['a.ts:1'], allow_outside: false } });
		record(!f.isError, 'control: allow_outside: false is no refusal', text(f));
		const list = await client.listTools();
		const check = list.tools.find((t) => t.name === 'edit').inputSchema.properties.check;
		record(JSON.stringify(check.enum) === '["@auto","@cargo","@go","@tsc","@py"]', 'without the flag the schema lists the presets only',
			JSON.stringify(check));
		await close('safety');
	}
	fs.writeFileSync(path.join(path.dirname(dir), `${path.basename(dir)}-outside.txt`), 'beyond\n');
	{
		const { client, close } = await connect(dir, ['--allow-check-commands', '--allow-outside']);
		const r = await client.callTool({ name: 'edit', arguments: { ...edit, check: 'touch ran-a-shell' } });
		record(!r.isError && fs.existsSync(path.join(dir, 'ran-a-shell')), 'control: with --allow-check-commands the command runs', text(r));
		const o = await client.callTool({ name: 'show', arguments: { targets: [`../${path.basename(dir)}-outside.txt`], allow_outside: true } });
		record(!o.isError && text(o).includes('beyond'), 'control: with --allow-outside the path outside is read', text(o));
		const list = await client.listTools();
		record(!list.tools.find((t) => t.name === 'edit').inputSchema.properties.check.enum, 'with the flag check takes any command');
		await close('safety with the flags');
	}
	fs.rmSync(path.join(path.dirname(dir), `${path.basename(dir)}-outside.txt`));
	fs.rmSync(dir, { recursive: true, force: true });
}

async function roots() {
	const dir = sandbox('roots');
	fs.mkdirSync(path.join(dir, 'sub dir'));
	fs.writeFileSync(path.join(dir, 'sub dir', 'in.txt'), 'inside the root\n');
	let given = [{ uri: fileUri(path.join(dir, 'sub dir')), name: 'sub' }];
	const { client, errors, close } = await connect(dir, [], () => given);
	const inRoot = await client.callTool({ name: 'show', arguments: { targets: ['sub dir/in.txt'] } });
	record(!inRoot.isError && text(inRoot).includes('inside the root'), 'a path beneath the client\'s root is read', text(inRoot));
	const abs = await client.callTool({ name: 'show', arguments: { targets: [path.join(dir, 'sub dir', 'in.txt')] } });
	record(!abs.isError, 'an absolute path beneath the root is read', text(abs));
	const out = await client.callTool({ name: 'show', arguments: { targets: ['a.ts'] } });
	record(out.isError === true && text(out) === 'a.ts is outside the client\'s roots\nERROR_CODE=outside_tree\n',
		'a path of the working tree outside every root is outside_tree', text(out));
	const find = await client.callTool({ name: 'find', arguments: { pattern: 'inside', paths: ['sub dir'] } });
	record(!find.isError && text(find).includes('sub dir/in.txt'), 'find walks a root', text(find));
	const w = await client.callTool({ name: 'write', arguments: { path: 'made.txt', content: 'x\n' } });
	record(w.isError === true && /ERROR_CODE=outside_tree\n$/.test(text(w)) && !fs.existsSync(path.join(dir, 'made.txt')),
		'a write outside every root is refused and makes nothing', text(w));
	given = [{ uri: fileUri(dir), name: 'all' }];
	await client.sendRootsListChanged();
	const now = await client.callTool({ name: 'show', arguments: { targets: ['a.ts:1'] } });
	record(!now.isError, 'control: after roots/list_changed the new root holds it', text(now));
	record(errors.length === 0, 'no protocol error', errors.join('\n'));
	await close('roots');
	{
		const plain = await connect(dir);
		const tree = await plain.client.callTool({ name: 'show', arguments: { targets: ['a.ts:1'] } });
		record(!tree.isError, 'control: a client without roots gets the server\'s working tree', text(tree));
		await plain.close('no roots');
	}
	fs.rmSync(dir, { recursive: true, force: true });
}

async function annotations(tools) {
	const by = Object.fromEntries(tools.map((t) => [t.name, t.annotations || {}]));
	for (const n of ['show', 'find', 'paths'])
		record(by[n].readOnlyHint === true && by[n].openWorldHint === false && typeof by[n].title === 'string',
			`${n} is annotated read-only, closed world, with a title`, JSON.stringify(by[n]));
	for (const [n, idem] of [['edit', false], ['transform', false], ['write', true]])
		// idempotentHint false is the protocol's default: said only when true
		record(!by[n].readOnlyHint && by[n].destructiveHint === true && (by[n].idempotentHint === true) === idem &&
			(idem || !('idempotentHint' in by[n])) && typeof by[n].title === 'string',
			`${n} is annotated destructive, idempotent ${idem}, with a title`, JSON.stringify(by[n]));
}

async function readyCommand(client) {
	const r = await client.callTool({ name: 'edit', arguments: { targets: ['src/usage.ts'], old: 'cap', new: 'limit' } });
	const m = /pick line 7: edit (\{.*\})\n/.exec(text(r));
	record(r.isError && m && !/--line-hint/.test(text(r)), 'an ambiguity names a ready tool call, not a command line', text(r));
	if (!m) return;
	const again = await client.callTool({ name: 'edit', arguments: JSON.parse(m[1]) });
	record(!again.isError && text(again).includes('7~\t  if (count(id) > limit) return'), 'the ready call, made as given, applies', text(again));
}

async function complete(client, tools, instructions) {
	let msg = '';
	try {
		await client.callTool({ name: 'cat', arguments: {} });
	} catch (e) {
		msg = e.message;
	}
	const names = tools.map((t) => t.name);
	const listed = names.slice(0, -1).join(', ') + ' and ' + names.at(-1);
	record(msg.endsWith(`unknown tool 'cat': the tools are ${listed}`), 'the unknown-tool message names the tools of tools/list', msg);
	const shared = ['budget', 'max_bytes', 'max_file_bytes', 'no_ignore', 'allow_outside', 'no_check', 'quiet'];
	record(tools.every((t) => shared.every((s) => !(s in t.inputSchema.properties))), 'no shared argument is repeated in a schema');
	record(shared.every((s) => instructions.includes(`\n- ${s} (`)), 'the instructions describe each shared argument', instructions);
	record(instructions.includes('\n- if_sha (string; edit, transform): refuse if the file changed since the show that produced this hash\n'),
		'if_sha is described whole, once, for the tools that take it');
	const check = /\n- check \(string; edit, transform\): ([^\n]*)/.exec(instructions);
	record(check && check[1].includes('@auto, @cargo, @go, @tsc, @py') && !/(or|,) ?$/.test(check[1]), 'check is described whole', check && check[1]);
	for (const t of tools)
		for (const [k, v] of Object.entries(t.inputSchema.properties))
			if (!v.description && !['batch', 'stdin'].includes(k))
				record(instructions.includes(`\n- ${k} (`), `${t.name}.${k} is described in the instructions`);
	const schema = (n) => tools.find((t) => t.name === n).inputSchema.properties;
	const items = schema('edit').batch.items;
	record(['file', 'old', 'new', 'insert_after', 'insert_before', 'all', 'word', 'substring', 'line_hint'].every((k) => k in items.properties) &&
		JSON.stringify(items.required) === '["file","new"]' && items.properties.line_hint.type === 'integer',
		'edit\'s batch keys are in its schema', JSON.stringify(items));
	const titems = schema('transform').batch.items;
	record(['file', 'set', 'delete', 'append'].every((k) => k in titems.properties), 'transform\'s batch keys are in its schema', JSON.stringify(titems));
	const td = tools.find((t) => t.name === 'transform').description;
	record(['a.b[0].c', 'a[name=x].v', 'bin[]=VALUE', '"a.b"=true', 'deps.my\\.dep=2'].every((k) => td.includes(k)) && !td.includes('--'),
		'transform\'s description holds the key-path grammar, in tool terms', td);
	const budget = await client.callTool({ name: 'show', arguments: { targets: ['big.ts'], budget: 20 } });
	record(!budget.isError && text(budget).includes('budget'), 'a shared argument is taken by a tool', text(budget));
}

// A tree find takes a while over: files of lowercase lines, and a pattern with no literal to skip
// them by, which the regex engine tries at every byte.
function slowTree(dir, files) {
	const line = 'abcdefghij'.repeat(10) + '\n';
	const body = line.repeat(2000);
	for (let d = 0; d < files / 20; d++) {
		fs.mkdirSync(path.join(dir, `d${d}`), { recursive: true });
		for (let f = 0; f < 20; f++) fs.writeFileSync(path.join(dir, `d${d}`, `f${f}.txt`), body);
	}
}
const SLOW = { pattern: '[a-j]{60}[k-z]' };

async function slowCalls() {
	const dir = fs.mkdtempSync(path.join(tmp, 'lets-mcp-slow.'));
	slowTree(dir, 400);
	fs.writeFileSync(path.join(dir, 'quick.txt'), 'quick\n');
	const { client, errors, close } = await connect(dir);
	let t0 = Date.now(), findDone = 0;
	const find = client.callTool({ name: 'find', arguments: SLOW }, undefined, { timeout: 600000 }).then((r) => {
		findDone = Date.now();
		return r;
	});
	await new Promise((r) => setTimeout(r, 50));
	const p0 = Date.now();
	await client.ping();
	const pinged = Date.now();
	const res = await find;
	const full = findDone - t0;
	record(pinged < findDone, `ping is answered while a find runs (ping ${pinged - p0} ms, the find ${full} ms)`);
	record(/ERROR_CODE=not_found\n$/.test(text(res)), 'the uncancelled find ends with its answer', text(res));
	const ac = new AbortController();
	t0 = Date.now();
	const cancelled = client.callTool({ name: 'find', arguments: SLOW }, undefined, { signal: ac.signal, timeout: 600000 })
		.then(() => 'answered', (e) => 'aborted');
	await new Promise((r) => setTimeout(r, Math.min(200, full / 4)));
	ac.abort('the test cancels it');
	const c0 = Date.now();
	const quick = await client.callTool({ name: 'show', arguments: { targets: ['quick.txt'] } });
	const after = Date.now() - c0;
	record((await cancelled) === 'aborted' && !quick.isError && after < full / 2,
		`a cancelled find stops: the next call is answered ${after} ms after the cancellation (the find takes ${full} ms)`);
	await new Promise((r) => setTimeout(r, 200));
	record(errors.length === 0, 'no answer came for the cancelled call (the SDK would report an unknown id)', errors.join('\n'));
	await close('slow calls');
	fs.rmSync(dir, { recursive: true, force: true });
}

async function bounded() {
	const dir = fs.mkdtempSync(path.join(tmp, 'lets-mcp-big.'));
	const line = 'x'.repeat(99) + '\n';
	fs.writeFileSync(path.join(dir, 'two.txt'), line.repeat(20000)); // 2 MB
	fs.writeFileSync(path.join(dir, 'nine.txt'), line.repeat(90000)); // 9 MB
	const { client, errors, close } = await connect(dir);
	const big = { all: true, max_bytes: 100000000, max_file_bytes: 100000000 };
	const two = await client.callTool({ name: 'show', arguments: { targets: ['two.txt'], ...big } });
	record(!two.isError && text(two).length > (1 << 20) && two.structuredContent === undefined &&
		/left out/.test(JSON.stringify(two._meta || {})), 'past 1 MiB of text, structuredContent is left out and _meta says so',
		JSON.stringify(two._meta));
	const small = await client.callTool({ name: 'show', arguments: { targets: ['two.txt:1-3'] } });
	record(!!small.structuredContent, 'control: a small answer carries structuredContent');
	const nine = await client.callTool({ name: 'show', arguments: { targets: ['nine.txt'], ...big } });
	record(nine.isError === true && /over the 8 MiB a reply may carry · pass budget: \d+/.test(text(nine)) &&
		/\nERROR_CODE=over_budget\n$/.test(text(nine)), 'past 8 MiB the reply is an isError over_budget refusal', text(nine).slice(0, 300));
	const trimmed = await client.callTool({ name: 'show', arguments: { targets: ['nine.txt'], ...big, budget: 1000 } });
	record(!trimmed.isError && text(trimmed).length < 20000, 'the budget applies over MCP as on the command line', text(trimmed).slice(-200));
	const pong = await client.ping();
	record(!!pong && errors.length === 0, 'the session goes on after the refusal', errors.join('\n'));
	await close('bounded replies');
	fs.rmSync(dir, { recursive: true, force: true });
}

async function checkRuns() {
	const dir = sandbox('check'), twin = sandbox('check-cli');
	const log = path.join(tmp, `lets-mcp-check-runs.${process.pid}`);
	const cmd = `echo run >> ${log}`;
	const { client, close } = await connect(dir, ['--allow-check-commands']);
	const r = await client.callTool({ name: 'edit', arguments: { targets: ['usage.ts'], old: 'const cap = 10', new: 'const cap = 20', check: cmd } });
	const mcpRuns = fs.readFileSync(log, 'utf8').split('\n').length - 1;
	fs.rmSync(log);
	await close('check runs');
	spawnSync(lets, ['edit', 'usage.ts', '--old', 'const cap = 10', '--new', 'const cap = 20', '--check', cmd], { cwd: twin });
	const cliRuns = fs.readFileSync(log, 'utf8').split('\n').length - 1;
	fs.rmSync(log);
	record(!r.isError && mcpRuns === cliRuns && cliRuns === 2,
		`the check command runs as the CLI runs it: ${mcpRuns} over MCP, ${cliRuns} on the command line (before and after)`);
	record(fs.readFileSync(path.join(dir, 'usage.ts'), 'utf8') === fs.readFileSync(path.join(twin, 'usage.ts'), 'utf8'),
		'the edit is made once');
	fs.rmSync(dir, { recursive: true, force: true });
	fs.rmSync(twin, { recursive: true, force: true });
}

async function main() {
	const dir = sandbox('hosts');
	const { client, errors, close } = await connect(dir);
	const { tools } = await client.listTools();
	const instructions = client.getInstructions() || '';
	await annotations(tools);
	await complete(client, tools, instructions);
	await readyCommand(client);
	record(errors.length === 0, 'no protocol error on the main session', errors.join('\n'));
	await close('main session');
	fs.rmSync(dir, { recursive: true, force: true });
	await safety();
	await roots();
	await bounded();
	await checkRuns();
	await slowCalls();
	process.exit(finish());
}

main().catch((e) => {
	record(false, 'the client ran to the end', String(e && e.stack));
	process.exit(1);
});
