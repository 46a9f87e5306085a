// Property: the session model survives any field of the wrong type, unknown types, missing fields and any interleaving
// of fragments.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {inMemory} from '../../source/model/held-text.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {transcriptOf} from '../../source/model/transcript.js';

const payloadTypes = [
	'text',
	'thinking',
	'inline_thinking',
	'tool_call',
	'tool_call_output',
	'image_url',
	'inline_data',
	'partial_text',
	'partial_thinking',
	'partial_tool_call',
	'partial_tool_call_output',
	'request_begin',
	'request_end',
	'approval_decision',
	'token_usage',
	'compaction_begin',
	'compaction_end',
	'abort',
	'subagent',
	'tool_list_ready',
	'goal_finished',
	'mcp_connect_begin',
	'mcp_connect_end',
	'something_new',
];
const anyValue = fc.oneof(
	fc.string(),
	fc.integer(),
	fc.constant(null),
	fc.boolean(),
	fc.array(fc.string()),
	fc.dictionary(fc.string(), fc.string()),
	fc.constantFrom('start', 'delta', 'stop', 'user', 'assistant', 'a', 'b', 'completed', 'failed', 'deny'),
);
const payload = fc.record(
	{
		type: fc.constantFrom(...payloadTypes),
		role: fc.constantFrom('user', 'assistant', 7),
		event_type: fc.constantFrom('start', 'delta', 'stop', 'other'),
		tool_call_id: fc.constantFrom('a', 'b', 'c', undefined, 3),
		text: anyValue,
		thinking: anyValue,
		arguments: anyValue,
		output: anyValue,
		name: anyValue,
		status: anyValue,
		decision: anyValue,
		session: anyValue,
		request: anyValue,
		images: anyValue,
		tools: anyValue,
		session_id: anyValue,
	},
	{requiredKeys: ['type']},
);
const input: fc.Arbitrary<ModelInput> = fc.oneof(
	fc.record({
		kind: fc.constant('message' as const),
		message: fc.record({
			type: fc.constantFrom('model_msg', 'event_msg', 'session_meta'),
			payload,
			timestamp: fc.option(
				fc.oneof(
					fc.string(),
					fc.date({noInvalidDate: true}).map(d => d.toISOString()),
				),
				{nil: undefined},
			),
			origin: fc.option(fc.array(fc.constantFrom('child', 'grandchild'), {maxLength: 2}), {nil: undefined}),
		}),
	}) as fc.Arbitrary<ModelInput>,
	fc.constant({kind: 'end'} as ModelInput),
	fc.record({
		kind: fc.constant('server_event' as const),
		event: fc.record({
			type: fc.constantFrom('task_state', 'approval_request', 'session_title', 'x'),
			state: anyValue,
			// Anything, or the server's shape (the whole tool_call message) with any payload.
			toolCall: fc.oneof(anyValue, fc.record({type: fc.constant('model_msg'), payload})),
			title: anyValue,
			sessionId: fc.oneof(anyValue, fc.constantFrom('child', 'grandchild')),
		}),
		origin: fc.option(fc.array(fc.constantFrom('child', 'grandchild'), {minLength: 1, maxLength: 2}), {nil: undefined}),
	}) as fc.Arbitrary<ModelInput>,
	fc.record({
		kind: fc.constant('session_info' as const),
		info: fc.record({
			sessionId: fc.string(),
			provider: fc.option(fc.string(), {nil: undefined}),
			title: fc.option(fc.string(), {nil: undefined}),
		}),
	}) as fc.Arbitrary<ModelInput>,
	fc.record({kind: fc.constant('shard' as const), index: fc.integer({min: 0, max: 4})}),
);

describe('SessionModel under arbitrary input', () => {
	it('never throws and never reports an internal error', () => {
		fc.assert(
			fc.property(fc.array(input, {maxLength: 60}), inputs => {
				const model = new SessionModel({recordFinalized: true});
				for (const item of inputs) model.apply(item, 0);
				const internal = model.view.items.filter(
					item => item.kind === 'notice' && item.text.startsWith('internal error'),
				);
				expect(internal).toEqual([]);
				expect(model.view.awaitingApproval).toBeGreaterThanOrEqual(0);
				transcriptOf(model.view);
				model.takeFinalized();
			}),
			{numRuns: 400},
		);
	});

	// Noise that opens a compaction is left out here: inside one, a user text is the
	// compaction's prompt, not the conversation's (the next test).
	const noise = input.filter(item => !(item.kind === 'message' && item.message.payload.type === 'compaction_begin'));

	it('keeps every good message around bad ones', () => {
		fc.assert(
			fc.property(
				fc.array(noise, {maxLength: 20}),
				fc.array(fc.string({minLength: 1}), {minLength: 1, maxLength: 5}),
				(bad, texts) => {
					const model = new SessionModel();
					const good = texts.map((text, index) => `\u2063good ${index} ${text}`);
					for (const [index, text] of good.entries()) {
						model.apply(bad[index] ?? {kind: 'notice', level: 'info', text: 'x'}, 0);
						model.apply(
							{kind: 'message', message: {type: 'model_msg', payload: {type: 'text', role: 'user', text}}},
							0,
						);
					}
					const shown = model.view.items.flatMap(item => (item.kind === 'user_text' ? [inMemory(item.text)] : []));
					expect(shown.filter(text => text.startsWith('\u2063good '))).toEqual(good);
				},
			),
			{numRuns: 200},
		);
	});

	it('keeps a user text that comes inside a compaction as its prompt', () => {
		fc.assert(
			fc.property(fc.array(noise, {maxLength: 10}), fc.string({minLength: 1}), (bad, text) => {
				const model = new SessionModel();
				for (const item of bad) model.apply(item, 0);
				model.apply(
					{kind: 'message', message: {type: 'event_msg', payload: {type: 'compaction_begin', reason: 'manual'}}},
					0,
				);
				model.apply({kind: 'message', message: {type: 'model_msg', payload: {type: 'text', role: 'user', text}}}, 0);
				const compaction = model.view.items.findLast(item => item.kind === 'compaction');
				expect(compaction?.kind === 'compaction' && compaction.prompt).toBe(text);
			}),
			{numRuns: 100},
		);
	});
});
