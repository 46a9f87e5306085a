// Saved logins (issue 36) with the built program against a fake server that requires its cookie: `login URL` saves it
// 0600 in a temporary config dir, `--list` and streams then need no credential flags, `logout` ends and forgets it, a
// refused saved login is one line and is not sent again, a redirect to another origin does not carry it, and no output
// of any run shows the cookie.
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {SavedLogins} from '../../source/login/login-file.js';
import {recordedRows, runningId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {cliPath, runCli, type CliResult} from '../helpers/run-cli.js';

const cookie = 'c00kie-s3cret-value-0123456789';
const password = 'pw-correct-horse';
const servers: PenguinServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) await server.close();
	for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

/** A fake server that wants `cookie`, and an empty config home for the program. */
async function setUp(
	options: Parameters<typeof startPenguinServer>[0] = {},
): Promise<{server: PenguinServer; home: string; env: NodeJS.ProcessEnv; run: (args: string[]) => Promise<CliResult>}> {
	const server = await startPenguinServer({auth: {cookie, password}, ...options});
	servers.push(server);
	const home = mkdtempSync(path.join(tmpdir(), 'pv-login-'));
	dirs.push(home);
	const env = {XDG_CONFIG_HOME: home, PENGUIN_VIEW_COOKIE: '', PENGUIN_PASSWORD: password, TZ: 'UTC'};
	const run = async (args: string[]): Promise<CliResult> => {
		const result = await runCli(args, {env});
		// Whatever a run writes, the cookie is never in it.
		expect(result.stdout + result.stderr).not.toContain(cookie);
		return result;
	};
	return {server, home, env, run};
}

const cookiesSent = (server: PenguinServer, suffix: string): Array<string | undefined> =>
	server.requestsTo(suffix).map(request => request.headers.cookie);

describe('penguin-view login URL', () => {
	it('saves the cookie for the origin in a 0600 file in a 0700 directory, with its expiry, and lists it', async () => {
		const {server, home, run} = await setUp();
		const result = await run(['login', server.origin, '--user', 'admin']);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(
			new RegExp(
				`^logged in to http://127\\.0\\.0\\.1:${server.port} as admin; saved until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\n$`,
			),
		);
		expect(JSON.parse(server.requestsTo('/api/auth/login')[0]!.body)).toEqual({userId: 'admin', password});

		const dir = path.join(home, 'penguin-view');
		expect(statSync(dir).mode & 0o777).toBe(0o700);
		const file = path.join(dir, 'logins.json');
		expect(statSync(file).mode & 0o777).toBe(0o600);
		const saved = (JSON.parse(readFileSync(file, 'utf8')) as {logins: Array<Record<string, unknown>>}).logins;
		expect(saved).toHaveLength(1);
		expect(saved[0]).toMatchObject({origin: server.origin, user: 'admin', cookie});
		// Max-Age=604800 from the moment of the login's answer (saved a moment later).
		const lasts = (saved[0]!['expiresAt'] as number) - (saved[0]!['savedAt'] as number);
		expect(lasts).toBeLessThanOrEqual(604_800_000);
		expect(lasts).toBeGreaterThan(604_800_000 - 60_000);

		const listed = await run(['login']);
		expect(listed.code).toBe(0);
		const expires = new Date(saved[0]!['expiresAt'] as number).toISOString().slice(0, 16).replace('T', ' ');
		expect(listed.stdout).toBe(`${server.origin}  admin  expires ${expires}\n`);
	});

	it('a wrong password: one line, exit 1, nothing saved', async () => {
		const {server, home, env} = await setUp();
		const result = await runCli(['login', server.origin, '--user', 'admin'], {
			env: {...env, PENGUIN_PASSWORD: 'wrong'},
		});
		expect(result).toEqual({
			code: 1,
			stdout: '',
			stderr: 'penguin-view: login as admin failed (401); the server said: Incorrect username or password.\n',
		});
		expect(new SavedLogins(path.join(home, 'penguin-view')).all()).toEqual([]);
	});

	it('a config directory that cannot be made: one line, exit 1', async () => {
		const {server, home, run} = await setUp();
		writeFileSync(path.join(home, 'penguin-view'), 'a file where the directory goes');
		const result = await run(['login', server.origin, '--user', 'admin']);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toMatch(
			new RegExp(`^penguin-view: cannot save the login in ${path.join(home, 'penguin-view')} \\(E[A-Z]+\\)\\n$`),
		);
	});
});

describe('a saved login', () => {
	it(
		'is sent by --list, the stream of a session, and a stream URL, with no credential flags; a given ' +
			'--cookie wins',
		async () => {
			const {server, run} = await setUp();
			expect((await run(['login', server.origin, '--user', 'admin'])).code).toBe(0);

			const listed = await run(['--sse', server.origin, '--list']);
			expect(listed.stderr).toBe('');
			expect(listed.code).toBe(0);
			expect(listed.stdout.trimEnd().split('\n')).toHaveLength(recordedRows().length);
			expect(cookiesSent(server, '/api/projects')).toEqual([`penguin_session=${cookie}`]);

			// Server mode opens the running session's stream; a stream's URL given whole does the same.
			for (const address of [server.origin, `${server.origin}/api/sessions/${runningId}/stream`]) {
				const streamed = await run([
					'--sse',
					address,
					...(address === server.origin ? ['--latest'] : []),
					'--print',
					'--no-follow',
				]);
				expect(streamed.stderr).toBe('');
				expect(streamed.code).toBe(0);
				expect(streamed.stdout).not.toBe('');
			}
			expect(cookiesSent(server, `/api/sessions/${runningId}/stream`)).toEqual([
				`penguin_session=${cookie}`,
				`penguin_session=${cookie}`,
			]);

			const given = await run(['--sse', server.origin, '--list', '--cookie', 'given-by-hand']);
			expect(given.code).toBe(1);
			expect(cookiesSent(server, '/api/projects').at(-1)).toBe('penguin_session=given-by-hand');
		},
	);

	it('penguin-view logout URL ends the session on the server and forgets the login', async () => {
		const {server, home, run} = await setUp();
		expect((await run(['login', server.origin, '--user', 'admin'])).code).toBe(0);
		const result = await run(['logout', server.origin]);
		expect(result).toEqual({code: 0, stdout: `logged out of ${server.origin}\n`, stderr: ''});
		expect(server.requestsTo('/api/auth/logout').map(request => [request.method, request.headers.cookie])).toEqual([
			['POST', `penguin_session=${cookie}`],
		]);
		expect(new SavedLogins(path.join(home, 'penguin-view')).all()).toEqual([]);

		const after = await run(['--sse', server.origin, '--list']);
		expect(after.code).toBe(1);
		expect(cookiesSent(server, '/api/projects')).toEqual([undefined]);
		expect((await run(['login'])).stdout).toBe('no saved logins (penguin-view login URL --user NAME saves one)\n');
	});

	it('logout with the server gone: forgotten here, and says the session there lasts until it expires', async () => {
		const {server, home, run} = await setUp();
		expect((await run(['login', server.origin, '--user', 'admin'])).code).toBe(0);
		await server.close();
		const result = await run(['logout', server.origin]);
		expect(result).toEqual({
			code: 0,
			stdout:
				`logged out of ${server.origin} (the server could not be told: connection refused by ` +
				`127.0.0.1:${server.port}: is the server running?; its session lasts until it expires)\n`,
			stderr: '',
		});
		expect(new SavedLogins(path.join(home, 'penguin-view')).all()).toEqual([]);
	});

	it('refused by the server: one line naming penguin-view login, exit 1, and not sent again', async () => {
		const {server, home, run} = await setUp();
		// A login saved earlier that the server no longer knows (expired there, or the server was reset).
		new SavedLogins(path.join(home, 'penguin-view')).save({
			origin: server.origin,
			user: 'admin',
			cookie: 'stale-cookie-value',
			savedAt: Date.now(),
			expiresAt: Date.now() + 86_400_000,
		});
		const result = await run(['--sse', server.origin, '--list']);
		expect(result).toEqual({
			code: 1,
			stdout: '',
			stderr:
				`penguin-view: the saved login for ${server.origin} was refused (expired?): run penguin-view login ` +
				`${server.origin}\n`,
		});
		// The first run marked it: the next one sends nothing and gets the server's own refusal.
		const again = await run(['--sse', server.origin, '--list']);
		expect(again.code).toBe(1);
		expect(again.stderr).toContain('needs a login');
		expect(cookiesSent(server, '/api/projects')).toEqual(['penguin_session=stale-cookie-value', undefined]);
		expect((await run(['login'])).stdout).toMatch(
			/refused by the server on \d{4}-\d\d-\d\d \d\d:\d\d: run penguin-view login/,
		);
	});

	it('refused on a stream, in server mode or given by its URL (with --debug too): the same one line', async () => {
		const {server, home, run} = await setUp();
		const logins = new SavedLogins(path.join(home, 'penguin-view'));
		for (const args of [
			['--sse', server.origin, '--latest', '--print'],
			['--sse', `${server.origin}/api/sessions/${runningId}/stream`, '--print', '--debug'],
		]) {
			logins.save({origin: server.origin, user: 'admin', cookie: 'stale-cookie-value', savedAt: Date.now()});
			const result = await run(args);
			expect(result).toEqual({
				code: 1,
				stdout: '',
				stderr:
					`penguin-view: the saved login for ${server.origin} was refused (expired?): run penguin-view login ` +
					`${server.origin}\n`,
			});
		}
	});

	it('expiring while server mode reads: the stream it opens gives the same one line', async () => {
		const {server, run} = await setUp({auth: {cookie, password, expiresOn: pathname => pathname.endsWith('/stream')}});
		expect((await run(['login', server.origin, '--user', 'admin'])).code).toBe(0);
		const result = await run(['--sse', server.origin, '--latest', '--print']);
		expect(result).toEqual({
			code: 1,
			stdout: '',
			stderr:
				`penguin-view: the saved login for ${server.origin} was refused (expired?): run penguin-view login ` +
				`${server.origin}\n`,
		});
		expect(cookiesSent(server, `/api/sessions/${runningId}/stream`)).toEqual([`penguin_session=${cookie}`]);
	});

	it('is not carried across a redirect to another origin (global fetch and --insecure alike)', async () => {
		const other = await startPenguinServer();
		servers.push(other);
		const {server, run} = await setUp({
			redirect: pathname => (pathname === '/api/projects' ? `${other.origin}/api/projects` : undefined),
		});
		expect((await run(['login', server.origin, '--user', 'admin'])).code).toBe(0);
		for (const extra of [[], ['--insecure']]) {
			const result = await run(['--sse', server.origin, '--list', ...extra]);
			expect(result.code).toBe(0);
		}
		// The first server saw the cookie; the one redirected to never did.
		expect(cookiesSent(server, '/api/projects')).toEqual([`penguin_session=${cookie}`, `penguin_session=${cookie}`]);
		expect(other.requestsTo('/api/projects')).toHaveLength(2);
		expect(cookiesSent(other, '/api/projects')).toEqual([undefined, undefined]);
	});
});

describe('a trace named login', () => {
	it('alone, a file called login in the current directory is opened, not the subcommand', () => {
		const here = mkdtempSync(path.join(tmpdir(), 'pv-login-file-'));
		dirs.push(here);
		copyFileSync(
			fileURLToPath(new URL('../fixtures/traces/session-2026-12-02-14-43-08-07326dfd_001.jsonl', import.meta.url)),
			path.join(here, 'login'),
		);
		const env = {...process.env, XDG_CONFIG_HOME: here, TZ: 'UTC', CI: 'false'};
		const opened = spawnSync(process.execPath, [cliPath, 'login', '--print', '--no-follow'], {
			cwd: here,
			env,
			encoding: 'utf8',
			timeout: 10_000,
		});
		expect(opened.status).toBe(0);
		expect(opened.stdout).not.toContain('saved logins');
		expect(opened.stdout.length).toBeGreaterThan(0);
		// With a server's address after it, the word is the subcommand all the same.
		const command = spawnSync(process.execPath, [cliPath, 'login', 'not a url'], {
			cwd: here,
			env,
			encoding: 'utf8',
			timeout: 10_000,
		});
		expect(command.status).toBe(2);
		expect(command.stderr).toBe(
			"penguin-view: login takes a server's address (http://HOST:PORT), not 'not a url' (try --help)\n",
		);
	});
});
