// --export md and sts written in pieces from a model that keeps its long texts on disk (the way a large
// session is exported in bounded memory) is the same document, redacted the same, as the one
// rendered whole from a model that keeps every text in memory.
import path from 'node:path';
import {afterAll, expect, it} from 'vitest';
import {exportCommand} from '../../source/commands/export.js';
import {startFileSession} from '../../source/io/file-session.js';
import {HeldTextStore} from '../../source/io/held-texts.js';
import {SessionStore} from '../../source/model/session-store.js';
import {copyFixture, makeTempDir, removeTempDir, waitFor} from '../support/io-fixtures.js';

const dir = makeTempDir('penguin-view-md-stream-');
afterAll(() => removeTempDir(dir));

/** The session of `file` read to its end, its long texts held on disk when `held` is given. */
async function readWhole(file: string, held?: HeldTextStore): Promise<SessionStore> {
	const store = new SessionStore(
		{label: path.basename(file), state: 'reading'},
		{keepItems: true, holdText: held?.hold},
	);
	if (held) store.tap(batch => held.observe(batch));
	const source = startFileSession(
		{sessionId: 'x', folder: dir, shards: [file], single: true},
		{store, dataRoot: dir, follow: false, hold: false, children: false},
	);
	await waitFor(() => store.view.ended, 'the end of the trace');
	await source.close();
	return store;
}

for (const name of [
	'session-2026-12-02-14-43-17-694155ee_001.jsonl',
	'session-2026-12-02-14-45-42-8e7b556c_001.jsonl',
]) {
	it(
		`writes ${name.slice(-20)} in pieces, texts read back, ` + 'as it renders it whole (md and sts, redacted too)',
		async () => {
			const file = copyFixture(name, dir);
			const whole = await readWhole(file);
			const held = new HeldTextStore({threshold: 1});
			const streamed = await readWhole(file, held);
			// Every text of the streamed model is on disk: nothing of the document came from memory.
			expect(held.held).toBeGreaterThan(5);
			for (const format of ['md', 'sts'] as const) {
				for (const redact of [false, true]) {
					const expected = await exportCommand({format, redact, inputs: whole.view, home: '/home/dev', now: 0});
					const pieces: string[] = [];
					const result = await exportCommand({
						format,
						redact,
						inputs: streamed.view,
						home: '/home/dev',
						now: 0,
						texts: held,
						write: text => void pieces.push(text),
					});
					expect(result.stdout).toBe('');
					expect(pieces.join(''), `${format}${redact ? ' --redact' : ''}`).toBe(expected.stdout);
					expect(result.stderr).toBe(expected.stderr);
				}
			}
			held.close();
		},
	);
}
