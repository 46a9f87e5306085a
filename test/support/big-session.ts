/** A long session for the tests and the bench of the screen's cost: `turns` turns of five items each. */
import {SessionModel} from '../../source/model/session-model.js';
import {msg, testNow} from '../ui/helpers.js';

export function bigSession(turns: number): SessionModel {
	const model = new SessionModel();
	for (let i = 0; i < turns; i++) {
		model.applyAll(
			[
				msg({type: 'text', role: 'user', text: `question ${i}`}),
				msg({type: 'request_begin'}),
				msg({type: 'thinking', role: 'assistant', thinking: 'hmm '.repeat(40)}),
				msg({type: 'text', role: 'assistant', text: `## Answer ${i}\nSome **bold** and \`code\`.\n- a\n- b\n`}),
				msg({
					type: 'tool_call',
					role: 'assistant',
					name: 'exec_command',
					arguments: JSON.stringify({cmd: `echo ${i}`}),
					tool_call_id: `c${i}`,
				}),
				msg({
					type: 'tool_call_output',
					role: 'user',
					output: 'line\n'.repeat(50),
					tool_call_id: `c${i}`,
					stop_reason: i % 97 === 0 ? 'failed' : 'completed',
				}),
				msg({type: 'request_end', status: 'completed'}),
			],
			testNow,
		);
	}
	return model;
}
