// The header says one true state (a stalled trace, a failed or ended source, no session open) and a source's trouble
// always wins the footer.
import {afterEach, describe, expect, test} from 'vitest';
import {SessionStore} from '../../source/model/session-store.js';
import {formatClock} from '../../source/render/format.js';
import type {PickerEntry, SessionSwitcher} from '../../source/server/session-switcher.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {FooterTurn} from '../../source/ui/screen/footer-turn.js';
import {stateSegments, type HeaderInput} from '../../source/ui/screen/status-line.js';
import {mount, type Screen} from './app-helpers.js';
import {msg, traceInputs, viewFrom} from './helpers.js';
import {frameWhere, lastRow, statusRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

// The recorded tools session cut where its `sleep 2` runs: the trace stopped at 14:43:21.362.
const stoppedInputs = () => traceInputs('14-43-17-694155ee_001').slice(0, 23);
const stoppedAt = Date.parse('2026-12-02T14:43:21.362Z');
const twoDaysLater = () => Date.parse('2026-12-04T09:00:00Z');

describe('a trace that stopped mid-call', () => {
	test(
		'the header says `stalled since`, not `● running`; the call has no spinner, says `no output`, and its ' +
			'command stays in view at 60 columns',
		async () => {
			const store = new SessionStore({label: 'trace.jsonl', state: 'following'}, {}, twoDaysLater);
			store.apply(stoppedInputs());
			screen = await mount(store, {columns: 60, rows: 20, now: twoDaysLater});
			const frame = await frameWhere(screen, f => f.includes('sleep 2'));
			expect(statusRow(frame)).toContain(`stalled since ${formatClock(stoppedAt)}`);
			expect(statusRow(frame)).not.toContain('running');
			const row = frame.split('\n').find(line => line.includes('sleep 2'))!;
			// A narrow row keeps the command's start and end (its middle gives way), never the spinner.
			expect(row).toMatch(/^ \? exec_command {2}\$ sleep 2.*slow-do/);
			expect(row).toContain('no output');
		},
	);

	test('its open pane says when the trace stopped', async () => {
		const store = new SessionStore({label: 'trace.jsonl', state: 'following'}, {}, twoDaysLater);
		store.apply(stoppedInputs());
		screen = await mount(store, {columns: 80, rows: 20, now: twoDaysLater});
		await frameWhere(screen, f => f.includes('sleep 2'));
		await screen.press('\r');
		await frameWhere(screen, f => f.includes(`no output (the trace stopped at ${formatClock(stoppedAt)})`));
	});
});

describe('one state in the header', () => {
	const view = viewFrom([msg({type: 'request_begin'})]);
	const state = (over: Partial<HeaderInput>): string =>
		rowText(stateSegments({view, status: {label: 't', state: 'live'}, following: true, now: 0, width: 100, ...over}));

	test('a source that failed says only that: not `following`, not what ran before', () => {
		expect(state({status: {label: 't', state: 'failed', message: 'HTTP 401'}})).toBe('✗ source failed ');
	});
	test('an ended session says `ended`, not `ended · following`', () => {
		const ended = viewFrom([msg({type: 'request_begin'}), {kind: 'end'}]);
		expect(state({view: ended, status: {label: 't', state: 'ended'}})).toBe('ended ');
		expect(state({view: ended, status: {label: 't', state: 'ended'}, following: false})).toBe('ended ');
	});
	test('with no session open: `no session open`, not `○ idle · following`', () => {
		expect(state({view: viewFrom([]), noSession: true})).toBe('no session open ');
	});
	test('while more can arrive, following or paused is said', () => {
		expect(state({})).toBe('● running · following ');
		expect(state({status: {label: 't', state: 'reconnecting'}, following: false})).toBe(
			'● running · ⟳ reconnecting · paused ',
		);
	});
});

test('on the screen of a server with no session open, the header says so', async () => {
	const store = new SessionStore({label: 'http://localhost:7401', state: 'live'});
	const sessions: SessionSwitcher = {
		root: 'http://localhost:7401',
		openAtStart: true,
		current: () => undefined,
		list: async (): Promise<PickerEntry[]> => [],
		open: async () => undefined,
	};
	screen = await mount(store, {sessions});
	const frame = await frameWhere(screen, f => statusRow(f).includes('no session open'));
	expect(statusRow(frame)).not.toMatch(/idle|following/);
});

test('a source problem wins the footer over a message left from a key', async () => {
	const store = new SessionStore({label: 'http://x', state: 'live'});
	store.apply([msg({type: 'text', role: 'user', text: 'hello'})]);
	screen = await mount(store);
	await screen.press('e');
	await frameWhere(screen, f => lastRow(f).includes('no problems'));
	store.setStatus({state: 'reconnecting', message: 'connection refused by 127.0.0.1:8080: is the server running?'});
	const frame = await frameWhere(screen, f => statusRow(f).includes('reconnecting'));
	expect(lastRow(frame)).toContain('connection refused by 127.0.0.1:8080');
});

test(
	'the footer row goes to the newer of a message and the trouble: the answer to a key pressed during a ' +
		'reconnect shows until the next key',
	() => {
		const turn = new FooterTurn();
		expect(turn.troubleWins('opened session-x', undefined)).toBe(false);
		// The trouble comes after the message: it wins.
		expect(turn.troubleWins('opened session-x', 'reconnecting: refused')).toBe(true);
		// A key answered since: its message, then (the next key cleared it) the trouble again.
		expect(turn.troubleWins('could not allow: refused', 'reconnecting: refused')).toBe(false);
		expect(turn.troubleWins(undefined, 'reconnecting: refused')).toBe(true);
		// Both at once: the trouble.
		expect(turn.troubleWins('no problems', 'failed: HTTP 401')).toBe(true);
	},
);
