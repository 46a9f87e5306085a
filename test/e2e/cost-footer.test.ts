// End to end, in tmux: the built program on a trace inside a data root whose project config prices its model (and holds
// an API key): the footer says what the session cost, and the key is nowhere on the screen.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {makeRoot, placeShard, rotated} from '../commands/data-root.js';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';
import {configToml, secret} from '../cost/price-config.js';

let pane: FaultTmux | undefined;
let data: ReturnType<typeof makeRoot> | undefined;

afterEach(() => {
	pane?.kill();
	pane = undefined;
	data?.remove();
	data = undefined;
});

test('the footer shows the cost of a session priced by its project config', async () => {
	data = makeRoot();
	const folder = data.dateDir('proj-a', 'main');
	placeShard(rotated, folder, 1);
	const last = placeShard(rotated, folder, 2);
	writeFileSync(path.join(data.root, 'proj-a', '.project_config.toml'), configToml, {mode: 0o600});
	pane = new FaultTmux(data.root, 'cost', 100, 24, {TZ: 'UTC'});
	pane.run(`clear && node ${builtCli} --no-follow ${last}`);
	// Both shards, the compaction's request included: 0.3 / 3.75 / 15 per million tokens.
	const text = await pane.until(
		screen => screen.split('\n').some(row => row.startsWith(' $0.0353 ')),
		'the cost in the footer',
	);
	expect(text).not.toContain(secret);
	pane.keys('q');
});

test('a project config that is not TOML: no cost, one line on the screen that quotes nothing of it', async () => {
	data = makeRoot();
	const folder = data.dateDir('proj-a', 'main');
	const trace = placeShard(rotated, folder, 1);
	writeFileSync(path.join(data.root, 'proj-a', '.project_config.toml'), `[[models]]\napi_key = "${secret}" oops\n`);
	pane = new FaultTmux(data.root, 'cost-bad', 140, 24, {TZ: 'UTC'});
	pane.run(`clear && node ${builtCli} --no-follow ${trace}`);
	const text = await pane.until(
		screen => screen.includes('no prices: the project config') && screen.includes('is not valid TOML'),
		'the notice',
	);
	expect(text).not.toContain(secret);
	expect(text.split('\n').some(row => /^ \$\d/.test(row))).toBe(false);
	pane.keys('q');
});
