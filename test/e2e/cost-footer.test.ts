// End to end, in tmux: the built program on a trace inside a data root whose project config prices its model (and holds
// an API key): the footer says what the session cost, and the key is nowhere on the screen.
import {execFileSync} from 'node:child_process';
import {existsSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, beforeAll, expect, test} from 'vitest';
import {makeRoot, placeShard, rotated} from '../commands/data-root.js';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';
import {configToml, secret} from '../cost/price-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let pane: FaultTmux | undefined;
let data: ReturnType<typeof makeRoot> | undefined;

beforeAll(() => {
	if (!existsSync(builtCli)) execFileSync('npm', ['run', 'build'], {cwd: root, stdio: 'ignore'});
}, 120_000);

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
	const text = await pane.until(screen => screen.split('\n').some(row => row.startsWith(' $0.0353 ')), 'the cost in the footer');
	expect(text).not.toContain(secret);
	pane.keys('q');
});
