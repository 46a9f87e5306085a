// A server that greets every connection and then closes it: the retries slow down (attempts counted across such
// connections) and print mode says the same reason once, then `(again ×N)`.
import {afterEach, describe, expect, it} from 'vitest';
import {RepeatedLines, startSse, type SseSource} from '../../source/io/sse-source.js';
import {SessionStore} from '../../source/model/session-store.js';
import {startSseServer, type SseTestServer} from '../support/sse-server.js';
import {waitFor} from '../support/wait-for.js';

let server: SseTestServer | undefined;
let source: SseSource | undefined;

afterEach(async () => {
	source?.close();
	source = undefined;
	await server?.close();
	server = undefined;
});

const snapshot = {event: 'server_event', data: JSON.stringify({type: 'task_state', state: 'idle'})};

describe('a server that closes every connection', () => {
	it(
		'the attempt grows and the waits with it; the repeated reason is one line, then (again ×2), (again ' +
			'×4), (again ×8)',
		async () => {
			// Every connection: the task_state snapshot a fresh subscription starts with, then closed.
			server = await startSseServer({
				stream: async connection => {
					await connection.event(snapshot);
					connection.drop();
				},
			});
			const lines: string[] = [];
			const store = new SessionStore({label: '', state: 'connecting'});
			source = startSse(store, {
				url: server.streamUrl,
				headers: [],
				insecure: false,
				follow: true,
				onConnectionTrouble: line => lines.push(line),
				timings: {initialRetryMs: 4, maxRetryMs: 1_000, idleTimeoutMs: 5_000, firstEventWaitMs: 50},
			});
			await waitFor(() => server!.connections.length >= 9, 'nine connections');
			const reconnects = lines.filter(line => line.startsWith('reconnecting'));
			// One line per reason, then one at each doubling of its count: not one per connection.
			expect(reconnects[0]).toMatch(/^reconnecting in .* \(attempt 1\): .*other side closed$/);
			expect(reconnects.slice(1, 4)).toEqual([
				expect.stringMatching(/\(attempt 2\): .*other side closed \(again ×2\)$/),
				expect.stringMatching(/\(attempt 4\): .*other side closed \(again ×4\)$/),
				expect.stringMatching(/\(attempt 8\): .*other side closed \(again ×8\)$/),
			]);
			// The history asked for again on each connection: said once, then at the doublings too.
			const resyncs = lines.filter(line => line.startsWith('resyncing'));
			expect(resyncs.length).toBeLessThanOrEqual(4);
			expect(lines.length).toBeLessThan(server.connections.length);
		},
	);
});

describe('RepeatedLines', () => {
	it('a first failure after a connection that worked (attempt 1) is said in full again', () => {
		const said = new RepeatedLines();
		expect(said.line('a', 'x', true)).toBe('a');
		expect(said.line('b', 'x', false)).toBe('b (again ×2)');
		expect(said.line('c', 'x', false)).toBeUndefined();
		expect(said.line('d', 'x', true)).toBe('d');
		expect(said.line('e', 'y', false)).toBe('e');
	});
});
