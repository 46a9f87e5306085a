// Trace lines for the file fault tests, and the built program in print mode watched as it runs: its output scanned for
// markers as it streams, never held whole.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {cliPath} from '../helpers/run-cli.js';

/** The session of the generated traces. */
export const faultSessionId = 'session-2026-12-02-14-43-17-0000f11e';

/** Another session, for a file swapped in under the same name. */
export const otherSessionId = 'session-2026-12-02-14-43-17-00000123';

const stamp = '2026-12-02T14:43:17.000Z';

/** The session_meta line that opens a shard. */
export function metaLine(sessionId = faultSessionId): string {
	return JSON.stringify({
		timestamp: stamp,
		type: 'session_meta',
		payload: {session_id: sessionId, provider: 'p', model_id: 'm', model_context_window: 64_000},
	});
}

/** A user text line carrying `text`. */
export function userLine(text: string): string {
	return JSON.stringify({
		timestamp: stamp,
		type: 'model_msg',
		payload: {type: 'text', role: 'user', text, stop_reason: 'completed'},
	});
}

/** A tool call and its output, two lines; the output is `output`. */
export function toolLines(callId: string, output: string): string {
	return [
		JSON.stringify({
			timestamp: stamp,
			type: 'model_msg',
			payload: {
				type: 'tool_call',
				role: 'assistant',
				name: 'exec_command',
				arguments: '{"cmd":"true"}',
				tool_call_id: callId,
				stop_reason: 'completed',
			},
		}),
		JSON.stringify({
			timestamp: stamp,
			type: 'model_msg',
			payload: {type: 'tool_call_output', role: 'user', output, tool_call_id: callId, stop_reason: 'completed'},
		}),
	].join('\n');
}

/** The marker of record `n`: `⟪F<n>⟫`. */
export const marker = (n: number): string => `⟪F${n}⟫`;

/**
 * `count` tool calls with outputs of about `bytes` bytes, numbered from `first`, each output starting with its marker;
 * LF-terminated trace text.
 */
export function toolOutputs(first: number, count: number, bytes: number): string {
	const filler = 'x'.repeat(Math.max(0, bytes - 16));
	const parts: string[] = [];
	for (let n = first; n < first + count; n++) parts.push(toolLines(`call_${n}`, `${marker(n)} ${filler}`));
	return `${parts.join('\n')}\n`;
}

/** The built program, its stdout scanned for `⟪F<n>⟫` markers as it arrives. */
export type WatchedRun = ChildProcessWithoutNullStreams & {
	/** The record numbers seen so far. */
	seen: Set<number>;
	/** The last few kB of stdout. */
	tail(): string;
	/** Every line of stdout that holds `needle` (stdout is scanned line by line, never kept whole). */
	linesWith(needle: string): string[];
	stderrText(): string;
	/** Resolves with the exit code. */
	exited: Promise<number | null>;
};

/** Starts the built program with `args`, as `uid` when given. */
export function watchRun(
	args: string[],
	options: {uid?: number; env?: NodeJS.ProcessEnv; watchFor?: string[]} = {},
): WatchedRun {
	const env: NodeJS.ProcessEnv = {...process.env, TZ: 'UTC', CI: 'false', ...options.env};
	delete env['FORCE_COLOR'];
	const child = spawn(process.execPath, [cliPath, ...args], {
		env,
		...(options.uid === undefined ? {} : {uid: options.uid, gid: options.uid}),
	}) as WatchedRun;
	child.seen = new Set();
	const watched = new Map<string, string[]>((options.watchFor ?? []).map(needle => [needle, []]));
	let tail = '';
	let carry = '';
	let partial = '';
	let stderr = '';
	child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
		// Markers anywhere, even inside a line of many megabytes; a marker cut between two chunks is caught by the carry.
		for (const match of (carry + chunk).matchAll(/⟪F(\d+)⟫/g)) child.seen.add(Number(match[1]));
		carry = chunk.slice(-16);
		// Lines for linesWith: only each line's head is kept.
		const text = partial + chunk;
		const end = text.lastIndexOf('\n');
		partial = text.slice(end + 1, end + 1 + 2000);
		if (end !== -1) {
			const complete = text.slice(0, end);
			for (const [needle, lines] of watched) {
				if (!complete.includes(needle)) continue;
				for (const line of complete.split('\n'))
					if (line.includes(needle)) lines.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
			}
		}
		tail = (tail + chunk).slice(-8000);
	});
	child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
	child.tail = () => tail;
	child.linesWith = needle => watched.get(needle) ?? [];
	child.stderrText = () => stderr;
	child.exited = new Promise(resolve => child.on('close', code => resolve(code)));
	return child;
}

/** The uid to run the program as so that a removed permission is really missing: nobody when the tests run as root. */
export const unprivileged = process.getuid?.() === 0 ? 65_534 : undefined;

/** Stops a run a test left going (SIGKILL, then waits for it), so that the next test starts clean. */
export async function stopRun(run: WatchedRun | undefined): Promise<void> {
	if (run && run.exitCode === null) {
		run.kill('SIGKILL');
		await run.exited;
	}
}
