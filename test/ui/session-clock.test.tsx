// The session's own clock: a replay runs on its messages' time, a trace not written for long stops at its last message,
// a live stream runs on from its newest message.
import {afterEach, describe, expect, test} from 'vitest';
import {SessionStore} from '../../source/model/session-store.js';
import {formatClock} from '../../source/render/format.js';
import {latestAt, sessionTime, staleAfterMs} from '../../source/ui/screen/session-clock.js';
import {mount, type Screen} from './app-helpers.js';
import {msg, viewFrom} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

// A call that started at 14:00:01 and never got its output: the trace ends there.
const inputs = [
	msg({type: 'text', role: 'user', text: 'run it'}, '2026-12-02T14:00:00.000Z'),
	msg({type: 'request_begin'}, '2026-12-02T14:00:00.500Z'),
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
];
const last = Date.parse('2026-12-02T14:00:01.000Z');

describe('sessionTime', () => {
	const view = viewFrom(inputs);
	test('the latest moment is the last message', () => {
		expect(latestAt(view)).toBe(last);
	});
	test('a replay runs on the time of the latest message shown', () => {
		expect(sessionTime(view, {label: 't', state: 'replaying'}, Date.parse('2026-12-03T09:00:00Z'))).toEqual({
			now: last,
		});
	});
	test('a trace file not written for long stops at its last message; one written lately keeps the real clock', () => {
		expect(sessionTime(view, {label: 't', state: 'following'}, last + staleAfterMs + 1)).toEqual({
			now: last,
			stoppedAt: last,
		});
		expect(sessionTime(view, {label: 't', state: 'following'}, last + 60_000)).toEqual({now: last + 60_000});
	});
	test(
		'a live stream runs on, however quiet: from its newest message as this viewer counts (it was applied ' +
			'at 14:00:10)',
		() => {
			const seenMs = Date.parse('2026-12-02T14:00:10Z');
			expect(sessionTime(view, {label: 'http://x', state: 'live'}, seenMs + 10 * staleAfterMs)).toEqual({
				now: last + 10 * staleAfterMs,
			});
		},
	);
});

test(
	'on the screen: a call left running in an old trace reads ' + '`no output`, the header `stalled since …`, not hours',
	async () => {
		const store = new SessionStore({label: 'old.jsonl', state: 'following'}, {}, () =>
			Date.parse('2026-12-03T12:34:00Z'),
		);
		store.apply(inputs);
		screen = await mount(store, {now: () => Date.parse('2026-12-03T12:34:00Z')});
		const frame = await frameWhere(screen, f => f.includes('exec_command'));
		expect(frame.split('\n').find(line => line.includes('exec_command'))).toContain('no output');
		expect(frame).toContain(`stalled since ${formatClock(last)}`);
		expect(frame).not.toMatch(/\d+ h \d+ m/);
	},
);
