// Header and footer rows: session, model, workspace, title, live state, token totals, context gauge, counts, "N new",
// prompt.
import {describe, expect, test} from 'vitest';
import type {SourceStatus} from '../../source/model/session-store.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {
	activityOf,
	footerPrompt,
	footerStats,
	headerRows,
	shortSessionId,
	stateSegments,
	tildePath,
} from '../../source/ui/screen/status-line.js';
import {msg, testNow, viewFrom, viewOf} from './helpers.js';

const status: SourceStatus = {label: 'session-…_002.jsonl', state: 'following'};
const view = viewOf('14-45-42-8e7b556c_001', '14-45-42-8e7b556c_002');
const header = (over: Partial<Parameters<typeof headerRows>[0]> = {}): string[] =>
	headerRows({view, status, following: true, now: testNow, width: 100, home: '/home/dev', ...over}).map(rowText);

describe('header', () => {
	test('session, model, workspace with ~, context', () => {
		expect(header()[0]).toBe(' penguin-view  session…14-45-42-8e7b556c  custom/fake-model  ~/work2  context 2');
	});

	test('the source and the live state', () => {
		expect(header()[1]).toMatch(/^ session-…_002\.jsonl +○ idle · following $/);
		expect(header({following: false})[1]).toMatch(/○ idle · paused $/);
		expect(header({status: {...status, state: 'connecting'}})[1]).toMatch(/○ idle · ◌ connecting · following $/);
		expect(header({status: {...status, state: 'reconnecting', retryAt: testNow + 2500}})[1]).toMatch(
			/⟳ reconnecting in 3 s · following $/,
		);
		// What went wrong is said in the footer, where it has the whole row (sourceTrouble).
		// One state: a source that failed says that alone (nothing more will arrive to follow).
		expect(header({status: {...status, state: 'failed', message: 'HTTP 401: log in again'}})[1]).toMatch(
			/^ session-…_002\.jsonl +✗ source failed $/,
		);
	});

	test('the source names the newest shard after a rotation, the one on screen when paused', () => {
		// Opened on _001, then the writer rotated to _002 (a compaction): the label follows.
		const opened = {...status, label: 'session-2026-12-02-14-45-42-8e7b556c_001.jsonl'};
		expect(header({status: opened})[1]).toMatch(
			/^ session-2026-12-02-14-45-42-8e7b556c_002\.jsonl +○ idle · following $/,
		);
		expect(header({status: opened, following: false, shard: 1})[1]).toMatch(
			/^ session-2026-12-02-14-45-42-8e7b556c_001\.jsonl +○ idle · paused $/,
		);
		// Any other name stays as it is.
		expect(header({status: {...status, label: 'trace.jsonl'}})[1]).toMatch(/^ trace\.jsonl +○ idle · following $/);
	});

	test('a title, and what the agent is doing', () => {
		const titled = viewFrom([
			{kind: 'server_event', event: {type: 'session_title', title: 'Explain trace files'}},
			{kind: 'server_event', event: {type: 'task_state', state: 'running'}},
		]);
		expect(headerRows({view: titled, status, following: true, now: testNow, width: 100}).map(rowText)[1]).toMatch(
			/^ “Explain trace files” {2}session-…_002\.jsonl +● running · following $/,
		);
		expect(activityOf(viewFrom([msg({type: 'request_begin'})]))).toBe('running');
		expect(activityOf(viewFrom([msg({type: 'compaction_begin', reason: 'manual'})]))).toBe('compacting');
		expect(activityOf(viewFrom([msg({type: 'request_begin'}), msg({type: 'request_end', status: 'completed'})]))).toBe(
			'idle',
		);
		expect(rowText(stateSegments({view, status, following: true, now: testNow, width: 100}))).toBe(
			'○ idle · following ',
		);
		const queued = viewFrom([{kind: 'server_event', event: {type: 'task_state', state: 'running', queued: 2}}]);
		expect(rowText(stateSegments({view: queued, status, following: true, now: testNow, width: 100}))).toBe(
			'● running · 2 queued · following ',
		);
		expect(
			rowText(stateSegments({view, status: {...status, noHistory: true}, following: true, now: testNow, width: 100})),
		).toBe('○ idle · live only, no history · following ');
	});

	test('short ids and paths', () => {
		expect(shortSessionId('session-2026-12-02-14-45-42-8e7b556c')).toBe('session…14-45-42-8e7b556c');
		expect(shortSessionId('other')).toBe('other');
		expect(tildePath('/home/dev/work', '/home/dev')).toBe('~/work');
		expect(tildePath('/home/devx', '/home/dev')).toBe('/home/devx');
	});
});

describe('footer', () => {
	test('tokens, the context gauge and counts', () => {
		expect(rowText(footerStats(view, 0, 120)).trimEnd()).toBe(
			' tokens in 9k · cache 4.5k · out 1.1k · last req 1.9k   ctx ▕░░░░░░░░░░▏ 3% of 64k   req 5 · tools 4 · ✗ 1',
		);
	});

	test('narrow: details give way; paused: what arrived below', () => {
		const row = rowText(footerStats(view, 3, 100));
		expect(row).toMatch(
			/^ tokens in 9k · out 1\.1k {3}ctx ▕░░░░░░░░░░▏ 3% of 64k {3}req 5 · tools 4 · ✗ 1 + ↓ 3 new $/,
		);
		expect(row).toHaveLength(100);
	});

	test('a fuller context shows in the gauge', () => {
		const full = viewFrom([
			msg({type: 'session_meta', session_id: 's', model_context_window: 10000}),
			msg({type: 'request_begin'}),
			msg({
				type: 'token_usage',
				session: {cache_read: 0, cache_write: 0, output: 100, total: 9000},
				request: {cache_read: 0, cache_write: 0, output: 100, total: 9000},
			}),
			msg({type: 'request_end', status: 'completed'}),
		]);
		const segments = footerStats(full, 0, 100);
		expect(rowText(segments)).toContain('ctx ▕█████████░▏ 90% of 10k');
		expect(segments.find(s => s.text.startsWith('█'))).toMatchObject({color: 'red'});
	});

	test('the prompt row: hints, search prompt, message', () => {
		expect(rowText(footerPrompt({editing: false, draft: '', width: 100}))).toBe(
			' j/k move · Enter open · t thinking · o outputs · ␣ page · e next problem · ? help · q quit',
		);
		expect(rowText(footerPrompt({editing: true, draft: 'exit', width: 100}))).toBe(
			' /exit▌   Enter search · Esc cancel',
		);
		expect(rowText(footerPrompt({editing: false, draft: '', message: 'match 1 of 2', query: 'exit', width: 100}))).toBe(
			' match 1 of 2   n/N next/previous · Esc leaves search',
		);
	});
});
