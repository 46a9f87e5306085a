// The screen's acting keys in server mode: they reach the session followed live, and say why
// not when none is (the picker open, nothing chosen yet).
import {afterEach, describe, expect, it} from 'vitest';
import type {Flags} from '../../source/main.js';
import {SessionStore} from '../../source/model/session-store.js';
import {readServerAddress} from '../../source/io/sse/server-address.js';
import {startServerMode, type ServerStart} from '../../source/server/server-mode.js';
import {runningId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';

const flags = {
	insecure: false,
	print: false,
	json: false,
	follow: true,
	list: false,
	stats: false,
	redact: false,
	debug: false,
} as Flags;

let server: PenguinServer | undefined;
let started: ServerStart | undefined;
afterEach(async () => {
	if (started?.ok) await started.source.close();
	await server?.close();
	server = undefined;
	started = undefined;
});

async function open(url: string, screen: boolean): Promise<Extract<ServerStart, {ok: true}>> {
	const store = new SessionStore({label: '', state: 'connecting'});
	const address = readServerAddress(url);
	if (!address) throw new Error(`not a server address: ${url}`);
	const fileOptions = {store, dataRoot: '/nonexistent', follow: true, hold: false, children: false};
	started = await startServerMode(address, {flags, store, screen, follow: true, latest: false, fileOptions});
	if (!started.ok) throw new Error(started.message);
	return started;
}

describe('acting in server mode', () => {
	it('sends to the session followed on its stream', async () => {
		server = await startPenguinServer();
		const mode = await open(`${server.origin}/chat/${runningId}`, false);
		const outcome = await mode.actions.send({kind: 'abort'});
		expect(outcome).toEqual({ok: true, status: 202});
		const posts = server.requestsTo('/abort').filter(request => request.method === 'POST');
		expect(posts.map(request => request.path)).toEqual([`/api/sessions/${runningId}/abort`]);
	});

	it('with no session open, says to pick one and sends nothing', async () => {
		server = await startPenguinServer();
		const mode = await open(`${server.origin}/`, true);
		const outcome = await mode.actions.send({kind: 'abort'});
		expect(outcome).toEqual({ok: false, reason: 'no session open: pick one first'});
		expect(server.requestsTo('/abort')).toEqual([]);
	});
});
