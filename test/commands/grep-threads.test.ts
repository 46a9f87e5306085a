// The threads `--grep` reads sessions in: a thread that throws or ends mid-job fails that session alone, named as an
// unreadable one is, and another thread takes its place; the answers of a working one come back whole.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, expect, test} from 'vitest';
import type {GrepJob} from '../../source/commands/grep-job.js';
import {workerThreads} from '../../source/commands/grep-threads.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const folder = makeTempDir('penguin-view-threads-');
afterAll(() => removeTempDir(folder));

/** A worker file whose answer to each job is `body` (it has `parentPort` and the job). */
function workerOf(name: string, body: string): URL {
	const file = path.join(folder, `${name}.mjs`);
	writeFileSync(file, `import {parentPort} from 'node:worker_threads';\nparentPort.on('message', job => {${body}});\n`);
	return pathToFileURL(file);
}

const job = (sessionId: string): GrepJob =>
	({session: {sessionId, shards: [], compressed: false, stamp: ''}}) as unknown as GrepJob;

test('a working thread: its text as it comes, then what it found', async () => {
	const runner = workerThreads(
		2,
		workerOf(
			'answers',
			"parentPort.postMessage({text: job.session.sessionId + ' a\\n'});" +
				'parentPort.postMessage({text: "b\\n", found: {count: 2, first: "a"}});',
		),
	)!;
	const written: string[] = [];
	const found = await Promise.all(['s1', 's2', 's3'].map(id => runner.run(job(id), text => written.push(text) > 0)));
	expect(found).toEqual([1, 2, 3].map(() => ({count: 2, first: 'a'})));
	expect(written.filter(text => text.startsWith('s'))).toHaveLength(3);
	await runner.close();
});

test('a thread that ends or throws mid-job fails that session, named; the next job gets a new thread', async () => {
	for (const [name, body, why] of [
		['exits', 'process.exit(3);', /s\d: the search failed: its thread ended \(exit code 3\)/],
		['throws', "throw new Error('boom');", /s\d: the search failed: boom/],
	] as const) {
		const runner = workerThreads(1, workerOf(name, body))!;
		const first = await runner.run(job('s1'), () => true);
		expect(first.error).toMatch(why);
		const second = await runner.run(job('s2'), () => true);
		expect(second.error).toMatch(why);
		expect(second.error).toContain('s2');
		await runner.close();
	}
});
