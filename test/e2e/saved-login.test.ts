// End to end: a `--user` login on a terminal (tmux) offers to save itself. The password is typed at the hidden prompt,
// `save this login for …? y/n` answered y saves it under ~/.config/penguin-view (no XDG_CONFIG_HOME: the default
// place), 0600, and the next run needs no credentials; answered n, nothing is saved. Neither the password nor the
// cookie ever shows on the terminal.
import {existsSync, mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';
import {startPenguinServer, type PenguinServer} from '../support/penguin-server.js';

const cookie = 'tmux-c00kie-value-9876543210';
const password = 'typed-pa55word';
let home = '';
let pane: FaultTmux;
let server: PenguinServer;

beforeAll(async () => {
	home = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-login-'));
	server = await startPenguinServer({auth: {cookie, password}});
	pane = new FaultTmux(home, 'e2e-login', 200, 40, {TZ: 'UTC'});
}, 60_000);

afterAll(async () => {
	pane?.kill();
	await server?.close();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

const savedFile = (): string => path.join(home, '.config', 'penguin-view', 'logins.json');

test('a --user login on a terminal: n saves nothing; y ' +
	'saves it 0600 and the next run needs no credentials', async () => {
	for (const answer of ['n', 'y']) {
		await pane.clear();
		pane.run(`node ${builtCli} --sse ${server.origin} --list --user admin`);
		await pane.until(text => text.includes('password for admin:'), 'the password prompt');
		pane.keys('-l', password);
		pane.keys('Enter');
		await pane.until(text => text.includes(`save this login for ${server.origin}? y/n`), 'the offer to save');
		// One key answers, as the screen's questions do.
		pane.keys(answer);
		const screen = await pane.until(text => text.includes('9e1d35e9') && text.trimEnd().endsWith('$'), 'the list');
		expect(screen).not.toContain(password);
		expect(screen).not.toContain(cookie);
		expect(existsSync(savedFile())).toBe(answer === 'y');
	}
	expect(statSync(savedFile()).mode & 0o777).toBe(0o600);
	expect(statSync(path.dirname(savedFile())).mode & 0o777).toBe(0o700);
	expect(readFileSync(savedFile(), 'utf8')).toContain(cookie);

	await pane.clear();
	const before = server.requestsTo('/api/projects').length;
	pane.run(`node ${builtCli} --sse ${server.origin} --list`);
	const screen = await pane.until(
		text => text.includes('9e1d35e9') && text.trimEnd().endsWith('$'),
		'the list with the saved login',
	);
	expect(screen).not.toContain('password for');
	expect(screen).not.toContain(cookie);
	expect(
		server
			.requestsTo('/api/projects')
			.slice(before)
			.map(request => request.headers.cookie),
	).toEqual([`penguin_session=${cookie}`]);
}, 60_000);

test('a --user login with PENGUIN_PASSWORD set asks nothing: no prompt, no offer to save', async () => {
	await pane.clear();
	pane.run(`PENGUIN_PASSWORD=${password} node ${builtCli} --sse ${server.origin} --list --user admin`);
	const screen = await pane.until(text => text.includes('9e1d35e9') && text.trimEnd().endsWith('$'), 'the list');
	expect(screen).not.toContain('password for');
	expect(screen).not.toContain('save this login');
}, 60_000);
