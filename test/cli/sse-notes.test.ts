// Print mode and --json over SSE: a note about the connection (the history could not be loaded)
// goes to stderr as one line, never into the transcript or the JSON Lines on stdout.
import {afterEach, describe, expect, it} from 'vitest';
import {serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded, startSseServer, type SseTestServer} from '../support/sse-server.js';
import {startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

const run = serverStreamBlocks('session-stream-abort.txt');
let server: SseTestServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** The run's stdout and stderr once the recorded task's abort is written, with a history answering 500. */
async function withoutHistory(mode: '--print' | '--json'): Promise<{stdout: string; stderr: string}> {
	server = await startSseServer({
		sessionId: 'session-2026-12-04-20-42-14-f2092e87',
		messages: () => ({status: 500, body: 'database is locked'}),
		stream: connection => replayRecorded(connection, run),
	});
	const child = startCli(['--sse', server.streamUrl, mode], {TZ: 'UTC'});
	const show = {show: () => (child.output() + child.errors()).slice(-3000)};
	await waitFor(
		() => child.output().includes(mode === '--print' ? 'aborted by user' : '"type":"abort"'),
		'the abort written',
		show,
	);
	await waitFor(() => child.errors().includes('could not load the history'), 'the note', show);
	child.kill('SIGTERM');
	return waitForExit(child, 10_000);
}

describe('a history that could not be loaded', () => {
	for (const mode of ['--print', '--json'] as const) {
		it(`${mode}: said in one line on stderr, not on stdout`, async () => {
			const {stdout, stderr} = await withoutHistory(mode);
			expect(stdout).not.toContain('could not load the history');
			expect(stderr).toMatch(
				new RegExp(
					String.raw`^penguin-view: note: could not load the history \(the server at [^\n]* answered 500 [^\n]*\)` +
						String.raw`: showing the live stream only$`,
					'm',
				),
			);
			if (mode === '--json')
				for (const line of stdout.trimEnd().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
		});
	}
});
