// The pane count of what is drawn, kept as the session grows: a request that goes well leaves the count, one that fails
// joins it.
import {expect, test} from 'vitest';
import type {Item} from '../../source/model/view-model.js';
import type {Layout} from '../../source/ui/panes/layout.js';
import {ShownCount} from '../../source/ui/panes/shown-count.js';

const text = (id: number): Item => ({id, kind: 'user_text', text: `t${id}`}) as unknown as Item;
const request = (id: number, status: string): Item => ({id, kind: 'request', status}) as unknown as Item;
const layoutOf = (items: Item[]): Layout => ({
	width: 80,
	count: items.length,
	item: i => items[i]!,
	depth: () => 0,
	pane: () => undefined as never,
	indexOf: () => -1,
});

test('counts the entries that draw something, as requests run, end well, fail, and the session grows', () => {
	const counter = new ShownCount();
	const items: Item[] = [text(1), request(2, 'completed'), text(3), request(4, 'running')];
	expect(counter.position(layoutOf(items), 2)).toEqual({index: 1, count: 2});
	// The running request failed: it is drawn now, and counted.
	(items[3] as {status: string}).status = 'failed';
	items.push(text(5));
	expect(counter.position(layoutOf(items), 4)).toEqual({index: 3, count: 4});
	// Another one ran and went well.
	items.push(request(6, 'running'), text(7));
	expect(counter.position(layoutOf(items), 6)).toEqual({index: 4, count: 5});
	(items[5] as {status: string}).status = 'completed';
	expect(counter.position(layoutOf(items), 6)).toEqual({index: 4, count: 5});
	// Another list (a subagent opened, another session): counted afresh.
	expect(counter.position(layoutOf([text(9), request(10, 'completed'), text(11)]), 2)).toEqual({index: 1, count: 2});
});
