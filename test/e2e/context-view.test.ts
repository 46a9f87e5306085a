// End to end, in tmux: the built program on the rotated example session, priced by its project config; C opens the
// context view at 80×24 and at 200×60, Enter goes back to the session on the chosen request, q leaves.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {makeRoot, placeShard, rotated} from '../commands/data-root.js';
import {builtCli, FaultTmux, wholeFrame} from '../support/fault-tmux.js';
import {configToml} from '../cost/price-config.js';

let pane: FaultTmux | undefined;
let data: ReturnType<typeof makeRoot> | undefined;

afterEach(() => {
	pane?.kill();
	pane = undefined;
	data?.remove();
	data = undefined;
});

// A request's row; at 140 columns and more the session list stands to its left, up to its rule.
const requestRow = /(?:^|│)[ ›] [✓✗⟳■●] +\d+ [█▒·]+ +\d/;

test(
	'C at 80×24 and 200×60: the requests against the ' + 'window, the compaction, the cost; Enter back to the session',
	async () => {
		data = makeRoot();
		const folder = data.dateDir('proj-a', 'main');
		placeShard(rotated, folder, 1);
		const last = placeShard(rotated, folder, 2);
		writeFileSync(path.join(data.root, 'proj-a', '.project_config.toml'), configToml, {mode: 0o600});
		pane = new FaultTmux(data.root, 'context-view', 80, 24, {TZ: 'UTC', PENGUIN_HOME: data.root});
		pane.run(`clear && node ${builtCli} ${last}`);
		// The newest shard's end is shown first and the rest is read behind it: C is for the whole session.
		await pane.until(
			screen => wholeFrame(screen) && screen.includes('Unicode check') && !screen.includes('loading history'),
			'the whole session read',
		);
		pane.keys('C');
		// The footer's cost and the view's total are the same figure: both shards, the compaction's request included.
		const small = await pane.until(
			screen => wholeFrame(screen) && screen.includes('context & cost'),
			'the context view at 80×24',
		);
		const rows = small.split('\n');
		expect(rows).toHaveLength(24);
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);
		expect(rows.find(row => row.includes('context & cost'))).toContain('$0.0353');
		expect(rows.filter(row => requestRow.test(row))).toHaveLength(5);
		expect(rows.some(row => /compaction: 1\.6k → 1\.5k/.test(row))).toBe(true);
		// The newest request is selected.
		expect(rows.find(row => row.startsWith('›'))).toMatch(/^› ✓ +5 /);

		pane.tmux('resize-window', '-t', pane.session, '-x', '200', '-y', '60');
		const large = await pane.until(
			screen =>
				wholeFrame(screen) &&
				screen.includes('largest items') &&
				screen.split('\n').length === 60 &&
				/^ ○ idle +8e7b556c/m.test(screen),
			'the view at 200×60, the session list beside it',
		);
		const wide = large.split('\n');
		for (const row of wide) expect(row.length).toBeLessThanOrEqual(200);
		expect(wide.filter(row => requestRow.test(row))).toHaveLength(5);
		expect(wide.some(row => row.includes('what fills the context now') && row.includes('request 5'))).toBe(true);
		expect(wide.some(row => /(?:^|│) {4}system prompt +█/.test(row))).toBe(true);
		// At this width each request row carries its cost and the running total.
		expect(wide.filter(row => requestRow.test(row) && /\$0\.\d+ +Σ \$0\.\d+/.test(row))).toHaveLength(5);

		// g selects request 1, Enter shows it in the session: its thinking focused.
		pane.keys('g');
		pane.keys('Enter');
		const back = await pane.until(
			screen => wholeFrame(screen) && !screen.includes('context & cost') && screen.includes('›▸ thinking'),
			'the session, request 1 focused',
		);
		expect(back).toContain('j/k move');
		pane.keys('q');
		await pane.until(screen => !screen.includes('penguin-view'), 'the program to leave');
	},
);
