// A session followed from before its first task has no session_meta yet: its model's context window comes from the
// project's model table (issue 29).
import {afterEach, describe, expect, it} from 'vitest';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded, startSseServer, type SseTestServer} from '../support/sse-server.js';
import {startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

const sessionId = 'session-2026-12-04-20-42-14-f2092e87';
const run = serverStreamBlocks('session-stream-abort.txt');

let server: SseTestServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe('the context window of a session followed from before its first task', () => {
	it("is the project's model table's for the record's model", async () => {
		server = await startSseServer({
			sessionId,
			messages: () => ({status: 200, json: {messages: []}}),
			// The record names the project and the model (provider custom, modelId fake-model).
			info: () => serverAnswer('r4-session-running.json'),
			// ModelsResponse (upstream api/types.ts): the table of the project's models.
			other: request =>
				request.path === '/api/projects/default_project/models'
					? {
							status: 200,
							json: {
								models: [
									{provider: 'other', modelId: 'fake-model', contextWindow: 1000, isDefault: false},
									{provider: 'custom', modelId: 'fake-model', contextWindow: 64000, isDefault: true},
								],
							},
						}
					: undefined,
			stream: connection =>
				replayRecorded(connection, run.slice(0, run.findIndex(block => block.id === '06dccd97-21') + 1)),
		});
		const child = startCli(['--sse', server.streamUrl, '--print']);
		await waitFor(() => child.output().includes('aborted by user'), 'the run printed', {show: child.output});
		child.kill('SIGTERM');
		const {stdout} = await waitForExit(child, 10_000);
		expect(stdout.split('\n')[0]).toMatch(
			/^══ session session-2026-12-04-20-42-14-f2092e87 · custom\/fake-model · context window 64k · /,
		);
		expect(server.requestsTo('/api/projects/default_project/models')).toHaveLength(1);
	});
});
