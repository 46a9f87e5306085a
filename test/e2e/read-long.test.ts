// End to end in tmux at 80×24 and 60×20, on the recorded session of the bundled example: the screen is one document
// of lines. G then k shows the row above; /29 in the seq 1 300 output counts 13 and n visits each; a mark on line 65
// comes back to line 65; :50% and the footer agree; chop mode keeps a long JSON line one row and $ shows its end;
// the position is in the footer.
import {copyFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {FaultTmux} from '../support/fault-tmux.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const traces = path.join(root, 'test', 'fixtures', 'traces');
const id = 'session-2026-12-02-14-45-42-8e7b556c';
const chopTrace = 'session-2026-12-02-10-00-00-c0ffee01_001.jsonl';
let folder = '';
let pane: FaultTmux | undefined;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-read-'));
	for (const shard of ['_001', '_002'])
		copyFileSync(path.join(traces, `${id}${shard}.jsonl`), path.join(folder, `${id}${shard}.jsonl`));
	// A call whose output is one long JSON line.
	const json = JSON.stringify({
		items: Array.from({length: 30}, (_, i) => ({id: i, name: `item-${i}`})),
		last: 'THE-END',
	});
	const line = (type: string, payload: Record<string, unknown>): string =>
		`${JSON.stringify({timestamp: '2026-12-02T10:00:00.000Z', type, payload})}\n`;
	writeFileSync(
		path.join(folder, chopTrace),
		line('session_meta', {
			session_id: 'c0ffee01',
			provider: 'custom',
			model_id: 'm',
			model_context_window: 100000,
			workspace: '/w',
		}) +
			line('model_msg', {type: 'text', role: 'user', text: 'print the json'}) +
			line('model_msg', {
				type: 'tool_call',
				role: 'assistant',
				name: 'exec_command',
				arguments: JSON.stringify({cmd: 'cat items.json'}),
				tool_call_id: 'c1',
				stop_reason: 'completed',
			}) +
			line('model_msg', {
				type: 'tool_call_output',
				role: 'user',
				output: `${json}\n\n[exit code: 0]`,
				tool_call_id: 'c1',
				stop_reason: 'completed',
			}) +
			line('model_msg', {type: 'text', role: 'assistant', text: 'done'}),
	);
}, 60_000);

afterEach(() => {
	pane?.kill();
	pane = undefined;
});

afterAll(() => {
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 5});
});

/** The bundled example's lines: every pane's, open or closed (its two shards). */
const total = 345;
/**
 * A whole frame (the terminal may take a redraw in pieces): the header's first row and the footer's are both there; at
 * 60 columns the program's name gives way.
 */
const wholeFrame = (text: string): boolean =>
	/penguin-view|session…/.test(text.split('\n')[0]!) && (text.split('\n').at(-2) ?? '').trim() !== '';
const cursorRow = (text: string): string => text.split('\n').find(row => row.startsWith('›')) ?? '';
const position = (text: string): {line: number; total: number; percent: number} | undefined => {
	const found = /line ([\d,]+) of ([\d,]+) · (\d+) %|([\d,]+)\/([\d,]+) (\d+)%/.exec(text);
	if (!found) return undefined;
	const [line, total, percent] = (found[1] ? found.slice(1, 4) : found.slice(4, 7)).map(part =>
		Number(part!.replace(/,/g, '')),
	);
	return {line: line!, total: total!, percent: percent!};
};

async function open(name: string, columns: number, rows: number, flags = ''): Promise<FaultTmux> {
	pane = new FaultTmux(folder, `e2e-read-${columns}`, columns, rows);
	await pane.clear(folder);
	pane.run(`TZ=UTC node ${cli} ${flags} ${name}`);
	return pane;
}

for (const [columns, rows] of [
	[80, 24],
	[60, 20],
] as const) {
	test(
		`${columns}×${rows}: the position in the footer; ` + 'G then k shows the row above; :50% and the footer agree',
		async () => {
			const tmux = await open(`${id}_001.jsonl`, columns, rows);
			// The whole session in (not the end shown first).
			let text = await tmux.until(
				t => wholeFrame(t) && t.includes('j/k move') && position(t)?.total === total,
				'the session in',
			);
			expect(position(text)).toEqual({line: total, total, percent: 100});
			// At the bottom, following: k moves one row, nothing scrolls.
			const before = tmux.rows().slice(3, rows - 3);
			tmux.keys('k');
			text = await tmux.until(t => cursorRow(t) !== '', 'the cursor');
			expect(
				tmux
					.rows()
					.slice(3, rows - 3)
					.map(row => row.slice(1)),
			).toEqual(before.map(row => row.slice(1)));
			// The document's last row is the one above the footer's rule.
			const last = before.findLastIndex(row => row.trim() !== '' && !row.startsWith('─'));
			expect(
				tmux
					.rows()
					.slice(3, rows - 3)
					.findIndex(row => row.startsWith('›')),
			).toBe(last - 1);
			tmux.keys(':50%', 'Enter');
			text = await tmux.until(t => position(t)?.percent === 50, ':50%');
			expect(position(text)!.line).toBe(Math.ceil(total / 2));
			tmux.keys('q');
			await tmux.untilShell();
		},
	);

	test(
		`${columns}×${rows}: /29 in the seq 1 300 output counts 13 and n visits each; ` +
			'a mark on line 65 comes back to line 65',
		async () => {
			const tmux = await open(`${id}_001.jsonl`, columns, rows);
			await tmux.until(t => wholeFrame(t) && t.includes('j/k move') && position(t)?.total === total, 'the session in');
			// From the top: the first match is the call itself.
			tmux.keys('g', '/');
			tmux.keys('-l', 'seq 1 300');
			tmux.keys('Enter');
			let text = await tmux.until(t => t.includes('match 1 of'), 'the seq call');
			const start = position(text)!.line;
			// The output's lines, from the call's: its 29th line is /29's first match.
			tmux.keys('/');
			tmux.keys('-l', '29');
			tmux.keys('Enter');
			text = await tmux.until(t => t.includes('match 1 of 13'), '/29');
			expect(cursorRow(text)).toMatch(/│ 29\s*$/);
			expect(position(text)!.line).toBe(start + 29);
			const seen = [cursorRow(text).trim()];
			for (let n = 2; n <= 13; n++) {
				tmux.keys('n');
				text = await tmux.until(t => t.includes(`match ${n} of 13`), `match ${n}`);
				seen.push(
					cursorRow(text)
						.replace(/^›\s*│\s*/, '')
						.trim(),
				);
				// Never on the last row: the match has context below and above it.
				expect(
					tmux
						.rows()
						.slice(3, rows - 3)
						.at(-1),
				).not.toMatch(/^›/);
			}
			expect(seen.slice(1)).toEqual([
				'129',
				'229',
				'290',
				'291',
				'292',
				'293',
				'294',
				'295',
				'296',
				'297',
				'298',
				'299',
			]);
			tmux.keys(':65', 'Enter');
			text = await tmux.until(t => position(t)?.line === 65, 'line 65');
			tmux.keys('m', 'b', 'g');
			await tmux.until(t => position(t)?.line === 1, 'the top');
			tmux.keys("'", 'b');
			text = await tmux.until(t => position(t)?.line === 65 && cursorRow(t) !== '', 'back to line 65');
			tmux.keys('q');
			await tmux.untilShell();
		},
	);
}

test("80×24: -S keeps a long JSON line one row, cut with a marker; $ shows its end; the call's row stays", async () => {
	const tmux = await open(chopTrace, 80, 24, '-S');
	await tmux.until(t => t.includes('cat items.json') && t.includes('j/k move'), 'the session');
	tmux.keys('k', 'Enter');
	let text = await tmux.until(t => t.includes('"items"'), 'the output');
	const jsonRows = (t: string): string[] =>
		t.split('\n').filter(row => row.includes('"id"') || row.includes('THE-END'));
	expect(jsonRows(text)).toHaveLength(1);
	expect(jsonRows(text)[0]!.trimEnd()).toMatch(/…$/);
	tmux.keys('$');
	text = await tmux.until(t => t.includes('THE-END"}'), 'its end');
	expect(jsonRows(text)).toHaveLength(1);
	expect(text).toMatch(/›✓ exec_command {2}\$ cat items\.json/);
	expect(tmux.rows()[0]).toContain('penguin-view');
	tmux.keys('0');
	await tmux.until(t => t.includes('"items"'), 'back at the edge');
	tmux.keys('q');
	await tmux.untilShell();
});
