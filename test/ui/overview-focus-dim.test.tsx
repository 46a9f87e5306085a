// Beside the session, where the keys are is unmistakable (issue 46, point 2): the side without them is drawn dimmed,
// and only the side with them has a cursor. (No static import of Ink here: its colour library must load after
// FORCE_COLOR is set, as in focus-bar.test.tsx.)
import {afterEach, expect, test} from 'vitest';
import type {Screen} from './app-helpers.js';
import {storeFrom, traceInputs} from './helpers.js';
import {child, switcher} from './overview-entries.js';

let screen: Screen | undefined;
afterEach(() => screen?.unmount());

const plain = (text: string): string => text.replace(/\u001b\[[\d;]*m/g, '');
const dim = '\u001b[2m';

test('Tab gives the keys to the list: one cursor, in the list, the session dimmed; Tab gives them back', async () => {
	process.env['FORCE_COLOR'] = '1';
	const {mount} = await import('./app-helpers.js');
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	screen = await mount(store, {columns: 160, rows: 30, sessions: switcher(store), attributes: true});
	const listSide = (f: string, i: number): string => f.split('\n')[i]!.split('│')[0]!;
	const sessionSide = (f: string, i: number): string => f.split('\n')[i]!.split('│').slice(1).join('│');
	const rowIndex = (f: string, text: string): number => f.split('\n').findIndex(line => plain(line).includes(text));
	let frame = await screen.until(f => rowIndex(f, `○ idle`) > 0 || rowIndex(f, 'waiting 1') > 0, 'the overview');
	frame = await screen.until(f => plain(f).includes(child.sessionId.slice(-8)), 'the subagent listed');
	// The session has the keys: the list is dimmed, the session's text is not.
	expect(listSide(frame, rowIndex(frame, '$0.00730'))).toContain(dim);
	expect(sessionSide(frame, rowIndex(frame, 'A Trace is an append-only'))).not.toContain(dim);
	expect(
		plain(frame)
			.split('\n')
			.some(line => line.startsWith('›')),
	).toBe(false);
	await screen.press('\t');
	frame = await screen.until(
		f =>
			plain(f)
				.split('\n')
				.some(line => line.startsWith('›')),
		'the list cursor',
	);
	expect(
		plain(frame)
			.split('\n')
			.filter(line => line.includes('›')),
	).toHaveLength(1);
	expect(sessionSide(frame, rowIndex(frame, 'A Trace is an append-only'))).toContain(dim);
	expect(listSide(frame, rowIndex(frame, '$0.00730'))).not.toMatch(/^\u001b\[2m/);
	await screen.press('\t');
	frame = await screen.until(
		f =>
			!plain(f)
				.split('\n')
				.some(line => line.startsWith('›')),
		'the cursor gone',
	);
	expect(sessionSide(frame, rowIndex(frame, 'A Trace is an append-only'))).not.toContain(dim);
});
