// Long texts (tool outputs, thinking, messages) kept as offsets into the trace and read back when asked for: the same text, and never another's when the file changed.
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {defaultHoldThreshold, HeldOutputs} from '../../source/io/held-outputs.js';
import {LineSplitter} from '../../source/io/line-splitter.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import type {Item, ToolCallItem} from '../../source/model/view-model.js';
import {parseLine} from '../../source/protocol/parse-line.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {line, meta, turn, writeShard} from './trace-maker.js';

let dir: string;
beforeEach(() => {
	dir = makeTempDir('penguin-view-held-');
});
afterEach(() => removeTempDir(dir));

/** The inputs of a file as the follower makes them: a shard input, then each line with its position. */
function inputsOf(file: string): ModelInput[] {
	const inputs: ModelInput[] = [{kind: 'shard', index: 1, path: file}];
	for (const item of new LineSplitter().push(readFileSync(file))) {
		if (item.kind === 'line') inputs.push(parseLine(item.text, {line: item.line, offset: item.offset, shard: 1}));
	}
	return inputs;
}

function expectedOutputs(file: string): Map<string, string> {
	const outputs = new Map<string, string>();
	for (const text of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
		const payload = JSON.parse(text).payload;
		if (payload.type === 'tool_call_output') outputs.set(payload.tool_call_id, payload.output);
	}
	return outputs;
}

function load(file: string): {held: HeldOutputs; calls: ToolCallItem[]; items: Item[]} {
	const held = new HeldOutputs();
	const model = new SessionModel({holdText: held.hold});
	const inputs = inputsOf(file);
	held.observe(inputs);
	model.applyAll(inputs, 0);
	return {held, calls: model.view.items.filter((item): item is ToolCallItem => item.kind === 'tool_call'), items: model.view.items};
}

test('large outputs are held on disk and read back exactly; small ones stay in memory', () => {
	let text = meta();
	for (let n = 1; n <= 30; n++) text += turn(n, n % 3 === 0 ? 2 : 300);
	const file = writeShard(dir, 1, text);
	const {held, calls} = load(file);
	const expected = expectedOutputs(file);
	expect(calls).toHaveLength(30);
	expect(held.held).toBe(20);
	for (const call of calls) {
		const accessor = Object.getOwnPropertyDescriptor(call, 'output')?.get !== undefined;
		expect(accessor).toBe(expected.get(call.callId)!.length >= defaultHoldThreshold);
		expect(call.output).toBe(expected.get(call.callId));
	}
	held.close();
});

test('a trace rewritten after it was read gives a notice in place of an output, never a wrong one', () => {
	let text = meta();
	for (let n = 1; n <= 5; n++) text += turn(n, 300);
	const file = writeShard(dir, 1, text);
	const {held, calls} = load(file);
	// Same length, other calls: every offset now lands on something else.
	let other = meta();
	for (let n = 101; n <= 105; n++) other += turn(n, 300);
	writeFileSync(file, other);
	for (const call of calls) expect(call.output).toMatch(/no longer/);
	held.close();
});

test('an output set again by the model is a plain value from then on', () => {
	const file = writeShard(dir, 1, meta() + turn(1, 300));
	const {held, calls} = load(file);
	const call = calls[0]!;
	call.output = 'replaced';
	expect(Object.getOwnPropertyDescriptor(call, 'output')?.value).toBe('replaced');
	expect(call.output).toBe('replaced');
	held.close();
});

test('without a known shard path (standard input, another file), outputs stay in memory', () => {
	const file = writeShard(dir, 1, meta() + turn(1, 300));
	const held = new HeldOutputs();
	const model = new SessionModel({holdText: held.hold});
	model.applyAll(inputsOf(file).slice(1), 0);
	expect(held.held).toBe(0);
	const call = model.view.items.find((item): item is ToolCallItem => item.kind === 'tool_call')!;
	expect(Object.getOwnPropertyDescriptor(call, 'output')?.value).toBe(expectedOutputs(file).get('call_1'));
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
	const {held, items} = load(file);
	expect(held.held).toBe(3);
	const texts = items.flatMap(item => (item.kind === 'user_text' || item.kind === 'thinking' || item.kind === 'assistant_text' ? [item.text] : []));
	expect(texts).toEqual([long('question'), long('hmm'), long('answer'), 'short']);
	held.close();
});

test('with spilling, texts from no file (a live stream, a pipe) go to a spill file that leaves nothing behind, and read back exactly', () => {
	const temp = makeTempDir('penguin-view-spill-');
	const before = process.env['TMPDIR'];
	process.env['TMPDIR'] = temp;
	try {
		let text = meta();
		for (let n = 1; n <= 20; n++) text += turn(n, n % 4 === 0 ? 2 : 400);
		// Unicode that takes several bytes, so that offsets in bytes and lengths in characters differ.
		text += line('model_msg', {type: 'text', role: 'assistant', text: 'naïve café — 日本語 🐧 '.repeat(40)});
		const file = writeShard(dir, 1, text);
		const held = new HeldOutputs({spill: true});
		const model = new SessionModel({holdText: held.hold});
		// As a stream delivers them: messages with no position in any file.
		const inputs = inputsOf(file)
			.slice(1)
			.map(input => (input.kind === 'message' ? {kind: 'message' as const, message: input.message} : input));
		model.applyAll(inputs, 0);
		expect(held.held).toBe(16);
		// The spill file is already gone from the folder: only its descriptor holds it.
		expect(readdirSync(temp)).toEqual([]);
		const expected = expectedOutputs(file);
		const calls = model.view.items.filter((item): item is ToolCallItem => item.kind === 'tool_call');
		for (const call of calls) expect(call.output).toBe(expected.get(call.callId));
		const last = model.view.items.at(-1)!;
		expect(last.kind === 'assistant_text' && last.text).toBe('naïve café — 日本語 🐧 '.repeat(40));
		held.close();
		expect(calls[0]!.output).toContain('no longer readable');
	} finally {
		if (before === undefined) delete process.env['TMPDIR'];
		else process.env['TMPDIR'] = before;
		removeTempDir(temp);
	}
});

test('when no spill file can be made, texts simply stay in memory', () => {
	const before = process.env['TMPDIR'];
	process.env['TMPDIR'] = '/nonexistent/penguin-view';
	try {
		const file = writeShard(dir, 1, meta() + turn(1, 300));
		const held = new HeldOutputs({spill: true});
		const model = new SessionModel({holdText: held.hold});
		model.applyAll(inputsOf(file).slice(1).map(input => (input.kind === 'message' ? {kind: 'message' as const, message: input.message} : input)), 0);
		expect(held.held).toBe(0);
		const call = model.view.items.find((item): item is ToolCallItem => item.kind === 'tool_call')!;
		expect(call.output).toBe(expectedOutputs(file).get('call_1'));
	} finally {
		if (before === undefined) delete process.env['TMPDIR'];
		else process.env['TMPDIR'] = before;
	}
});
