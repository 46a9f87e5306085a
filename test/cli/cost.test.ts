// The built program's cost: prices from the project's .project_config.toml (whose API key no output shows), none
// outside a data root, --prices, and one line for a config that cannot be read.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {makeRoot, parent, child, placeShard, rotated, tools} from '../commands/data-root.js';
import {copyFixture, makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {runCli} from '../helpers/run-cli.js';
import {configToml, secret} from '../cost/price-config.js';

const data = makeRoot();
const folder = data.dateDir('proj-a', 'main');
placeShard(parent, folder, 1, Date.parse('2026-12-02T14:43:22Z'));
placeShard(child, folder, 1, Date.parse('2026-12-02T14:43:21Z'));
placeShard(rotated, folder, 1);
placeShard(rotated, folder, 2);
writeFileSync(path.join(data.root, 'proj-a', '.project_config.toml'), configToml, {mode: 0o600});
// A project whose config is not TOML, with the key on the line the parser stops at.
const broken = data.dateDir('proj-b', 'main');
const brokenTrace = placeShard(tools, broken, 1);
writeFileSync(path.join(data.root, 'proj-b', '.project_config.toml'), `[[models]]\napi_key = "${secret}" oops\n`);
const outside = makeTempDir('penguin-view-cost-');
const loose = copyFixture(`${tools}_001.jsonl`, outside);
const env = {PENGUIN_HOME: data.root};
afterAll(() => {
	data.remove();
	removeTempDir(outside);
});

const trace = path.join(folder, `${parent}_001.jsonl`);

describe('prices from the project config', () => {
	it("print mode says each request's cost and the session's, subagent included, and never the API key", async () => {
		const result = await runCli(['--print', '--no-follow', '--no-color', trace], {env});
		expect(result.code).toBe(0);
		// Request 1 of the parent: 750 × 0.3 + 750 × 3.75 + 100 × 15 per million.
		expect(result.stdout).toMatch(
			/request 1 completed · tokens 1\.6k \(cache read 750, cache write 750, output 100\) · \$0\.00454\n/,
		);
		// Parent $0.00822 + subagent $0.00723.
		expect(result.stdout).toContain('  cost: $0.0155 (subagents included)');
		expect(result.stdout + result.stderr).not.toContain(secret);
	});

	it('--stats gives the cost by model and kind with its total; compaction requests count', async () => {
		const result = await runCli(['--stats', path.join(folder, `${rotated}_001.jsonl`)], {env});
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^Cost {8}\$0\.\d+$/m);
		expect(result.stdout).toMatch(/^custom\/fake-model\s+conversation\s+5\s/m);
		expect(result.stdout).toMatch(/^custom\/fake-model\s+compaction\s+1\s/m);
		expect(result.stdout).toMatch(/^Total\s+6\s/m);
		expect(result.stdout + result.stderr).not.toContain(secret);
	});

	it('--export md and sts say what the session cost, and never the API key', async () => {
		const md = await runCli(['--export', 'md', trace], {env});
		expect(md.stdout).toContain('- **Cost:** $0.0155');
		const sts = await runCli(['--export', 'sts', trace], {env});
		const head = JSON.parse(sts.stdout.split('\n')[0]!) as {cost_usd?: number};
		expect(head.cost_usd).toBeCloseTo(0.01545, 12);
		const json = await runCli(['--export', 'json', trace], {env});
		const list = await runCli(['--list', '--json'], {env});
		for (const output of [md, sts, json, list]) expect(output.stdout + output.stderr).not.toContain(secret);
	});

	it('a config that is not TOML: tokens only, one line that quotes nothing of it', async () => {
		const result = await runCli(['--print', '--no-follow', '--no-color', brokenTrace], {env});
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('tokens ');
		expect(result.stdout).not.toMatch(/\$\d/);
		expect(result.stderr).toBe(
			`penguin-view: no prices: the project config ` +
				`${path.join(data.root, 'proj-b', '.project_config.toml')} is not valid TOML\n`,
		);
	});
});

describe('--list', () => {
	it('has a cost column for the sessions whose model has a price, and says a broken config once', async () => {
		const result = await runCli(['--list'], {env});
		expect(result.code).toBe(0);
		// Each session's own requests: the parent without its subagent, which has its own row.
		expect(result.stdout).toMatch(new RegExp(`${parent} +proj-a/main +custom/fake-model +\\$0\\.00822 `));
		expect(result.stdout).toMatch(new RegExp(`${child} +proj-a/main +custom/fake-model +\\$0\\.00723 `));
		expect(result.stdout).toMatch(new RegExp(`${rotated} +proj-a/main +custom/fake-model +\\$0\\.0353 `));
		// proj-b's config is not TOML: its session has no cost, and one line says why.
		expect(result.stdout).toMatch(new RegExp(`${tools} +proj-b/main +custom/fake-model +1 shard`));
		expect(result.stderr).toBe(
			`penguin-view: no prices: the project config ` +
				`${path.join(data.root, 'proj-b', '.project_config.toml')} is not valid TOML\n`,
		);
		// JSON Lines: one session an object.
		const lines = (await runCli(['--list', '--json'], {env})).stdout.trimEnd().split('\n');
		const json = lines.map(line => JSON.parse(line) as {sessionId: string; costUsd?: number});
		expect(json.find(entry => entry.sessionId === rotated)?.costUsd).toBeCloseTo(0.035325, 12);
		expect(json.find(entry => entry.sessionId === tools)?.costUsd).toBeUndefined();
		expect(result.stdout + result.stderr).not.toContain(secret);
	});

	it("on a terminal the picker's rows have the cost column; on a narrow one it leaves before the project", async () => {
		const {listCommand} = await import('../../source/commands/list.js');
		const {cachedPerProject} = await import('../../source/commands/list-cost.js');
		const {projectConfigOf, readProjectPrices} = await import('../../source/io/project-prices.js');
		const list = async (width: number) =>
			(
				await listCommand({
					dataRoot: data.root,
					json: false,
					width,
					pricesOf: cachedPerProject(readProjectPrices, projectConfigOf),
				})
			).stdout;
		const wide = await list(100);
		const row = (text: string, id: string): string => text.split('\n').find(line => line.includes(id.slice(-8)))!;
		// The model is every session's: said by no column.
		expect(row(wide, rotated)).toMatch(/ 12-02 14:45 {2}8e7b556c {2}proj-a\/main +\$0\.0353 {2}61 KB/);
		expect(row(wide, parent)).toMatch(/ {2}a1f608ba {2}proj-a\/main +\$0\.00822 {2}27 KB/);
		// No price (proj-b's config is broken): an empty cell.
		expect(row(wide, tools)).toMatch(/ {2}694155ee {2}proj-b\/main +31 KB/);
		const narrow = await list(90);
		expect(narrow).not.toContain('$');
		expect(row(narrow, rotated)).toMatch(/ {2}8e7b556c {2}proj-a\/main +61 KB/);
	});
});

describe('a trace outside any data root', () => {
	it('shows tokens only, and says nothing about prices', async () => {
		const result = await runCli(['--print', '--no-follow', '--no-color', loose], {env});
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('tokens ');
		expect(result.stdout).not.toMatch(/\$\d/);
		expect(result.stderr).toBe('');
	});

	it('--prices FILE (TOML or JSON) prices it', async () => {
		const toml = path.join(outside, 'prices.toml');
		writeFileSync(toml, configToml);
		const json = path.join(outside, 'prices.json');
		writeFileSync(
			json,
			JSON.stringify({
				models: [
					{
						provider: 'custom',
						model_id: 'fake-model',
						pricing: {unit: 'usd_per_mtok', cache_read: 0.3, cache_write: 3.75, output: 15},
					},
				],
			}),
		);
		for (const file of [toml, json]) {
			const result = await runCli(['--stats', '--prices', file, loose], {env});
			expect(result.stdout).toMatch(/^Cost {8}\$0\.\d+$/m);
			expect(result.stdout + result.stderr).not.toContain(secret);
		}
	});

	it('--prices with a file that is not a price table is one line, exit code 2', async () => {
		const bad = path.join(outside, 'bad.toml');
		writeFileSync(bad, 'this is = = not toml');
		const result = await runCli(['--print', '--prices', bad, loose], {env});
		expect(result.code).toBe(2);
		expect(result.stderr).toBe(`penguin-view: --prices ${bad}: not a TOML or JSON price table (try --help)\n`);
	});
});

describe('a project with no config (the harness then has no models)', () => {
	const root = makeRoot();
	const dir = root.dateDir('bare', 'main');
	const file = placeShard(tools, dir, 1);
	const config = path.join(root.root, 'bare', '.project_config.toml');
	const bare = {PENGUIN_HOME: root.root};
	afterAll(() => root.remove());

	it('--print, --json and --list write nothing to stderr: no cost, and no warning', async () => {
		for (const args of [
			['--print', '--no-follow', '--no-color', file],
			['--json', file],
			['--list'],
			['--list', '--json'],
		]) {
			const result = await runCli(args, {env: bare});
			expect(result.code, args.join(' ')).toBe(0);
			expect(result.stderr, args.join(' ')).toBe('');
			expect(result.stdout).not.toMatch(/\$\d/);
		}
	});

	it('--stats says the cost is unknown, and why', async () => {
		const result = await runCli(['--stats', file], {env: bare});
		expect(result.stderr).toBe('');
		expect(result.stdout).toContain(`Cost        —  (no prices: there is no project config ${config})\n`);
	});
});

describe('an unreadable project config', () => {
	it('is no prices and one line', async () => {
		const root = makeRoot();
		const dir = root.dateDir('p', 'a');
		mkdirSync(dir, {recursive: true});
		const file = placeShard(tools, dir, 1);
		const config = path.join(root.root, 'p', '.project_config.toml');
		// A folder where the file should be: unreadable for any user, root included.
		mkdirSync(config);
		const result = await runCli(['--print', '--no-follow', '--no-color', file], {env: {PENGUIN_HOME: root.root}});
		root.remove();
		expect(result.stdout).not.toMatch(/\$\d/);
		expect(result.stderr).toBe(`penguin-view: no prices: cannot read (EISDIR) the project config ${config}\n`);
	});
});

describe("a server's models answer", () => {
	it('prices a session read from the server, with the project named in its record', async () => {
		const {startPenguinServer, idleId} = await import('../support/penguin-server.js');
		// ModelsResponse as upstream's routes/models.ts answers it: camelCase pricing, the key masked.
		const models = {
			models: [
				{
					provider: 'custom',
					modelId: 'fake-model',
					pricing: {cacheRead: 0.3, cacheWrite: 3.75, output: 15},
					credential: {apiKeyMasked: 'sk-…89'},
					isDefault: true,
				},
			],
			defaultModel: {provider: 'custom', modelId: 'fake-model'},
		};
		const server = await startPenguinServer({models: {status: 200, json: models}});
		try {
			const result = await runCli(['--sse', `${server.origin}/chat/${idleId}`, '--print', '--no-color'], {
				env: {PENGUIN_VIEW_COOKIE: '', PENGUIN_PASSWORD: ''},
			});
			expect(result.code).toBe(0);
			expect(server.requestsTo('/api/projects/default_project/models')).toHaveLength(1);
			// Five requests of 1,050 … 1,450 cache_write and 30 output: 6,250 × 3.75 + 150 × 15 per million.
			expect(result.stdout).toContain('  cost: $0.0257\n');
		} finally {
			await server.close();
		}
	});

	it(
		"prices a running session of the server's, read from its stream, with the one model table its context " +
			'window comes from',
		async () => {
			const {startPenguinServer, runningId} = await import('../support/penguin-server.js');
			const models = {
				models: [
					{
						provider: 'custom',
						modelId: 'fake-model',
						contextWindow: 64000,
						pricing: {cacheRead: 0.3, cacheWrite: 3.75, output: 15},
					},
				],
			};
			const server = await startPenguinServer({models: {status: 200, json: models}});
			try {
				const result = await runCli(
					['--sse', `${server.origin}/chat/${runningId}`, '--print', '--no-color', '--no-follow'],
					{env: {PENGUIN_VIEW_COOKIE: '', PENGUIN_PASSWORD: ''}},
				);
				expect(result.code).toBe(0);
				expect(result.stdout).toContain('  cost: $0.00900\n');
				expect(result.stdout.split('\n')[0]).toContain(' · context window 64k · ');
				expect(server.requestsTo('/api/projects/default_project/models')).toHaveLength(1);
			} finally {
				await server.close();
			}
		},
	);

	it("prices one session's stream with its record's project, and the totals wait for the answer", async () => {
		const {startPenguinServer, runningId} = await import('../support/penguin-server.js');
		const models = {
			models: [
				{
					provider: 'custom',
					modelId: 'fake-model',
					contextWindow: 64000,
					pricing: {cacheRead: 0.3, cacheWrite: 3.75, output: 15},
				},
			],
		};
		const server = await startPenguinServer({models: {status: 200, json: models}});
		try {
			const url = `${server.origin}/api/sessions/${runningId}/stream`;
			const result = await runCli(['--sse', url, '--print', '--no-color', '--no-follow'], {
				env: {PENGUIN_VIEW_COOKIE: '', PENGUIN_PASSWORD: ''},
			});
			expect(result.code).toBe(0);
			// Two requests: 1,050 + 1,150 cache_write and 30 + 20 output.
			expect(result.stdout).toContain('  cost: $0.00900\n');
			// One model table gives the prices and the context window.
			expect(result.stdout.split('\n')[0]).toContain(' · context window 64k · ');
			expect(server.requestsTo('/api/projects/default_project/models')).toHaveLength(1);
		} finally {
			await server.close();
		}
	});
});
