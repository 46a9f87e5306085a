// The session list beside the session (140 columns or more): Tab moves the keys, Esc in the list gives them back, s in
// the session hides it.
import {describe, expect, it} from 'vitest';
import {besideKey, besideListWidth, besideOpening, isBeside} from '../../source/ui/views/beside.js';
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
