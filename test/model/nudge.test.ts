// Nudges: another session that starts to wait for approval, fails or finishes is said once, not the one on screen.
import {describe, expect, it} from 'vitest';
import {NudgeTracker, nudgeText, type NudgeRow} from '../../source/model/nudge.js';

const row = (id: string, state: NudgeRow['state'], doing?: string): NudgeRow => ({
	id,
	state,
	...(doing ? {doing} : {}),
});

describe('NudgeTracker', () => {
	it('nothing on the first listing, whatever the states', () => {
		expect(new NudgeTracker().update([row('a', 'waiting'), row('b', 'failed')], undefined)).toEqual([]);
	});

	it('waiting, failed and finished, once each, for sessions other than the one on screen', () => {
		const tracker = new NudgeTracker();
		tracker.update([row('a', 'running'), row('b', 'running'), row('c', 'running'), row('me', 'running')], 'me');
		const events = tracker.update(
			[
				row('a', 'waiting', 'exec_command $ rm -rf build'),
				row('b', 'failed', 'overloaded'),
				{...row('c', 'idle'), ended: {kind: 'finished'}},
				row('me', 'waiting'),
			],
			'me',
		);
		expect(events).toEqual([
			{kind: 'waiting', id: 'a', doing: 'exec_command $ rm -rf build'},
			{kind: 'failed', id: 'b', doing: 'overloaded'},
			{kind: 'finished', id: 'c'},
		]);
		// The same states again: nothing more.
		expect(
			tracker.update(
				[
					row('a', 'waiting', 'exec_command $ rm -rf build'),
					row('b', 'failed'),
					row('c', 'idle'),
					row('me', 'waiting'),
				],
				'me',
			),
		).toEqual([]);
		// Approved, then waiting again: a new event.
		tracker.update([row('a', 'running')], 'me');
		expect(tracker.update([row('a', 'waiting', 'exec_command $ ls')], 'me')).toEqual([
			{kind: 'waiting', id: 'a', doing: 'exec_command $ ls'},
		]);
	});

	it('a session that was idle and stays idle, or appears idle, is not finished', () => {
		const tracker = new NudgeTracker();
		tracker.update([row('a', 'idle')], undefined);
		expect(tracker.update([row('a', 'idle'), row('new', 'idle')], undefined)).toEqual([]);
	});
});

describe('how a run ended', () => {
	it('aborted by a person, failed with the reason, or not known yet: never finished unless it did', () => {
		const tracker = new NudgeTracker();
		tracker.update([row('a', 'running'), row('b', 'running'), row('c', 'running')], undefined);
		const rows = [
			{...row('a', 'idle'), ended: {kind: 'aborted', reason: 'aborted by user'} as const, name: 'Slow counting story'},
			{...row('b', 'idle'), ended: {kind: 'failed', reason: 'llm request error: overloaded'} as const},
			row('c', 'idle'),
		];
		expect(tracker.update(rows, undefined).map(nudgeText)).toEqual([
			'■ "Slow counting story" aborted by user',
			'✗ b failed: llm request error: overloaded',
			'○ c stopped running',
		]);
	});
});

describe('nudgeText', () => {
	it('names a session by its title, one line, shortened', () => {
		expect(
			nudgeText({
				kind: 'waiting',
				id: 'session-x-84946371',
				name: 'Workspace tools tour',
				doing: 'exec_command $ echo approved-run',
			}),
		).toBe('⏸ "Workspace tools tour" waits: exec_command $ echo approved-run');
		expect(nudgeText({kind: 'finished', id: 'x', name: 'a\nvery long title that goes on and on well past forty'})).toBe(
			'✓ "a very long title that goes on and on w…" finished',
		);
	});

	it('says the short id and what it waits for', () => {
		expect(
			nudgeText({kind: 'waiting', id: 'session-2026-12-05-01-00-00-84946371', doing: 'exec_command $ rm -rf build'}),
		).toBe('⏸ 84946371 waits: exec_command $ rm -rf build');
		expect(nudgeText({kind: 'failed', id: 'session-2026-12-05-01-00-00-84946371', doing: 'timeout'})).toBe(
			'✗ 84946371 failed: timeout',
		);
		expect(nudgeText({kind: 'finished', id: 'session-2026-12-05-01-00-00-84946371'})).toBe('✓ 84946371 finished');
	});
});
