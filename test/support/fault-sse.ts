// A synthetic live session for the SSE fault tests: numbered turns as SSE events with `<epoch>-<seq>` ids, and the
// history a server would answer at any point.
import type {OmniMessage} from '../../source/protocol/types.js';

/** The session id the synthetic server serves. */
export const sseSessionId = 'session-2026-12-02-14-43-17-0000055e';

/** One event of the stream: its JSON data, and whether it is a complete message (what history keeps). */
export type SyntheticEvent = {data: string; complete?: OmniMessage; event?: string};

const stamp = '2026-12-02T14:43:17.000Z';
const message = (payload: Record<string, unknown>, type = 'model_msg'): OmniMessage => ({
	timestamp: stamp,
	type,
	payload: payload as OmniMessage['payload'],
});

/** Markers of turn `n`: the user's text, the assistant's answer, the tool output. */
export const turnMarkers = (n: number): {user: string; answer: string; output: string} => ({
	user: `⟪U${n}⟫`,
	answer: `⟪A${n}⟫`,
	output: `⟪T${n}⟫`,
});

/**
 * The events of turn `n`: prompt, request_begin, the answer streamed (start, 3 deltas, stop) then complete, a tool
 * call, its output, request_end.
 */
export function turnEvents(n: number): SyntheticEvent[] {
	const {user, answer, output} = turnMarkers(n);
	const events: SyntheticEvent[] = [];
	const complete = (payload: Record<string, unknown>, type?: string): void => {
		const value = message(payload, type);
		events.push({data: JSON.stringify(value), complete: value});
	};
	const partial = (payload: Record<string, unknown>): void => {
		events.push({data: JSON.stringify(message(payload))});
	};
	complete({type: 'text', role: 'user', text: `${user} question ${n}`, stop_reason: 'completed'});
	complete({type: 'request_begin'}, 'event_msg');
	const words = [`${answer} `, 'the answer ', `to question ${n}`];
	partial({type: 'partial_text', role: 'assistant', event_type: 'start', text: ''});
	for (const word of words) partial({type: 'partial_text', role: 'assistant', event_type: 'delta', text: word});
	partial({type: 'partial_text', role: 'assistant', event_type: 'stop'});
	complete({type: 'text', role: 'assistant', text: words.join(''), stop_reason: 'completed'});
	complete({
		type: 'tool_call',
		role: 'assistant',
		name: 'exec_command',
		arguments: JSON.stringify({cmd: `echo ${n}`}),
		tool_call_id: `call_${n}`,
		stop_reason: 'completed',
	});
	complete({
		type: 'tool_call_output',
		role: 'user',
		output: `${output} output of call ${n}`,
		tool_call_id: `call_${n}`,
		stop_reason: 'completed',
	});
	complete({type: 'request_end', status: 'completed'}, 'event_msg');
	return events;
}

/** Turns `from` to `to - 1`, in order. */
export function turns(from: number, to: number): SyntheticEvent[] {
	const events: SyntheticEvent[] = [];
	for (let n = from; n < to; n++) events.push(...turnEvents(n));
	return events;
}

/** An SSE block for `event` with id `<epoch>-<seq>`. */
export function block(event: SyntheticEvent, epoch: string, seq: number): string {
	const name = event.event === undefined ? '' : `event: ${event.event}\n`;
	return `${name}data: ${event.data}\nid: ${epoch}-${seq}\n\n`;
}

/** The blocks of `events`, numbered from `firstSeq`. */
export function blocks(events: readonly SyntheticEvent[], epoch: string, firstSeq = 1): string[] {
	return events.map((event, index) => block(event, epoch, firstSeq + index));
}

/** The `/messages` answer once `events` have happened: every complete message, no open fragment. */
export function historyAnswer(events: readonly SyntheticEvent[], cursor?: string): {status: number; json: unknown} {
	return {
		status: 200,
		json: {
			messages: events.flatMap(event => (event.complete ? [event.complete] : [])),
			...(cursor ? {live: {cursor, fragments: []}} : {}),
		},
	};
}

/** How often each marker of turns `from`…`to - 1` occurs in `text`. */
export function markerCounts(text: string, from: number, to: number): Record<string, number> {
	const counts: Record<string, number> = {};
	for (let n = from; n < to; n++) {
		for (const marker of Object.values(turnMarkers(n))) counts[marker] = text.split(marker).length - 1;
	}
	return counts;
}

/** `markerCounts` as it should be: every marker of the turns exactly once. */
export function eachOnce(from: number, to: number): Record<string, number> {
	const counts: Record<string, number> = {};
	for (let n = from; n < to; n++) {
		for (const marker of Object.values(turnMarkers(n))) counts[marker] = 1;
	}
	return counts;
}
