/**
 * A finished server session read from its trace over HTTP (`GET /api/sessions/:id/traces`
 * and `…/traces/:index`), for a viewer on another machine than the server: the whole trace,
 * with what the live stream does not carry (what a compaction did inside its span, the
 * `subagent` pointers, whose children are read over HTTP the same way).
 */
import {ChildSessions} from '../model/child-sessions.js';
import type {ModelInput} from '../model/input.js';
import {isOmniMessage} from '../protocol/guards.js';
import {parseLine} from '../protocol/parse-line.js';
import type {ServerApi, TraceFile} from './api.js';

/**
 * The inputs of lines of shard `index` after line `before`, as a trace file's reader would give them (line numbers
 * 1-based).
 */
export function traceInputs(index: number, events: readonly unknown[], before = 0): ModelInput[] {
	const inputs: ModelInput[] = before === 0 ? [{kind: 'shard', index}] : [];
	events.forEach((event, i) => {
		const at = {line: before + i + 1, offset: 0, shard: index};
		if (isOmniMessage(event)) {
			inputs.push({kind: 'message', message: event, at});
			return;
		}
		// Only a bad entry is written back to text, for the excerpt the malformed row shows.
		const parsed = parseLine(JSON.stringify(event) ?? String(event), at, event);
		if (parsed.kind === 'malformed') inputs.push({kind: 'malformed', malformed: parsed.malformed});
	});
	return inputs;
}

/**
 * Reads every shard of `sessionId` (listed already: `listed`) into `onInputs`, then `end`; stops early when `signal`
 * aborts.
 */
export async function readTraceOverHttp(
	api: ServerApi,
	sessionId: string,
	onInputs: (batch: ModelInput[]) => void,
	signal: AbortSignal,
	listed?: readonly TraceFile[],
): Promise<void> {
	const files = listed ?? (await api.traceFiles(sessionId));
	// Each page is handed on as it arrives: a long trace is never held whole twice.
	for (const file of files) {
		await api.traceEvents(
			sessionId,
			file.index,
			(events, before) => onInputs(traceInputs(file.index, events, before)),
			signal,
		);
		if (signal.aborted) return;
	}
	if (!signal.aborted) onInputs([{kind: 'end'}]);
}

/** A session's trace over HTTP with its subagents, into `apply`; `close` stops every request. */
export function startHttpTrace(
	api: ServerApi,
	sessionId: string,
	apply: (inputs: readonly ModelInput[]) => void,
	onError: (message: string) => void,
	options: {hold: boolean},
): {close(): Promise<void>; done: Promise<void>} {
	const controller = new AbortController();
	// A child's shards as finding it listed them: its reading does not ask again.
	const listedFiles = new Map<string, TraceFile[]>();
	const children = new ChildSessions({
		apply,
		follow: false,
		hold: options.hold,
		missingText: id => `${id}: no trace on ${api.base.host}`,
		async find(id) {
			try {
				const files = await api.traceFiles(id);
				if (files.length === 0) return undefined;
				listedFiles.set(id, files);
				return {sessionId: id, folder: '', shards: []};
			} catch {
				return undefined;
			}
		},
		read(trace, _follow, onInputs) {
			const child = new AbortController();
			const stop = (): void => child.abort();
			controller.signal.addEventListener('abort', stop, {once: true});
			const listed = listedFiles.get(trace.sessionId);
			listedFiles.delete(trace.sessionId);
			readTraceOverHttp(api, trace.sessionId, onInputs, child.signal, listed).catch((error: unknown) => {
				if (child.signal.aborted) return;
				onInputs([
					{
						kind: 'notice',
						level: 'error',
						text: `${trace.sessionId}: ${error instanceof Error ? error.message : String(error)}`,
					},
					{kind: 'end'},
				]);
			});
			return {close: stop, finish: () => undefined};
		},
	});
	const done = readTraceOverHttp(api, sessionId, children.feed, controller.signal).catch((error: unknown) => {
		if (!controller.signal.aborted) onError(error instanceof Error ? error.message : String(error));
	});
	return {
		done,
		async close() {
			controller.abort();
			await children.close();
		},
	};
}
