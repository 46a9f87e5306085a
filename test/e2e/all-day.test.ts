// End to end, for all-day use: the built program in tmux. Search while following a growing trace, a paste into the
// search
// prompt, the help at 60×20, the picker at 80×24, NO_COLOR's attributes, y's OSC 52. Each waits on whole frames.
import {appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {helpEntries} from '../../source/ui/screen/keymap.js';
import {FaultTmux} from '../support/fault-tmux.js';
import {waitFor} from '../support/wait-for.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const traces = path.join(root, 'test', 'fixtures', 'traces');
const toolsId = 'session-2026-12-02-14-43-17-694155ee';
const linesOf = (id: string): string[] =>
	readFileSync(path.join(traces, `${id}_001.jsonl`), 'utf8')
		.split('\n')
		.filter(line => line !== '');
const tools = linesOf(toolsId);
let folder = '';
let pane: FaultTmux | undefined;
let count = 0;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-all-day-'));
}, 60_000);

afterEach(() => {
	pane?.kill();
	pane = undefined;
});

afterAll(() => {
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 5});
});

/** A fresh pane of `width`×`height` with the program started in it. */
function start(command: string, width = 100, height = 30, env: Record<string, string> = {}): FaultTmux {
	pane = new FaultTmux(folder, `e2e-all-day-${++count}`, width, height, env);
	pane.keys(`cd ${folder} && clear && ${command}`, 'Enter');
	return pane;
}

/** The body: the rows between the header's rule and the footer's rule. */
function body(rows: string[]): string[] {
	const rules = rows.map((line, index) => (/^─{20,}$/.test(line) ? index : -1)).filter(index => index !== -1);
	return rows.slice(rules[0]! + 1, rules[1]);
}

test('search while following: the match stops following and stays; n counts matches that arrived since', async () => {
	const trace = path.join(folder, `${toolsId}_001.jsonl`);
	writeFileSync(
		trace,
		tools
			.slice(0, 16)
			.map(line => `${line}\n`)
			.join(''),
	);
	const tmux = start(`node ${cli} ${path.basename(trace)}`);
	await tmux.until(text => text.includes('$ seq 1 300') && /following\s*$/m.test(text), 'the first frame');
	tmux.keys('/');
	await tmux.until(text => text.includes('Enter search · Esc cancel'), 'the prompt');
	tmux.keys('-l', 'exec_command');
	tmux.keys('Enter');
	const first = await tmux.until(
		text => /match 1 of \d+/.test(text) && /paused\s*$/m.test(text),
		'the first match, paused',
	);
	const before = Number(/match 1 of (\d+)/.exec(first)![1]);
	const focused = (): string => tmux.rows().find(row => row.startsWith('›')) ?? '';
	expect(focused()).toContain('exec_command');
	const shown = focused();
	// The rest of the session arrives: the view holds still, the match stays on screen.
	appendFileSync(
		trace,
		tools
			.slice(16)
			.map(line => `${line}\n`)
			.join(''),
	);
	await tmux.until(text => /↓ \d+ new/.test(text), 'the count of new panes');
	expect(focused()).toBe(shown);
	tmux.keys('n');
	const next = await tmux.until(text => /match 2 of \d+/.test(text), 'the next match');
	expect(Number(/match 2 of (\d+)/.exec(next)![1])).toBeGreaterThan(before);
	tmux.keys('q');
	await tmux.untilShell();
});

test('a paste into the search prompt: `echo 2⏎` and three Backspaces in one write each', async () => {
	const trace = path.join(folder, `${toolsId}_001.jsonl`);
	writeFileSync(trace, tools.map(line => `${line}\n`).join(''));
	const tmux = start(`node ${cli} ${path.basename(trace)}`);
	await tmux.until(text => text.includes('slow-done'), 'the first frame');
	tmux.keys('/');
	await tmux.until(text => text.includes('Enter search · Esc cancel'), 'the prompt');
	// One write each: send-keys -l hands tmux the bytes together, as a paste does.
	tmux.keys('-l', 'lsxyz');
	await tmux.until(text => text.includes('/lsxyz▌'), 'the typed query');
	tmux.keys('-l', '\u007f\u007f\u007f');
	await tmux.until(text => text.includes('/ls▌'), 'three characters deleted');
	tmux.keys('-l', ' -la\r');
	await tmux.until(text => text.includes('match 1 of 1'), 'the search done by the pasted Enter');
	expect(tmux.text()).not.toContain('▌   Enter search');
	tmux.keys('q');
	await tmux.untilShell();
});

test(
	'the help at 60×20: every entry in full by ' + 'scrolling with j, a stray key leaves it open, Esc closes it',
	async () => {
		const trace = path.join(folder, `${toolsId}_001.jsonl`);
		writeFileSync(trace, tools.map(line => `${line}\n`).join(''));
		const tmux = start(`node ${cli} ${path.basename(trace)}`, 60, 20);
		await tmux.until(text => text.includes('slow-done'), 'the first frame');
		tmux.keys('?');
		await tmux.until(text => text.includes('j/k scroll'), 'the help');
		const seen = new Set<string>();
		// Down row by row until the last entry (quit) is on screen: each j moves the view.
		for (let step = 0; step < 200; step++) {
			const rows = body(tmux.rows());
			for (const row of rows) seen.add(row.trim());
			if (rows.some(row => row.trim().startsWith('q Ctrl+C'))) break;
			const now = rows.join('\n');
			tmux.keys('j');
			await tmux.until(text => body(text.split('\n')).join('\n') !== now, 'the help scrolled');
		}
		const text = [...seen].join(' ').replace(/\s+/g, ' ');
		for (const entry of helpEntries()) expect(text).toContain(entry.help.split(' ').slice(0, 4).join(' '));
		expect(text).toContain('quit');
		tmux.keys('z');
		await tmux.until(text => text.includes('j/k scroll'), 'still the help');
		tmux.keys('Escape');
		await tmux.until(text => !text.includes('j/k scroll') && text.includes('slow-done'), 'the session again');
		tmux.keys('q');
		await tmux.untilShell();
	},
);

test(
	"the picker at 80×24 shows each session's prompt; a " + 'column the same on every row is named once in the title',
	async () => {
		const home = path.join(folder, 'home');
		const dataRoot = path.join(home, 'data');
		for (const [project, id] of [
			['proj-a', toolsId],
			['proj-b', 'session-2026-12-02-14-45-42-8e7b556c'],
		] as const) {
			const dir = path.join(dataRoot, project, 'agents', 'main', 'traces', '2026-12-02');
			mkdirSync(dir, {recursive: true});
			writeFileSync(
				path.join(dir, `${id}_001.jsonl`),
				linesOf(id)
					.map(line => `${line}\n`)
					.join(''),
			);
		}
		const tmux = start(
			`node ${cli} ${path.join(dataRoot, 'proj-a', 'agents', 'main', 'traces', '2026-12-02', `${toolsId}_001.jsonl`)}`,
			80,
			24,
			{PENGUIN_HOME: dataRoot},
		);
		await tmux.until(text => text.includes('slow-done'), 'the first frame');
		tmux.keys('s');
		const text = await tmux.until(
			text => text.includes('[fake:tools]') && text.includes('[fake:chat]'),
			'both prompts in the picker',
		);
		expect(text).toContain('all fake-model');
		for (const row of tmux.rows()) expect(row.length).toBeLessThanOrEqual(80);
		tmux.keys('Escape');
		await tmux.until(text => !text.includes('/ filter') && text.includes('slow-done'), 'the picker closed');
		tmux.keys('q');
		await tmux.untilShell();
	},
);

test('NO_COLOR: no colour, but the focus bar (inverse) and bold are still drawn', async () => {
	const trace = path.join(folder, `${toolsId}_001.jsonl`);
	writeFileSync(trace, tools.map(line => `${line}\n`).join(''));
	const tmux = start(`node ${cli} ${path.basename(trace)}`, 100, 30, {NO_COLOR: '1'});
	await tmux.until(text => text.includes('slow-done'), 'the first frame');
	tmux.keys('k');
	await tmux.until(text => /paused\s*$/m.test(text), 'focused');
	const styled = tmux.styled();
	// tmux writes attributes as SGR: bold (1) and inverse (7) are there; no foreground or background colour.
	expect(styled).toMatch(/\u001b\[[\d;]*\b1m/);
	expect(styled).toMatch(/\u001b\[[\d;]*\b7m/);
	expect(styled).not.toMatch(/\u001b\[(?:[\d;]*;)?(?:3[0-7]|9[0-7]|38|4[0-7]|48)[;m]/);
	tmux.keys('q');
	await tmux.untilShell();
});

test('y puts the focused pane on the clipboard by OSC 52 (tmux keeps it as a paste buffer)', async () => {
	const trace = path.join(folder, `${toolsId}_001.jsonl`);
	writeFileSync(trace, tools.map(line => `${line}\n`).join(''));
	const tmux = start(`node ${cli} ${path.basename(trace)}`);
	await tmux.until(text => text.includes('slow-done'), 'the first frame');
	const buffers = tmux.buffers().length;
	tmux.keys('y');
	await tmux.until(text => text.includes('sent the answer'), 'the confirmation');
	await waitFor(() => tmux.buffers().length !== buffers, 'the paste buffer');
	expect(tmux.tmux('show-buffer')).toMatch(/^Done\. `ls` showed the workspace/);
	tmux.keys('q');
	await tmux.untilShell();
});

test(
	"--replay runs on the session's clock: a call still " + 'running counts seconds of the session, not hours to today',
	async () => {
		// `sleep 2` runs 2.2 s before its output: at half speed the replay shows it running for a while.
		const trace = path.join(folder, `${toolsId}_001.jsonl`);
		writeFileSync(
			trace,
			tools
				.slice(0, 24)
				.map(line => `${line}\n`)
				.join(''),
		);
		const tmux = start(`node ${cli} --replay 0.5 ${path.basename(trace)}`);
		const text = await tmux.until(
			screen => /exec_command +\$ sleep 2.*\d s\s*$/m.test(screen) && screen.includes('▶ replay 0.5×'),
			'the running call, replayed',
		);
		const row = text.split('\n').find(line => line.includes('sleep 2'))!;
		expect(row).toMatch(/ \d+\.\d s$/);
		expect(text).not.toMatch(/\d+ h \d+ m/);
		tmux.keys('q');
		await tmux.untilShell();
	},
);

test(
	'a trace not written for long: the header says ' + '`stalled since …`, the call it left running `no output`',
	async () => {
		// Yesterday's trace, ending while `sleep 2` still runs (its output never written), followed.
		const trace = path.join(folder, `${toolsId}_001.jsonl`);
		writeFileSync(
			trace,
			tools
				.slice(0, 23)
				.map(line => `${line}\n`)
				.join(''),
		);
		const tmux = start(`node ${cli} ${path.basename(trace)}`);
		const text = await tmux.until(
			screen => /stalled since \d\d:\d\d:\d\d/.test(screen) && screen.includes('sleep 2'),
			'the stopped call',
		);
		expect(text.split('\n').find(line => line.includes('sleep 2'))).toMatch(
			/\? exec_command +\$ sleep 2.* no output\s*$/,
		);
		expect(text).not.toContain('running');
		expect(text).not.toMatch(/\d+ h \d+ m/);
		// The timeline ends with the session too: no span of hours to today.
		tmux.keys('T');
		const timeline = await tmux.until(screen => screen.includes('timeline'), 'the timeline');
		expect(timeline).toMatch(/\(\d+(\.\d)? s\)/);
		// q leaves the timeline (as less's q leaves its help), then quits.
		tmux.keys('q');
		await tmux.until(screen => screen.includes('sleep 2') && !screen.includes('timeline'), 'the session again');
		tmux.keys('q');
		await tmux.untilShell();
	},
);
