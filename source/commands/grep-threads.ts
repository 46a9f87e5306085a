/**
 * Where `--grep` runs its sessions' jobs (grep-job.ts): in worker threads, one session at a time each, when there
 * are threads to use and enough to read; else in the program's own thread. Either way a job answers with the text of
 * its matches as it comes and what it found; the caller keeps the sessions' order.
 */
import {existsSync} from 'node:fs';
import {Worker} from 'node:worker_threads';
import {scanKernel} from '../io/grep-scan.js';
import {patternOf, runGrepJob, type GrepJob, type SessionFound} from './grep-job.js';

/** What a worker posts: text of matches, and with the last post what the session's search found. */
export type WorkerAnswer = {text: string; found?: SessionFound};

/** Runs jobs: `run` hands `write` the text of a job's matches (false: stop) and ends with what it found. */
export type JobRunner = {
	/** How many jobs may run at once. */
	readonly width: number;
	run(job: GrepJob, write: (text: string) => boolean): Promise<SessionFound>;
	close(): Promise<void>;
};

/** Below this much to read, threads cost more to start than they save. */
export const threadMinBytes = 16 * 1024 * 1024;

/** The worker's file beside the bundle (dist/grep-worker.js); none when run from the sources (tests): no threads. */
function workerFile(): URL | undefined {
	for (const relative of ['./grep-worker.js', '../grep-worker.js']) {
		const url = new URL(relative, import.meta.url);
		if (existsSync(url)) return url;
	}
	return undefined;
}

/** Jobs in the program's own thread, one at a time. */
export function ownThread(): JobRunner {
	const kernel = scanKernel();
	return {
		width: 1,
		run: (job, write) => runGrepJob(job, patternOf(job.pattern), kernel, write),
		close: async () => {},
	};
}

/** Jobs in `count` worker threads (one: off the screen's thread); undefined when there is no worker file to run. */
export function workerThreads(count: number): JobRunner | undefined {
	const file = workerFile();
	if (file === undefined || count < 1) return undefined;
	const idle: Worker[] = [];
	const all: Worker[] = [];
	const waiting: Array<(worker: Worker) => void> = [];
	const take = (): Promise<Worker> => {
		const worker = idle.pop();
		if (worker) return Promise.resolve(worker);
		if (all.length < count) {
			const made = new Worker(file);
			all.push(made);
			return Promise.resolve(made);
		}
		return new Promise(resolve => waiting.push(resolve));
	};
	const give = (worker: Worker): void => {
		const next = waiting.shift();
		if (next) next(worker);
		else idle.push(worker);
	};
	return {
		width: count,
		async run(job, write) {
			const worker = await take();
			return new Promise<SessionFound>(resolve => {
				const onAnswer = (answer: WorkerAnswer): void => {
					if (answer.text !== '') write(answer.text);
					if (answer.found === undefined) return;
					done();
					give(worker);
					resolve(answer.found);
				};
				const onError = (error: Error): void => {
					done();
					// That worker is gone: another takes its place for whoever waits.
					all.splice(all.indexOf(worker), 1);
					const next = waiting.shift();
					if (next) {
						const made = new Worker(file);
						all.push(made);
						next(made);
					}
					resolve({count: 0, error: `${job.session.sessionId}: the search failed: ${error.message}`});
				};
				const done = (): void => {
					worker.off('message', onAnswer);
					worker.off('error', onError);
				};
				worker.on('message', onAnswer);
				worker.on('error', onError);
				worker.postMessage(job);
			});
		},
		async close() {
			await Promise.all(all.map(worker => worker.terminate()));
		},
	};
}
