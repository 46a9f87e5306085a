// Trace follower close(): no watcher or timer is left behind, and nothing is emitted afterwards (alone in its file for
// a clean baseline).
import {appendFileSync, mkdirSync, rmSync, watch, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {followTrace} from '../../source/io/trace-follower.js';
import {fixtureLines, makeTempDir, removeTempDir, rotatedSessionId, waitFor} from '../support/io-fixtures.js';

// Handles that would keep the process alive: fs watchers and timers.
const handles = (): number =>
	process.getActiveResourcesInfo().filter(name => name === 'FSEventWrap' || name === 'Timeout').length;

it('stops every watcher and timer on close()', async () => {
	const root = makeTempDir();
	const dir = path.join(root, 'traces', '2026-12-02');
	mkdirSync(dir, {recursive: true});
	const [first, second] = fixtureLines(`${rotatedSessionId}_001.jsonl`);
	const file = path.join(dir, `${rotatedSessionId}_001.jsonl`);
	writeFileSync(file, `${first}\n`);
	const inputs: ModelInput[] = [];
	const before = handles();
	const follower = followTrace({
		sessionId: rotatedSessionId,
		folder: dir,
		shards: [file],
		follow: true,
		onInputs: batch => inputs.push(...batch),
	});
	try {
		await waitFor(() => inputs.some(input => input.kind === 'message'), 'the first message');
		await waitFor(() => handles() >= before + 2, 'the file watch and the poll timer');
		await follower.close();
		await waitFor(() => handles() <= before, 'watchers and timers to go');
		const count = inputs.length;
		// A watch of our own on the folder: once it has seen the file go, so would any watch the
		// follower had left open, and the line appended before would have been read.
		const events: string[] = [];
		const ours = watch(dir, (event, name) => events.push(`${event} ${name}`));
		try {
			appendFileSync(file, `${second}\n`);
			rmSync(file);
			await waitFor(() => events.some(event => event.startsWith('rename')), 'our watch to see the file removed');
		} finally {
			ours.close();
		}
		expect(inputs).toHaveLength(count);
	} finally {
		await follower.close();
		removeTempDir(root);
	}
});
