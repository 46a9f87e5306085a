/**
 * A worker thread of `--grep` (grep-threads.ts): takes one session's job at a time and answers with the text its
 * matches are written as, in pieces of about 64 kB as they come, then what the session's search found.
 * Built as a file of its own (dist/grep-worker.js, scripts/build.mjs).
 */
import {parentPort} from 'node:worker_threads';
import {scanKernel} from '../io/grep-scan.js';
import {patternOf, runGrepJob, type GrepJob} from './grep-job.js';
import type {WorkerAnswer} from './grep-threads.js';

const piece = 64 * 1024;
const kernel = scanKernel();
const port = parentPort;

port?.on('message', async (job: GrepJob) => {
	let text = '';
	const answer = (message: WorkerAnswer): void => port.postMessage(message);
	try {
		const found = await runGrepJob(job, patternOf(job.pattern), kernel, written => {
			text += written;
			if (text.length >= piece) {
				answer({text});
				text = '';
			}
			return true;
		});
		answer({text, found});
	} catch (error) {
		answer({text, found: {count: 0, error: `${job.session.sessionId}: ${String(error)}`}});
	}
});
