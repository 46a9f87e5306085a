// The jump prompt (:): a document line, a percentage, a pane or a line in it, a local time of day; each jump stops
// following; bad text gets one line.
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, lastRow, statusRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});
// The screen shows local times: the jump reads them in the same zone (here 9 hours ahead of UTC).
const zone = process.env['TZ'];
beforeAll(() => {
	process.env['TZ'] = 'Asia/Tokyo';
});
afterAll(() => {
	if (zone === undefined) delete process.env['TZ'];
	else process.env['TZ'] = zone;
});

const start = Date.parse('2026-12-02T05:30:00Z');
/** 200 answers, ten seconds apart from 14:30:00 Tokyo time. */
export const manyPanes = (): ModelInput[] =>
	Array.from({length: 200}, (_, i) =>
		msg({type: 'text', role: 'assistant', text: `answer number ${i + 1}`}, new Date(start + i * 10_000).toISOString()),
	);

const focused = (frame: string): string => frame.split('\n').find(line => line.startsWith('›')) ?? '';

test(
	':120 goes to line 120, :50% to the line the footer calls 50 %, :p130 to pane ' +
		'130, :14:45 to the first pane at or after that local time; each stops following',
	async () => {
		screen = await mount(storeFrom(manyPanes()), {rows: 14});
		await screen.press(':');
		await frameWhere(screen, f => lastRow(f).includes('Enter jump'));
		await screen.press('120', keys.enter);
		let frame = await frameWhere(screen, f => focused(f).includes('answer number 120'));
		expect(frame).toContain('line 120 of 200 · 60 %');
		expect(statusRow(frame)).toMatch(/paused\s*$/);
		await screen.press(':50%', keys.enter);
		frame = await frameWhere(screen, f => focused(f).includes('answer number 100'));
		expect(frame).toContain('line 100 of 200 · 50 %');
		await screen.press(':p130', keys.enter);
		frame = await frameWhere(screen, f => focused(f).includes('answer number 130'));
		// 14:45:00 Tokyo is 05:45:00Z: the 91st answer (fifteen minutes of ten-second steps after the first).
		await screen.press(':14:45', keys.enter);
		frame = await frameWhere(screen, f => focused(f).includes('answer number 91'));
		await screen.press(':14:45:05', keys.enter);
		await frameWhere(screen, f => focused(f).includes('answer number 92'));
	},
);

test('a jump to nothing says why in one line and leaves the view', async () => {
	screen = await mount(storeFrom(manyPanes()), {rows: 14});
	await screen.press(':lunch', keys.enter);
	await frameWhere(screen, f => lastRow(f).includes('give a line (:1204)'));
	await screen.press(':23:00', keys.enter);
	const frame = await frameWhere(screen, f => lastRow(f).includes('nothing at or after 23:00'));
	expect(statusRow(frame)).toMatch(/following\s*$/);
	await screen.press(':12', keys.escape);
	await frameWhere(screen, f => !lastRow(f).includes('Enter jump'));
});
