// A server restarted mid-run (a resync with a new epoch of ids and a history rebuilt from the trace): print mode and
// --json write each entry once.
import {afterEach, describe, expect, it} from 'vitest';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded, startSseServer, type SseTestServer} from '../support/sse-server.js';
import {startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

const sessionId = 'session-2026-12-04-20-42-14-f2092e87';
// The first task of the recorded run: the prompt, the text streamed and stopped, the abort, the session idle again.
const run = serverStreamBlocks('session-stream-abort.txt');
const through = (id: string): number => run.findIndex(block => block.id === id) + 1;
// The recorded session's trace as the history answers it (session_meta, the prompt, ...): its first `count` messages.
const traced = (serverAnswer('session-messages-running.json').json as {messages: unknown[]}).messages;
const history = (count: number) => ({status: 200, json: {messages: traced.slice(0, count)}});
// What the restarted server says to a Last-Event-ID of the old epoch: resync, in ids of a new epoch.
const afterRestart = serverStreamBlocks('session-stream-after-restart-resync.txt');

let server: SseTestServer | undefined;
/** The stderr of the run `follow` started last. */
let notes: () => string = () => '';
afterEach(async () => {
	await server?.close();
	server = undefined;
});

type Case = {
	mode: '--print' | '--json';
	/** How many messages the history holds when the viewer opens the session (0: before its first task). */
	opened: number;
	/** The last event before the server goes away; undefined: it never does. */
	cut?: string;
	/** What the output holds once the reloaded history is written (print mode: its note). */
	reloaded?: string;
};

/**
 * Follows the run until its abort is written (and, restarted, the history reloaded), then stops the viewer; its stdout.
 */
async function follow({mode, opened, cut, reloaded}: Case): Promise<string> {
	server = await startSseServer({
		sessionId,
		// After the restart the history holds the whole run: the server aborted it as it stopped.
		messages: n => history(n === 0 ? opened : 7),
		info: () => serverAnswer('r4-session-running.json'),
		stream: async connection => {
			if (cut === undefined) return replayRecorded(connection, run.slice(0, through('06dccd97-21')));
			if (connection.index > 0) return replayRecorded(connection, afterRestart);
			await replayRecorded(connection, run.slice(0, through(cut)));
			connection.drop();
		},
	});
	const child = startCli(['--sse', server.streamUrl, mode], {TZ: 'UTC'});
	notes = child.errors;
	const show = {show: () => (child.output() + child.errors()).slice(-3000)};
	await waitFor(
		() => child.output().includes(mode === '--print' ? 'aborted by user' : '"type":"abort"'),
		'the abort written',
		show,
	);
	if (cut !== undefined)
		await waitFor(
			() => server!.requestsTo('/messages').length >= 2 && server!.connections.length >= 2,
			'the history reloaded',
			show,
		);
	// The reloaded history is written before the viewer stops.
	if (reloaded !== undefined)
		await waitFor(() => (child.output() + child.errors()).includes(reloaded), 'the reloaded history written', show);
	child.kill('SIGTERM');
	return (await waitForExit(child, 10_000)).stdout;
}

/** The JSON Lines as objects, without the trace positions a history read adds. */
function messages(jsonLines: string): unknown[] {
	return jsonLines
		.trim()
		.split('\n')
		.map(line => {
			const {tracePosition: _dropped, ...message} = JSON.parse(line) as Record<string, unknown>;
			return message;
		});
}

describe('a server restart mid-run', () => {
	it('print mode writes what the uninterrupted run writes, each entry once', async () => {
		// Followed from before its first task; the server stops after the run was aborted and written.
		const straight = await follow({mode: '--print', opened: 0});
		const restarted = await follow({mode: '--print', opened: 0, cut: '06dccd97-20', reloaded: 'history reloaded'});
		// One note says what happened, on stderr: the transcript is the same.
		expect(notes()).toContain('penguin-view: note: history reloaded: ');
		expect(restarted).toBe(straight);
		expect(straight.match(/Tell me a slow story/g)).toHaveLength(1);
		expect(straight.match(/Slowly counting/g)).toHaveLength(1);
	});

	it('--json writes each complete message once, those finished in the gap too', async () => {
		// Opened mid-run; the server stops while the text streams: the history brings it whole.
		const straight = messages(await follow({mode: '--json', opened: 4}));
		const restarted = messages(await follow({mode: '--json', opened: 4, cut: '06dccd97-14'}));
		expect(restarted).toEqual(straight);
		expect(straight.filter(message => JSON.stringify(message).includes('Slowly counting'))).toHaveLength(1);
	});

	it('--json after a restart that came when the run was written already writes nothing twice', async () => {
		const straight = messages(await follow({mode: '--json', opened: 0}));
		const restarted = messages(await follow({mode: '--json', opened: 0, cut: '06dccd97-20'}));
		// The restarted server's history holds the session_meta the stream never carries: not written in the middle of
		// the recording, which reopened would start the session a second time (issue 46).
		expect(restarted).toEqual(straight);
		expect(JSON.stringify(restarted)).not.toContain('"session_meta"');
	});
});
