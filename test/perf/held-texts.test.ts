// Long texts (tool outputs, thinking, messages) kept as references into the trace (or a spill file) and read back when
// asked for: the same text, never another's when the file changed, and never read behind the back of whoever looks at
// an item.
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {defaultHoldThreshold, HeldTextStore} from '../../source/io/held-texts.js';
import {isHeld, shown} from '../../source/model/held-text.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import type {Item, ToolCallItem} from '../../source/model/view-model.js';
import {Layouter} from '../../source/ui/panes/layout.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {following, visibleRows} from '../../source/ui/reading/viewport.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {inputsOf, line, meta, turn, writeShard} from './trace-maker.js';

let dir: string;
beforeEach(() => {
	dir = makeTempDir('penguin-view-held-');
});
afterEach(() => removeTempDir(dir));

function expectedOutputs(file: string): Map<string, string> {
	const outputs = new Map<string, string>();
	for (const text of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
		const payload = JSON.parse(text).payload;
		if (payload.type === 'tool_call_output') outputs.set(payload.tool_call_id, payload.output);
	}
	return outputs;
}

function load(file: string): {
	store: HeldTextStore;
	model: SessionModel;
	calls: ToolCallItem[];
	items: readonly Item[];
} {
	const store = new HeldTextStore();
	const model = new SessionModel({holdText: store.hold});
	const inputs = inputsOf(file);
	store.observe(inputs);
	model.applyAll(inputs, 0);
	return {
		store,
		model,
		calls: model.view.items.filter((item): item is ToolCallItem => item.kind === 'tool_call'),
		items: model.view.items,
	};
}

/** As a stream delivers them: messages with no position in any file. */
function streamed(file: string): ModelInput[] {
	return inputsOf(file)
		.slice(1)
		.map(input => (input.kind === 'message' ? {kind: 'message' as const, message: input.message} : input));
}

test('large outputs are held as references and read back exactly through the store; small ones stay in memory', () => {
	let text = meta();
	for (let n = 1; n <= 30; n++) text += turn(n, n % 3 === 0 ? 2 : 300);
	const file = writeShard(dir, 1, text);
	const {store, calls} = load(file);
	const expected = expectedOutputs(file);
	expect(calls).toHaveLength(30);
	expect(store.held).toBe(20);
	for (const call of calls) {
		expect(isHeld(call.output)).toBe(expected.get(call.callId)!.length >= defaultHoldThreshold);
		expect(shown(call, store).output).toBe(expected.get(call.callId));
	}
	store.close();
});

test(
	'an item with a held text is plain data: no accessor, the same after a JSON round trip, and looking at ' +
		'it reads nothing',
	() => {
		let text = meta();
		for (let n = 1; n <= 10; n++) text += turn(n, 300);
		text += line('model_msg', {type: 'thinking', role: 'assistant', thinking: 'hmm '.repeat(200)});
		const {store, items} = load(writeShard(dir, 1, text));
		expect(store.held).toBe(11);
		for (const item of items) {
			for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(item))) {
				expect({key, accessor: descriptor.get !== undefined || descriptor.set !== undefined}).toEqual({
					key,
					accessor: false,
				});
			}
		}
		// Every field of every item looked at, the way a careless reader would: the disk is not touched.
		const copy: unknown = JSON.parse(JSON.stringify(items));
		expect(copy).toEqual(items);
		for (const item of items) if (item.kind === 'tool_call') expect(isHeld(item.output)).toBe(true);
		expect(store.reads).toBe(0);
		store.close();
	},
);

test('the layout reads back only the texts of the panes it draws, once each', () => {
	let text = meta();
	for (let n = 1; n <= 40; n++) text += turn(n, 300);
	const file = writeShard(dir, 1, text);
	const {store, model} = load(file);
	expect(store.held).toBe(40);
	const layouter = new Layouter(store);
	const draw = () => visibleRows(layouter.layout(model.view, 80, openStateFrom(['outputs']), 0), 30, following).rows;
	const rows = draw();
	const callIds = new Set(model.view.items.filter(item => item.kind === 'tool_call').map(item => item.id));
	const drawnCalls = new Set(rows.map(row => row.itemId).filter(id => callIds.has(id)));
	expect(drawnCalls.size).toBeGreaterThan(0);
	expect(drawnCalls.size).toBeLessThan(5);
	expect(store.reads).toBe(drawnCalls.size);
	// The last output's tail is on screen, read from the trace.
	expect(rows.map(row => row.segments.map(segment => segment.text).join('')).join('\n')).toContain(
		'40:299 some output of the command',
	);
	// Drawn again unchanged: the layout's cache, nothing read again.
	draw();
	expect(store.reads).toBe(drawnCalls.size);
	store.close();
});

test('a trace rewritten after it was read gives a notice in place of an output, never a wrong one', () => {
	let text = meta();
	for (let n = 1; n <= 5; n++) text += turn(n, 300);
	const file = writeShard(dir, 1, text);
	const {store, calls} = load(file);
	// Same length, other calls: every offset now lands on something else.
	let other = meta();
	for (let n = 101; n <= 105; n++) other += turn(n, 300);
	writeFileSync(file, other);
	for (const call of calls) expect(shown(call, store).output).toMatch(/no longer/);
	store.close();
});

test('an output that arrives again replaces the reference with whatever the model keeps now', () => {
	const file = writeShard(dir, 1, meta() + turn(1, 300));
	const {store, model, calls} = load(file);
	const call = calls[0]!;
	expect(isHeld(call.output)).toBe(true);
	// A short output for the same call in a new fragment: plain text from then on.
	model.applyAll(
		[
			{
				kind: 'message',
				message: {
					type: 'model_msg',
					payload: {
						type: 'partial_tool_call_output',
						role: 'user',
						event_type: 'start',
						tool_call_id: 'call_1',
						output: 'again',
					},
				},
			},
		] as ModelInput[],
		0,
	);
	expect(call.output).toBe('again');
	store.close();
});

test('without a known shard path (standard input, another file), outputs stay in memory', () => {
	const file = writeShard(dir, 1, meta() + turn(1, 300));
	const store = new HeldTextStore();
	const model = new SessionModel({holdText: store.hold});
	model.applyAll(inputsOf(file).slice(1), 0);
	expect(store.held).toBe(0);
	const call = model.view.items.find((item): item is ToolCallItem => item.kind === 'tool_call')!;
	expect(call.output).toBe(expectedOutputs(file).get('call_1'));
});

test('long thinking and messages are held too, and read back as they were', () => {
	const long = (word: string) => `${word} `.repeat(200).trim();
	const file = writeShard(
		dir,
		1,
		meta() +
			line('model_msg', {type: 'text', role: 'user', text: long('question')}) +
			line('model_msg', {type: 'thinking', role: 'assistant', thinking: long('hmm')}) +
			line('model_msg', {type: 'text', role: 'assistant', text: long('answer')}) +
			line('model_msg', {type: 'text', role: 'assistant', text: 'short'}),
	);
	const {store, items} = load(file);
	expect(store.held).toBe(3);
	const texts = items.flatMap(item =>
		item.kind === 'user_text' || item.kind === 'thinking' || item.kind === 'assistant_text'
			? [shown(item, store).text]
			: [],
	);
	expect(texts).toEqual([long('question'), long('hmm'), long('answer'), 'short']);
	store.close();
});

test(
	'with spilling, texts from no file (a live stream, a pipe) go to a spill file that leaves nothing ' +
		'behind, and read back exactly',
	() => {
		const temp = makeTempDir('penguin-view-spill-');
		const before = process.env['TMPDIR'];
		process.env['TMPDIR'] = temp;
		try {
			let text = meta();
			for (let n = 1; n <= 20; n++) text += turn(n, n % 4 === 0 ? 2 : 400);
			// Unicode that takes several bytes, so that offsets in bytes and lengths in characters differ.
			text += line('model_msg', {type: 'text', role: 'assistant', text: 'naïve café — 日本語 🐧 '.repeat(40)});
			const file = writeShard(dir, 1, text);
			const store = new HeldTextStore({spill: true});
			const model = new SessionModel({holdText: store.hold});
			model.applyAll(streamed(file), 0);
			expect(store.held).toBe(16);
			// The spill file is already gone from the folder: only its descriptor holds it.
			expect(readdirSync(temp)).toEqual([]);
			const expected = expectedOutputs(file);
			const calls = model.view.items.filter((item): item is ToolCallItem => item.kind === 'tool_call');
			for (const call of calls) expect(shown(call, store).output).toBe(expected.get(call.callId));
			const last = model.view.items.at(-1)!;
			expect(last.kind === 'assistant_text' && shown(last, store).text).toBe('naïve café — 日本語 🐧 '.repeat(40));
			store.close();
			expect(shown(calls[0]!, store).output).toContain('no longer readable');
		} finally {
			if (before === undefined) delete process.env['TMPDIR'];
			else process.env['TMPDIR'] = before;
			removeTempDir(temp);
		}
	},
);

test('when no spill file can be made, texts simply stay in memory', () => {
	const before = process.env['TMPDIR'];
	process.env['TMPDIR'] = '/nonexistent/penguin-view';
	try {
		const file = writeShard(dir, 1, meta() + turn(1, 300));
		const store = new HeldTextStore({spill: true});
		const model = new SessionModel({holdText: store.hold});
		model.applyAll(streamed(file), 0);
		expect(store.held).toBe(0);
		const call = model.view.items.find((item): item is ToolCallItem => item.kind === 'tool_call')!;
		expect(call.output).toBe(expectedOutputs(file).get('call_1'));
	} finally {
		if (before === undefined) delete process.env['TMPDIR'];
		else process.env['TMPDIR'] = before;
	}
});
