// The session model: pairing, states, streaming aggregation, compaction, subagents, and trace/stream equivalence.
import {describe, expect, it} from 'vitest';
import {inMemory} from '../../source/model/held-text.js';
import {imageDataChars} from '../../source/model/images.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {transcriptOf} from '../../source/model/transcript.js';
import type {Item, ToolCallItem} from '../../source/model/view-model.js';
import {msg, sseInputs, traceInputs} from '../helpers/recordings.js';

const now = Date.parse('2026-12-02T15:00:00Z');

function build(inputs: ModelInput[]): SessionModel {
	const model = new SessionModel({recordFinalized: true});
	model.applyAll(inputs, now);
	return model;
}

const ofKind = <K extends Item['kind']>(model: SessionModel, kind: K) =>
	model.view.items.filter((item): item is Extract<Item, {kind: K}> => item.kind === kind);

const calls = (model: SessionModel): ToolCallItem[] => ofKind(model, 'tool_call');

const partial = (type: string, event: string, fields: Record<string, unknown>) =>
	msg('model_msg', {type, event_type: event, role: 'assistant', ...fields});

describe('trace fixtures', () => {
	it('reads the header, pairs parallel tool calls with outputs that land after request_end, and counts tokens', () => {
		const model = build([...traceInputs('session-2026-12-02-14-43-17-694155ee_001.jsonl'), {kind: 'end'}]);
		const {header, tokens, counts} = model.view;
		expect(header.sessionId).toBe('session-2026-12-02-14-43-17-694155ee');
		expect(`${header.provider}/${header.modelId}`).toBe('custom/fake-model');
		expect(header.contextWindow).toBe(64_000);
		expect(header.tools.map(tool => tool.name)).toContain('exec_command');
		const states = calls(model).map(call => [JSON.parse(call.args).cmd, call.state, call.approval]);
		expect(states).toEqual([
			['ls -la', 'done', 'allow'],
			['seq 1 300', 'done', 'allow'],
			['ls /definitely/not/here', 'failed', 'allow'],
			['sleep 2; echo slow-done', 'done', 'allow'],
		]);
		expect(calls(model)[3]!.output).toBe('slow-done\n');
		expect(inMemory(calls(model)[1]!.output!).split('\n')).toHaveLength(301);
		expect(tokens.session).toEqual({cache_read: 2250, cache_write: 2250, output: 279, total: 4779});
		expect(tokens.lastRequest?.total).toBe(1591);
		expect(counts).toMatchObject({requests: 3, toolCalls: 4, failures: 1, malformed: 0});
	});

	it('shows retries with attempt, error and wait, then the abort that ends them', () => {
		const model = build(traceInputs('session-2026-12-02-14-43-17-d6ae8f31_001.jsonl'));
		const requests = ofKind(model, 'request');
		expect(requests.map(request => request.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(requests[0]).toMatchObject({status: 'timeout', retryInMs: 2000, retried: true});
		expect(requests[0]!.error).toContain('fake upstream overloaded');
		expect(requests[0]!.retryAt).toBe(requests[0]!.endedAt! + 2000);
		expect(requests[5]).toMatchObject({status: 'timeout', retried: false, retryInMs: undefined});
		expect(ofKind(model, 'abort')[0]!.reason).toBe('reconnect failed after 5 retries');
		expect(ofKind(model, 'assistant_text')[0]!.stopReason).toBe('timeout');
		expect(model.view.counts).toMatchObject({requests: 6, retries: 5, failures: 1});
	});

	it('keeps the compaction span apart from the conversation and marks the next shard', () => {
		const model = build([
			...traceInputs('session-2026-12-02-14-45-42-8e7b556c_001.jsonl', 1),
			...traceInputs('session-2026-12-02-14-45-42-8e7b556c_002.jsonl', 2),
		]);
		const [compaction] = ofKind(model, 'compaction');
		expect(compaction).toMatchObject({
			reason: 'manual',
			mode: 'summarize',
			context: 1591,
			turns: 4,
			status: 'completed',
		});
		expect(compaction!.summary).toMatch(/^\[summary\]The user asked/);
		// The compaction's own prompt and request are not conversation items.
		const userTexts = ofKind(model, 'user_text');
		expect(userTexts.some(item => inMemory(item.text).startsWith('Summarize the task transcript'))).toBe(false);
		expect(model.view.counts.requests).toBe(5);
		const [shard] = ofKind(model, 'shard');
		expect(shard).toMatchObject({index: 2, afterCompaction: true});
		expect(userTexts.find(item => item.marker === 'context_summary')?.text).toMatch(/^\[context_summary\]/);
		expect(model.view.shard).toBe(2);
	});

	it('links a subagent pointer to the run_subagent call that spawned it', () => {
		const model = build(traceInputs('session-2026-12-02-14-43-17-a1f608ba_001.jsonl'));
		const [pointer] = ofKind(model, 'subagent');
		expect(pointer).toMatchObject({
			sessionId: 'session-2026-12-02-14-43-19-1fcdf9f5',
			description: 'Delegate listing the workspace',
		});
		expect(calls(model)[0]!.childSessionId).toBe('session-2026-12-02-14-43-19-1fcdf9f5');
	});

	it('shows who sent a user text', () => {
		const model = build(traceInputs('session-2026-12-02-14-43-19-1fcdf9f5_001.jsonl'));
		expect(ofKind(model, 'user_text')[0]!.sender).toBe('parent_agent');
		expect(model.view.header.source).toBe('subagent');
	});
});

describe('the same session from its trace and from its live stream', () => {
	it('gives the same transcript', () => {
		const fromTrace = build([
			...traceInputs('session-2026-12-02-14-45-42-8e7b556c_001.jsonl', 1),
			...traceInputs('session-2026-12-02-14-45-42-8e7b556c_002.jsonl', 2),
			{kind: 'end'},
		]);
		const fromStream = build([...sseInputs('A-session-stream.jsonl'), {kind: 'end'}]);
		const transcript = transcriptOf(fromTrace.view);
		expect(transcript.length).toBeGreaterThan(20);
		expect(transcriptOf(fromStream.view)).toEqual(transcript);
		expect(fromStream.view.header.title).toBe('Fake chat session');
		expect(fromStream.view.task).toEqual({state: 'idle', queued: 0});
	});

	it('streams a fragment visibly before its complete message replaces it', () => {
		const inputs = sseInputs('A-session-stream.jsonl');
		const model = new SessionModel();
		const firstStop = inputs.findIndex(
			input =>
				input.kind === 'message' &&
				input.message.payload.type === 'partial_text' &&
				input.message.payload['event_type'] === 'stop',
		);
		model.applyAll(inputs.slice(0, firstStop - 5), now);
		const streaming = ofKind(model, 'assistant_text').at(-1)!;
		expect(streaming.streaming).toBe(true);
		expect(streaming.text).toMatch(/^A \*\*Trace\*\* is an append-only/);
		model.applyAll(inputs.slice(firstStop - 5, firstStop + 2), now);
		const done = ofKind(model, 'assistant_text');
		expect(done).toHaveLength(1);
		expect(done[0]!.streaming).toBe(false);
		expect(done[0]!.text).toContain('Unicode check');
	});
});

describe('streaming aggregation', () => {
	it('accepts a delta with no start, and a stop with no complete stands as final', () => {
		const model = build([
			partial('partial_text', 'delta', {text: 'Hel'}),
			partial('partial_text', 'delta', {text: 'lo'}),
			partial('partial_text', 'stop', {text: ''}),
			msg('event_msg', {type: 'request_end', status: 'completed'}),
		]);
		expect(ofKind(model, 'assistant_text').map(item => [item.text, item.streaming])).toEqual([['Hello', false]]);
		expect(model.takeFinalized().filter(entry => entry.item.kind === 'assistant_text')).toHaveLength(1);
	});

	it('closes the open fragment when a start arrives on the same key', () => {
		const model = build([
			partial('partial_text', 'start', {text: 'first'}),
			partial('partial_text', 'start', {text: 'second'}),
			partial('partial_text', 'stop', {text: ''}),
			msg('model_msg', {type: 'text', role: 'assistant', text: 'second, complete'}),
		]);
		expect(ofKind(model, 'assistant_text').map(item => item.text)).toEqual(['first', 'second, complete']);
	});

	it('attributes interleaved tool-call fragments by tool_call_id and carries images whole', () => {
		const model = build([
			partial('partial_tool_call', 'start', {tool_call_id: 'a', name: 'exec_command', arguments: ''}),
			partial('partial_tool_call', 'start', {tool_call_id: 'b', name: 'read_file', arguments: '{"file'}),
			partial('partial_tool_call', 'delta', {tool_call_id: 'a', name: '', arguments: '{"cmd":'}),
			partial('partial_tool_call', 'delta', {tool_call_id: 'b', name: '', arguments: '_path":"x"}'}),
			partial('partial_tool_call', 'delta', {tool_call_id: 'a', name: '', arguments: '"ls"}'}),
			partial('partial_tool_call_output', 'delta', {
				tool_call_id: 'b',
				output: 'image/png, 82 B',
				images: ['data:image/png;base64,iVBORw0KGgo='],
			}),
		]);
		const [a, b] = calls(model);
		expect([a!.name, a!.args, a!.state]).toEqual(['exec_command', '{"cmd":"ls"}', 'streaming']);
		expect([b!.name, b!.args]).toEqual(['read_file', '{"file_path":"x"}']);
		expect(b!.images).toEqual([{mimeType: 'image/png', bytes: 8}]);
		expect(b!.outputStreaming).toBe(true);
	});

	it('seeds a fragment from a start that carries the whole content so far', () => {
		const model = build([
			partial('partial_text', 'start', {text: 'A **Trace** is an '}),
			partial('partial_text', 'delta', {text: 'append-only file'}),
		]);
		expect(ofKind(model, 'assistant_text')[0]!.text).toBe('A **Trace** is an append-only file');
	});
});

describe('tool call states', () => {
	const call = (id: string, name = 'exec_command') =>
		msg('model_msg', {type: 'tool_call', role: 'assistant', name, arguments: '{"cmd":"rm -rf /"}', tool_call_id: id});
	const output = (id: string, stop: string, text = 'x') =>
		msg('model_msg', {type: 'tool_call_output', role: 'user', output: text, tool_call_id: id, stop_reason: stop});
	const decision = (id: string, value: string) =>
		msg('event_msg', {type: 'approval_decision', decision: value, tool_call_id: id});

	it('marks denied and forbidden calls, keeping the synthetic aborted output', () => {
		const model = build([
			call('d'),
			decision('d', 'deny'),
			output('d', 'aborted', 'Tool call denied by user.'),
			call('f'),
			decision('f', 'forbidden'),
		]);
		const [denied, forbidden] = calls(model);
		expect([denied!.state, denied!.approval, denied!.output]).toEqual(['denied', 'deny', 'Tool call denied by user.']);
		expect([forbidden!.state, forbidden!.approval]).toEqual(['forbidden', 'forbidden']);
	});

	it('pairs an output that arrives before its call, and a decision that arrives first', () => {
		const model = build([
			output('early', 'completed', 'done early'),
			decision('late', 'allow'),
			call('late'),
			call('early'),
		]);
		const byId = Object.fromEntries(calls(model).map(item => [item.callId, item]));
		expect(byId['early']).toMatchObject({state: 'done', output: 'done early', name: 'exec_command'});
		expect(byId['late']).toMatchObject({state: 'running', approval: 'allow'});
		expect(model.view.counts.toolCalls).toBe(2);
	});

	it('waits for approval on approval_request, and says never answered when the source ends', () => {
		const model = new SessionModel();
		const toolCall = {
			timestamp: '2026-12-02T15:00:00Z',
			type: 'model_msg',
			payload: {type: 'tool_call', role: 'assistant', name: 'exec_command', arguments: '{}', tool_call_id: 'w'},
		};
		model.applyAll([call('w'), {kind: 'server_event', event: {type: 'approval_request', toolCall}}], now);
		expect(calls(model)[0]!.state).toBe('awaiting_approval');
		model.apply({kind: 'end'}, now);
		expect(calls(model)[0]!.state).toBe('unanswered');
	});

	it('marks calls still running when the turn is aborted', () => {
		const model = build([call('r'), msg('event_msg', {type: 'abort', reason: 'aborted by user'})]);
		expect(calls(model)[0]!.state).toBe('aborted');
	});
});

describe('everything else, and what it does not know', () => {
	it('shows images and inline thinking as placeholders, never their data', () => {
		const model = build([
			msg('model_msg', {type: 'image_url', role: 'user', image_url: `data:image/png;base64,${'A'.repeat(4000)}`}),
			msg('model_msg', {
				type: 'inline_thinking',
				role: 'assistant',
				data: 'QUJD',
				mime_type: 'application/x-reasoning',
			}),
		]);
		expect(ofKind(model, 'image')[0]!.image).toEqual({mimeType: 'image/png', bytes: 3000});
		expect(ofKind(model, 'thinking')[0]!.inline).toEqual({mimeType: 'application/x-reasoning', bytes: 3});
		expect(JSON.stringify(model.view.items)).not.toContain('AAAA');
	});

	it("keeps a small image's data only when asked (--export html), a large one never", () => {
		const small = 'data:image/png;base64,iVBORw0KGgo=';
		const large = `data:image/png;base64,${'A'.repeat(90_000)}`;
		const inputs = [
			msg('model_msg', {type: 'image_url', role: 'user', image_url: small}),
			msg('model_msg', {type: 'image_url', role: 'user', image_url: large}),
		];
		const images = (model: SessionModel) => ofKind(model, 'image').map(item => item.image);
		expect(images(build(inputs))).toEqual([
			{mimeType: 'image/png', bytes: 8},
			{mimeType: 'image/png', bytes: 67_500},
		]);
		const keeping = new SessionModel({keepImageData: true});
		keeping.applyAll(inputs, 0);
		expect(images(keeping)).toEqual([
			{mimeType: 'image/png', bytes: 8, dataUrl: small},
			{mimeType: 'image/png', bytes: 67_500},
		]);
		// Up to 8 MB of data in all: the images past it are their type and size, however small.
		const medium = `data:image/png;base64,${'A'.repeat(60_000)}`;
		const many = new SessionModel({keepImageData: true});
		const count = Math.floor(imageDataChars / medium.length) + 2;
		many.applyAll(
			Array.from({length: count}, () => msg('model_msg', {type: 'image_url', role: 'user', image_url: medium})),
			0,
		);
		const kept = images(many).filter(image => image.dataUrl !== undefined).length;
		expect(kept).toBe(Math.floor(imageDataChars / medium.length));
		expect(images(many).at(-1)).toEqual({mimeType: 'image/png', bytes: 45_000});
	});

	it('keeps unknown payload types and known types of the wrong shape as generic rows', () => {
		const model = build([
			msg('event_msg', {type: 'brand_new_event', value: 1}),
			msg('model_msg', {type: 'text', role: 'assistant', text: 42}),
			msg('model_msg', {type: 'text', role: 'assistant', text: 'still here'}),
		]);
		expect(ofKind(model, 'unknown').map(item => [item.payloadType, item.why])).toEqual([
			['brand_new_event', 'unknown'],
			['text', 'invalid'],
		]);
		expect(ofKind(model, 'assistant_text')[0]!.text).toBe('still here');
	});

	it('reads goal_finished, mcp_connect and the legacy request_end message field', () => {
		const model = build([
			msg('event_msg', {type: 'mcp_connect_begin', servers: ['files']}),
			msg('event_msg', {
				type: 'mcp_connect_end',
				status: 'completed',
				results: [{server: 'files', transport: 'stdio', status: 'connected', duration_ms: 12}],
			}),
			msg('event_msg', {type: 'request_begin'}),
			msg('event_msg', {type: 'request_end', status: 'failed', message: 'quota exceeded'}),
			msg('event_msg', {type: 'goal_finished', outcome: 'complete', rounds: 3, tokens_used: 1200}),
		]);
		expect(ofKind(model, 'mcp_connect')[0]).toMatchObject({servers: ['files'], status: 'completed'});
		expect(ofKind(model, 'request')[0]).toMatchObject({status: 'failed', error: 'quota exceeded'});
		expect(ofKind(model, 'goal_finished')[0]).toMatchObject({outcome: 'complete', rounds: 3, tokensUsed: 1200});
	});

	it('routes origin-tagged messages into nested child sessions, recursively', () => {
		const child = ['session-child'];
		const grandchild = ['session-child', 'session-grandchild'];
		const model = build([
			{
				kind: 'message',
				message: {
					type: 'session_meta',
					origin: child,
					payload: {session_id: 'session-child', source: 'subagent'} as never,
				},
			},
			{
				kind: 'message',
				message: {type: 'model_msg', origin: child, payload: {type: 'text', role: 'assistant', text: 'child speaks'}},
			},
			{
				kind: 'message',
				message: {
					type: 'model_msg',
					origin: grandchild,
					payload: {type: 'text', role: 'assistant', text: 'grandchild speaks'},
				},
			},
		]);
		const [pointer] = ofKind(model, 'subagent');
		expect(pointer!.child!.header.sessionId).toBe('session-child');
		const nested = pointer!.child!.items.find(item => item.kind === 'subagent');
		expect(
			nested?.kind === 'subagent' &&
				nested.child?.items.some(item => item.kind === 'assistant_text' && item.text === 'grandchild speaks'),
		).toBe(true);
		expect(ofKind(model, 'assistant_text')).toHaveLength(0);
	});

	it('counts malformed lines and keeps their neighbours', () => {
		const model = build([
			msg('model_msg', {type: 'text', role: 'user', text: 'before'}),
			{kind: 'malformed', malformed: {line: 2, offset: 40, reason: 'invalid JSON', excerpt: '{"tim'}},
			msg('model_msg', {type: 'text', role: 'user', text: 'after'}),
		]);
		expect(model.view.items.map(item => item.kind)).toEqual(['user_text', 'malformed', 'user_text']);
		expect(model.view.counts.malformed).toBe(1);
	});
});
