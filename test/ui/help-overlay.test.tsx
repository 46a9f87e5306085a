// The help at small sizes: every entry in full (wrapped), scrolled with j/k, closed by Esc or ? only.
import {afterEach, describe, expect, test} from 'vitest';
import {helpEntries} from '../../source/ui/screen/keymap.js';
import {helpLines} from '../../source/ui/screen/help-lines.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {storeFrom, traceInputs} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

/** The help's text with its wrapping undone, to find each entry whole. */
const unwrapped = (lines: string[]): string =>
	lines
		.map(line => line.trim())
		.join(' ')
		.replace(/\s+/g, ' ');

describe('help lines', () => {
	for (const width of [80, 60, 30]) {
		test(`at ${width} columns every entry is there in full and no row is wider`, () => {
			const rows = helpLines(width).map(row => rowText(row));
			for (const row of rows) expect(row.length).toBeLessThanOrEqual(width);
			const text = unwrapped(rows);
			for (const entry of helpEntries()) expect(text).toContain(`${entry.keys} ${entry.help}`.replace(/\s+/g, ' '));
		});
	}
});

describe('the help on a small screen', () => {
	test('at 60×20 j and k scroll through every entry, a stray key leaves it open, Esc closes it', async () => {
		screen = await mount(storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl'), {columns: 60, rows: 20});
		await screen.press('?');
		await frameWhere(screen, frame => frame.includes('j/k scroll'));
		const seen: string[] = [];
		let previous = '';
		// Scroll down row by row until the view stops moving, collecting every row seen.
		for (let step = 0; step < 200; step++) {
			const body = screen.body();
			seen.push(...body);
			const now = body.join('\n');
			if (now === previous) break;
			previous = now;
			await screen.press('j');
		}
		const text = unwrapped([...new Set(seen)]);
		for (const entry of helpEntries()) expect(text).toContain(entry.help.replace(/\s+/g, ' '));
		await screen.press('k');
		expect(screen.body().join('\n')).not.toBe(previous);
		await screen.press('z');
		expect(screen.frame()).toContain('j/k scroll');
		await screen.press(keys.escape);
		await frameWhere(screen, frame => !frame.includes('j/k scroll'));
	});
});
