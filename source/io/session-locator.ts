/**
 * What the user named (a trace file, a session id, a folder) to the shards of one session.
 * Only the known layout is walked: `<root>/<project>/agents/<agent>/traces/<date>/`.
 * A file of any other name is a session of its own, one file; a gzip file (by its first
 * bytes, whatever its name) too. Failures come back as values with one line naming the
 * path and the cause.
 */
import type {Dirent, Stats} from 'node:fs';
import {open, readdir, stat} from 'node:fs/promises';
import path from 'node:path';
import {isGzipHead} from './gunzip.js';
import {parseShardName} from './trace-files.js';

/**
 * A session found on disk: its id, its folder and its shard paths in index order. A file
 * whose name is not a shard's is `single`: its one path in `shards`, its name as `sessionId`
 * (the header takes the real id from its session_meta, when it has one).
 */
export type LocatedSession = {
	kind: 'session';
	sessionId: string;
	folder: string;
	shards: string[];
	/** One file of any name: read and followed alone, no shard chain around it. */
	single?: boolean;
	/** gzip data (then also `single`): read through gunzip to its end, never followed. */
	compressed?: boolean;
};

/** A FIFO or character device to read as a stream. */
export type LocatedStream = {kind: 'stream'; path: string};

/** The outcome of locateSession. */
export type LocateResult = ({ok: true} & (LocatedSession | LocatedStream)) | {ok: false; message: string};

/** One session under a root, for listings. */
export type SessionSummary = {
	sessionId: string;
	folder: string;
	shards: string[];
	/** Total bytes of all shards. */
	size: number;
	/** The newest modification time among the shards (ms since the epoch). */
	mtimeMs: number;
	/** A gzip trace (`<id>_NNN.jsonl.gz`, listed only when asked for): read through gunzip, alone. */
	compressed?: boolean;
};

/** The outcome of listSessions. */
export type ListResult = {ok: true; sessions: SessionSummary[]} | {ok: false; message: string};

/** A short cause for a file-system error: 'no such file or directory', 'permission denied', … */
export function describeFsError(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	switch (code) {
		case 'ENOENT':
			return 'no such file or directory';
		case 'EACCES':
		case 'EPERM':
			return 'permission denied';
		case 'EISDIR':
			return 'is a directory';
		case 'ENOTDIR':
			return 'not a directory';
		case 'ELOOP':
			return 'too many levels of symbolic links';
		default:
			return error instanceof Error ? error.message : String(error);
	}
}

/**
 * Resolves `target` to a session: a trace file (any shard: the whole session in its folder),
 * a folder (the newest session in it), or a session id looked up under `dataRoot`.
 */
export async function locateSession(target: string, options: {dataRoot: string}): Promise<LocateResult> {
	let info: Stats;
	try {
		info = await stat(target);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' && looksLikeId(target)) {
			return findSessionById(target, options.dataRoot);
		}
		return fail(target, describeFsError(error));
	}
	if (info.isDirectory()) {
		return newestSessionIn(target);
	}
	if (info.isFIFO() || info.isCharacterDevice()) {
		return {ok: true, kind: 'stream', path: target};
	}
	if (!info.isFile()) {
		return fail(target, 'not a regular file');
	}
	let head: Buffer;
	try {
		head = await readHead(target);
	} catch (error) {
		return fail(target, describeFsError(error));
	}
	const folder = path.dirname(target);
	const name = parseShardName(target);
	if (isGzipHead(head) || !name) {
		return {
			ok: true,
			kind: 'session',
			sessionId: path.basename(target),
			folder,
			shards: [target],
			single: true,
			...(isGzipHead(head) ? {compressed: true} : {}),
		};
	}
	const listed = await readEntries(folder);
	if (!listed.ok) {
		return fail(folder, describeFsError(listed.error));
	}
	const shards = shardPaths(folder, listed.entries, name.sessionId);
	return {ok: true, kind: 'session', sessionId: name.sessionId, folder, shards};
}

/** Every session under `root` (a data root or any folder of the layout), newest first; `gzip`: gzip traces too. */
export async function listSessions(root: string, options: {gzip?: boolean} = {}): Promise<ListResult> {
	const listed = await readEntries(root);
	if (!listed.ok) {
		return fail(root, describeFsError(listed.error));
	}
	const sessions: SessionSummary[] = [];
	for (const folder of await dateFolders(root, listed.entries)) {
		sessions.push(...(await sessionsIn(folder, options.gzip === true)));
	}
	// Ties (same mtime) go to the later id: ids begin with their start time.
	sessions.sort(
		(a, b) => b.mtimeMs - a.mtimeMs || (a.sessionId < b.sessionId ? 1 : a.sessionId > b.sessionId ? -1 : 0),
	);
	return {ok: true, sessions};
}

/** The first two bytes of a file (fewer when it is shorter): enough to tell gzip. Rejects when it cannot be read. */
async function readHead(file: string): Promise<Buffer> {
	const handle = await open(file, 'r');
	try {
		const head = Buffer.alloc(2);
		const {bytesRead} = await handle.read(head, 0, 2, 0);
		return head.subarray(0, bytesRead);
	} finally {
		await handle.close().catch(() => undefined);
	}
}

async function newestSessionIn(folder: string): Promise<LocateResult> {
	const listed = await listSessions(folder);
	if (!listed.ok) {
		return listed;
	}
	const newest = listed.sessions[0];
	if (!newest) {
		return fail(folder, 'no trace files found in this folder');
	}
	return {ok: true, kind: 'session', sessionId: newest.sessionId, folder: newest.folder, shards: newest.shards};
}

async function findSessionById(sessionId: string, dataRoot: string): Promise<LocateResult> {
	const what = sessionIdPattern.test(sessionId) ? 'unknown session id' : 'no such file, and no session with that id';
	const listed = await readEntries(dataRoot);
	if (!listed.ok) {
		return fail(sessionId, `${what} (data root ${dataRoot}: ${describeFsError(listed.error)})`);
	}
	const folders = await dateFolders(dataRoot, listed.entries);
	for (const folder of folders) {
		const inFolder = await readEntries(folder);
		if (!inFolder.ok) {
			continue;
		}
		const shards = shardPaths(folder, inFolder.entries, sessionId);
		if (shards.length > 0) {
			return {ok: true, kind: 'session', sessionId, folder, shards};
		}
	}
	// Not a whole id: the short id `--list` and the picker show (or any start of it, or of the whole id).
	const summaries = (await Promise.all(folders.map(folder => sessionsIn(folder)))).flat();
	const matches = summaries.filter(summary => isShortFor(sessionId, summary.sessionId));
	const ids = [...new Set(matches.map(match => match.sessionId))].sort();
	if (ids.length === 1) {
		const only = matches[0]!;
		return {ok: true, kind: 'session', sessionId: only.sessionId, folder: only.folder, shards: only.shards};
	}
	if (ids.length > 1) {
		return fail(
			sessionId,
			`${ids.length} sessions match; give more of the id:\n${ids.map(id => `  ${id}`).join('\n')}`,
		);
	}
	return fail(sessionId, `${what} (searched ${dataRoot})`);
}

/** Whether `given` names `sessionId` by the start of its random part (the short id) or of the whole id. */
export function isShortFor(given: string, sessionId: string): boolean {
	if (given.length < 4) return false;
	const random = /-([\da-f]+)$/i.exec(sessionId)?.[1];
	return sessionId.startsWith(given) || (random !== undefined && random.toLowerCase().startsWith(given.toLowerCase()));
}

const sessionIdPattern = /^session-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}-[\da-f]+$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

// A bare name (no separator, not a file name) may be a session id.
function looksLikeId(target: string): boolean {
	return !/[/\\]/.test(target) && !target.endsWith('.jsonl') && target !== '.' && target !== '..';
}

type Entries = {ok: true; entries: Dirent[]} | {ok: false; error: unknown};

async function readEntries(folder: string): Promise<Entries> {
	try {
		return {ok: true, entries: await readdir(folder, {withFileTypes: true})};
	} catch (error) {
		return {ok: false, error};
	}
}

// Symbolic links are followed: the walk is bounded by the layout's depth, so it cannot loop.
function isDirLike(entry: Dirent): boolean {
	return entry.isDirectory() || entry.isSymbolicLink();
}

function hasDir(entries: Dirent[], name: string): boolean {
	return entries.some(entry => entry.name === name && isDirLike(entry));
}

function shardPaths(folder: string, entries: Dirent[], sessionId: string): string[] {
	return entries
		.map(entry => ({entry, name: parseShardName(entry.name)}))
		.filter(({entry, name}) => name?.sessionId === sessionId && !entry.isDirectory())
		.sort((a, b) => a.name!.index - b.name!.index)
		.map(({entry}) => path.join(folder, entry.name));
}

type Level = 'root' | 'project' | 'agents' | 'agent' | 'traces' | 'date';

// Where in the layout a folder sits, judged from its name and its entries.
function levelOf(folder: string, entries: Dirent[]): Level {
	const base = path.basename(path.resolve(folder));
	if (entries.some(entry => !entry.isDirectory() && parseShardName(entry.name))) {
		return 'date';
	}
	if (base === 'traces') {
		return 'traces';
	}
	if (hasDir(entries, 'traces')) {
		return 'agent';
	}
	if (base === 'agents') {
		return 'agents';
	}
	if (hasDir(entries, 'agents')) {
		return 'project';
	}
	if (entries.some(entry => isDirLike(entry) && datePattern.test(entry.name))) {
		return 'traces';
	}
	return 'root';
}

// How to go one level down: into a named sub-folder, or into every child folder.
const below: Record<Exclude<Level, 'date'>, {sub: string; level: Level} | {children: Level}> = {
	root: {children: 'project'},
	project: {sub: 'agents', level: 'agents'},
	agents: {children: 'agent'},
	agent: {sub: 'traces', level: 'traces'},
	traces: {children: 'date'},
};

/** The date folders (those holding shard files) at or below `folder`, walking only the layout's levels. */
async function dateFolders(folder: string, entries: Dirent[]): Promise<string[]> {
	return walk(folder, levelOf(folder, entries), entries);
}

async function walk(folder: string, level: Level, entries?: Dirent[]): Promise<string[]> {
	if (level === 'date') {
		return [folder];
	}
	const step = below[level];
	if ('sub' in step) {
		return walk(path.join(folder, step.sub), step.level);
	}
	let children = entries;
	if (!children) {
		const listed = await readEntries(folder);
		if (!listed.ok) {
			// Unreadable or missing parts of the tree are skipped, not fatal.
			return [];
		}
		children = listed.entries;
	}
	const found: string[] = [];
	for (const child of children) {
		if (isDirLike(child) && !child.name.startsWith('.')) {
			found.push(...(await walk(path.join(folder, child.name), step.children)));
		}
	}
	return found;
}

async function sessionsIn(folder: string, gzip = false): Promise<SessionSummary[]> {
	const listed = await readEntries(folder);
	if (!listed.ok) {
		return [];
	}
	const byId = new Map<string, SessionSummary>();
	for (const entry of listed.entries) {
		const compressed = gzip && entry.name.endsWith('.jsonl.gz');
		const name = parseShardName(compressed ? entry.name.slice(0, -3) : entry.name);
		if (!name || entry.isDirectory()) {
			continue;
		}
		const file = path.join(folder, entry.name);
		let info: Stats;
		try {
			info = await stat(file);
		} catch {
			continue;
		}
		if (!info.isFile()) {
			continue;
		}
		// A gzip shard is a session of its own: it is read whole, apart from any plain shards beside it.
		const key = compressed ? `${name.sessionId}.gz` : name.sessionId;
		const summary = byId.get(key) ?? {
			sessionId: name.sessionId,
			folder,
			shards: [],
			size: 0,
			mtimeMs: 0,
			...(compressed ? {compressed} : {}),
		};
		summary.shards.push(file);
		summary.size += info.size;
		summary.mtimeMs = Math.max(summary.mtimeMs, info.mtimeMs);
		byId.set(key, summary);
	}
	for (const summary of byId.values()) {
		const index = (shard: string): number => parseShardName(shard.replace(/\.gz$/, ''))!.index;
		summary.shards.sort((a, b) => index(a) - index(b));
	}
	return [...byId.values()];
}

function fail(where: string, cause: string): {ok: false; message: string} {
	return {ok: false, message: `${where}: ${cause}`};
}
