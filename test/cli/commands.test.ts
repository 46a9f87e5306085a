// The built program's one-shot commands: --list, --stats, --export (files and SSE), --redact, and a session found by id
// or by the newest under $PENGUIN_HOME.
import {afterAll, describe, expect, it} from 'vitest';
import {startSseServer} from '../support/sse-server.js';
import {makeRoot, parent, child, retry, tools, placeShard} from '../commands/data-root.js';
import {runCli} from '../helpers/run-cli.js';

const data = makeRoot();
const folder = data.dateDir();
placeShard(retry, folder, 1, Date.parse('2026-12-02T14:44:30Z'));
placeShard(parent, folder, 1, Date.parse('2026-12-02T14:43:22Z'));
placeShard(child, folder, 1, Date.parse('2026-12-02T14:43:21Z'));
placeShard(tools, data.dateDir('proj-b', 'helper'), 1, Date.parse('2026-12-02T14:45:00Z'));
const env = {PENGUIN_HOME: data.root};
afterAll(() => data.remove());

describe('sessions under $PENGUIN_HOME', () => {
	it('--list shows every session, newest first, and --list --json is JSON Lines for scripts', async () => {
		const plain = await runCli(['--list'], {env});
		expect(plain.code).toBe(0);
		const order = [tools, retry, parent, child].map(id => plain.stdout.indexOf(id));
		expect(order.every(index => index >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		expect(plain.stdout).toContain('[fake:retry] Answer even if the upstream is flaky.');
		const json = await runCli(['--list', '--json'], {env});
		const sessions = json.stdout
			.trimEnd()
			.split('\n')
			.map(line => JSON.parse(line) as {sessionId: string});
		expect(sessions.map(session => session.sessionId)).toEqual([tools, retry, parent, child]);
	});

	it('opens the newest session when given no path, and a session by its id', async () => {
		const newest = await runCli(['--print', '--no-follow'], {env});
		expect(newest.stdout).toContain(`session ${tools}`);
		const byId = await runCli(['--print', '--no-follow', retry], {env});
		expect(byId.stdout).toContain('abort: reconnect failed after 5 retries');
	});
	it('opens a session by the short id --list shows; an ambiguous start lists the candidates and exits 1', async () => {
		const short = await runCli(['--print', '--no-follow', 'd6ae8f31'], {env});
		expect(short.code).toBe(0);
		expect(short.stdout).toContain('abort: reconnect failed after 5 retries');
		const ambiguous = await runCli(['--print', '--no-follow', 'session-2026-12-02-14-43-17'], {env});
		expect(ambiguous.code).toBe(1);
		expect(ambiguous.stdout).toBe('');
		expect(ambiguous.stderr.trimEnd().split('\n')).toEqual([
			'penguin-view: session-2026-12-02-14-43-17: 3 sessions match; give more of the id:',
			...[tools, parent, retry].sort().map(id => `  ${id}`),
		]);
	});
});

describe('--stats and --export', () => {
	it('--stats counts requests and retries, and nests a subagent read from disk', async () => {
		const result = await runCli(['--stats', parent], {env});
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/Requests\s+2/);
		expect(result.stdout).toContain(`Subagent ${child}`);
		expect(result.stdout).toContain('exec_command $ echo hello-from-child && ls');
	});

	it('--stats --json writes one JSON object (docs/stats-json.md), the subagent nested in it', async () => {
		const result = await runCli(['--stats', '--json', parent], {env});
		expect(result.code).toBe(0);
		const stats = JSON.parse(result.stdout) as Record<string, unknown>;
		expect(Object.keys(stats)).toEqual([
			'schema',
			'session',
			'requests',
			'tokens',
			'cost',
			'tools',
			'longestSteps',
			'compactions',
			'aborts',
			'malformedLines',
			'subagents',
			'serverCost',
			'requestRows',
			'context',
		]);
		expect(stats).toMatchObject({
			schema: 1,
			session: {id: parent, provider: 'custom', model: 'fake-model'},
			requests: {count: 2, retries: 0, notCompleted: 0},
			tokens: {cache_read: 1500, output: 143},
			tools: [{name: 'run_subagent', calls: 1, failed: 0}],
			longestSteps: [
				{kind: 'tool', label: 'run_subagent Delegate listing the workspace'},
				{kind: 'request', label: 'request 1'},
				{kind: 'request', label: 'request 2'},
			],
			subagents: [{sessionId: child, missing: null, stats: {session: {id: child}, tools: [{name: 'exec_command'}]}}],
		});
		const [step] = stats['longestSteps'] as Array<{startedAt: string; durationMs: number}>;
		expect(Date.parse(step!.startedAt)).toBeGreaterThan(0);
		expect(step!.durationMs).toBeGreaterThan(1000);
	});

	it('--export sts writes a session header line and one JSON message per line', async () => {
		const result = await runCli(['--export', 'sts', tools], {env});
		const lines = result.stdout
			.trim()
			.split('\n')
			.map(line => JSON.parse(line) as {type: string; harness?: string});
		expect(lines[0]).toMatchObject({type: 'session', harness: 'penguin-harness', id: tools});
		expect(lines.slice(1).every(line => line.type === 'message')).toBe(true);
	});

	it('--export md --redact hides paths and says how many it replaced', async () => {
		const result = await runCli(['--export', 'md', '--redact', tools], {env});
		expect(result.stdout).toContain('# Session');
		expect(result.stdout).not.toContain('/home/dev/work');
		expect(result.stderr).toMatch(/redacted \d+ strings/);
	});

	it('--export json works from a live stream too', async () => {
		const server = await startSseServer({
			messages: () => ({status: 200, json: JSON.parse('{"messages":[]}') as object}),
		});
		try {
			const result = await runCli(['--sse', server.streamUrl, '--export', 'json']);
			expect(result.code).toBe(0);
			const exported = JSON.parse(result.stdout) as {session: {items: unknown[]}};
			expect(exported.session.items.length).toBeGreaterThan(0);
		} finally {
			await server.close();
		}
	});

	it(
		'--redact works in print mode too ' + '(test/cli/redact-print.test.ts); an unknown format is refused with exit 2',
		async () => {
			expect((await runCli(['--redact', tools], {env})).code).toBe(0);
			const bad = await runCli(['--export', 'pdf', tools], {env});
			expect(bad.code).toBe(2);
			expect(bad.stderr).toContain("--export takes md, json, sts or html, not 'pdf'");
		},
	);
});
