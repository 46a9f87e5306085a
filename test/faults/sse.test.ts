// The built program following a misbehaving SSE server in print mode: killed mid-event and restarted with a new epoch,
// duplicate and out-of-order events, an event that never completes, an event of 100 MB, redirects, a server that
// accepts and never answers, an untrusted certificate; every message shown exactly once, the program alive or ending
// with its documented code.
import net, {type AddressInfo} from 'node:net';
import {readFileSync} from 'node:fs';
import {afterEach, describe, expect, it} from 'vitest';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';
import {untilQuiet} from '../support/process-state.js';
import {terminalHazards} from '../support/fault-hostile.js';
import {
	block,
	blocks,
	eachOnce,
	historyAnswer,
	markerCounts,
	sseSessionId,
	turnEvents,
	turnMarkers,
	turns,
} from '../support/fault-sse.js';
import {startSseServer, type SseTestServer} from '../support/sse-server.js';
import {testTlsCert, testTlsKey} from '../support/sse-tls.js';

const servers: Array<{close(): Promise<void>}> = [];
let child: ReturnType<typeof startCli> | undefined;

afterEach(async () => {
	if (child && child.exitCode === null) child.kill('SIGKILL');
	child = undefined;
	for (const server of servers.splice(0)) await server.close();
});

async function server(options: Parameters<typeof startSseServer>[0]): Promise<SseTestServer> {
	const started = await startSseServer({sessionId: sseSessionId, messages: () => historyAnswer([]), ...options});
	servers.push(started);
	return started;
}

/** Follows `url` in print mode. */
function follow(url: string, ...flags: string[]): ReturnType<typeof startCli> {
	child = startCli(['--sse', url, '--print', ...flags]);
	return child;
}

/** Every marker of turns `from`…`to - 1` has been printed. */
const printed = (from: number, to: number) => (): boolean => {
	const counts = markerCounts(child!.output(), from, to);
	return Object.values(counts).every(count => count >= 1);
};

/** SIGTERM ends it with code 0; returns its stdout. */
async function stop(): Promise<string> {
	expect(child!.exitCode).toBeNull();
	child!.kill('SIGTERM');
	const result = await waitForExit(child!, 5000);
	expect(result.code).toBe(0);
	return result.stdout;
}

describe('the stream breaks', () => {
	it('killed in the middle of an event and restarted with a new epoch: the half event is dropped, history ' +
		'is reloaded, every message shows once', async () => {
		const before = turns(0, 4);
		const first = await server({
			stream: async connection => {
				await connection.write(blocks(before, 'e1').join(''));
				// Half of the next event, then the server dies.
				await connection.write(block(turnEvents(4)[0]!, 'e1', before.length + 1).slice(0, 40));
				connection.drop();
			},
		});
		const port = first.port;
		follow(first.streamUrl);
		await waitFor(printed(0, 4), 'the first four turns', 10_000);
		await first.close();
		servers.splice(servers.indexOf(first), 1);
		// The restarted server has a new epoch; its history holds everything so far.
		const all = turns(0, 6);
		const upToFive = turns(0, 5);
		let historySent = (): void => {};
		const sent = new Promise<void>(resolve => (historySent = resolve));
		const second: SseTestServer = await server({
			port,
			messages: (_n, request) => {
				// The rest of the stream follows once the history answer is out.
				void second.responded(request).then(historySent);
				return historyAnswer(upToFive, 'e2-1');
			},
			stream: async connection => {
				await connection.event({
					event: 'server_event',
					data: '{"type":"task_state","state":"running","queued":0}',
					id: 'e2-1',
				});
				await sent;
				await connection.write(blocks(all.slice(upToFive.length), 'e2', 2).join(''));
			},
		});
		await waitFor(printed(0, 6), 'every turn after the restart', 15_000);
		// Anything printed twice would be out by the time the program sits waiting again.
		await untilQuiet(child!.pid!, 'the program to have handled the restart');
		expect(second.requestsTo('/stream').length).toBeGreaterThanOrEqual(1);
		const out = await stop();
		expect(markerCounts(out, 0, 6)).toEqual(eachOnce(0, 6));
		// A note about the connection: on stderr, never in the transcript.
		expect(out).not.toContain('history reloaded');
		expect(child!.errors()).toContain(
			'penguin-view: note: history reloaded: the server restarted its stream (new epoch)\n',
		);
		expect(child!.errors()).toMatch(/reconnecting/);
	}, 30_000);

	it('dropped after half an event: the client resumes with Last-Event-ID, the half is never shown, the ' +
		'replay shows once', async () => {
		const events = turns(0, 3);
		const cut = turnEvents(0).length;
		const sent = blocks(events, 'e1');
		const s = await server({
			stream: async connection => {
				const after = connection.lastEventId === undefined ? 0 : Number(connection.lastEventId.split('-')[1]);
				if (after === 0) {
					await connection.write(sent.slice(0, cut).join(''));
					await connection.write(sent[cut]!.slice(0, 60));
					connection.drop();
					return;
				}
				await connection.write(sent.slice(after).join(''));
			},
		});
		follow(s.streamUrl);
		await waitFor(printed(0, 3), 'all three turns', 10_000);
		expect(s.connections[1]?.lastEventId).toBe(`e1-${cut}`);
		const out = await stop();
		expect(markerCounts(out, 0, 3)).toEqual(eachOnce(0, 3));
	}, 20_000);
});

describe('the events are wrong', () => {
	it('every event sent twice (same id): each message shows once', async () => {
		const events = turns(0, 3);
		const s = await server({
			stream: async connection => {
				const sent = blocks(events, 'e1');
				await connection.write(sent.map(text => text + text).join(''));
				// Then one more turn, once: when it is printed, every copy before it has been handled.
				await connection.write(blocks(turns(3, 4), 'e1', sent.length + 1).join(''));
			},
		});
		follow(s.streamUrl);
		await waitFor(printed(0, 4), 'all four turns', 10_000);
		const out = await stop();
		expect(markerCounts(out, 0, 4)).toEqual(eachOnce(0, 4));
	});

	it(
		'out of order (an output before its call, the answer before the prompt): every message shows once, the ' +
			'output labelled with its call',
		async () => {
			const events = turnEvents(0);
			// user, begin, start, 3 deltas, stop, text, call, output, end → end, output, text, call, user, begin.
			// Then turn 2 in order: when it is printed, everything before it has been handled.
			const shuffled = [
				events[10]!,
				events[9]!,
				events[7]!,
				events[8]!,
				events[0]!,
				events[1]!,
				...turnEvents(1),
				...turnEvents(2),
			];
			const s = await server({
				stream: async connection => {
					await connection.write(blocks(shuffled, 'e1').join(''));
				},
			});
			follow(s.streamUrl);
			await waitFor(printed(0, 3), 'the three turns', 10_000);
			const out = await stop();
			expect(markerCounts(out, 0, 3)).toEqual(eachOnce(0, 3));
			// Printed as it came: before its call, by the call's id (its name is not known yet).
			expect(out).toMatch(/tool output [^\n]*\(call_0\)[^\n]*\n\s+⟪T0⟫/);
		},
	);

	it('an event that never completes: what came before is shown, the program stays up and ends on SIGTERM', async () => {
		const s = await server({
			stream: async connection => {
				await connection.write(blocks(turns(0, 2), 'e1').join(''));
				await connection.write(
					`data: {"timestamp":"x","type":"model_msg","payload":{"type":"text","role":"user","text":"${turnMarkers(9).user}`,
				);
			},
		});
		follow(s.streamUrl);
		await waitFor(printed(0, 2), 'both turns', 10_000);
		// Asleep with nothing more to read: the unfinished event has been taken in, and is held.
		await untilQuiet(child!.pid!, 'the program to wait for the rest of the event');
		const out = await stop();
		expect(markerCounts(out, 0, 2)).toEqual(eachOnce(0, 2));
		expect(out).not.toContain(turnMarkers(9).user);
	});

	it('an event of 100 MB: refused past the 16 MiB limit with a visible notice, memory stays bounded, the ' +
		'stream carries on', async () => {
		const s = await server({
			stream: async connection => {
				await connection.write(blocks(turns(0, 1), 'e1').join(''));
				const huge = Buffer.alloc(100 * 1024 * 1024, 'q');
				await connection.write(
					`data: {"timestamp":"x","type":"model_msg","payload":{"type":"tool_call_output","role":"user",` +
						`"tool_call_id":"call_0","output":"`,
				);
				for (let offset = 0; offset < huge.length && !connection.closed; offset += 4 * 1024 * 1024)
					await connection.write(huge.subarray(offset, offset + 4 * 1024 * 1024));
				await connection.write('"}}\nid: e1-500\n\n');
				await connection.write(blocks(turns(1, 2), 'e1', 501).join(''));
			},
		});
		follow(s.streamUrl);
		await waitFor(printed(0, 2), 'the turns on both sides of the huge event', 20_000);
		const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child!.pid}/status`, 'utf8'))?.[1]);
		const out = await stop();
		expect(child!.errors()).toContain(
			'penguin-view: note: dropped a stream event larger than 16 MiB; the stream carries on\n',
		);
		expect(markerCounts(out, 0, 2)).toEqual(eachOnce(0, 2));
		// Far below the event's 100 MB (and its UTF-16 copy): only the limit's worth was ever held.
		expect(peakKb).toBeLessThan(250 * 1024);
	}, 30_000);
});

describe('the server is odd', () => {
	it('redirects (307) to another server: stream and history are followed there', async () => {
		const events = turns(0, 2);
		const target = await server({
			messages: () => historyAnswer(events.slice(0, 11)),
			stream: connection => void connection.write(blocks(events.slice(11), 'e1', 12).join('')),
		});
		const redirector = await server({
			sessionId: 'session-nowhere',
			other: request => ({status: 307, headers: {location: `${target.origin}${request.path}`}}),
		});
		follow(`${redirector.origin}/api/sessions/${sseSessionId}/stream`);
		await waitFor(printed(0, 2), 'both turns through the redirect', 10_000);
		const out = await stop();
		expect(markerCounts(out, 0, 2)).toEqual(eachOnce(0, 2));
		expect(target.requestsTo('/messages')).toHaveLength(1);
	});

	it('a server that accepts and never answers: the program waits, connecting, and ends at once on SIGTERM', async () => {
		const sockets: net.Socket[] = [];
		const silent = net.createServer(socket => sockets.push(socket));
		await new Promise<void>(resolve => silent.listen(0, '127.0.0.1', resolve));
		servers.push({
			close: () =>
				new Promise<void>(resolve => {
					for (const socket of sockets) socket.destroy();
					silent.close(() => resolve());
				}),
		});
		const port = (silent.address() as AddressInfo).port;
		follow(`http://127.0.0.1:${port}/api/sessions/${sseSessionId}/stream`);
		await waitFor(() => sockets.length >= 1, 'the connection');
		// Settled into waiting for an answer that never comes.
		await untilQuiet(child!.pid!, 'the program to wait for the answer');
		const started = Date.now();
		await stop();
		expect(Date.now() - started).toBeLessThan(2000);
		expect(terminalHazards(child!.errors(), {sgrAllowed: false})).toEqual([]);
	});

	it('a history request that is never answered: the live stream is still shown', async () => {
		const s = await server({
			messages: () => new Promise(() => undefined),
			stream: async connection => {
				await connection.write(blocks(turns(0, 2), 'e1').join(''));
			},
		});
		// The wait for history is a setting (10 s unless told): 2 s here, and the test waits less
		// than the default would take, so it shows the setting is what ends the wait.
		child = startCli(['--sse', s.streamUrl, '--print'], {PENGUIN_VIEW_HISTORY_MS: '2000'});
		await waitFor(printed(0, 2), 'the live turns without history', 8_000);
		// A note: on stderr, the transcript on stdout holds only the session.
		const note =
			'penguin-view: note: could not load the history (no answer within 2 s): showing the live stream only\n';
		await waitFor(() => child!.errors().includes(note), 'the note on stderr', {show: () => child!.errors()});
		const out = await stop();
		expect(out).not.toContain('could not load the history');
		expect(markerCounts(out, 0, 2)).toEqual(eachOnce(0, 2));
	});

	it("a server's words carrying escapes (C1, OSC, bidi) reach stderr harmless", async () => {
		const said = {error: {code: 'unauthorized', message: 'Not \u001b]0;evil-title\u0007signed \u009b2Jin \u202eroot'}};
		const s = await server({
			stream: connection => connection.answer({status: 401, json: said}),
			other: () => ({status: 401, json: said}),
		});
		const result = await runCli(['--sse', s.streamUrl, '--print']);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('signed');
		// ESC and BEL are flattened to spaces (the rest of the OSC stays as inert text); C1 and bidi are removed or marked.
		expect(terminalHazards(result.stderr + result.stdout, {sgrAllowed: false})).toEqual([]);
	});

	it(
		'TLS with an untrusted certificate: one clear line naming --insecure, exit 1; with --insecure the ' +
			'session shows',
		async () => {
			const s = await server({
				tls: {key: testTlsKey, cert: testTlsCert},
				stream: connection => void connection.write(blocks(turns(0, 2), 'e1').join('')),
			});
			const refused = await runCli(['--sse', s.streamUrl, '--print']);
			expect(refused.code).toBe(1);
			expect(refused.stderr.trim().split('\n')).toHaveLength(1);
			expect(refused.stderr).toMatch(/certificate.*not trusted.*--insecure/);
			follow(s.streamUrl, '--insecure');
			await waitFor(printed(0, 2), 'both turns over TLS', 10_000);
			const out = await stop();
			expect(markerCounts(out, 0, 2)).toEqual(eachOnce(0, 2));
		},
	);

	it('--insecure through a redirect: followed too', async () => {
		const events = turns(0, 2);
		const target = await server({
			tls: {key: testTlsKey, cert: testTlsCert},
			messages: () => historyAnswer([]),
			stream: connection => void connection.write(blocks(events, 'e1').join('')),
		});
		const redirector = await server({
			sessionId: 'session-nowhere',
			tls: {key: testTlsKey, cert: testTlsCert},
			other: request => ({status: 302, headers: {location: `${target.origin}${request.path}`}}),
		});
		follow(`${redirector.origin}/api/sessions/${sseSessionId}/stream`, '--insecure');
		await waitFor(printed(0, 2), 'both turns through the redirect', 10_000);
		const out = await stop();
		expect(markerCounts(out, 0, 2)).toEqual(eachOnce(0, 2));
	});
});
