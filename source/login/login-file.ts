/**
 * The saved logins: one session cookie per server origin, in `logins.json` under the
 * config directory (`$XDG_CONFIG_HOME/penguin-view`, else `~/.config/penguin-view`). The
 * directory is kept 0700 and the file 0600: the cookie is as good as the password until
 * it expires. Writes go to a private temporary file renamed over the old one, so a reader
 * never sees half a file. Synchronous: the file is small, and a refusal must be recorded
 * before the process exits.
 */
import {
	chmodSync,
	closeSync,
	fsyncSync,
	mkdirSync,
	openSync,
	readFileSync,
	renameSync,
	rmSync,
	writeSync,
} from 'node:fs';
import path from 'node:path';
import {isRecord} from '../protocol/guards.js';

/** One saved login. */
export type SavedLogin = {
	/** The server's origin (`http://localhost:7364`): the cookie is sent there and nowhere else. */
	origin: string;
	user: string;
	cookie: string;
	savedAt: number;
	/** When the cookie expires (ms since the epoch); undefined: the server gave no expiry. */
	expiresAt?: number;
	/** When a server refused it (401): it is not sent again until replaced. */
	refusedAt?: number;
};

const fileName = 'logins.json';

function readLogin(value: unknown): SavedLogin | undefined {
	if (!isRecord(value)) return undefined;
	const {origin, user, cookie, savedAt, expiresAt, refusedAt} = value;
	if (
		typeof origin !== 'string' ||
		typeof user !== 'string' ||
		typeof cookie !== 'string' ||
		cookie === '' ||
		typeof savedAt !== 'number'
	)
		return undefined;
	const login: SavedLogin = {origin, user, cookie, savedAt};
	if (typeof expiresAt === 'number') login.expiresAt = expiresAt;
	if (typeof refusedAt === 'number') login.refusedAt = refusedAt;
	return login;
}

/** The saved logins of one config directory. */
export class SavedLogins {
	readonly file: string;

	constructor(readonly dir: string) {
		this.file = path.join(dir, fileName);
	}

	/** Every saved login; none when the file is missing or unreadable (a later save replaces it). */
	all(): SavedLogin[] {
		let value: unknown;
		try {
			value = JSON.parse(readFileSync(this.file, 'utf8'));
		} catch {
			return [];
		}
		const rows = isRecord(value) && Array.isArray(value['logins']) ? value['logins'] : [];
		return rows.flatMap(row => readLogin(row) ?? []);
	}

	/** The login saved for `origin`, whatever its state. */
	get(origin: string): SavedLogin | undefined {
		return this.all().find(login => login.origin === origin);
	}

	/** The login to send to `origin` at `now`: not expired, not refused. */
	usable(origin: string, now: number): SavedLogin | undefined {
		const login = this.get(origin);
		if (login === undefined || login.refusedAt !== undefined) return undefined;
		if (login.expiresAt !== undefined && login.expiresAt <= now) return undefined;
		return login;
	}

	/** Saves (or replaces) the login for its origin. */
	save(login: SavedLogin): void {
		this.write([...this.all().filter(other => other.origin !== login.origin), login]);
	}

	/** Removes the login for `origin`; false when there was none. */
	remove(origin: string): boolean {
		const logins = this.all();
		const kept = logins.filter(login => login.origin !== origin);
		if (kept.length === logins.length) return false;
		this.write(kept);
		return true;
	}

	/** Marks the login refused, unless it was replaced meanwhile (another cookie). */
	refuse(origin: string, cookie: string, now: number): void {
		const logins = this.all();
		const login = logins.find(candidate => candidate.origin === origin && candidate.cookie === cookie);
		if (login === undefined || login.refusedAt !== undefined) return;
		login.refusedAt = now;
		this.write(logins);
	}

	private write(logins: readonly SavedLogin[]): void {
		mkdirSync(this.dir, {recursive: true, mode: 0o700});
		// The directory may have been made by someone else, or earlier with looser bits.
		chmodSync(this.dir, 0o700);
		const temporary = path.join(this.dir, `.${fileName}.${process.pid}.tmp`);
		rmSync(temporary, {force: true});
		// Created 0600 from the start ('wx': never through a link someone left there).
		const fd = openSync(temporary, 'wx', 0o600);
		try {
			writeSync(fd, `${JSON.stringify({logins}, null, '\t')}\n`);
			fsyncSync(fd);
		} finally {
			closeSync(fd);
		}
		renameSync(temporary, this.file);
	}
}
