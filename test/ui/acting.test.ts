// Which waiting call a and r answer, and when sent steering counts as delivered (source/ui/screen/acting.ts).
import {describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {addPending, callToAnswer, stillPending} from '../../source/ui/screen/acting.js';
import {msg, serverStreamInputs} from '../helpers/recordings.js';

const recorded = serverStreamInputs('session-stream-approval.txt');
const waiting = recorded
	.slice(0, recorded.findIndex(entry => entry.id === '1f407cf9-24') + 1)
	.map(entry => entry.input);

/** Another call of the same session asking in its turn. */
function request(callId: string, cmd: string): ModelInput[] {
	const toolCall = {
		timestamp: '2026-12-03T13:34:40.000Z',
		type: 'model_msg',
		payload: {
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: JSON.stringify({cmd}),
			tool_call_id: callId,
			stop_reason: 'completed',
		},
	};
	return [
		{kind: 'message', message: toolCall},
		{kind: 'server_event', event: {type: 'approval_request', toolCall}},
	];
}

function storeOf(inputs: ModelInput[]): SessionStore {
	const store = new SessionStore({label: 'stream', state: 'live'}, {}, () => 0);
	store.apply(inputs);
	return store;
}

const callIdOf = (answer: ReturnType<typeof callToAnswer>): string =>
	typeof answer === 'string' ? answer : answer.item.callId;

describe('the call a and r answer', () => {
	const store = storeOf([...waiting, ...request('call_two', 'echo two')]);
	const view = store.view;
	const idOf = (callId: string): number =>
		view.items.find(item => item.kind === 'tool_call' && item.callId === callId)!.id;

	it('the focused waiting call', () => {
		expect(callIdOf(callToAnswer(view, idOf('call_two')))).toBe('call_two');
	});

	it('the first waiting one when nothing is focused', () => {
		expect(callIdOf(callToAnswer(view, undefined))).toBe('call_fake_49');
	});

	it('with several waiting and something else focused: asks to focus one', () => {
		const text = view.items.find(item => item.kind === 'user_text')!;
		expect(callToAnswer(view, text.id)).toBe('2 calls wait for approval: focus one (j/k), then a or r');
	});

	it('the only one waiting, whatever is focused', () => {
		const one = storeOf(waiting).view;
		const text = one.items.find(item => item.kind === 'user_text')!;
		expect(callIdOf(callToAnswer(one, text.id))).toBe('call_fake_49');
	});

	it('a call already answered is not asked again; the other one is', () => {
		store.apply([{kind: 'deciding', callId: 'call_fake_49', decision: 'allow'}]);
		expect(callToAnswer(view, idOf('call_fake_49'))).toBe('already answered: allowing exec_command');
		expect(callIdOf(callToAnswer(view, undefined))).toBe('call_two');
	});
});

describe('steering sent, until the stream echoes it', () => {
	const steering = (text: string): ModelInput =>
		msg('model_msg', {type: 'text', role: 'user', text: `[user_steering]\n${text}\n[/user_steering]`});

	it('two sent: the first echo settles the first, the second the second', () => {
		const store = storeOf([...waiting, steering('an earlier one')]);
		let pending = addPending([], 'one', 1, store.view);
		pending = addPending(pending, 'two', 2, store.view);
		expect(stillPending(pending, store.view).map(entry => entry.text)).toEqual(['one', 'two']);
		store.apply([steering('one')]);
		expect(stillPending(pending, store.view).map(entry => entry.text)).toEqual(['two']);
		store.apply([steering('two')]);
		expect(stillPending(pending, store.view)).toEqual([]);
	});

	it('a user message that is not steering settles nothing', () => {
		const store = storeOf(waiting);
		const pending = addPending([], 'one', 1, store.view);
		store.apply([msg('model_msg', {type: 'text', role: 'user', text: 'a new prompt'})]);
		expect(stillPending(pending, store.view)).toBe(pending);
	});
});
