// Acting from the screen (a, r, Ctrl+X, >) with ink-testing-library: the footer's question, what
// y sends, the call's "allowing…" until the decision, a refusal as one notice, the steering prompt
// and its pending row, --read-only and a session that is not live.
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import type {ActionOutcome, ActionRequest, SessionActions} from '../../source/io/sse/actions.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import type {Acting} from '../../source/ui/screen/acting.js';
import {App} from '../../source/ui/components/App.js';
import {asChildOf, serverStreamInputs} from '../helpers/recordings.js';
import {waitFor} from '../helpers/run-cli.js';
import {keys} from './app-helpers.js';

const recorded = serverStreamInputs('session-stream-approval.txt');
const upTo = (id: string): ModelInput[] =>
	recorded.slice(0, recorded.findIndex(entry => entry.id === id) + 1).map(entry => entry.input);
const inputOf = (id: string): ModelInput => recorded.find(entry => entry.id === id)!.input;
// The approval_request is 24, the decision 26.
const waiting = upTo('1f407cf9-24');
const decision = inputOf('1f407cf9-26');
const question = 'allow exec_command $ echo approved-run? y/n';
const childId = 'session-2026-12-03-13-34-20-0c0ffee0';

/** Actions that record what is sent and answer with `outcome` (or wait for the test to answer). */
function fakeActions(outcome: ActionOutcome | (() => Promise<ActionOutcome>) = {ok: true, status: 204}) {
	const sent: ActionRequest[] = [];
	const actions: SessionActions = {
		send: async request => {
			sent.push(request);
			return typeof outcome === 'function' ? outcome() : outcome;
		},
	};
	return {sent, actions};
}

let unmount: (() => void) | undefined;
afterEach(() => {
	unmount?.();
	unmount = undefined;
});

function mountApp(store: SessionStore, props: {actions?: SessionActions; acting?: Acting} = {}) {
	const app = render(
		<App
			store={store}
			onQuit={() => undefined}
			size={{columns: 100, rows: 20}}
			color={false}
			home="/home/dev"
			clock={() => Date.parse('2026-12-03T13:34:30Z')}
			actions={props.actions}
			acting={props.acting}
		/>,
	);
	unmount = () => app.unmount();
	const frame = (): string => app.lastFrame() ?? '';
	const rows = (): string[] => frame().split('\n');
	const line = (needle: string): string => rows().find(row => row.includes(needle)) ?? '';
	const footer = (): string => rows().at(-1) ?? '';
	const press = (key: string): void => {
		app.stdin.write(key);
	};
	return {frame, line, footer, press};
}

const newStore = (inputs: ModelInput[] = waiting): SessionStore => {
	const store = new SessionStore({label: 'stream', state: 'live'}, {}, () => Date.parse('2026-12-03T13:34:30Z'));
	store.apply(inputs);
	return store;
};

describe('allow and deny a waiting call', () => {
	it(
		'a asks in the footer, n sends nothing; a then y sends ' + 'allow and the call shows allowing… until the decision',
		async () => {
			const store = newStore();
			const {sent, actions} = fakeActions();
			const screen = mountApp(store, {actions});
			await waitFor(() => screen.line('exec_command').includes(' waiting for approval '), 'the waiting call');
			expect(screen.footer()).toContain('a/r allow/deny');
			screen.press('a');
			await waitFor(() => screen.footer().includes(question), 'the question');
			screen.press('n');
			await waitFor(() => screen.footer().includes('not sent'), 'not sent');
			expect(sent).toEqual([]);
			screen.press('a');
			await waitFor(() => screen.footer().includes(question), 'the question again');
			screen.press('y');
			await waitFor(() => screen.line('exec_command').includes('allowing…'), 'allowing…');
			expect(sent).toEqual([{kind: 'decide', callId: 'call_fake_49', decision: 'allow'}]);
			expect(screen.line('exec_command')).not.toContain('waiting for approval');
			store.apply([decision]);
			await waitFor(() => !screen.line('exec_command').includes('allowing…'), 'the decision replacing allowing…');
		},
	);

	it('r then y sends deny, and the call shows denying…', async () => {
		const {sent, actions} = fakeActions();
		const screen = mountApp(newStore(), {actions});
		await waitFor(() => screen.frame().includes('waiting for approval'), 'the waiting call');
		screen.press('r');
		await waitFor(() => screen.footer().includes('deny exec_command $ echo approved-run? y/n'), 'the question');
		screen.press('y');
		await waitFor(() => screen.line('exec_command').includes('denying…'), 'denying…');
		expect(sent).toEqual([{kind: 'decide', callId: 'call_fake_49', decision: 'deny'}]);
	});

	it('a refusal is one notice in the footer and the call waits again', async () => {
		let answer!: (outcome: ActionOutcome) => void;
		const {actions} = fakeActions(() => new Promise(resolve => (answer = resolve)));
		const screen = mountApp(newStore(), {actions});
		await waitFor(() => screen.frame().includes('waiting for approval'), 'the waiting call');
		screen.press('a');
		await waitFor(() => screen.footer().includes(question), 'the question');
		screen.press('y');
		await waitFor(() => screen.line('exec_command').includes('allowing…'), 'allowing…');
		answer({
			ok: false,
			status: 404,
			reason: 'the server answered 404: Approval does not exist or has already been decided.',
		});
		await waitFor(
			() =>
				screen
					.footer()
					.includes(
						'could not allow exec_command $ echo approved-run: the server answered 404: Approval does not exist',
					),
			'the notice',
		);
		await waitFor(() => screen.line('exec_command').includes(' waiting for approval '), 'waiting again');
	});

	it("a subagent's waiting call is answered by its own call id (the request goes to the stream's session)", async () => {
		const asChild = (input: ModelInput): ModelInput => asChildOf(childId, input);
		const {sent, actions} = fakeActions();
		const screen = mountApp(newStore(waiting.map(asChild)), {actions});
		await waitFor(() => screen.frame().includes('waiting for approval'), 'the subagent row waiting');
		screen.press('a');
		await waitFor(() => screen.footer().includes(question), 'the question for the child call');
		screen.press('y');
		await waitFor(() => sent.length === 1, 'the request');
		expect(sent[0]).toEqual({kind: 'decide', callId: 'call_fake_49', decision: 'allow'});
	});

	it('with nothing waiting, a says so and asks nothing', async () => {
		const {sent, actions} = fakeActions();
		const screen = mountApp(newStore(upTo('1f407cf9-23')), {actions});
		await waitFor(() => screen.frame().includes('exec_command'), 'the call');
		screen.press('a');
		await waitFor(() => screen.footer().includes('no call is waiting for approval'), 'the message');
		screen.press('y');
		expect(sent).toEqual([]);
	});
});

describe('stop and steer', () => {
	it('Ctrl+X asks, y sends the abort and says the run is stopping', async () => {
		const {sent, actions} = fakeActions({ok: true, status: 202});
		const screen = mountApp(newStore(), {actions});
		await waitFor(() => screen.frame().includes('exec_command'), 'the session');
		screen.press(keys.ctrl('x'));
		await waitFor(() => screen.footer().includes('stop the run? y/n'), 'the question');
		expect(sent).toEqual([]);
		screen.press('y');
		await waitFor(() => screen.footer().includes('stop sent: the run is stopping'), 'the notice');
		expect(sent).toEqual([{kind: 'abort'}]);
	});

	it('after its own Ctrl+X, once the run has ended the footer says it was aborted, with the reason', async () => {
		// A recorded run stopped by a person: the slow text, then (once the stop is sent) its abort and the idle task.
		const stopped = serverStreamInputs('session-stream-abort.txt');
		const abortAt = stopped.findIndex(
			entry => entry.input.kind === 'message' && entry.input.message.payload.type === 'abort',
		);
		const before = stopped.slice(0, abortAt - 2).map(entry => entry.input);
		const after = stopped.slice(abortAt - 2, abortAt + 2).map(entry => entry.input);
		const store = newStore(before);
		const {actions} = fakeActions({ok: true, status: 202});
		const screen = mountApp(store, {actions});
		await waitFor(() => screen.frame().includes('word4'), 'the running text');
		screen.press(keys.ctrl('x'));
		await waitFor(() => screen.footer().includes('stop the run? y/n'), 'the question');
		screen.press('y');
		await waitFor(() => screen.footer().includes('stop sent: the run is stopping'), 'the stop sent');
		store.apply(after);
		await waitFor(() => screen.footer().includes('aborted by user'), 'how the run ended');
		expect(screen.footer()).toMatch(/■ .* aborted by user/);
		expect(screen.footer()).not.toContain('finished');
	});

	it('> opens a prompt, Enter sends the text, and a pending row stays until the server echoes it', async () => {
		const store = newStore();
		const {sent, actions} = fakeActions({ok: true, status: 202});
		const screen = mountApp(store, {actions});
		await waitFor(() => screen.frame().includes('exec_command'), 'the session');
		screen.press('>');
		await waitFor(() => screen.footer().includes('steer ›'), 'the prompt');
		screen.press('look at the tests first');
		await waitFor(() => screen.footer().includes('steer › look at the tests first'), 'the draft');
		expect(sent).toEqual([]);
		screen.press(keys.enter);
		await waitFor(
			() => screen.frame().includes('steering not yet read by the agent: “look at the tests first”'),
			'the pending row',
		);
		expect(sent).toEqual([{kind: 'steer', text: 'look at the tests first'}]);
		store.apply([
			{
				kind: 'message',
				message: {
					timestamp: '2026-12-03T13:34:36.000Z',
					type: 'model_msg',
					payload: {type: 'text', role: 'user', text: '[user_steering]\nlook at the tests first\n[/user_steering]'},
				},
			},
		]);
		await waitFor(() => !screen.frame().includes('not yet read by the agent'), 'the pending row gone');
	});

	it('Esc leaves the steering prompt without sending', async () => {
		const {sent, actions} = fakeActions();
		const screen = mountApp(newStore(), {actions});
		await waitFor(() => screen.frame().includes('exec_command'), 'the session');
		screen.press('>');
		await waitFor(() => screen.footer().includes('steer ›'), 'the prompt');
		screen.press('never mind');
		await waitFor(() => screen.footer().includes('never mind'), 'the draft');
		screen.press(keys.escape);
		await waitFor(() => screen.footer().includes('not sent'), 'not sent');
		expect(sent).toEqual([]);
	});
});

describe('when the keys cannot act', () => {
	it('not a live session: a says why in the footer, and the footer hints no acting keys', async () => {
		const screen = mountApp(newStore());
		await waitFor(() => screen.frame().includes('waiting for approval'), 'the session');
		expect(screen.footer()).not.toContain('allow/deny');
		screen.press('a');
		await waitFor(() => screen.footer().includes('act on a live session only'), 'why');
		expect(screen.frame()).not.toContain('? y/n');
	});

	it('--read-only: the keys do nothing at all', async () => {
		const screen = mountApp(newStore(), {acting: {mode: 'off'}});
		await waitFor(() => screen.frame().includes('waiting for approval'), 'the session');
		expect(screen.footer()).not.toContain('allow/deny');
		for (const key of ['a', 'r', keys.ctrl('x')]) {
			screen.press(key);
			// The next key is a command again (no question took it): the help opens and closes.
			screen.press('?');
			await waitFor(() => screen.footer().includes('Esc or ? closes'), 'the help');
			expect(screen.frame()).not.toContain('? y/n');
			expect(screen.frame()).not.toContain('act on a live session');
			screen.press('?');
			await waitFor(() => !screen.footer().includes('Esc or ? closes'), 'the help closed');
		}
		// > opens no prompt: ? is a command, not text typed into it.
		screen.press('>');
		screen.press('?');
		await waitFor(() => screen.footer().includes('Esc or ? closes'), 'the help after >');
	});
});
