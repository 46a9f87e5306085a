// End to end, in tmux (issue 29), against a fake server built from the recorded run
// fixtures/server/session-stream-abort.txt:
// > on an idle session says it starts a new task and sends one (POST …/tasks), and the stream follows it; on the
// running
// session > steers again; the server's queue of steering (task_state's pendingSteering, sent from another client here)
// is shown until each echo arrives, and < withdraws the newest queued one (DELETE …/steer/:id).
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {builtCli, FaultTmux, removeFolder} from '../support/fault-tmux.js';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {
	replayRecorded,
	startSseServer,
	type SeenRequest,
	type SseConnection,
	type SseTestServer,
} from '../support/sse-server.js';
import {waitFor} from '../support/wait-for.js';

const sessionId = 'session-2026-12-04-20-42-14-f2092e87';
const blocks = serverStreamBlocks('session-stream-abort.txt');
const through = (id: string): number => blocks.findIndex(block => block.id === id) + 1;
// The recorded second task's prompt, and the two steering messages another client queued during it.
const prompt = '[slow] Another slow story, I will steer it.';
const firstSteer = {id: '730ae8a3-cc1f-4e32-bd26-dd21c6bcd5d4', text: 'Please mention penguins at the end.'};
const secondSteer = {id: '8e75d405-503b-4d0b-a648-8995364cda82', text: 'And keep it short.'};

let server: SseTestServer | undefined;
let pane: FaultTmux | undefined;
let folder = '';

afterEach(async () => {
	pane?.kill();
	pane = undefined;
	await server?.close();
	server = undefined;
	removeFolder(folder);
});

const footer = (pane: FaultTmux): string => pane.rows().at(-2) ?? '';
const queueRow = (text: string): string => text.split('\n').find(line => line.includes('⧗')) ?? '';
const serverEvent = (data: object, id: string) => ({event: 'server_event', data: JSON.stringify(data), id});

test(
	'> starts a task on an idle session and steers a running one; the server’s steering queue is shown and ' +
		'< withdraws',
	async () => {
		const posts: SeenRequest[] = [];
		let taskPosted!: () => void;
		const taskStarted = new Promise<void>(resolve => (taskPosted = resolve));
		let stream: SseConnection | undefined;
		server = await startSseServer({
			sessionId,
			messages: () => ({status: 200, json: {messages: []}}),
			info: () => serverAnswer('r4-session-running.json'),
			stream: async connection => {
				stream = connection;
				// The first task, aborted: the session is idle.
				await replayRecorded(connection, blocks.slice(0, through('06dccd97-21')));
				await taskStarted;
				// The task the viewer sent, as the server ran it, with two steering messages queued by another client.
				await replayRecorded(connection, blocks.slice(through('06dccd97-21'), through('06dccd97-39')));
			},
			other: request => {
				if (request.method === 'POST' && request.path === `/api/sessions/${sessionId}/tasks`) {
					posts.push(request);
					setImmediate(taskPosted);
					// TaskCreateResponse: 202 with the session's id.
					return {status: 202, json: {sessionId}};
				}
				if (request.method === 'DELETE' && request.path.startsWith(`/api/sessions/${sessionId}/steer/`)) {
					posts.push(request);
					// RecalledMessageResponse; the queue without it follows on the stream.
					setImmediate(
						() =>
							void stream!.event(
								serverEvent(
									{
										type: 'task_state',
										state: 'running',
										queued: 0,
										pendingSteering: [{...firstSteer, images: 0, files: 0}],
									},
									'06dccd97-90',
								),
							),
					);
					return {status: 200, json: {text: secondSteer.text, images: [], files: []}};
				}
				return undefined;
			},
		});
		folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-task-'));
		pane = new FaultTmux(folder, 'task', 100);
		pane.run(`clear && node ${builtCli} --sse ${server.streamUrl}`);
		await pane.until(text => text.includes('aborted by user') && text.includes('○ idle'), 'the idle session');

		// Idle: > offers a new task, and says so before Enter.
		pane.keys('>');
		await pane.until(() => footer(pane!).includes('new task ›'), 'the new task prompt');
		expect(footer(pane)).toContain('Enter starts a task');
		pane.keys('-l', prompt);
		pane.keys('Enter');
		await waitFor(() => posts.length === 1, 'the task POST', {show: () => pane!.text()});
		expect(JSON.parse(posts[0]!.body)).toEqual({input: [{type: 'text', text: prompt}]});
		expect(server.requestsTo('/steer')).toHaveLength(0);
		// The stream follows the task: its prompt, the run, and the queue another client filled.
		const queued = await pane.until(
			text => text.includes('Another slow story') && text.includes('● running') && queueRow(text).includes('(+1 more)'),
			'the task running, two steering messages queued',
		);
		expect(queueRow(queued)).toContain(`steering not yet read by the agent: “${firstSteer.text}”`);

		// Running: > steers, as before.
		pane.keys('>');
		await pane.until(() => footer(pane!).includes('steer ›'), 'the steering prompt');
		expect(footer(pane)).not.toContain('new task');
		pane.keys('Escape');
		await pane.until(() => !footer(pane!).includes('steer ›'), 'the prompt closed');

		// < withdraws the newest queued one, after y.
		pane.keys('<');
		await pane.until(
			() => footer(pane!).includes(`withdraw the queued steering “${secondSteer.text}”? y/n`),
			'the question',
		);
		pane.keys('y');
		await waitFor(() => posts.length === 2, 'the DELETE', {show: () => pane!.text()});
		expect(posts[1]!.method).toBe('DELETE');
		expect(posts[1]!.path).toBe(`/api/sessions/${sessionId}/steer/${secondSteer.id}`);
		await pane.until(
			text => queueRow(text).includes(firstSteer.text) && !queueRow(text).includes('more'),
			'one left in the queue',
		);

		// Its echo arrives: it is read, the row goes.
		const echo = {
			timestamp: '2026-12-04T20:43:15.000Z',
			type: 'model_msg',
			payload: {type: 'text', role: 'user', text: `[user_steering]\n${firstSteer.text}\n[/user_steering]`},
		};
		await stream!.event({data: JSON.stringify(echo), id: '06dccd97-91'});
		await pane.until(text => text.includes('you · steering') && queueRow(text) === '', 'the echo, and no queue row');
	},
);
