// Titles over a rebuild: history holds none, so the client repeats the last title of each session
// it has seen (the recorded user channel: a session's titles and its subagent's, fixtures/server/).
import {describe, expect, it} from 'vitest';
import {startSseClient, type SseClient} from '../../source/io/sse/client.js';
import {SessionStore} from '../../source/model/session-store.js';
import {Collector, fastTimings} from '../support/sse-collect.js';
import {serverStreamBlocks} from '../support/sse-fixtures.js';
import {closeAfterEach, startSseServer, type SseTestServer} from '../support/sse-server.js';

const mainId = 'session-2026-12-03-13-31-49-7d2810f6';
const titleBlocks = serverStreamBlocks('events-stream.txt').filter(block => block.data?.includes('"session_title"'));

let server: SseTestServer | undefined;
let client: SseClient | undefined;
closeAfterEach(
	() => ({client, server}),
	() => (client = server = undefined),
);

describe('session titles across a resync', () => {
	it('the rebuilt view keeps this session’s last title in the header, not its subagent’s', async () => {
		// The recording: two titles for the session, then two for its subagent, the last word the subagent's.
		expect(titleBlocks.map(block => (JSON.parse(block.data!) as {sessionId: string}).sessionId === mainId)).toEqual([
			true,
			true,
			false,
			false,
		]);
		server = await startSseServer({
			sessionId: mainId,
			stream: async connection => {
				if (connection.index === 0) {
					await connection.write(titleBlocks.map(block => block.text).join(''));
					connection.drop();
					return;
				}
				await connection.event({event: 'server_event', data: '{"type":"resync_required"}', id: 'b358e755-900'});
				await connection.event({
					event: 'server_event',
					data: '{"type":"task_state","state":"idle","queued":0}',
					id: 'b358e755-901',
				});
			},
			messages: () => ({status: 200, json: {messages: []}}),
		});
		const store = new SessionStore({label: 'test', state: 'connecting'});
		const collector = new Collector();
		client = startSseClient({url: server.streamUrl, timings: fastTimings, random: () => 0}, event => {
			collector.listener(event);
			if (event.type === 'reset') store.rebuild([]);
			if (event.type === 'inputs') store.apply(event.inputs);
		});
		await collector.until(
			() => collector.events.some(event => event.type === 'reset') && collector.inputsSinceReset().length > 0,
			'the rebuilt view',
		);
		const titles = collector
			.inputsSinceReset()
			.flatMap(input =>
				input.kind === 'server_event' && input.event.type === 'session_title' ? [input.event['title']] : [],
			);
		expect(titles).toEqual(['Listing the workspace', 'Subagent done: the workspace w']);
		expect(store.view.header.sessionId).toBe(mainId);
		expect(store.view.header.title).toBe('Listing the workspace');
	});
});
