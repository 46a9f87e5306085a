// JSON export: the view model round-trips (items, header, tokens, counts), child sessions nest, no image data, no raw
// C1 or bidi controls.
import {describe, expect, it} from 'vitest';
import {toView} from '../../source/commands/to-view.js';
import {formatJson, jsonExportOf, type JsonExport} from '../../source/export/json.js';
import type {ModelInput} from '../../source/model/input.js';
import type {SubagentItem} from '../../source/model/view-model.js';
import {msg, traceInputs} from '../helpers/recordings.js';

const end: ModelInput = {kind: 'end'};
const rotated = 'session-2026-12-02-14-45-42-8e7b556c';

describe('formatJson', () => {
	it('round-trips the view model', () => {
		const view = toView([...traceInputs(`${rotated}_001.jsonl`, 1), ...traceInputs(`${rotated}_002.jsonl`, 2), end], 0);
		const text = formatJson(view);
		expect(text.endsWith('\n')).toBe(true);
		const doc = JSON.parse(text) as JsonExport;
		expect(doc).toEqual(jsonExportOf(view));
		expect(doc.format).toBe('penguin-view.session');
		expect(doc.version).toBe(1);
		expect(doc.session.header).toEqual(view.header);
		expect(doc.session.tokens).toEqual(view.tokens);
		expect(doc.session.counts).toEqual(view.counts);
		expect(doc.session.shard).toBe(2);
		expect(doc.session.items).toHaveLength(view.items.length);
		// Same items but for the screen's `rev` counters.
		expect(doc.session.items).toEqual(view.items.map(({rev: _rev, ...rest}) => rest));
		expect(doc.session.items.some(item => 'rev' in item)).toBe(false);
		expect('rev' in doc.session).toBe(false);
		// The export is a copy: the view keeps its counters.
		expect(view.items.every(item => typeof item.rev === 'number')).toBe(true);
	});

	it('nests a child session and carries no image data', () => {
		const view = toView(
			[
				msg('model_msg', {type: 'image_url', role: 'user', image_url: `data:image/png;base64,${'iVBOR'.repeat(100)}`}),
				msg('event_msg', {type: 'subagent', session_id: 'child-1'}),
				{
					kind: 'message',
					message: {
						type: 'model_msg',
						origin: ['child-1'],
						payload: {type: 'text', role: 'assistant', text: 'from the child'},
					},
				},
				{
					kind: 'message',
					message: {
						type: 'model_msg',
						origin: ['child-1'],
						payload: {
							type: 'tool_call_output',
							role: 'user',
							output: 'shot',
							images: ['data:image/jpeg;base64,/9j/AAAA'],
							tool_call_id: 'c',
						},
					},
				},
				end,
			],
			0,
		);
		const text = formatJson(view);
		expect(text).not.toContain('base64');
		const doc = JSON.parse(text) as JsonExport;
		const pointer = doc.session.items.find((item): item is SubagentItem => item.kind === 'subagent')!;
		expect(pointer.sessionId).toBe('child-1');
		expect(pointer.child?.items.map(item => item.kind)).toEqual(['assistant_text', 'tool_call']);
		expect(pointer.child?.items[1]).toMatchObject({images: [{mimeType: 'image/jpeg', bytes: 6}]});
		expect(doc.session.items[0]).toMatchObject({kind: 'image', image: {mimeType: 'image/png', bytes: 375}});
	});

	it('escapes C1 and bidi controls, so the text is terminal-safe and parses back the same', () => {
		const text = 'csi \u009b2J rlo \u202e end \u001b[31m';
		const view = toView([msg('model_msg', {type: 'text', role: 'user', text}), end], 0);
		const json = formatJson(view);
		expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
		expect(json).toContain('\\u009b');
		expect(json).toContain('\\u202e');
		expect((JSON.parse(json) as JsonExport).session.items[0]).toMatchObject({kind: 'user_text', text});
	});
});
