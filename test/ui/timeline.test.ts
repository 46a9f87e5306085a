// The timeline model and its rows: requests with their tool calls, compaction as a band, a shared time axis with long
// idle gaps shortened, sparklines, live growth.
import {describe, expect, it} from 'vitest';
import {
	axisPosition,
	spanColumns,
	sparkline,
	timeAxis,
	timelineOf,
	type Timeline,
} from '../../source/model/timeline.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {timelineScreen, timelineWindow} from '../../source/ui/views/timeline-rows.js';
import {msg, viewFrom, viewOf} from './helpers.js';

const rotated = viewOf('14-45-42-8e7b556c_001', '14-45-42-8e7b556c_002');

/** The rows' kinds, tools indented: `request 1`, `  tool exec_command`, `compaction`. */
function shape(timeline: Timeline): string[] {
	return timeline.rows.map(row =>
		row.kind === 'request'
			? `request ${row.item.index}`
			: row.kind === 'tool'
				? `${'  '.repeat(row.depth)}tool ${row.item.name}`
				: 'compaction',
	);
}

function screenText(timeline: Timeline, width: number, height: number, now: number, selected = 0, top = 0): string[] {
	return timelineScreen(timeline, {width, height, now, window: {selected, top}}).map(row => rowText(row.segments));
}

describe('timelineOf', () => {
	it('gives one row per request, its tool calls under it, and the compaction between', () => {
		const timeline = timelineOf(rotated);
		expect(shape(timeline)).toEqual([
			'request 1',
			'request 2',
			'  tool exec_command',
			'request 3',
			'  tool exec_command',
			'  tool exec_command',
			'  tool exec_command',
			'request 4',
			'compaction',
			'request 5',
		]);
		expect(timeline.requests.map(request => request.usage?.total)).toEqual([1855, 1573, 1615, 1591, 1855]);
		expect(timeline.toolCalls).toBe(4);
		// Rows keep the items themselves: the ids are the main view's.
		expect(timeline.rows.every(row => rotated.items.includes(row.item))).toBe(true);
	});

	it('grows with the session: a new request and its call are new rows, a running one ends now', () => {
		const inputs = [
			msg({type: 'request_begin'}, '2026-12-02T14:00:00.000Z'),
			msg(
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'exec_command',
					arguments: '{"cmd":"ls"}',
					tool_call_id: 'c1',
					stop_reason: 'completed',
				},
				'2026-12-02T14:00:01.000Z',
			),
		];
		const view = viewFrom(inputs);
		const timeline = timelineOf(view);
		expect(shape(timeline)).toEqual(['request 1', '  tool exec_command']);
		const now = Date.parse('2026-12-02T14:00:05.000Z');
		const axis = timeAxis(timeline, now)!;
		expect(axis.end).toBe(now);
		const rows = screenText(timeline, 80, 10, now);
		// Running bars reach the right edge, with an arrow.
		expect(rows[4]).toMatch(/● request 1 {2}5\.0 s +█+▶$/);
		expect(rows[5]).toMatch(/exec_command {2}4\.0 s {2}\$ ls +━+▶$/);
	});
});

describe('the time axis', () => {
	// Two requests ten minutes apart: the wait is drawn as 30 s.
	const view = viewFrom([
		msg({type: 'request_begin'}, '2026-12-02T14:00:00.000Z'),
		msg({type: 'request_end', status: 'completed'}, '2026-12-02T14:00:10.000Z'),
		msg({type: 'request_begin'}, '2026-12-02T14:10:10.000Z'),
		msg({type: 'request_end', status: 'completed'}, '2026-12-02T14:10:20.000Z'),
	]);
	const timeline = timelineOf(view);
	const axis = timeAxis(timeline, Date.parse('2026-12-02T15:00:00Z'))!;

	it('shortens an idle gap longer than 30 s to 30 s', () => {
		expect(axis.gaps).toEqual([{from: Date.parse('2026-12-02T14:00:10Z'), to: Date.parse('2026-12-02T14:10:10Z')}]);
		expect(axis.length).toBe(50_000);
		expect(axisPosition(axis, Date.parse('2026-12-02T14:00:10Z'))).toBeCloseTo(0.2);
		expect(axisPosition(axis, Date.parse('2026-12-02T14:05:10Z'))).toBeCloseTo(0.5);
		expect(axisPosition(axis, Date.parse('2026-12-02T14:10:10Z'))).toBeCloseTo(0.8);
		expect(axisPosition(axis, Date.parse('2026-12-02T14:10:20Z'))).toBe(1);
	});

	it('maps spans to columns, at least one each', () => {
		expect(spanColumns(axis, Date.parse('2026-12-02T14:00:00Z'), Date.parse('2026-12-02T14:00:10Z'), 50)).toEqual({
			from: 0,
			to: 9,
		});
		expect(spanColumns(axis, Date.parse('2026-12-02T14:10:10Z'), Date.parse('2026-12-02T14:10:20Z'), 50)).toEqual({
			from: 40,
			to: 49,
		});
		const instant = Date.parse('2026-12-02T14:00:05Z');
		expect(spanColumns(axis, instant, instant, 50)).toEqual({from: 5, to: 5});
	});

	it('says so in the summary and marks the gap on the axis', () => {
		const rows = screenText(timeline, 120, 10, axis.end);
		expect(rows[0]).toContain('┊ idle over 30 s drawn shorter');
		expect(rows[3]).toContain('┊');
	});
});

describe('timelineScreen', () => {
	const timeline = timelineOf(rotated);
	const now = Date.parse('2026-12-02T15:00:00Z');

	it('draws a summary, two sparklines, the axis, then each row as a label and a bar', () => {
		const rows = screenText(timeline, 100, 16, now);
		expect(rows[0]).toMatch(/^ timeline {2}5 requests · 4 tool calls {2}\d\d:\d\d:\d\d → \d\d:\d\d:\d\d \(28\.7 s\)$/);
		expect(rows[1]).toMatch(/^ tokens \/ request ≤1\.9k +█▇▇▇█$/);
		expect(rows[2]).toMatch(/^ output \/ request ≤355 +█▂▃▃█$/);
		expect(rows[3]).toMatch(/├─+┤$/);
		expect(rows[4]).toMatch(/^ ✓ request 1 {2}5\.3 s {2}1\.9k tok +█+/);
		expect(rows[9]).toMatch(/^ {4}✗ exec_command {2}0\.2 s {2}\$ ls …ot\/here +━/);
		expect(rows[12]).toMatch(/^ ≋ compaction {2}2\.1 s +▒+/);
		expect(rows).toHaveLength(14);
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(100);
	});

	it('shades the compaction’s columns in every row: a band', () => {
		const rows = screenText(timeline, 100, 16, now);
		const compaction = rows[12]!;
		const from = compaction.indexOf('▒');
		const to = compaction.lastIndexOf('▒');
		for (const row of [rows[4]!, rows[8]!, rows[13]!]) {
			expect(row.slice(from, to + 1)).toMatch(/^[░█]+$/);
			expect(row.slice(from, to + 1)).toContain('░');
		}
		// The requests around it do not overlap it in time.
		expect(rows[11]!.slice(from, to + 1)).toBe('░'.repeat(to - from + 1));
	});

	it('shows only the window, and tags list rows with their item ids', () => {
		const rows = timelineScreen(timeline, {width: 80, height: 9, now, window: {top: 8, selected: 9}});
		expect(rows.map(row => row.itemId)).toEqual([-1, -1, -1, -1, timeline.rows[8]!.itemId, timeline.rows[9]!.itemId]);
	});

	it('on a short screen keeps only the list and the axis', () => {
		const rows = screenText(timeline, 80, 5, now);
		expect(rows[0]).toMatch(/^ timeline/);
		expect(rows[1]).toMatch(/├─+┤$/);
		expect(rows).toHaveLength(5);
	});
});

describe('helpers', () => {
	it('sparkline scales to the largest value; no value is a space', () => {
		expect(sparkline([0, 50, 100, undefined, 25])).toBe('▁▅█ ▃');
		expect(sparkline([])).toBe('');
	});

	it('timelineWindow keeps the selection on screen and moves as little as it can', () => {
		expect(timelineWindow(20, 5, 0, 0)).toEqual({top: 0, selected: 0});
		expect(timelineWindow(20, 5, 6, 0)).toEqual({top: 2, selected: 6});
		expect(timelineWindow(20, 5, 3, 2)).toEqual({top: 2, selected: 3});
		expect(timelineWindow(20, 5, 99, 0)).toEqual({top: 15, selected: 19});
		expect(timelineWindow(0, 5, 3, 0)).toEqual({top: 0, selected: -1});
	});
});
