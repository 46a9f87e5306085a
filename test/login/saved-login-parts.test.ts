// The parts of saved logins that need no server: the cookie's expiry read from Set-Cookie, where the config directory
// is,
// which logins are sent (given credentials win; expired and refused ones are not), and when `login` is a subcommand.
import {chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {sessionCookieOf} from '../../source/login/cookie-expiry.js';
import {savedLoginFor} from '../../source/login/saved-fetch.js';
import {SavedLogins} from '../../source/login/login-file.js';
import {configDirFrom} from '../../source/settings.js';
import {isSubcommand} from '../../source/login/subcommand.js';

const dirs: string[] = [];
const tempDir = (): string => {
	const dir = mkdtempSync(path.join(tmpdir(), 'pv-login-parts-'));
	dirs.push(dir);
	return dir;
};
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

describe('the session cookie of a login answer', () => {
	const now = Date.UTC(2026, 11, 4, 12, 0, 0);
	it('expires Max-Age seconds after the answer (the recorded login: 7 days)', () => {
		expect(sessionCookieOf(['penguin_session=abc; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax'], now)).toEqual({
			value: 'abc',
			expiresAt: now + 604_800_000,
		});
	});
	it('Expires when there is no Max-Age; Max-Age wins over it; none: no expiry', () => {
		expect(sessionCookieOf(['penguin_session=abc; Expires=Fri, 11 Dec 2026 12:00:00 GMT'], now)).toEqual({
			value: 'abc',
			expiresAt: Date.UTC(2026, 11, 11, 12),
		});
		expect(sessionCookieOf(['penguin_session=abc; Expires=Fri, 11 Dec 2026 12:00:00 GMT; Max-Age=60'], now)).toEqual({
			value: 'abc',
			expiresAt: now + 60_000,
		});
		expect(sessionCookieOf(['other=1; Max-Age=5', 'penguin_session=abc; Path=/'], now)).toEqual({value: 'abc'});
		expect(sessionCookieOf(['penguin_session=; Max-Age=0'], now)).toBeUndefined();
	});
});

describe('the config directory', () => {
	it('is $XDG_CONFIG_HOME/penguin-view, else ~/.config/penguin-view (a relative XDG_CONFIG_HOME is ignored)', () => {
		expect(configDirFrom({XDG_CONFIG_HOME: '/x/conf'}, '/home/u')).toBe(path.join('/x/conf', 'penguin-view'));
		expect(configDirFrom({}, '/home/u')).toBe(path.join('/home/u', '.config', 'penguin-view'));
		expect(configDirFrom({XDG_CONFIG_HOME: 'conf'}, '/home/u')).toBe(path.join('/home/u', '.config', 'penguin-view'));
	});
});

describe('which saved login a request carries', () => {
	const now = 1_000_000;
	const logins = (): SavedLogins => {
		const store = new SavedLogins(path.join(tempDir(), 'penguin-view'));
		store.save({origin: 'http://localhost:7364', user: 'admin', cookie: 'live', savedAt: 0, expiresAt: now + 1});
		store.save({origin: 'http://old:7364', user: 'admin', cookie: 'old', savedAt: 0, expiresAt: now});
		store.save({origin: 'http://gone:7364', user: 'admin', cookie: 'gone', savedAt: 0, refusedAt: 5});
		return store;
	};
	it('the one saved for the URL origin, whatever its path', () => {
		expect(savedLoginFor('http://localhost:7364/api/sessions/x/stream', {}, logins(), now)?.cookie).toBe('live');
		expect(savedLoginFor('https://localhost:7364/', {}, logins(), now)).toBeUndefined();
		expect(savedLoginFor('http://localhost:8000/', {}, logins(), now)).toBeUndefined();
	});
	it('none when --cookie, PENGUIN_VIEW_COOKIE or --user is given (an empty one is not given)', () => {
		expect(savedLoginFor('http://localhost:7364/', {cookie: 'x'}, logins(), now)).toBeUndefined();
		expect(savedLoginFor('http://localhost:7364/', {user: 'bob'}, logins(), now)).toBeUndefined();
		expect(savedLoginFor('http://localhost:7364/', {cookie: ''}, logins(), now)?.cookie).toBe('live');
	});
	it('none once expired or refused; a refusal of an older cookie leaves a newer login alone', () => {
		const store = logins();
		expect(savedLoginFor('http://old:7364/', {}, store, now)).toBeUndefined();
		expect(savedLoginFor('http://gone:7364/', {}, store, now)).toBeUndefined();
		store.refuse('http://localhost:7364', 'an-older-cookie', now);
		expect(savedLoginFor('http://localhost:7364/', {}, store, now)?.cookie).toBe('live');
	});
	it('a file that is not a saved login list reads as none, and a save replaces it', () => {
		const dir = path.join(tempDir(), 'penguin-view');
		const store = new SavedLogins(dir);
		store.save({origin: 'http://a', user: 'u', cookie: 'c', savedAt: 0});
		writeFileSync(store.file, 'not json');
		expect(store.all()).toEqual([]);
		store.save({origin: 'http://a', user: 'u', cookie: 'c', savedAt: 0});
		expect(store.all()).toEqual([{origin: 'http://a', user: 'u', cookie: 'c', savedAt: 0}]);
	});
});

describe('the saved logins file, as private as the password', () => {
	// The cookie is as good as the password: only the user may read the file or list the folder,
	// whatever the umask and however the folder or an older file came to be.
	const modeOf = (file: string): string => (statSync(file).mode & 0o777).toString(8);
	it('is made 0600 in a folder made 0700, even under a umask that lets everyone read', () => {
		const before = process.umask(0);
		try {
			const store = new SavedLogins(path.join(tempDir(), 'penguin-view'));
			store.save({origin: 'http://a', user: 'u', cookie: 'c', savedAt: 0});
			expect(modeOf(store.file)).toBe('600');
			expect(modeOf(store.dir)).toBe('700');
		} finally {
			process.umask(before);
		}
	});
	it('tightens a folder and replaces a file that were left readable by others', () => {
		const dir = path.join(tempDir(), 'penguin-view');
		mkdirSync(dir, {mode: 0o755});
		chmodSync(dir, 0o755);
		const store = new SavedLogins(dir);
		writeFileSync(store.file, '{"logins": []}\n', {mode: 0o644});
		chmodSync(store.file, 0o644);
		store.save({origin: 'http://a', user: 'u', cookie: 'c', savedAt: 0});
		expect(modeOf(store.file)).toBe('600');
		expect(modeOf(dir)).toBe('700');
		store.refuse('http://a', 'c', 1);
		expect(modeOf(store.file)).toBe('600');
	});
});

describe('login and logout as subcommands', () => {
	it(
		'is the subcommand as the first word, unless alone and a file or folder of that name is here; ./login ' +
			'is the file',
		() => {
			const here = tempDir();
			expect(isSubcommand(['login'], here)).toBe(true);
			expect(isSubcommand(['logout', 'http://x'], here)).toBe(true);
			writeFileSync(path.join(here, 'login'), '');
			expect(isSubcommand(['login'], here)).toBe(false);
			expect(isSubcommand(['login', 'http://x'], here)).toBe(true);
			expect(isSubcommand(['./login'], here)).toBe(false);
			expect(isSubcommand(['trace.jsonl'], here)).toBe(false);
		},
	);
});
