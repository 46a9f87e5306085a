// &: only the panes that match, with quick filters (! problems, tool:NAME, -thinking); the footer says a filter is on;
// Enter on nothing shows all again;
// the prompt opens empty (↑ recalls the current filter); a filter that keeps nothing says so in the body; a filter
// renumbers no line.
import {afterEach, expect, test} from 'vitest';
import {keys, mount, type Screen} from './app-helpers.js';
import {storeFrom, traceInputs} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const body = (frame: string): string[] =>
	frame
		.split('\n')
		.slice(3, -3)
		.filter(line => line.trim() !== '');

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

const statsRow = (frame: string): string => frame.split('\n').at(-2) ?? '';

test('& opens empty: typing after a filter starts a new one; ↑ brings the current one back to edit', async () => {
	screen = await mount(storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl'), {columns: 120, rows: 30});
	await frameWhere(screen, frame => frame.includes('slow-done'));
	await screen.press('&', '-thinking\r');
	await frameWhere(screen, f => f.includes('filter “-thinking”'));
	await screen.press('&');
	let frame = await frameWhere(screen, f => f.includes('Enter filter'));
	expect(frame).toContain('&▌');
	expect(frame).toContain('↑ “-thinking”');
	await screen.press('tool:exec_command\r');
	frame = await frameWhere(screen, f => f.includes('filter “tool:exec_command”'));
	expect(frame).not.toContain('-thinkingtool');
	await screen.press('&', keys.up);
	frame = await frameWhere(screen, f => f.includes('&tool:exec_command▌'));
	await screen.press(' 4\r');
	frame = await frameWhere(screen, f => f.includes('filter “tool:exec_command 4”'));
});

test('a filter that keeps no pane says so in the body', async () => {
	screen = await mount(storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl'), {columns: 120, rows: 30});
	await frameWhere(screen, frame => frame.includes('slow-done'));
	await screen.press('&', 'tool:no_such_tool\r');
	const frame = await frameWhere(screen, f => f.includes('filter “tool:no_such_tool”'));
	expect(body(frame)[0]).toBe('  no pane matches “tool:no_such_tool” · & then Enter shows every pane');
});

test('a filter renumbers nothing: the footer line is the same with or without it', async () => {
	screen = await mount(storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl'), {columns: 120, rows: 30});
	await frameWhere(screen, frame => statsRow(frame).endsWith('line 319 of 319 · 100 %'));
	await screen.press('&', '-thinking\r');
	await frameWhere(screen, frame => statsRow(frame).includes('line 319 of 319 · 100 % · filter “-thinking”'));
	await screen.press('&', 'tool:exec_command\r');
	// The last call's pane: its head is line 315 (its output's line after it, then the answer's four).
	await frameWhere(screen, frame => /line 31\d of 319 · 9\d % · filter “tool:exec_command”/.test(statsRow(frame)));
});
