// Joining a session whose call has waited for approval a while: the wait is counted from the call's own time on the
// server's clock (its answer's Date header), not from when this viewer joined. Recorded from a real server: an
// always-ask session joined 14 s into the wait (its record, history and the stream's first events).
import {afterEach, describe, expect, it} from 'vitest';
import {startSse, type SseSource} from '../../source/io/sse-source.js';
import {SessionStore} from '../../source/model/session-store.js';
import {sessionTime} from '../../source/ui/screen/session-clock.js';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded, startSseServer, type Answer, type SseTestServer} from '../support/sse-server.js';
import {waitFor} from '../support/wait-for.js';

const record = serverAnswer('r3-late-join-record.json') as Answer & {
	headers: {date: string};
	json: {session: {sessionId: string}};
};
const sessionId = record.json.session.sessionId;

let server: SseTestServer | undefined;
let source: SseSource | undefined;
afterEach(async () => {
	source?.close();
	await server?.close();
	[server, source] = [undefined, undefined];
});

describe('a wait joined late', () => {
	it("reads as long as the call has waited on the server's clock, from the moment one joins", async () => {
		server = await startSseServer({
			sessionId,
			messages: () => serverAnswer('r3-late-join-messages.json') as Answer,
			// The server's own Date: its clock, as the record came.
			info: () => ({status: 200, json: record.json, headers: {date: record.headers.date}}),
			stream: connection => replayRecorded(connection, serverStreamBlocks('r3-late-join-stream.txt')),
		});
		const store = new SessionStore({label: '', state: 'connecting'});
		const joinedBy = Date.now();
		source = startSse(store, {url: server.streamUrl, headers: [], insecure: false, follow: true});
		const waiting = () =>
			store.view.items.find(item => item.kind === 'tool_call' && item.state === 'awaiting_approval');
		await waitFor(
			() => waiting() !== undefined && store.view.header.modelId !== undefined,
			'the waiting call and the record',
		);
		const call = waiting()!;
		const now = Date.now();
		const waited = sessionTime(store.view, store.status, now).now - call.at!;
		// The record's Date (whole seconds, taken at the middle of one) less the call's time: 14.3 s when it answered.
		const atAnswer = Date.parse(record.headers.date) + 500 - call.at!;
		expect(atAnswer).toBeGreaterThan(14_000);
		expect(waited).toBeGreaterThanOrEqual(atAnswer);
		expect(waited).toBeLessThanOrEqual(atAnswer + (now - joinedBy));
	});
});
