// Marks: m then a letter marks the focused pane, ' then the letter goes back to it, '' to where the view was before the
// last jump.
import {afterEach, expect, test} from 'vitest';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, lastRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const panes = () =>
	storeFrom(
		Array.from({length: 200}, (_, i) =>
			msg(
				{type: 'text', role: 'assistant', text: `answer number ${i + 1}`},
				new Date(Date.parse('2026-12-02T14:00:00Z') + i * 1000).toISOString(),
			),
		),
	);

const focused = (frame: string): string => frame.split('\n').find(line => line.startsWith('›')) ?? '';

test("ma marks a pane, G leaves it, 'a comes back; '' goes back to before the last jump, and again", async () => {
	screen = await mount(panes(), {rows: 14});
	await screen.press(':120', keys.enter);
	await frameWhere(screen, f => focused(f).includes('answer number 120'));
	await screen.press('m', 'a');
	await frameWhere(screen, f => lastRow(f).includes('mark a set'));
	await screen.press('G');
	await frameWhere(screen, f => !f.includes('answer number 120'));
	await screen.press("'", 'a');
	await frameWhere(screen, f => focused(f).includes('answer number 120'));
	await screen.press(':30', keys.enter);
	await frameWhere(screen, f => focused(f).includes('answer number 30'));
	await screen.press("'", "'");
	await frameWhere(screen, f => focused(f).includes('answer number 120'));
	await screen.press("'", "'");
	await frameWhere(screen, f => focused(f).includes('answer number 30'));
	// A letter never marked says so; the view stays.
	await screen.press("'", 'z');
	const frame = await frameWhere(screen, f => lastRow(f).includes('no mark z'));
	expect(focused(frame)).toContain('answer number 30');
});

test("'' from the bottom after g goes back to following the bottom", async () => {
	screen = await mount(panes(), {rows: 14});
	await screen.press('g');
	await frameWhere(screen, f => focused(f).includes('answer number 1'));
	await screen.press("'", "'");
	const frame = await frameWhere(screen, f => f.includes('answer number 200'));
	expect(frame.split('\n')[1]).toMatch(/following\s*$/);
});
