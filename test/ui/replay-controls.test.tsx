// --replay's controls: p pauses and resumes, + and - double and halve the speed, the header says where the replay is in
// the session's own time.
import {afterAll, afterEach, beforeAll, expect, test, vi} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {startReplay} from '../../source/io/replay.js';
import {commands} from '../../source/ui/screen/keymap.js';
import {mount, type Screen} from './app-helpers.js';
import {msg} from './helpers.js';
import {frameWhere, statusRow} from './wait-frame.js';

let screen: Screen | undefined;
let stop: (() => void) | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
	stop?.();
	stop = undefined;
	vi.useRealTimers();
});
const zone = process.env['TZ'];
beforeAll(() => {
	process.env['TZ'] = 'UTC';
});
afterAll(() => {
	if (zone === undefined) delete process.env['TZ'];
	else process.env['TZ'] = zone;
});

/** Three answers at 14:45:00, 14:46:00 and 14:51:03. */
const session = (): ModelInput[] => [
	msg({type: 'text', role: 'assistant', text: 'first answer'}, '2026-12-02T14:45:00.000Z'),
	msg({type: 'text', role: 'assistant', text: 'second answer'}, '2026-12-02T14:46:00.000Z'),
	msg({type: 'text', role: 'assistant', text: 'third answer'}, '2026-12-02T14:51:03.000Z'),
];

test(
	'p pauses (⏸ replay paused) and resumes, + and - change the speed (replay 8×), the header shows the ' +
		'session time played',
	async () => {
		const store = new SessionStore({label: 'test.jsonl', state: 'replaying'}, {}, () =>
			Date.parse('2026-12-02T15:00:00Z'),
		);
		// A minute of the session before the second answer: the screen waits on the first.
		const replay = startReplay({speed: 1, interleave: false, maxGapMs: 120_000, onInputs: batch => store.apply(batch)});
		stop = replay.close;
		replay.feed([...session(), {kind: 'end'}]);
		screen = await mount(store, {rows: 14, replay: replay.control});
		await frameWhere(screen, f => statusRow(f).includes('▶ replay 1× · 14:45:00 of 14:51:03'));
		await screen.press('+', '+', '+');
		await frameWhere(screen, f => statusRow(f).includes('replay 8×'));
		await screen.press('-');
		await frameWhere(screen, f => statusRow(f).includes('replay 4×'));
		await screen.press('p');
		let frame = await frameWhere(screen, f => statusRow(f).includes('⏸ replay paused · 14:45:00 of 14:51:03'));
		// p during a replay pauses it: it opens no pane.
		expect(frame).toContain('first answer');
		await screen.press('+', '+', '+');
		await screen.press('p');
		frame = await frameWhere(screen, f => f.includes('second answer'));
		await frameWhere(screen, f => statusRow(f).includes('▶ replay 32× · 14:46:00 of 14:51:03'));
	},
);

test('while a replay plays the footer hints its keys, never a key that does something else now', async () => {
	const store = new SessionStore({label: 'test.jsonl', state: 'replaying'}, {}, () =>
		Date.parse('2026-12-02T15:00:00Z'),
	);
	const replay = startReplay({speed: 1, interleave: false, maxGapMs: 120_000, onInputs: batch => store.apply(batch)});
	stop = replay.close;
	replay.feed([...session(), {kind: 'end'}]);
	screen = await mount(store, {rows: 14, columns: 120, replay: replay.control});
	const frame = await frameWhere(screen, f => statusRow(f).includes('▶ replay 1×'));
	const hints = frame.split('\n').at(-1)!;
	expect(hints).toContain(`${commands.find(command => command.id === 'replay-pause')!.keys[0]!.label} pause`);
	expect(hints).toContain('+/- speed');
	expect(hints).toContain('Enter open');
	expect(hints).not.toContain('␣ open');
});

test('a paused replay plays nothing until resumed, then waits what was left of the wait at the new speed', () => {
	vi.useFakeTimers();
	const played: string[] = [];
	const replay = startReplay({
		speed: 1,
		interleave: false,
		maxGapMs: 120_000,
		onInputs: batch => {
			for (const input of batch)
				played.push(input.kind === 'message' ? String((input.message.payload as {text?: string}).text) : input.kind);
		},
	});
	stop = replay.close;
	replay.feed([...session(), {kind: 'end'}]);
	expect(played).toEqual(['first answer']);
	vi.advanceTimersByTime(52_000);
	replay.control.toggle();
	vi.advanceTimersByTime(600_000);
	expect(played).toEqual(['first answer']);
	expect(replay.control.state()).toMatchObject({
		paused: true,
		at: Date.parse('2026-12-02T14:45:00Z'),
		end: Date.parse('2026-12-02T14:51:03Z'),
	});
	// Eight seconds were left of sixty; at 2× that is four.
	replay.control.scale(2);
	replay.control.toggle();
	vi.advanceTimersByTime(3900);
	expect(played).toEqual(['first answer']);
	vi.advanceTimersByTime(200);
	expect(played).toEqual(['first answer', 'second answer']);
});
