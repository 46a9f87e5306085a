// Print mode's cut of tool calls' arguments (fastpath/prerendered-args.ts): on random traces of tool calls (edits,
// written files, commands, reads, other tools; arguments of any shape, escaped any way; payload keys in the harness's
// order or another; repeated calls, broken lines), print mode with the cut prints exactly what it prints without; only
// the call line of a tool whose headline names what it reads is cut, and a line that would not parse is left whole.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {argsBlockKernel, jsonBlockKernel} from '../../source/fastpath/wasm.js';
import {readStream} from '../../source/io/trace-follower.js';
import {SessionStore} from '../../source/model/session-store.js';
import {PrerenderedArgs} from '../../source/fastpath/prerendered-args.js';
import {attachPrinter, lineCutter, PrerenderedOutputs} from '../../source/output/printer.js';
import {linesOf} from '../../source/render/tool-registry.js';
import {fakeStdout} from '../support/fake-stdout.js';

/**
 * Print mode over `bytes` as main.ts makes it without colour: with the cuts (outputs and arguments), or the reference
 * (neither).
 */
async function printed(bytes: Buffer, cuts: boolean): Promise<{text: string; args?: PrerenderedArgs; cut: number}> {
	const {out, text} = fakeStdout();
	const prerendered = cuts ? new PrerenderedOutputs({kernel: jsonBlockKernel()}) : undefined;
	// A small arena: blocks are copied out of it now and then.
	const args = cuts ? new PrerenderedArgs({kernel: argsBlockKernel(), arenaBytes: 64 * 1024}) : undefined;
	const store = new SessionStore(
		{label: 'test', state: 'reading'},
		{recordFinalized: true, keepItems: false, images: prerendered?.images},
	);
	const attached = attachPrinter(store, out, {color: false, canRebuild: false, prerendered, prerenderedArgs: args});
	let taken = 0;
	if (args) {
		const cutArgs = args.cut.bind(args);
		args.cut = (...inputs) => {
			const parts = cutArgs(...inputs);
			if (parts !== undefined) taken++;
			return parts;
		};
	}
	// Each line to its cut as main.ts hands it (fastpath/line-cuts.ts).
	const cut = prerendered && lineCutter({outputs: prerendered, args});
	const reader = readStream(
		(async function* () {
			yield bytes;
		})(),
		batch => store.apply(batch),
		{label: 'test', cut},
	);
	await reader.done;
	attached.finish();
	return {text: text(), args, cut: taken};
}

const meta = JSON.stringify({
	timestamp: '2026-12-02T10:00:00.000Z',
	type: 'session_meta',
	payload: {session_id: 's1', provider: 'p', model_id: 'm', model_context_window: 64_000},
});
const line = (payload: string, second = 1): string =>
	`{"timestamp":"2026-12-02T10:00:${String(second % 60).padStart(2, '0')}.000Z","type":"model_msg",` +
	`"payload":${payload}}`;
const callLine = (name: string, id: string, argsLiteral: string, second?: number, typeLast = false): string =>
	line(
		typeLast
			? `{"tool_call_id":${JSON.stringify(id)},"arguments":${argsLiteral},"name":${JSON.stringify(name)},` +
					`"role":"assistant","type":"tool_call"}`
			: `{"type":"tool_call","role":"assistant","name":${JSON.stringify(name)},"arguments":${argsLiteral},` +
					`"tool_call_id":${JSON.stringify(id)}}`,
		second,
	);
const outputLine = (id: string, second?: number): string =>
	line(
		`{"type":"tool_call_output","role":"user","output":"Edited: 1 replacement",` +
			`"tool_call_id":${JSON.stringify(id)},"stop_reason":"completed"}`,
		second,
	);

// Code as edits carry it, and characters that tell the paths apart.
const piece = fc.oneof(
	{
		weight: 20,
		arbitrary: fc.constantFrom(
			'\tfmt.Println("usage: tool FILE")\n',
			'  return rows.map(row => row.text).join("\\n"); // 🚀\n',
			'// 日本語のコメント\n',
			'x'.repeat(1100),
			'\n',
			'"',
			'\\',
			'/',
			'é',
			'\u0000',
			'\u001b[31m',
			'\u2028',
			'\r\n',
			'',
		),
	},
	{weight: 1, arbitrary: fc.constantFrom('\u007f', '\u0085', '\u202e', '\ud800')},
);
const code = fc.array(piece, {maxLength: 40}).map(parts => parts.join(''));
const filePath = fc.oneof(
	{weight: 4, arbitrary: fc.constantFrom('src/live.go', 'pkg/trace/reader.ts')},
	fc.constantFrom('src/live.go', 'src/a b.ts', 'src/\u001b]0;x\u0007.go', 'src/日本.py', 'src/\u202e.go', 'dir/\nname'),
	code,
);
const extra = fc.oneof(
	{weight: 4, arbitrary: fc.constant({})},
	fc.record({replace_all: fc.oneof(fc.boolean(), fc.constant('yes'))}),
	fc.record({n: fc.oneof(fc.double(), fc.integer())}),
	fc.record({'0': fc.constant(1)}),
	fc.record({nested: fc.constant({a: [1, {b: null}], c: {}})}),
);
const editArgs = fc.oneof(
	fc.record({file_path: filePath, old_string: code, new_string: code}),
	fc.record({file_path: filePath, old_string: code, new_string: code}, {requiredKeys: []}),
);
const writeArgs = fc.record(
	{file_path: fc.oneof(filePath, fc.integer()), content: fc.oneof(code, fc.integer(), fc.constant(['a']))},
	{requiredKeys: ['content']},
);
const commandArgs = fc.record(
	{cmd: fc.oneof({weight: 4, arbitrary: code}, fc.integer()), description: fc.oneof(code, fc.constant(null))},
	{requiredKeys: []},
);
const readArgs = fc.record(
	{file_path: filePath, offset: fc.oneof(fc.integer(), fc.constant('2')), limit: fc.integer({min: -1, max: 500})},
	{requiredKeys: ['file_path']},
);
const argsObject = fc
	.tuple(fc.oneof(editArgs, writeArgs, commandArgs, readArgs), extra)
	.map(([args, more]) => ({...args, ...more}));

// The arguments' JSON text, as the model wrote it; and the string that holds it in the line, as the harness (or another
// writer) wrote it.
const argsText = fc.oneof(
	{
		weight: 5,
		arbitrary: fc
			.tuple(argsObject, fc.constantFrom<string | number>(0, 0, 0, 2, '\t'))
			.map(([args, space]) => JSON.stringify(args, null, space)),
	},
	{weight: 1, arbitrary: argsObject.map(args => `${JSON.stringify(args).slice(0, -1)},"file_path":"again"}`)},
	{weight: 1, arbitrary: fc.tuple(argsObject, fc.nat()).map(([args, at]) => JSON.stringify(args).slice(0, at))},
	{weight: 1, arbitrary: code},
);
const literal = fc
	.tuple(argsText, fc.constantFrom('plain', 'plain', 'plain', 'plain', 'plain', 'plain', 'ascii', 'slash', 'broken'))
	.map(([text, how]) => {
		const plain = JSON.stringify(text);
		if (how === 'ascii')
			return plain.replace(/[\u007f-\uffff]/g, ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
		if (how === 'slash') return plain.replaceAll('/', '\\/');
		// A line cut short in its arguments: malformed.
		if (how === 'broken') return plain.slice(0, Math.floor(plain.length / 2));
		return plain;
	});

const name = fc.constantFrom(
	'edit_file',
	'edit_file',
	'edit_file',
	'write_file',
	'write_file',
	'write_file',
	'exec_command',
	'exec_command',
	'exec_command',
	'run_subagent',
	'read_file',
	'read_file',
	'read_image',
	'',
);
const call = fc.record({name, literal, repeat: fc.boolean(), answered: fc.boolean(), typeLast: fc.boolean()});
const trace = fc.array(call, {minLength: 1, maxLength: 8}).map(calls => {
	const lines = [meta];
	calls.forEach(({name, literal, repeat, answered, typeLast}, i) => {
		lines.push(callLine(name, `c${i}`, literal, i, typeLast));
		// A replayed stream repeats a call; its output may come before or after.
		if (repeat) lines.push(callLine(name, `c${i}`, literal, i + 1, typeLast));
		if (answered) lines.push(outputLine(`c${i}`, i + 2));
	});
	return Buffer.from(`${lines.join('\n')}\n`);
});

describe('the cut of arguments', () => {
	test('on random traces of tool calls, print mode prints what it prints without the cut', async () => {
		let cutCalls = 0;
		await fc.assert(
			fc.asyncProperty(trace, async bytes => {
				const fast = await printed(bytes, true);
				const usual = await printed(bytes, false);
				expect(fast.text).toBe(usual.text);
				// (A repeated call's first arguments are never printed: their block stays, as an output's does.)
				cutCalls += fast.cut;
			}),
			{numRuns: 300},
		);
		// Not a property that holds for want of cut lines (40 to 70 of the calls are cut in a run).
		expect(cutCalls).toBeGreaterThan(15);
	});

	test(
		'a written file is cut: parsed with a token for its ' +
			'arguments, whose block and headline the printer gets back once',
		() => {
			const cuts = new PrerenderedArgs({kernel: argsBlockKernel()});
			const args = {file_path: 'src/live.go', content: '\tfmt.Println("usage")\n}\n'.repeat(100)};
			const cut = cuts.cut(Buffer.from(callLine('write_file', 'c1', JSON.stringify(JSON.stringify(args)))))!;
			const payload = (cut.value as {payload: {arguments: string; name: string}}).payload;
			expect(payload.name).toBe('write_file');
			expect(payload.arguments.length).toBeLessThan(40);
			const ready = cuts.take(payload.arguments)!;
			expect(Buffer.from(ready.bytes).toString()).toBe(JSON.stringify(args, null, 2).replaceAll('\n', '\n  '));
			// The long string is not in what the headline reads: its line count is.
			expect(Object.fromEntries(Object.entries(ready.args))).toEqual({file_path: 'src/live.go'});
			expect(linesOf(ready.args, 'content')).toBe(200);
			// Its summary comes with it, made once at the cut (the printer bounds its headline).
			expect(ready.summary).toEqual({headline: 'src/live.go · 200 lines'});
			expect(cuts.take(payload.arguments)).toBeUndefined();
		},
	);

	test(
		'a command is cut, laid out as the harness writes it or with its type last: ' +
			'of its arguments only what its headline reads is parsed',
		() => {
			const cuts = new PrerenderedArgs({kernel: argsBlockKernel()});
			const outputs = new PrerenderedOutputs({kernel: jsonBlockKernel()});
			const cutter = lineCutter({outputs, args: cuts});
			// A line of 512 bytes or more: shorter ones are read the usual way.
			const description = 'run the tests of every package once more, then the linter, and say what failed '.repeat(4);
			const args = {description, cmd: 'npm test', options: {deep: {list: [1, 2, {a: 'b'}]}}};
			for (const typeLast of [false, true]) {
				const cut = cutter(
					Buffer.from(callLine('exec_command', 'c1', JSON.stringify(JSON.stringify(args)), 1, typeLast)),
				)!;
				const payload = (cut.value as {payload: {arguments: string; name: string}}).payload;
				expect(payload.name).toBe('exec_command');
				const ready = cuts.take(payload.arguments)!;
				expect(Buffer.from(ready.bytes).toString()).toBe(JSON.stringify(args, null, 2).replaceAll('\n', '\n  '));
				expect(Object.fromEntries(Object.entries(ready.args))).toEqual({description, cmd: 'npm test'});
				expect(ready.summary).toEqual({headline: '$ npm test', note: description});
			}
		},
	);

	test('an edit is not cut: its headline counts the lines of its diff, which needs both strings whole', () => {
		const cuts = new PrerenderedArgs({kernel: argsBlockKernel()});
		const long = 'line of code\n'.repeat(200);
		expect(
			cuts.cut(
				Buffer.from(
					callLine(
						'edit_file',
						'c1',
						JSON.stringify(JSON.stringify({file_path: 'a.go', old_string: long, new_string: long})),
					),
				),
			),
		).toBeUndefined();
	});

	test('the headline of a cut call is cut to length and put on one line as the usual one is', async () => {
		const long = 'line of code\n'.repeat(200);
		for (const path of ['src/' + 'deep/'.repeat(60) + 'file.go', 'src/a  b\t\tc\n.go ', ' lead.go']) {
			const bytes = Buffer.from(
				`${[meta, callLine('write_file', 'c1', JSON.stringify(JSON.stringify({file_path: path, content: long})))].join(
					'\n',
				)}\n`,
			);
			const fast = await printed(bytes, true);
			expect(fast.cut).toBe(1);
			expect(fast.text).toBe((await printed(bytes, false)).text);
		}
	});

	test(
		'other lines are left whole: other tools, other payloads, short ' +
			'lines, arguments that are not an object or lack a path, broken lines',
		() => {
			const cuts = new PrerenderedArgs({kernel: argsBlockKernel()});
			const long = 'line of code\n'.repeat(200);
			const literal = (args: unknown): string => JSON.stringify(JSON.stringify(args));
			for (const text of [
				callLine('exec_command', 'c1', literal({description: long})),
				callLine('exec_command', 'c1', literal({cmd: 7, description: long})),
				callLine('read_image', 'c1', literal({source: long})),
				callLine('run_subagent', 'c1', literal({description: 'x', prompt: long})),
				callLine('edit_file', 'c1', literal({old_string: long, new_string: long})),
				callLine('write_file', 'c1', literal({file_path: 7, content: long})),
				callLine('write_file', 'c1', literal(long)),
				callLine('edit_file', 'c1', literal({file_path: 'a', old_string: 'x', new_string: 'y'})),
				callLine('edit_file', 'c1', literal({file_path: 'a', old_string: long, new_string: long})).slice(0, -2),
				line(
					`{"type":"tool_call","role":"assistant","name":"edit_file",` +
						`"arguments":${literal({file_path: 'a', content: long})},"arguments":"{}","tool_call_id":"c1"}`,
				),
				line(`{"type":"text","role":"assistant","name":"edit_file","text":${JSON.stringify(long)},"arguments":"{}"}`),
			]) {
				expect(cuts.cut(Buffer.from(text)), text.slice(0, 160)).toBeUndefined();
			}
			expect(cuts.waiting).toBe(0);
		},
	);
});
