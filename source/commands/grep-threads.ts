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

/**
 * Jobs in `count` worker threads (one: off the screen's thread); undefined when there is no worker file to run. A
 * thread that fails or ends mid-job fails that job alone (its session named, as an unreadable one is) and a new thread
 * takes its place; when no thread can be made at all, jobs run in the program's own thread.
 */
export function workerThreads(count: number, file: URL | undefined = workerFile()): JobRunner | undefined {
	if (file === undefined || count < 1) return undefined;
	const idle: Worker[] = [];
	const live = new Set<Worker>();
	const waiting: Array<() => void> = [];
	let own: JobRunner | undefined;
	let closing = false;
	// A free thread, a new one while fewer than `count` live, else wait for one to be given back or to end.
	const take = async (): Promise<Worker | undefined> => {
		for (;;) {
			const worker = idle.pop();
			if (worker) return worker;
			if (live.size < count) {
				try {
					const made = new Worker(file);
					live.add(made);
					return made;
				} catch {
					return undefined;
				}
			}
			await new Promise<void>(resolve => waiting.push(resolve));
		}
	};
	return {
		width: count,
		async run(job, write) {
			const worker = await take();
			if (!worker) return (own ??= ownThread()).run(job, write);
			return new Promise<SessionFound>(resolve => {
				const finish = (found: SessionFound, alive: boolean): void => {
					worker.off('message', onAnswer);
					worker.off('error', onError);
					worker.off('exit', onExit);
					if (alive) idle.push(worker);
					else live.delete(worker);
					waiting.shift()?.();
					resolve(found);
				};
				const failed = (why: string): void =>
					finish({count: 0, error: `${job.session.sessionId}: the search failed: ${why}`}, false);
				const onAnswer = (answer: WorkerAnswer): void => {
					if (answer.text !== '') write(answer.text);
					if (answer.found !== undefined) finish(answer.found, true);
				};
				const onError = (error: Error): void => {
					failed(error.message);
					void worker.terminate();
				};
				// Ended by close(): nobody waits for this session's matches any more.
				const onExit = (code: number): void =>
					closing ? finish({count: 0}, false) : failed(`its thread ended (exit code ${code})`);
				worker.on('message', onAnswer);
				worker.on('error', onError);
				worker.on('exit', onExit);
				worker.postMessage(job);
			});
		},
		async close() {
			closing = true;
			await Promise.all([...live].map(worker => worker.terminate()));
			live.clear();
		},
	};
}
