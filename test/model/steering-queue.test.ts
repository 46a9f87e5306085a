// The server's queue of steering messages (task_state's pendingSteering, issue 29): kept from the recorded events, each
// entry gone once its echo arrives.
import {describe, expect, it} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import {serverStreamInputs} from '../helpers/recordings.js';

const recorded = serverStreamInputs('session-stream-abort.txt');

describe('the steering queue', () => {
	it('is the last task_state’s list, until each message is read', () => {
		const model = new SessionModel();
		model.applyAll(
			recorded.map(entry => entry.input),
			0,
		);
		expect(model.view.task?.steering?.map(entry => entry.text)).toEqual([
			'Please mention penguins at the end.',
			'And keep it short.',
		]);
		const echo = (text: string) => ({
			kind: 'message' as const,
			message: {
				timestamp: '2026-12-04T20:43:15.000Z',
				type: 'model_msg',
				payload: {type: 'text', role: 'user', text: `[user_steering]\n${text}\n[/user_steering]`},
			},
		});
		model.applyAll([echo('Please mention penguins at the end.')], 0);
		expect(model.view.task?.steering?.map(entry => entry.id)).toEqual(['8e75d405-503b-4d0b-a648-8995364cda82']);
		model.applyAll([echo('And keep it short.')], 0);
		expect(model.view.task?.steering).toBeUndefined();
	});
});
