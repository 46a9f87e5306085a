// An item's place in reading order (a subagent's items after its pane), found by halving the lists: the same order as
// numbering every item.
import {expect, test} from 'vitest';
import type {Item, SessionView} from '../../source/model/view-model.js';
import {SessionModel} from '../../source/model/session-model.js';
import {comparePlaces, placeOf} from '../../source/ui/reading/reading-place.js';
import {childInputs, testNow, traceInputs} from './helpers.js';

/** Every item's id in reading order, numbered one by one (the reference). */
function numbered(view: SessionView): number[] {
	const ids: number[] = [];
	const walk = (items: readonly Item[]): void => {
		for (const item of items) {
			ids.push(item.id);
			if (item.kind === 'subagent' && item.child) walk(item.child.items);
		}
	};
	walk(view.items);
	return ids;
}

test('places order the items of a session and its subagent as reading them does', () => {
	const childId = 'session-2026-12-02-14-43-19-1fcdf9f5';
	const model = new SessionModel();
	model.applyAll([...traceInputs('14-43-17-a1f608ba_001'), ...childInputs('14-43-19-1fcdf9f5_001', childId)], testNow);
	const ids = numbered(model.view);
	expect(ids.length).toBeGreaterThan(model.view.items.length);
	const places = ids.map(id => placeOf(model.view, id));
	expect(places.every(place => place !== undefined)).toBe(true);
	for (let i = 0; i < ids.length; i++) {
		for (let j = 0; j < ids.length; j++)
			expect(Math.sign(comparePlaces(places[i]!, places[j]!))).toBe(Math.sign(i - j));
	}
	expect(placeOf(model.view, -5)).toBeUndefined();
});
