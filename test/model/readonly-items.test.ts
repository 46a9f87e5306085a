// Items are read-only outside the model: a write that skips `touch` (the new revision the layout caches panes by) does
// not compile, and the model's own writes each make one.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import type {
	ImageRef,
	Item,
	McpConnectItem,
	SessionView,
	ThinkingItem,
	ToolCallItem,
} from '../../source/model/view-model.js';
import {allRows, Layouter} from '../../source/ui/panes/layout.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {msg, testNow} from '../ui/helpers.js';

// Never called: `npx tsc --noEmit` checks these lines (test/ is in tsconfig.json). Each write
// below compiled before items were read-only, and left the pane drawn from the old revision.
export function writesOutsideTheModel(
	view: SessionView,
	item: Item,
	call: ToolCallItem,
	thinking: ThinkingItem,
	mcp: McpConnectItem,
	image: ImageRef,
): void {
	// @ts-expect-error: the session's items (only the model adds one)
	view.items.push(item);
	// @ts-expect-error: a field of any item
	item.rev = 2;
	// @ts-expect-error: a field of one kind
	call.state = 'done';
	// @ts-expect-error: an item's array
	call.images.push(image);
	// @ts-expect-error: a field inside a field
	call.images[0]!.bytes = 1;
	// @ts-expect-error: an object inside an item
	thinking.inline!.bytes = 1;
	// @ts-expect-error: the elements of an array inside an item
	mcp.results[0]!.status = 'failed';
	// @ts-expect-error: an item's text
	thinking.text = 'changed';
}

const at = (second: number): string => `2026-12-02T14:00:${String(second).padStart(2, '0')}.000Z`;
const thinking = (event: string, second: number, text?: string): ModelInput =>
	msg({type: 'partial_thinking', role: 'assistant', event_type: event, ...(text ? {thinking: text} : {})}, at(second));

describe('the model writes an item only through touch', () => {
	test(
		'thinking that streamed and never got its complete message says how long it took, on a screen that ' +
			'drew it before',
		() => {
			const model = new SessionModel();
			const layouter = new Layouter();
			const open = openStateFrom();
			const head = (): string => rowText(allRows(layouter.layout(model.view, 80, open, testNow))[0]!.segments);
			model.applyAll(
				[thinking('start', 0), thinking('delta', 2, 'weighing the options'), thinking('stop', 4)],
				testNow,
			);
			expect(head()).not.toContain(' s ');
			// No complete thinking follows, a new request begins: the fragment stands as final, timed to its last fragment.
			model.apply(msg({type: 'request_begin'}, at(6)), testNow);
			expect(head()).toContain('4.0 s');
		},
	);
});

test('no module outside the model takes the writable form of an item', () => {
	// A cast to Draft, or touched() called from ui/render/output/export, would bring back writes the layout does not see.
	const root = path.resolve(import.meta.dirname, '..', '..', 'source');
	const writers = readdirSync(root, {recursive: true, encoding: 'utf8'})
		.filter(file => /\.tsx?$/.test(file) && !file.startsWith(`model${path.sep}`))
		.filter(file => /\bDraft\b|\btouched\(/.test(readFileSync(path.join(root, file), 'utf8')));
	expect(writers).toEqual([]);
});
