// STS export (Hugging Face Session Trace Simple Format): header line, one JSON message line per message, roles, tool
// calls and results as the spec shapes them.
import {describe, expect, it} from 'vitest';
import {toView} from '../../source/commands/to-view.js';
import {formatSts, stsHarness, type StsMessage, type StsSession} from '../../source/export/sts.js';
import type {ModelInput} from '../../source/model/input.js';
import {msg, traceInputs} from '../helpers/recordings.js';

const end: ModelInput = {kind: 'end'};
const tools = 'session-2026-12-02-14-43-17-694155ee';
const retry = 'session-2026-12-02-14-43-17-d6ae8f31';

function parse(text: string): {header: StsSession; messages: StsMessage[]} {
	expect(text.endsWith('\n')).toBe(true);
	const lines = text.slice(0, -1).split('\n');
	// Every line is one JSON object.
	const objects = lines.map(line => JSON.parse(line) as {type: string; message?: StsMessage});
	const [header, ...rest] = objects;
	expect(rest.every(line => line.type === 'message' && typeof line.message === 'object')).toBe(true);
	return {header: header as unknown as StsSession, messages: rest.map(line => line.message!)};
}

describe('formatSts', () => {
	it('writes the session header then the conversation as spec messages', () => {
		const {header, messages} = parse(formatSts(toView([...traceInputs(`${tools}_001.jsonl`), end], 0)));
		expect(header).toEqual({
			type: 'session',
			harness: stsHarness,
			id: tools,
			name: '[fake:tools] Inspect the workspace and run a few commands.',
			model: 'fake-model',
			provider: 'custom',
		});
		expect(messages.map(m => m.role)).toEqual([
			'system',
			'user',
			'assistant',
			'tool',
			'assistant',
			'tool',
			'tool',
			'tool',
			'assistant',
		]);
		// Spec fields only, with the spec's types.
		const allowed = new Set(['role', 'content', 'reasoningContent', 'toolCalls', 'toolCallId', 'timestamp', 'model']);
		for (const m of messages) {
			expect(Object.keys(m).every(key => allowed.has(key))).toBe(true);
			expect(typeof m.content).toBe('string');
			if (m.timestamp !== undefined) expect(Number.isInteger(m.timestamp)).toBe(true);
		}
		expect(messages[0].content).toMatch(/^# Role/);
		expect(messages[1]).toEqual({
			role: 'user',
			content: '[fake:tools] Inspect the workspace and run a few commands.',
			timestamp: Date.parse('2026-12-02T14:43:17.728Z'),
		});
		expect(messages[2]).toEqual({
			role: 'assistant',
			content: 'Let me look at the workspace first.',
			reasoningContent: 'First I should look at the workspace contents with ls.',
			toolCalls: [
				{
					id: 'call_5ed87fc614eb2498',
					function: {name: 'exec_command', arguments: '{"description":"List the workspace files","cmd":"ls -la"}'},
				},
			],
			timestamp: Date.parse('2026-12-02T14:43:18.593Z'),
			model: 'fake-model',
		});
		expect(messages[4].toolCalls?.map(call => call.id)).toEqual([
			'call_53d1622f7144fdfb',
			'call_c8481775619f2843',
			'call_cdd12f875f4c8df5',
		]);
		// Tool results in call order, each answering a call made before it.
		expect(messages.slice(5, 8).map(m => m.toolCallId)).toEqual(messages[4].toolCalls?.map(call => call.id));
		expect(messages[7]).toMatchObject({content: 'slow-done\n', timestamp: Date.parse('2026-12-02T14:43:23.577Z')});
		for (const call of messages.flatMap(m => m.toolCalls ?? []))
			expect(() => JSON.parse(call.function.arguments) as unknown).not.toThrow();
		expect(messages[8].content).toMatch(/^Done\./);
	});

	it('tells retries and the abort as system notes after what each attempt produced', () => {
		const {messages} = parse(formatSts(toView([...traceInputs(`${retry}_001.jsonl`), end], 0)));
		expect(messages.filter(m => m.role === 'assistant')).toHaveLength(3);
		const notes = messages
			.filter(m => m.role === 'system')
			.slice(1)
			.map(m => m.content);
		expect(notes).toHaveLength(7);
		expect(notes[0]).toMatch(/^\[request 1 timeout, attempt 1; retried after 2\.0 s\] 500 /);
		expect(notes[5]).toBe('[request 6 timeout, attempt 6] terminated: other side closed (UND_ERR_SOCKET)');
		expect(notes[6]).toBe('[aborted] reconnect failed after 5 retries');
		const roles = messages.map(m => m.role);
		// user, note 1, then request 2's partial answer before its note.
		expect(roles.slice(1, 5)).toEqual(['user', 'system', 'assistant', 'system']);
	});

	it('writes images as placeholders and gives every call a result', () => {
		const view = toView(
			[
				msg('model_msg', {type: 'text', role: 'user', text: 'see this'}, '2026-01-01T00:00:00Z'),
				msg(
					'model_msg',
					{type: 'image_url', role: 'user', image_url: 'data:image/png;base64,AAAAAAAA'},
					'2026-01-01T00:00:01Z',
				),
				msg('event_msg', {type: 'request_begin'}, '2026-01-01T00:00:02Z'),
				msg(
					'model_msg',
					{type: 'tool_call', role: 'assistant', name: 'shot', arguments: '{}', tool_call_id: 's'},
					'2026-01-01T00:00:03Z',
				),
				msg(
					'model_msg',
					{
						type: 'tool_call_output',
						role: 'user',
						output: 'image/png, 6 B',
						images: ['data:image/png;base64,AAAAAAAA'],
						tool_call_id: 's',
					},
					'2026-01-01T00:00:04Z',
				),
				msg(
					'model_msg',
					{type: 'tool_call', role: 'assistant', name: 'never', arguments: '{}', tool_call_id: 'n'},
					'2026-01-01T00:00:05Z',
				),
				end,
			],
			0,
		);
		const {header, messages} = parse(formatSts(view));
		expect(header.id).toBe('unknown');
		expect(messages.map(m => m.role)).toEqual(['user', 'user', 'assistant', 'tool', 'tool']);
		expect(messages[1].content).toBe('[image omitted: image/png, 6 B]');
		expect(messages[3]).toMatchObject({toolCallId: 's', content: 'image/png, 6 B\n[image omitted: image/png, 6 B]'});
		expect(messages[4]).toMatchObject({toolCallId: 'n', content: '[no output: unanswered]'});
		expect(formatSts(view)).not.toContain('base64');
	});

	it('leaves subagents out when asked to', () => {
		const view = toView(
			[
				msg('event_msg', {type: 'subagent', session_id: 'kid'}),
				{
					kind: 'message',
					message: {type: 'model_msg', origin: ['kid'], payload: {type: 'text', role: 'assistant', text: 'child says'}},
				},
				end,
			],
			0,
		);
		expect(parse(formatSts(view)).messages).toEqual([{role: 'assistant', content: 'child says', subagent: 'kid'}]);
		expect(parse(formatSts(view, {subagents: 'omit'})).messages).toEqual([]);
	});
});
