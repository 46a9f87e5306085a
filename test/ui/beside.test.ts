// The session list beside the session (140 columns or more): Tab moves the keys, Esc in the list gives them back, s in
// the session hides it.
import {describe, expect, it} from 'vitest';
import {
	besideAfterListing,
	besideAtWidth,
	besideKey,
	besideListWidth,
	besideOpening,
	isBeside,
} from '../../source/ui/views/beside.js';
import {splitPresses} from '../../source/ui/screen/key-chunks.js';
import {openPicker} from '../../source/ui/views/picker.js';
import {initialScreen, type ScreenState} from '../../source/ui/screen/screen-state.js';

const wide = {wide: true};
const shown = (listFocus: boolean): ScreenState => ({
	...initialScreen(),
	picker: openPicker(1),
	beside: true,
	listFocus,
});

describe('beside the session', () => {
	it('s opens the list beside the session only in a wide terminal, with the keys', () => {
		expect(besideOpening(wide)).toEqual({beside: true, listFocus: true});
		expect(besideOpening({wide: false})).toEqual({beside: false, listFocus: false});
		expect(isBeside(shown(true), false)).toBe(false);
		expect(besideListWidth(160)).toBeLessThan(80);
	});

	it('Tab moves the keys between the list and the session, a Tab that came with other keys too', () => {
		const tab = splitPresses('\ts')[0]!;
		expect(besideKey(shown(true), tab.input, tab.key, wide)).toMatchObject({listFocus: false});
		expect(besideKey(shown(false), '\t', {tab: true}, wide)).toMatchObject({listFocus: true});
	});

	it('in the list the keys filter, Esc gives them back to the session; in the session s hides the list', () => {
		expect(besideKey(shown(true), 's', {}, wide)).toBe('list');
		expect(besideKey(shown(true), '', {escape: true}, wide)).toMatchObject({listFocus: false, beside: true});
		expect(besideKey(shown(false), 'j', {}, wide)).toBe('session');
		expect(besideKey(shown(false), 's', {}, wide)).toMatchObject({picker: undefined, beside: false});
		// Narrow: none of this; the picker is the full-screen one.
		expect(besideKey(shown(false), 's', {}, {wide: false})).toBeUndefined();
	});
});

describe('the overview beside the session from the start (issue 46)', () => {
	const closed: ScreenState = initialScreen();
	it('at 140 columns it opens with the keys left to the session; below, nothing opens', () => {
		expect(besideAtWidth(closed, true, true, 3)).toMatchObject({beside: true, listFocus: false, pickerOpened: 3});
		expect(besideAtWidth(closed, true, true, 3)?.picker?.loadId).toBe(3);
		expect(besideAtWidth(closed, false, true, 3)).toBeUndefined();
		// Nothing to list (standard input): nothing to show.
		expect(besideAtWidth(closed, true, false, 3)).toBeUndefined();
	});
	it('hidden by s it stays hidden; narrowed it closes, unless the list has the keys', () => {
		const open = besideAtWidth(closed, true, true, 1)!;
		const hidden = besideKey(open, 's', {}, {wide: true}) as ScreenState;
		expect(hidden).toMatchObject({picker: undefined, overviewHidden: true});
		expect(besideAtWidth(hidden, true, true, 2)).toBeUndefined();
		expect(besideAtWidth(open, false, true, 2)).toMatchObject({picker: undefined, beside: false});
		expect(besideAtWidth({...open, listFocus: true}, false, true, 2)).toBeUndefined();
	});
	it('opened by the width, it closes when there is nothing to list; opened by s (with the keys), it stays', () => {
		const open = besideAtWidth(closed, true, true, 1)!;
		expect(besideAfterListing(open, {error: 'no such file'})).toMatchObject({picker: undefined, overviewHidden: true});
		expect(besideAfterListing(open, {entries: []})).toMatchObject({picker: undefined, beside: false});
		expect(besideAfterListing(open, {entries: [{}]})).toBeUndefined();
		expect(besideAfterListing({...open, listFocus: true}, {error: 'no such file'})).toBeUndefined();
	});
});
