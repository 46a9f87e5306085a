// Helpers for the performance-path tests: a synthetic trace of a chosen shape, written to a temp folder.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {LineSplitter} from '../../source/io/line-splitter.js';
import type {ModelInput} from '../../source/model/input.js';
import {parseLine} from '../../source/protocol/parse-line.js';

export const perfSessionId = 'session-2026-12-02-10-00-00-perf0000';

/** An envelope line. */
export function line(type: string, payload: Record<string, unknown>, at = '2026-12-02T10:00:00.000Z'): string {
	return `${JSON.stringify({timestamp: at, type, payload})}\n`;
}

/** One turn: a prompt, a request, an answer, a call and its output of `outputLines` lines, token usage. */
export function turn(n: number, outputLines = 40, usage = true): string {
	const id = `call_${n}`;
	const output = Array.from({length: outputLines}, (_, i) => `${n}:${i} some output of the command`).join('\n');
	return [
		line('model_msg', {type: 'text', role: 'user', text: `Task ${n}`}),
		line('event_msg', {type: 'request_begin'}),
		line('model_msg', {type: 'text', role: 'assistant', text: `Answer ${n}`}),
		line('model_msg', {
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: JSON.stringify({cmd: `seq ${n}`}),
			tool_call_id: id,
		}),
		usage
			? line('event_msg', {
					type: 'token_usage',
					session: {cache_read: n, cache_write: n, output: n, total: 1000 * n},
					request: {cache_read: 1, cache_write: 1, output: 1, total: 100 + n},
				})
			: '',
		line('event_msg', {type: 'request_end', status: 'completed'}),
		line('model_msg', {type: 'tool_call_output', role: 'user', output, tool_call_id: id, stop_reason: 'completed'}),
	].join('');
}

/** The session_meta line a shard opens with. */
export function meta(): string {
	return line('session_meta', {
		session_id: perfSessionId,
		provider: 'custom',
		model_id: 'perf-model',
		model_context_window: 100000,
		workspace: '/w',
	});
}

/** Writes shard `index` of the perf session into `dir`; returns its path. */
export function writeShard(dir: string, index: number, text: string): string {
	const file = path.join(dir, `${perfSessionId}_${String(index).padStart(3, '0')}.jsonl`);
	writeFileSync(file, text);
	return file;
}

/** The inputs of a trace file as the follower makes them: a shard input, then each line with its position. */
export function inputsOf(file: string): ModelInput[] {
	const inputs: ModelInput[] = [{kind: 'shard', index: 1, path: file}];
	for (const item of new LineSplitter().push(readFileSync(file))) {
		if (item.kind === 'line') inputs.push(parseLine(item.text, {line: item.line, offset: item.offset, shard: 1}));
	}
	return inputs;
}
