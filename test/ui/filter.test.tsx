// &: only the panes that match, with quick filters (! problems, tool:NAME, -thinking); the footer says a filter is on; Enter on nothing shows all again.
import {afterEach, expect, test} from 'vitest';
import {keys, mount, type Screen} from './app-helpers.js';
import {storeFrom, traceInputs} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const body = (frame: string): string[] => frame.split('\n').slice(3, -3).filter(line => line.trim() !== '');

test('& with a word, ! and tool:NAME and -thinking; empty Enter clears', async () => {
	screen = await mount(storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl'), {columns: 120, rows: 30});
	await frameWhere(screen, frame => frame.includes('slow-done'));
	await screen.press('&');
	await frameWhere(screen, frame => frame.includes('Enter filter'));
	await screen.press('!', keys.enter);
	let frame = await frameWhere(screen, f => f.includes('filter “!”'));
	expect(body(frame).filter(line => /exec_command/.test(line))).toHaveLength(1);
	expect(body(frame).join('\n')).toContain('✗ exec_command  $ ls /definitely/not/here');
	expect(body(frame).join('\n')).not.toContain('you  [fake:tools]');

	await screen.press('&', keys.ctrl('u'));
	await screen.press('tool:exec_command\r');
	frame = await frameWhere(screen, f => f.includes('filter “tool:exec_command”'));
	expect(body(frame).every(line => /exec_command|│/.test(line))).toBe(true);
	expect(body(frame).filter(line => /^.[✓✗?] exec_command/.test(line))).toHaveLength(4);

	await screen.press('&', keys.ctrl('u'));
	await screen.press('-thinking\r');
	frame = await frameWhere(screen, f => f.includes('filter “-thinking”'));
	expect(frame).not.toContain('▸ thinking');
	expect(frame).toContain('you  [fake:tools]');

	await screen.press('&', keys.ctrl('u'), keys.enter);
	frame = await frameWhere(screen, f => f.includes('filter off'));
	expect(frame).toContain('▸ thinking');
	expect(frame).not.toContain('filter “');
});
