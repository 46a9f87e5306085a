// Aggregates the partial_* fragments of a sequence of model inputs, to check that every delta arrived exactly once.
import type {ModelInput} from '../../source/model/input.js';
import {isPartialPayload, partialTextField} from '../../source/protocol/guards.js';
import type {BufferedInput} from '../../source/io/sse/join.js';
import {decodeSseEvent} from '../../source/io/sse/decode-event.js';
import type {RecordedBlock} from './sse-fixtures.js';

/** One streamed fragment as a model would assemble it. */
export type Fragment = {type: string; toolCallId: string; content: string; stopped: boolean};

/** The fragments in the order they opened: a start opens (or reopens), deltas append, a stop closes. */
export function aggregateFragments(inputs: readonly ModelInput[]): Fragment[] {
	const all: Fragment[] = [];
	const open = new Map<string, Fragment>();
	for (const input of inputs) {
		if (
			input.kind !== 'message' ||
			typeof input.message.payload.type !== 'string' ||
			!isPartialPayload(input.message.payload)
		)
			continue;
		const payload = input.message.payload;
		const field = partialTextField(payload.type)!;
		const piece = typeof payload[field] === 'string' ? payload[field] : '';
		const toolCallId = payload.tool_call_id ?? '';
		const key = `${payload.type}\u0000${toolCallId}`;
		let fragment = open.get(key);
		if (payload.event_type === 'start' || fragment === undefined) {
			fragment = {type: payload.type, toolCallId, content: '', stopped: false};
			open.set(key, fragment);
			all.push(fragment);
		}
		fragment.content += piece;
		if (payload.event_type === 'stop') {
			fragment.stopped = true;
			open.delete(key);
		}
	}
	return all;
}

/** Recorded blocks as the client buffers them. */
export function bufferedFrom(blocks: readonly RecordedBlock[]): BufferedInput[] {
	return blocks
		.filter(block => block.data !== undefined)
		.map(block => {
			const event = {
				data: block.data!,
				...(block.id === undefined ? {} : {id: block.id}),
				...(block.event === undefined ? {} : {event: block.event}),
			};
			return {input: decodeSseEvent(event), ...(block.id === undefined ? {} : {id: block.id})};
		});
}
