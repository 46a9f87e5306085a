// A tool call's `name (id)` on its label lines: each line names the call as the call then stands, when a later message
// fills in its name, and stays harmless.
import {describe, expect, it} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import {lineText, PlainRenderer} from '../../source/render/plain.js';
import {msg} from '../helpers/recordings.js';
import type {ModelInput} from '../../source/model/input.js';

/**
 * Print mode's lines: each input applied, then what it made final rendered at once (`keepItems`: one item a call
 * throughout).
 */
function printed(inputs: readonly ModelInput[], keepItems = false): string[] {
	const model = new SessionModel({recordFinalized: true, keepItems});
	const renderer = new PlainRenderer({color: false});
	const lines: string[] = [];
	for (const input of inputs) {
		model.apply(input, 0);
		model.drainFinalized(false, entry => lines.push(...renderer.entry(entry).map(lineText)));
	}
	return lines.filter(line => line.startsWith('tool') || line.startsWith('approval'));
}

const output = (id: string): ModelInput =>
	msg('model_msg', {type: 'tool_call_output', role: 'user', output: 'ok', tool_call_id: id});
const call = (name: string, id: string): ModelInput =>
	msg('model_msg', {type: 'tool_call', role: 'assistant', name, arguments: '{"cmd":"ls"}', tool_call_id: id});
// A denial is always written (an automatic allow is not: no one decided it).
const decision = (id: string): ModelInput =>
	msg('event_msg', {type: 'approval_decision', tool_call_id: id, decision: 'deny'});

describe("a call's name and id on its lines", () => {
	it.each([false, true])(
		'names the call as it then stands: an output before its call has no name yet, the call and its ' +
			'decision have (items kept: %s)',
		keepItems => {
			const lines = printed(
				[output('c1'), call('exec_command', 'c1'), decision('c1'), call('read_file', 'c2'), decision('c2')],
				keepItems,
			);
			expect(lines.map(line => line.split(':')[0])).toEqual([
				'tool output ? (c1) done · 1 line',
				'tool call exec_command (c1)',
				'approval deny',
				'tool call read_file (c2)',
				'approval deny',
			]);
			expect(lines[2]).toBe('approval deny: exec_command (c1)');
			expect(lines[4]).toBe('approval deny: read_file (c2)');
		},
	);

	it('sanitizes a name and an id with escapes on every line of the call', () => {
		const lines = printed([
			call('ex\u001b]0;owned\u0007ec', 'id\u001b[2J'),
			decision('id\u001b[2J'),
			output('id\u001b[2J'),
		]);
		expect(lines).toHaveLength(3);
		// eslint-disable-next-line no-control-regex
		for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
	});
});
