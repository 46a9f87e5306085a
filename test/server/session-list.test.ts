// Server mode's pure parts: which --sse URLs name a server, the API answers read as the upstream's DTOs (from the
// recordings), the live list kept from the user channel, and a shard of a trace read over HTTP into model inputs.
import {describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {
	readIds,
	readServerSession,
	readSessionList,
	readTraceFiles,
	readTracePage,
	ServerApi,
} from '../../source/server/api.js';
import {apiUrl, readServerAddress} from '../../source/io/sse/server-address.js';
import {readTraceOverHttp, traceInputs} from '../../source/server/http-trace.js';
import {readUserChannelEvent, ServerSessionList} from '../../source/server/session-list.js';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {idleId, recordedRows, runningId} from '../support/penguin-server.js';

describe('readServerAddress', () => {
	it('a server address, with or without a trailing slash, names the server', () => {
		expect(readServerAddress('http://localhost:7364')).toEqual({base: new URL('http://localhost:7364/')});
		expect(readServerAddress('http://localhost:7364/')).toEqual({base: new URL('http://localhost:7364/')});
		expect(readServerAddress('https://penguin.example/?x=1')).toEqual({base: new URL('https://penguin.example/')});
	});

	it("the web app's page of a session (its route /chat/:sessionId) names the server and the session", () => {
		expect(readServerAddress(`http://localhost:7364/chat/${idleId}`)).toEqual({
			base: new URL('http://localhost:7364/'),
			sessionId: idleId,
		});
		expect(readServerAddress('http://localhost:7364/chat')).toEqual({base: new URL('http://localhost:7364/')});
		expect(readServerAddress(`http://localhost:7364/sessions/${idleId}`)).toEqual({
			base: new URL('http://localhost:7364/'),
			sessionId: idleId,
		});
		// Behind a proxy's path prefix, the prefix is kept for the API.
		expect(readServerAddress(`https://h.example/penguin/chat/${idleId}/`)).toEqual({
			base: new URL('https://h.example/penguin/'),
			sessionId: idleId,
		});
		expect(readServerAddress(`http://localhost:7364/api/sessions/${idleId}`)).toEqual({
			base: new URL('http://localhost:7364/'),
			sessionId: idleId,
		});
	});

	it("a session's stream and other API paths are streamed as before", () => {
		expect(readServerAddress(`http://localhost:7364/api/sessions/${idleId}/stream`)).toBeUndefined();
		expect(readServerAddress('http://localhost:7364/api/sessions/chat/stream')).toBeUndefined();
		expect(readServerAddress('http://localhost:7364/api/events')).toBeUndefined();
		expect(readServerAddress('ftp://localhost/')).toBeUndefined();
		expect(readServerAddress('not a url')).toBeUndefined();
	});

	it('apiUrl escapes each part', () => {
		expect(apiUrl(new URL('http://h/p/'), 'projects', 'a b/c', 'agents').href).toBe(
			'http://h/p/api/projects/a%20b%2Fc/agents',
		);
	});
});

describe('the API answers, as recorded', () => {
	it('the session list: every recorded row, with its status, title and source', () => {
		const list = readSessionList(serverAnswer('sessions-list.json').json)!;
		expect(list.skipped).toBe(0);
		expect(list.sessions).toHaveLength(recordedRows().length);
		expect(list.sessions[0]).toMatchObject({
			sessionId: runningId,
			projectId: 'default_project',
			agentId: 'default_agent',
			status: 'running',
			title: 'Listing the workspace',
			hasTrace: true,
		});
		expect(list.sessions.filter(session => session.source === 'subagent')).toHaveLength(5);
	});

	it("a session's record carries tracePath; rows without an id or a known status are skipped", () => {
		const record = serverAnswer('session-idle.json').json as {session: unknown};
		expect(readServerSession(record.session)).toMatchObject({
			sessionId: idleId,
			status: 'idle',
			tracePath: expect.stringMatching(/_001\.jsonl$/),
		});
		expect(
			readSessionList({
				sessions: [{sessionId: 'x', projectId: 'p', agentId: 'a', status: 'sleeping'}, {projectId: 'p'}],
			}),
		).toEqual({sessions: [], skipped: 2});
	});

	it('projects, agents, the trace list and a shard page', () => {
		expect(readIds({projects: [{projectId: 'a', role: 'owner'}, {name: 'no id'}]}, 'projects', 'projectId')).toEqual([
			'a',
		]);
		expect(readIds({}, 'agents', 'agentId')).toBeUndefined();
		expect(readTraceFiles(serverAnswer('traces-list.json').json)).toEqual([
			{index: 1, date: '2026-12-03', sizeBytes: 31719, mtime: '2026-12-03T13:32:01.150Z'},
		]);
		const page = readTracePage(serverAnswer('trace-1.json').json)!;
		expect(page.total).toBe(41);
		expect(page.events).toHaveLength(41);
	});

	it('a shard read over HTTP becomes the inputs a trace file gives, a bad entry counted as malformed', () => {
		const page = readTracePage(serverAnswer('trace-1.json').json)!;
		const inputs = traceInputs(1, [...page.events.slice(0, 2), {not: 'a message'}]);
		expect(inputs.map(input => input.kind)).toEqual(['shard', 'message', 'message', 'malformed']);
		expect(inputs[3]).toMatchObject({
			malformed: {line: 3, shard: 1, reason: 'not an OmniMessage envelope', excerpt: '{"not":"a message"}'},
		});
	});

	it(
		'a shard is read page by page (offset and limit, as the route pages), each page handed on with its ' +
			'line numbers',
		async () => {
			const events = (readTracePage(serverAnswer('trace-1.json').json)!.events as unknown[]).slice(0, 5);
			const asked: string[] = [];
			const fetch = async (url: URL | string): Promise<Response> => {
				const target = new URL(url);
				asked.push(target.search);
				if (target.pathname.endsWith('/traces'))
					return Response.json({
						files: [{index: 1, date: '2026-12-03', sizeBytes: 1, mtime: '2026-12-03T13:32:01.150Z'}],
					});
				const offset = Number(target.searchParams.get('offset'));
				// A server whose pages are shorter than asked for: the reader goes on from what it got.
				return Response.json({events: events.slice(offset, offset + 2), offset, limit: 2, total: events.length});
			};
			const api = new ServerApi(new URL('http://localhost:7364/'), {}, fetch);
			await api.connect();
			const inputs: ModelInput[] = [];
			await readTraceOverHttp(api, idleId, batch => inputs.push(...batch), new AbortController().signal);
			expect(asked).toEqual(['', '?offset=0&limit=1000', '?offset=2&limit=1000', '?offset=4&limit=1000']);
			expect(
				inputs.filter(input => input.kind === 'message').map(input => (input as {at: {line: number}}).at.line),
			).toEqual([1, 2, 3, 4, 5]);
			expect(inputs.at(-1)).toEqual({kind: 'end'});
		},
	);
});

describe('the live list', () => {
	const list = (): ServerSessionList => {
		const sessions = new ServerSessionList();
		sessions.replace(readSessionList(serverAnswer('sessions-list.json').json)!.sessions);
		return sessions;
	};

	it('reads the recorded user channel', () => {
		const events = serverStreamBlocks('events-stream.txt')
			.filter(block => block.event === 'server_event')
			.map(block => readUserChannelEvent(JSON.parse(block.data!)));
		expect(events.map(event => event?.type)).toEqual([
			undefined,
			'session_state',
			'session_title',
			'session_title',
			'session_title',
			'session_title',
			'session_state',
		]);
		expect(events[1]).toEqual({
			type: 'session_state',
			sessionId: idleId,
			state: 'running',
			lastActiveAt: '2026-12-03T13:31:49.627Z',
			hasTrace: true,
		});
	});

	it('running first, then the most recently active', () => {
		const ids = list()
			.entries()
			.map(entry => entry.sessionId);
		expect(ids[0]).toBe(runningId);
		expect(ids[1]).toBe('session-2026-12-03-13-34-52-9a1ca335');
		expect(list().latest()?.sessionId).toBe(runningId);
	});

	it('a session that starts running moves to the top with its mark, and is reported as started', () => {
		const sessions = list();
		const change = sessions.apply({
			type: 'session_state',
			sessionId: idleId,
			state: 'running',
			lastActiveAt: '2026-12-03T14:00:00.000Z',
			hasTrace: true,
		});
		expect(change).toMatchObject({changed: true, started: {sessionId: idleId, live: true}});
		expect(sessions.entries()[0]).toMatchObject({sessionId: idleId, live: true, state: 'running'});
		// Started once: a second running event is not a new start.
		expect(sessions.apply({type: 'session_state', sessionId: idleId, state: 'running'}).started).toBeUndefined();
		// It finishes: back among the idle ones, still the most recently active of them.
		sessions.apply({type: 'session_state', sessionId: idleId, state: 'idle', lastActiveAt: '2026-12-03T14:01:00.000Z'});
		expect(
			sessions
				.entries()
				.map(entry => entry.sessionId)
				.slice(0, 2),
		).toEqual([runningId, idleId]);
	});

	it('a title updates in place; an unknown session asks for its record; resync asks for the list', () => {
		const sessions = list();
		const before = sessions.entries().map(entry => entry.sessionId);
		expect(sessions.apply({type: 'session_title', sessionId: idleId, title: 'A new title'}).changed).toBe(true);
		expect(sessions.get(idleId)?.title).toBe('A new title');
		expect(sessions.entries().map(entry => entry.sessionId)).toEqual(before);
		expect(sessions.apply({type: 'session_state', sessionId: 'session-new', state: 'running'})).toEqual({
			changed: false,
			unknown: 'session-new',
		});
		expect(sessions.apply({type: 'resync_required'})).toEqual({changed: false, relist: true});
	});

	it("a subagent's own session starting is not offered (its parent's run shows it)", () => {
		const sessions = list();
		const child = 'session-2026-12-03-13-33-57-ebfd3ab0';
		expect(sessions.apply({type: 'session_state', sessionId: child, state: 'running'}).started).toBeUndefined();
		expect(sessions.get(child)?.live).toBe(true);
	});
});
