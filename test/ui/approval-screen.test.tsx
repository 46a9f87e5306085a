// The screen while a tool call waits for a human (the recorded approval stream, fixtures/server/):
// the badge on the call and on the collapsed subagent row, the header, and one bell per wait.
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {App} from '../../source/ui/components/App.js';
import {asChildOf, serverStreamInputs} from '../helpers/recordings.js';
import {waitFor} from '../helpers/run-cli.js';

const recorded = serverStreamInputs('session-stream-approval.txt');
const childId = 'session-2026-12-03-13-34-20-0c0ffee0';
const upTo = (id: string): ModelInput[] =>
	recorded.slice(0, recorded.findIndex(entry => entry.id === id) + 1).map(entry => entry.input);
const inputOf = (id: string): ModelInput => recorded.find(entry => entry.id === id)!.input;
// The complete tool_call is 23, the approval_request 24, the decision 26.
const approvalRequest = inputOf('1f407cf9-24');
const decision = inputOf('1f407cf9-26');

const asChild = (input: ModelInput): ModelInput => asChildOf(childId, input);

/** Another call of the same session asking in its turn. */
function secondRequest(): ModelInput[] {
	const toolCall = {
		timestamp: '2026-12-03T13:34:40.000Z',
		type: 'model_msg',
		payload: {
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: '{"cmd":"echo second"}',
			tool_call_id: 'call_fake_50',
			stop_reason: 'completed',
		},
	};
	return [
		{kind: 'message', message: toolCall},
		{kind: 'server_event', event: {type: 'approval_request', toolCall}},
	];
}

let unmount: (() => void) | undefined;
afterEach(() => {
	unmount?.();
	unmount = undefined;
});

function mountApp(store: SessionStore) {
	const rings: number[] = [];
	const app = render(
		<App
			store={store}
			onQuit={() => undefined}
			size={{columns: 100, rows: 20}}
			color={false}
			home="/home/dev"
			clock={() => Date.parse('2026-12-03T13:34:30Z')}
			bell={() => rings.push(Date.now())}
		/>,
	);
	unmount = () => app.unmount();
	const frame = (): string => app.lastFrame() ?? '';
	const line = (needle: string): string =>
		frame()
			.split('\n')
			.find(row => row.includes(needle)) ?? '';
	return {frame, line, rings};
}

const newStore = (): SessionStore =>
	new SessionStore({label: 'stream', state: 'live'}, {}, () => Date.parse('2026-12-03T13:34:30Z'));

describe('a call waiting for approval on the screen', () => {
	it('shows the badge on the call and in the header, and rings the bell once when the wait starts', async () => {
		const store = newStore();
		store.apply(upTo('1f407cf9-23'));
		const screen = mountApp(store);
		await waitFor(() => screen.frame().includes('exec_command'), 'the call');
		expect(screen.frame()).not.toContain('waiting for approval');
		store.apply([approvalRequest]);
		await waitFor(() => screen.line('exec_command').includes(' waiting for approval '), 'the badge on the call');
		expect(screen.frame().split('\n').slice(0, 2).join('\n')).toContain('⏸ waiting for approval');
		await waitFor(() => screen.rings.length === 1, 'the bell');
		// The server sends a pending request again to every new connection: no second bell.
		store.apply([approvalRequest]);
		store.apply([decision]);
		await waitFor(() => !screen.frame().includes('waiting for approval'), 'the wait to end');
		// A second call that waits: a second bell.
		store.apply(secondRequest());
		await waitFor(() => screen.rings.length === 2, 'the second bell');
		await waitFor(() => screen.line('echo second').includes('waiting for approval'), 'the badge on the second call');
	});

	it('a rebuilt session (a resync) that still waits does not ring again', async () => {
		const store = newStore();
		store.apply([...upTo('1f407cf9-23'), approvalRequest]);
		const screen = mountApp(store);
		await waitFor(() => screen.rings.length === 1, 'the bell on joining while it waits');
		store.rebuild([...upTo('1f407cf9-23'), approvalRequest]);
		await waitFor(() => screen.line('exec_command').includes(' waiting for approval '), 'the rebuilt call');
		store.apply(secondRequest());
		await waitFor(() => screen.rings.length === 2, 'the bell for a new wait after the rebuild');
	});

	it('inside a subagent: the collapsed subagent row says so, and the header too', async () => {
		const store = newStore();
		store.apply(
			upTo('1f407cf9-24')
				.filter(
					input =>
						input.kind === 'message' || (input.kind === 'server_event' && input.event.type === 'approval_request'),
				)
				.map(asChild),
		);
		const screen = mountApp(store);
		await waitFor(() => screen.line('subagent').includes(' waiting for approval '), 'the badge on the subagent row');
		expect(screen.frame().split('\n').slice(0, 2).join('\n')).toContain('⏸ waiting for approval');
		await waitFor(() => screen.rings.length === 1, 'the bell');
		store.apply([asChild(decision)]);
		await waitFor(() => !screen.line('subagent').includes('waiting for approval'), 'the wait to end');
		expect(screen.frame()).not.toContain('waiting for approval');
	});

	it('a subagent’s title shows on its row; the header keeps the session’s own', async () => {
		const store = newStore();
		store.apply([
			{kind: 'session_info', info: {sessionId: 'session-2026-12-03-13-34-16-4be26254'}},
			...upTo('1f407cf9-25'),
			asChild(inputOf('1f407cf9-4')),
			{kind: 'server_event', event: {type: 'session_title', sessionId: childId, title: 'SUBAGENT: run pwd and report'}},
		]);
		const screen = mountApp(store);
		await waitFor(
			() => screen.line('subagent').includes('“SUBAGENT: run pwd and report”'),
			'the title on the subagent row',
		);
		expect(screen.frame().split('\n')[1]).toContain('“Asking to run echo”');
		expect(screen.frame().split('\n')[1]).not.toContain('SUBAGENT');
	});

	it('the header from the session record, before any history', async () => {
		const store = newStore();
		store.apply([
			{
				kind: 'session_info',
				info: {
					sessionId: 'session-2026-12-03-13-35-40-a1f7cf26',
					provider: 'custom',
					modelId: 'fake-model',
					workspace: '/home/dev/work',
					title: 'Listing the workspace',
				},
			},
		]);
		const screen = mountApp(store);
		await waitFor(() => screen.frame().includes('custom/fake-model'), 'the header');
		const [top, second] = screen.frame().split('\n');
		expect(top).toContain('session…13-35-40-a1f7cf26');
		expect(top).toContain('~/work');
		expect(second).toContain('“Listing the workspace”');
	});
});
