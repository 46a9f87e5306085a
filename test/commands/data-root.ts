// Temp data roots laid out like PenguinHarness's: <root>/<project>/agents/<agent>/traces/<date>/.
import {utimesSync} from 'node:fs';
import path from 'node:path';
import {copyFixture, makeTempDir, removeTempDir} from '../support/io-fixtures.js';

export const tools = 'session-2026-12-02-14-43-17-694155ee';
export const retry = 'session-2026-12-02-14-43-17-d6ae8f31';
export const parent = 'session-2026-12-02-14-43-17-a1f608ba';
export const child = 'session-2026-12-02-14-43-19-1fcdf9f5';
export const rotated = 'session-2026-12-02-14-45-42-8e7b556c';

/** A fresh data root; `dateDir(project, agent, date)` gives a date folder inside it. */
export function makeRoot(): {
	root: string;
	dateDir: (project?: string, agent?: string, date?: string) => string;
	remove: () => void;
} {
	const root = makeTempDir('penguin-view-cmd-');
	return {
		root,
		dateDir: (project = 'proj-a', agent = 'main', date = '2026-12-02') =>
			path.join(root, project, 'agents', agent, 'traces', date),
		remove: () => removeTempDir(root),
	};
}

/** Copies shard `index` of a fixture session into `folder`; sets its mtime (ms) when given. */
export function placeShard(sessionId: string, folder: string, index = 1, mtimeMs?: number): string {
	const name = `${sessionId}_${String(index).padStart(3, '0')}.jsonl`;
	const file = copyFixture(name, folder);
	if (mtimeMs !== undefined) utimesSync(file, mtimeMs / 1000, mtimeMs / 1000);
	return file;
}
