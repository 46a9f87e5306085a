import {describe, expect, it} from 'vitest';
import {
	apportion,
	contextFill,
	contextPartList,
	largestPieces,
	type ContextFill,
} from '../../source/model/context-fill.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {msg, traceInputs} from '../helpers/recordings.js';

const now = Date.parse('2026-12-02T15:00:00Z');

function viewOf(inputs: ModelInput[]) {
	const model = new SessionModel({});
	model.applyAll(inputs, now);
	return model.view;
}

const usage = (cached: number, fresh: number, output = 10) =>
	msg('event_msg', {
		type: 'token_usage',
		session: {cache_read: 0, cache_write: 0, output: 0, total: 0},
		request: {cache_read: cached, cache_write: fresh, output, total: cached + fresh + output},
	});
const request = (cached: number, fresh: number, ...during: ModelInput[]): ModelInput[] => [
	msg('event_msg', {type: 'request_begin'}),
	...during,
	usage(cached, fresh),
	msg('event_msg', {type: 'request_end', status: 'completed'}),
];
const meta = msg('session_meta' as never, {
	session_id: 's',
	provider: 'p',
	model_id: 'm',
	model_context_window: 10_000,
	system_prompt: 'S'.repeat(400),
	tools: [],
});
const user = (text: string) => msg('model_msg', {type: 'text', role: 'user', text});
const answer = (text: string) => msg('model_msg', {type: 'text', role: 'assistant', text});
const thinking = (text: string) => msg('model_msg', {type: 'thinking', role: 'assistant', thinking: text});
const call = (id: string, args: string) =>
	msg('model_msg', {type: 'tool_call', role: 'assistant', name: 'exec_command', arguments: args, tool_call_id: id});
const output = (id: string, text: string) =>
	msg('model_msg', {type: 'tool_call_output', role: 'user', output: text, tool_call_id: id});

const sum = (parts: Partial<Record<string, number>>): number =>
	Object.values(parts).reduce<number>((a, b) => a + (b ?? 0), 0);
const partsTotal = (fill: ContextFill): number =>
	contextPartList.reduce((total, part) => total + fill.parts[part].tokens, 0);

describe('what fills the context', () => {
	it('puts each step’s whole growth in the one kind of item the step added', () => {
		// Each request's answer is of one kind only, and so is what comes between the requests.
		const view = viewOf([
			meta,
			user('hello'),
			...request(0, 1000, answer('A'.repeat(300))),
			// Step 2: only request 1's answer was added.
			...request(1000, 200, thinking('T'.repeat(900))),
			// Step 3: only request 2's thinking.
			...request(1200, 350),
			// Step 4: only the user's message (request 3 answered nothing).
			user('U'.repeat(50)),
			...request(1550, 444, call('c1', '{"cmd":"cat big.log"}')),
			// Step 5: request 4's call and its output.
			output('c1', 'O'.repeat(5000)),
			...request(1994, 3000),
		]);
		const fill = contextFill(view);
		expect(fill.steps.map(step => [step.growth, step.parts, step.split])).toEqual([
			[1000, expect.objectContaining({}), 'by size'],
			[200, {assistant_text: 200}, 'exact'],
			[350, {thinking: 350}, 'exact'],
			[444, {user_messages: 444}, 'exact'],
			[3000, {tool_calls: expect.any(Number), tool_outputs: expect.any(Number)}, 'by size'],
		]);
		for (const step of fill.steps) expect(sum(step.parts)).toBe(step.growth);
		// The call's arguments are 20 characters beside 5000 of output: nearly all of it is output.
		expect(fill.steps[4]!.parts.tool_outputs).toBeGreaterThan(2950);
		expect(fill.prompt).toBe(4994);
		expect(partsTotal(fill)).toBe(4994);
		// The first request's prompt: the system prompt (400 characters) and the user's `hello` (5), by size.
		expect(fill.steps[0]!.parts).toEqual({system_prompt: 988, user_messages: 12});
		expect(fill.parts.assistant_text).toEqual({tokens: 200, estimated: 0});
		expect(fill.parts.system_prompt).toEqual({tokens: 988, estimated: 988});
		expect(largestPieces(fill, 3).map(piece => [piece.part, piece.tokens])).toEqual([
			['tool_outputs', fill.steps[4]!.parts.tool_outputs],
			['system_prompt', 988],
			['user_messages', 444],
		]);
	});

	it('gives growth with nothing added to `unattributed`, and scales what is there down when the prompt shrinks', () => {
		const view = viewOf([meta, user('hi'), ...request(0, 1000), ...request(1000, 500), ...request(750, 0)]);
		const fill = contextFill(view);
		expect(fill.steps[1]).toMatchObject({growth: 500, parts: {unattributed: 500}, split: 'exact'});
		expect(fill.steps[2]!.split).toBe('shrank');
		expect(sum(fill.steps[2]!.parts)).toBe(-750);
		expect(fill.prompt).toBe(750);
		expect(partsTotal(fill)).toBe(750);
	});

	it('starts again after a compaction, the summary its own part', () => {
		const view = viewOf([
			meta,
			user('first'),
			...request(0, 5000, answer('x'.repeat(100))),
			msg('event_msg', {type: 'compaction_begin', reason: 'manual', mode: 'summarize', context: 5100}),
			msg('event_msg', {type: 'compaction_end', reason: 'manual', mode: 'summarize', status: 'completed'}),
			user(`[context_summary] ${'s'.repeat(400)}`),
			user('again'),
			...request(0, 900),
		]);
		const fill = contextFill(view);
		expect(fill.after?.kind).toBe('compaction');
		expect(fill.steps).toHaveLength(1);
		expect(fill.prompt).toBe(900);
		expect(fill.parts.compaction_summary.tokens).toBeGreaterThan(0);
		expect(fill.parts.assistant_text.tokens).toBe(0);
		expect(partsTotal(fill)).toBe(900);
	});

	it('on a recorded trace, each step’s parts sum to its growth and all of them to the newest prompt', () => {
		const example = 'session-2026-12-02-14-45-42-8e7b556c';
		const traces = [
			traceInputs('session-2026-12-02-14-43-17-694155ee_001.jsonl'),
			traceInputs('session-2026-12-02-14-43-17-a1f608ba_001.jsonl'),
			[...traceInputs(`${example}_001.jsonl`, 1), ...traceInputs(`${example}_002.jsonl`, 2)],
		];
		for (const inputs of traces) {
			const fill = contextFill(viewOf(inputs));
			expect(fill.steps.length).toBeGreaterThan(0);
			for (const step of fill.steps) expect(sum(step.parts)).toBe(step.growth);
			expect(partsTotal(fill)).toBe(fill.prompt);
			expect(fill.prompt).toBe(1500);
			// The recorded session's system prompt and tool definitions are most of its first request.
			expect(fill.parts.system_prompt.tokens + fill.parts.tool_definitions.tokens).toBeGreaterThan(1000);
		}
	});

	it('splits whole numbers that always add up', () => {
		expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
		expect(apportion(7, [0, 0])).toEqual([7, 0]);
		expect(apportion(0, [5, 5])).toEqual([0, 0]);
	});
});
