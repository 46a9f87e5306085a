// A finished session read over HTTP that runs again is followed over its stream (issue 29): the stream's history
// replaces what was read as a resync does, each item keeping its id (the screen keeps focus, open panes and the
// count of new panes by id), and only what is new takes new ids.
import {afterEach, describe, expect, it} from 'vitest';
import {startSse, type SseSource} from '../../source/io/sse-source.js';
import {SessionStore} from '../../source/model/session-store.js';
import type {Item, SessionView} from '../../source/model/view-model.js';
import {traceInputs} from '../../source/server/http-trace.js';
import {serverAnswer} from '../support/sse-fixtures.js';
import {startSseServer, type SseTestServer} from '../support/sse-server.js';
import {waitFor} from '../support/wait-for.js';

const idleId = 'session-2026-12-03-13-31-49-7d2810f6';
// The recorded trace of the finished session: what the HTTP reader read, and what /messages answers once it runs again.
const traced = (serverAnswer('trace-1.json').json as {events: object[]}).events;
const at = '2026-12-03T14:00:00.000Z';
// The new run on the stream: three new panes (the prompt, a request, the answer).
const newRun = [
	{type: 'model_msg', payload: {type: 'text', role: 'user', text: 'Once more, please.', stop_reason: 'completed'}},
	{type: 'event_msg', payload: {type: 'request_begin'}},
	{type: 'model_msg', payload: {type: 'text', role: 'assistant', text: 'Listed again.', stop_reason: 'completed'}},
].map(message => ({timestamp: at, ...message}));

let server: SseTestServer | undefined;
let source: SseSource | undefined;
afterEach(async () => {
	source?.close();
	await server?.close();
	server = undefined;
});

function ids(view: SessionView): Map<Item, number> {
	const out = new Map<Item, number>();
	for (const item of view.items) out.set(item, item.id);
	return out;
}

describe('from the trace read over HTTP to the live stream', () => {
	it('keeps each item’s id; only the new run takes new ones', async () => {
		const store = new SessionStore({label: '', state: 'reading'});
		store.apply([...traceInputs(1, traced), {kind: 'end'}]);
		const before = store.view.items.filter(item => item.kind !== 'shard');
		const keyOf = (item: Item): string =>
			item.kind === 'tool_call' ? `call:${item.callId}` : item.kind === 'subagent' ? `subagent:${item.sessionId}` : '';
		const oldIds = new Map(before.filter(item => keyOf(item) !== '').map(item => [keyOf(item), item.id]));
		expect([...oldIds.keys()].some(key => key.startsWith('subagent:'))).toBe(true);
		const highest = Math.max(...store.view.items.map(item => item.id));

		server = await startSseServer({
			sessionId: idleId,
			messages: () => ({status: 200, json: {messages: [...traced, ...newRun]}}),
			stream: async connection => {
				await connection.event({
					event: 'server_event',
					data: JSON.stringify({type: 'task_state', state: 'running', queued: 0}),
					id: 'c0ffee00-1',
				});
			},
		});
		source = startSse(store, {url: server.streamUrl, headers: [], insecure: false, follow: true, replaceOnJoin: true});
		await waitFor(
			() => store.view.items.some(item => item.kind === 'assistant_text' && item.text === 'Listed again.'),
			'the new run',
		);

		const after = store.view.items;
		for (const item of after)
			if (keyOf(item) !== '' && oldIds.has(keyOf(item))) expect(item.id).toBe(oldIds.get(keyOf(item)));
		const fresh = after.filter(item => item.id > highest);
		expect(fresh.map(item => item.kind)).toEqual(['user_text', 'request', 'assistant_text']);
		expect(ids(store.view).size).toBe(after.length);
	});
});
