// A server on this machine: a finished session opened on screen is read from its trace on disk (no actions: the stream
// carries them); when it runs again it is followed over its stream, as one read over HTTP is, so that Ctrl+X, a and r
// act on it.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import type {ServerStart} from '../../source/server/server-mode.js';
import {costEvents, costModels, costParentId, costRows, costUsage} from '../support/cost-recording.js';
import {startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {startOnScreen} from '../support/server-screen.js';
import {waitFor} from '../support/wait-for.js';

let server: PenguinServer | undefined;
let started: ServerStart | undefined;
let folder: string | undefined;
afterEach(async () => {
	if (started?.ok) await started.source.close();
	await server?.close();
	if (folder) rmSync(folder, {recursive: true, force: true});
	[server, started, folder] = [undefined, undefined, undefined];
});

it('a session read from its trace on this disk runs again: followed over its stream, Ctrl+X acts on it', async () => {
	const here = mkdtempSync(path.join(tmpdir(), 'local-trace-live-'));
	folder = here;
	// Its record says running once the new run has begun.
	let running = false;
	const file = path.join(here, `${costParentId}_001.jsonl`);
	writeFileSync(
		file,
		costEvents(costParentId)
			.map(event => `${JSON.stringify(event)}\n`)
			.join(''),
	);
	server = await startPenguinServer({
		rows: () =>
			costRows().map(row =>
				row.sessionId === costParentId ? {...row, tracePath: file, ...(running ? {status: 'running'} : {})} : row,
			),
		usage: () => costUsage(),
		models: costModels(),
		// The new run's stream stays open, saying nothing.
		stream: () => async connection => connection.gone,
	});
	const opened = await startOnScreen(`${server.origin}/chat/${costParentId}`);
	started = opened.started;
	if (!started.ok) throw new Error(started.message);
	const {actions} = started;
	const {store} = opened;
	await waitFor(() => store.view.items.length > 0 && server!.userChannels.length > 0, 'the trace read, the channel up');
	expect(store.status.label).toBe(path.basename(file));
	expect(server.requestsTo(`/api/sessions/${costParentId}/stream`)).toHaveLength(0);
	running = true;
	await server.userChannels.at(-1)!.event({
		event: 'server_event',
		data: JSON.stringify({
			type: 'session_state',
			sessionId: costParentId,
			state: 'running',
			lastActiveAt: new Date().toISOString(),
			hasTrace: true,
		}),
		id: 'local-1',
	});
	await waitFor(
		() => server!.requestsTo(`/api/sessions/${costParentId}/stream`).length > 0,
		'the session followed on its stream',
	);
	// Ctrl+X then y: the stop reaches the server (read from the trace, it was refused with a line).
	await waitFor(async () => (await actions.send({kind: 'abort'})).ok, 'the stop sent');
	expect(server.requestsTo(`/api/sessions/${costParentId}/abort`).length).toBeGreaterThan(0);
});
