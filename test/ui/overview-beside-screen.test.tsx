// The overview beside the session (issue 46, point 2): at 140 columns it is there from the start, the session having
// the keys; s hides and shows it; each row carries the session's cost (a parent's with its subagents', as the footer
// says once it is open); a subagent that waits makes its parent's row wait; the side without the keys has no cursor
// (overview-focus-dim.test.tsx: and is dimmed). At 80 columns nothing of it shows until s.
import {afterEach, expect, test} from 'vitest';
import {mount, type Screen} from './app-helpers.js';
import {storeFrom, traceInputs} from './helpers.js';
import {child, parent, rowOf, shown, switcher} from './overview-entries.js';

let screen: Screen | undefined;
afterEach(() => screen?.unmount());

test('from the start at 160 columns the overview is beside the session, with no cursor of its own', async () => {
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	screen = await mount(store, {columns: 160, rows: 30, sessions: switcher(store)});
	const frame = await screen.until(f => rowOf(f, child.sessionId) !== '', 'the overview beside the session');
	expect(frame.split('\n')[3]).toMatch(/^ {2}sessions .*│/);
	// Its cost on each row: the parent's with its subagent's (what its footer says), the child's own.
	expect(rowOf(frame, shown.sessionId)).toContain('$0.0353');
	expect(rowOf(frame, parent.sessionId)).toContain('$0.0155');
	expect(rowOf(frame, child.sessionId)).toContain('$0.00730');
	// The waiting subagent waits on its row and on its parent's.
	expect(rowOf(frame, child.sessionId)).toMatch(/^ ⏸ waiting 1 +1fcdf9f5 +exec_command \$/);
	expect(rowOf(frame, parent.sessionId)).toMatch(/^ ⏸ waiting 1 +a1f608ba +↳ 1fcdf9f5 wait/);
	// No row of the list has the cursor: the keys are the session's (j moves its cursor, not the list's).
	expect(frame.split('\n').some(line => line.startsWith('›'))).toBe(false);
	await screen.press('k');
	const moved = await screen.until(f => f.split('\n').some(line => line.includes('│›')), 'the session cursor');
	expect(moved.split('\n').some(line => line.startsWith('›'))).toBe(false);
});

test('s hides the overview beside the session and s shows it again', async () => {
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	screen = await mount(store, {columns: 160, rows: 30, sessions: switcher(store)});
	await screen.until(f => rowOf(f, child.sessionId) !== '', 'the overview');
	await screen.press('s');
	let frame = await screen.until(f => rowOf(f, child.sessionId) === '', 'the overview hidden');
	expect(frame).toContain('What is a trace file?');
	// Hidden it stays, as the session moves on.
	await screen.press('k');
	expect(rowOf(screen.frame(), child.sessionId)).toBe('');
	await screen.press('s');
	frame = await screen.until(f => rowOf(f, child.sessionId) !== '', 'the overview again');
	// Shown by s, it has the keys (as s has always given them).
	expect(frame.split('\n').some(line => line.startsWith('›'))).toBe(true);
});

test('at 80 columns nothing of the overview shows until s, which opens the full-screen list', async () => {
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	screen = await mount(store, {columns: 80, rows: 24, sessions: switcher(store)});
	await screen.until('following', 'the session');
	expect(screen.frame()).not.toContain('1fcdf9f5');
	await screen.press('s');
	const frame = await screen.until(f => f.includes('1fcdf9f5'), 'the full-screen list');
	expect(frame).not.toContain('What is a trace file?  │');
	expect(frame.split('\n').filter(line => line.startsWith('›'))).toHaveLength(1);
});

test('narrowed below 140 columns the overview goes; widened again it comes back', async () => {
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	screen = await mount(store, {columns: 160, rows: 30, sessions: switcher(store)});
	await screen.until(f => rowOf(f, child.sessionId) !== '', 'the overview');
	await screen.rerender({columns: 100, rows: 30});
	await screen.until(f => rowOf(f, child.sessionId) === '', 'the overview gone at 100 columns');
	await screen.rerender({columns: 150, rows: 30});
	await screen.until(f => rowOf(f, child.sessionId) !== '', 'the overview back at 150 columns');
});

test('with nothing to list (no data root) the overview leaves the width to the session; s shows why', async () => {
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	const missing = '/nowhere/.penguin/data: no such file or directory';
	let listings = 0;
	const failing = async (): Promise<never> => {
		listings += 1;
		throw new Error(missing);
	};
	screen = await mount(store, {columns: 160, rows: 30, sessions: {...switcher(store), list: failing}});
	// The list shows while it lists (the listing starts once it is drawn); once it failed, no row has the list's rule.
	const frame = await screen.until(
		f => listings > 0 && f.includes('What is a trace file?') && !/^ {2}sessions .*│/m.test(f),
		'the session across the whole width',
	);
	// The list's rule would stand 48 to 72 columns in; an output's gutter stands at the left.
	expect(frame.split('\n').filter(line => line.indexOf('│') >= 40)).toEqual([]);
	await screen.press('s');
	await screen.until(
		f => f.includes('could not list the sessions') && f.includes('such file or directory'),
		'the reason, on s',
	);
	// No sessions at all: the same.
	screen.unmount();
	listings = 0;
	const none = async (): Promise<[]> => {
		listings += 1;
		return [];
	};
	screen = await mount(store, {columns: 160, rows: 30, sessions: {...switcher(store), list: none}});
	await screen.until(
		f => listings > 0 && f.includes('What is a trace file?') && !/^ {2}sessions .*│/m.test(f),
		'no empty list',
	);
});
