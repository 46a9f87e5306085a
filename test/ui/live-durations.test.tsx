// On a live stream what runs or waits is timed on the writer's clock as this viewer saw it go, never by the difference
// between two machines' clocks (an old session, a server whose clock is off).
import {afterEach, describe, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {SessionStore} from '../../source/model/session-store.js';
import {sessionTime} from '../../source/ui/screen/session-clock.js';
import {serverStreamInputs} from '../helpers/recordings.js';
import {mount, type Screen} from './app-helpers.js';
import {msg} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

/** A clock the test moves. */
function fakeClock(start: string): {now: () => number; advance: (ms: number) => void} {
	let now = Date.parse(start);
	return {now: () => now, advance: ms => void (now += ms)};
}

// A call that runs: complete, allowed, no output yet. Its messages are dated 53 hours before this viewer's clock.
const running: ModelInput[] = [
	msg({type: 'text', role: 'user', text: 'run it'}, '2026-12-02T14:00:00.000Z'),
	msg(
		{
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: '{"cmd":"sleep 999"}',
			tool_call_id: 'c1',
			stop_reason: 'completed',
		},
		'2026-12-02T14:00:01.000Z',
	),
	msg({type: 'approval_decision', decision: 'allow', tool_call_id: 'c1'}, '2026-12-02T14:00:01.100Z'),
];
const viewerStart = '2026-12-04T19:19:00.000Z';

describe('sessionTime on a live stream', () => {
	test('runs on the writer clock from its newest message, as far as this viewer counted since it arrived', () => {
		const model = new SessionModel();
		model.applyAll(running, Date.parse(viewerStart));
		const now = sessionTime(model.view, {label: 'http://x', state: 'live'}, Date.parse(viewerStart) + 5_000).now;
		expect(now).toBe(Date.parse('2026-12-02T14:00:01.100Z') + 5_000);
	});
	test('while it reconnects or failed too: the writer clock still goes on as this viewer counts', () => {
		const model = new SessionModel();
		model.applyAll(running, Date.parse(viewerStart));
		for (const state of ['reconnecting', 'connecting', 'resyncing', 'failed']) {
			expect(sessionTime(model.view, {label: 'http://x', state}, Date.parse(viewerStart) + 60_000).now).toBe(
				Date.parse('2026-12-02T14:00:01.100Z') + 60_000,
			);
		}
	});
	test('a rebuilt model (a resync) keeps when the newest message was first seen', () => {
		const clock = fakeClock(viewerStart);
		const resynced = new SessionStore({label: 'http://x', state: 'live'}, {}, clock.now);
		resynced.apply(running);
		clock.advance(30_000);
		resynced.rebuild(running);
		expect(sessionTime(resynced.view, resynced.status, clock.now()).now).toBe(
			Date.parse('2026-12-02T14:00:01.100Z') + 30_000,
		);
	});
});

test(
	'on the screen: a call running in a session whose messages are 53 h old reads seconds since this viewer ' +
		'saw it, not `53 h`',
	async () => {
		const clock = fakeClock(viewerStart);
		const store = new SessionStore({label: 'http://x', state: 'live'}, {}, clock.now);
		store.apply(running);
		screen = await mount(store, {now: clock.now});
		let frame = await frameWhere(screen, f => f.includes('sleep 999'));
		expect(frame).not.toMatch(/\d+ h \d+ m/);
		clock.advance(7_000);
		frame = await frameWhere(screen, f =>
			/ 7\.\d s/.test(f.split('\n').find(line => line.includes('sleep 999')) ?? ''),
		);
		expect(frame).not.toMatch(/\d+ h \d+ m/);
	},
);

test(
	'on the screen: a call waiting for approval in the recorded stream (a day before this viewer clock) ' +
		'reads the wait as seen',
	async () => {
		const recorded = serverStreamInputs('session-stream-approval.txt');
		const upTo = recorded
			.slice(0, recorded.findIndex(entry => entry.id === '1f407cf9-24') + 1)
			.map(entry => entry.input);
		const clock = fakeClock('2026-12-05T09:00:00.000Z');
		const store = new SessionStore({label: 'http://x', state: 'live'}, {}, clock.now);
		store.apply(upTo);
		screen = await mount(store, {now: clock.now});
		await frameWhere(screen, f => f.includes('waiting for approval') && f.includes('echo approved-run'));
		clock.advance(12_000);
		const frame = await frameWhere(screen, f =>
			/ 12\.\d s/.test(f.split('\n').find(line => line.includes('echo approved-run')) ?? ''),
		);
		expect(frame).not.toMatch(/\d+ h \d+ m/);
	},
);
