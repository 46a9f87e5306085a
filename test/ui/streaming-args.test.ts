// A call whose arguments are still streaming: its row shows the fields complete so far (`…` before any), never the raw
// JSON fragment.
import {describe, expect, test} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import {completedFields} from '../../source/render/partial-args.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {msg, paneTexts, testNow} from './helpers.js';

const fragment = (event: string, args: string) =>
	msg({
		type: 'partial_tool_call',
		role: 'assistant',
		event_type: event,
		tool_call_id: 'a',
		name: event === 'start' ? 'exec_command' : '',
		arguments: args,
	});

/** The closed row of the streaming call after `chunks` of its arguments. */
function rowAfter(...chunks: string[]): string {
	const model = new SessionModel();
	model.apply(fragment('start', ''), testNow);
	for (const chunk of chunks) model.apply(fragment('delta', chunk), testNow);
	return paneTexts(model.view, openStateFrom(), 80)[0]!;
}

describe('the row of a call whose arguments stream', () => {
	test('shows … until a field is complete, then what the complete fields say', () => {
		expect(rowAfter('{"description":"')).toMatch(/exec_command {2}…/);
		expect(rowAfter('{"description":"', 'List the fil')).not.toContain('{');
		// The description alone: the generic summary's words.
		expect(rowAfter('{"description":"List the files', '","cmd":"ls -')).toMatch(/exec_command {2}List the files/);
		// The command complete: the usual row.
		expect(rowAfter('{"description":"List the files","cmd":"ls -la"')).toMatch(
			/exec_command {2}\$ ls -la {2}List the files/,
		);
		for (const row of [rowAfter('{"description":"'), rowAfter('{"description":"List the files', '","cmd":"ls -')])
			expect(row).not.toMatch(/[{}"]/);
	});
});

describe('completedFields', () => {
	test('keeps the fields that are whole, and waits on a number that may grow', () => {
		expect(completedFields('{"a":"x","b":"y')).toEqual({a: 'x'});
		expect(completedFields('{"a":"x\\"y","b":[1,{"c":2}]')).toEqual({a: 'x"y', b: [1, {c: 2}]});
		expect(completedFields('{"limit":12')).toEqual({});
		expect(completedFields('{"limit":12,')).toEqual({limit: 12});
		expect(completedFields('{"des')).toEqual({});
		expect(completedFields('not json')).toBeUndefined();
	});
});
