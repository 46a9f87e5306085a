// Every call's list of images has one shape, empty or not (frozen): print mode's tool-call line
// reads it for every output, and a list of another shape made V8 throw that function's compiled
// code away and compile it again (render/plain.ts; docs/performance.md).
import {expect, test} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import type {ToolCallItem} from '../../source/model/view-model.js';
import {msg} from '../ui/helpers.js';

const call = (id: string) =>
	msg({type: 'tool_call', role: 'assistant', name: 'screenshot', arguments: '{}', tool_call_id: id});
const output = (id: string, images: string[]) =>
	msg({type: 'tool_call_output', role: 'user', output: 'taken', images, tool_call_id: id, stop_reason: 'completed'});

test(
	'a call without images and a call with some hold their ' + 'images in lists of one kind: frozen, never added to',
	() => {
		const model = new SessionModel();
		model.applyAll(
			[
				call('c1'),
				output('c1', []),
				call('c2'),
				output('c2', ['https://example.test/a.png', 'data:image/png;base64,AAAA']),
				call('c3'),
			],
			0,
		);
		const calls = model.view.items.filter((item): item is ToolCallItem => item.kind === 'tool_call');
		expect(calls.map(item => item.images.length)).toEqual([0, 2, 0]);
		expect(calls.map(item => Object.isFrozen(item.images))).toEqual([true, true, true]);
		expect(calls[1]!.images.map(image => image.mimeType)).toEqual(['url', 'image/png']);
	},
);
