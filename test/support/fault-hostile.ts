// Hostile traces for the fault tests: every string a trace can carry to a terminal, filled with the hostile corpus,
// each copy tagged with a marker.
import {hostileSamples, type HostileSample} from '../fixtures/hostile/corpus.js';

/** The session id of the hostile trace files (the file name stays a plain, valid shard name). */
export const hostileSessionId = 'session-2026-12-02-14-43-17-0badc0de';

/** One place a hostile string was put, with the marker written just before it. */
export type HostilePlace = {marker: string; sample: HostileSample; field: string};

/** A hostile trace: its lines (no trailing newline) and every place it carries a sample. */
export type HostileTrace = {lines: string[]; places: HostilePlace[]; text: string};

const stamp = (second: number): string => new Date(Date.UTC(2026, 11, 2, 14, 43, 17) + second * 1000).toISOString();

/**
 * The fields the screen shows on one row only (a tool's name, the description beside it, an approval word, an event's
 * type).
 */
export const oneRowFields: readonly string[] = ['tool name', 'exec description', 'approval', 'unknown event'];

// Every sample goes into: user and assistant text, thinking, a tool's name, an exec's command
// and description, raw (non-JSON) arguments, write/edit/read paths, edit strings, a subagent's
// description, a tool output, a request error, an approval word, a compaction summary, an
// unknown event's type and a malformed line; each copy preceded by a marker `⟦<n>⟧` so a test
// can tell it was shown. The session_meta is hostile too. In the fields of `noLineFeedsIn`, a
// sample's line feeds are written as spaces.

/** A trace in which every field a terminal may show carries every sample of the corpus (or `samples`). */
export function hostileTrace(
	samples: readonly HostileSample[] = hostileSamples,
	options: {noLineFeedsIn?: readonly string[]} = {},
): HostileTrace {
	const lines: string[] = [];
	const places: HostilePlace[] = [];
	let second = 0;
	const esc = '\u001b';
	const add = (type: string, payload: Record<string, unknown>): void => {
		lines.push(JSON.stringify({timestamp: stamp(second++), type, payload}));
	};
	const place = (sample: HostileSample, field: string): string => {
		const marker = `⟦${places.length}⟧`;
		places.push({marker, sample, field});
		const input = options.noLineFeedsIn?.includes(field) ? sample.input.replaceAll('\n', ' ') : sample.input;
		return `${marker}${input}`;
	};
	add('session_meta', {
		session_id: `${hostileSessionId}${esc}]0;meta-title-pwned\u0007`,
		provider: `prov${esc}[2J`,
		model_id: `model${esc}]52;c;bWV0YQ==\u0007`,
		model_context_window: 64_000,
		workspace: `/work${esc}[?1049l/space\u009b2J`,
	});
	let call = 0;
	for (const sample of samples) {
		const id = (): string => `call_${String(call++).padStart(4, '0')}`;
		add('model_msg', {type: 'text', role: 'user', text: place(sample, 'user text'), stop_reason: 'completed'});
		add('event_msg', {type: 'request_begin'});
		add('model_msg', {
			type: 'thinking',
			role: 'assistant',
			thinking: place(sample, 'thinking'),
			stop_reason: 'completed',
		});
		add('model_msg', {
			type: 'text',
			role: 'assistant',
			text: place(sample, 'assistant text'),
			stop_reason: 'completed',
		});
		const tools: Array<[string, string]> = [
			[place(sample, 'tool name'), JSON.stringify({value: 1})],
			[
				'exec_command',
				JSON.stringify({cmd: place(sample, 'exec cmd'), description: place(sample, 'exec description')}),
			],
			['exec_command', place(sample, 'raw arguments')],
			['write_file', JSON.stringify({path: place(sample, 'write path'), content: 'x'})],
			[
				'edit_file',
				JSON.stringify({
					path: place(sample, 'edit path'),
					old_string: place(sample, 'edit strings'),
					new_string: sample.input,
				}),
			],
			['read_file', JSON.stringify({path: place(sample, 'read path')})],
			['run_subagent', JSON.stringify({description: place(sample, 'subagent description'), prompt: sample.input})],
		];
		const ids: string[] = [];
		for (const [name, args] of tools) {
			const callId = id();
			ids.push(callId);
			add('model_msg', {
				type: 'tool_call',
				role: 'assistant',
				name,
				arguments: args,
				tool_call_id: callId,
				stop_reason: 'completed',
			});
		}
		add('event_msg', {type: 'approval_decision', decision: place(sample, 'approval'), tool_call_id: ids[0]});
		for (const [index, callId] of ids.entries()) {
			const output = index === 1 ? place(sample, 'tool output') : `ok ${index}`;
			add('model_msg', {
				type: 'tool_call_output',
				role: 'user',
				output,
				tool_call_id: callId,
				stop_reason: index === 1 ? 'failed' : 'completed',
			});
		}
		add('event_msg', {
			type: 'request_end',
			status: 'failed',
			error_message: place(sample, 'request error'),
			attempt: 1,
		});
		add('event_msg', {type: 'compaction_begin', reason: 'manual', mode: 'summarize'});
		add('model_msg', {
			type: 'text',
			role: 'assistant',
			text: `[summary]${place(sample, 'compaction summary')}`,
			stop_reason: 'completed',
		});
		add('event_msg', {type: 'compaction_end', status: 'completed'});
		add('event_msg', {type: `future_event_${place(sample, 'unknown event')}`, detail: sample.input});
		// Not JSON: shown as a malformed line with an excerpt.
		lines.push(`{"broken": "${place(sample, 'malformed line')}`);
	}
	return {lines, places, text: `${lines.join('\n')}\n`};
}

// eslint-disable-next-line no-control-regex
const escapeSequence = /\u001b(\[[0-9;:]*[\x20-\x2f]*[\x40-\x7e]|[\s\S]?)/g;

// Every ESC sequence, C0 and C1 control, DEL and bidi control counts, but line feeds and
// (with `sgrAllowed`) well-formed plain SGR colour sequences.

/** What in `text` a terminal would act on; empty when the text is safe. */
export function terminalHazards(text: string, options: {sgrAllowed: boolean}): string[] {
	const found: string[] = [];
	const withoutSgr = text.replace(escapeSequence, (sequence: string) => {
		if (options.sgrAllowed && /^\u001b\[[0-9;:]*m$/.test(sequence)) return '';
		found.push(JSON.stringify(sequence));
		return '';
	});
	// eslint-disable-next-line no-control-regex
	for (const match of withoutSgr.matchAll(
		/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
	)) {
		found.push(
			`U+${match[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${match.index}: ` +
				`${JSON.stringify(withoutSgr.slice(Math.max(0, match.index - 20), match.index + 20))}`,
		);
	}
	return found;
}
