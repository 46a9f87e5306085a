/** Loads the recorded fixtures (traces, SSE captures, /messages responses) as model inputs. */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {createParser} from 'eventsource-parser';
import {decodeSseEvent} from '../../source/io/sse/decode-event.js';
import type {ModelInput, ServerEvent} from '../../source/model/input.js';
import {parseLine} from '../../source/protocol/parse-line.js';
import type {OmniMessage} from '../../source/protocol/types.js';

export const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** The inputs a follower would produce for a trace fixture (whole lines, no I/O quirks). */
export function traceInputs(fileName: string, shard = 1): ModelInput[] {
	const text = readFileSync(`${fixturesDir}traces/${fileName}`, 'utf8');
	const inputs: ModelInput[] = [{kind: 'shard', index: shard}];
	let offset = 0;
	text.split('\n').forEach((line, index) => {
		if (line.trim() !== '') {
			const parsed = parseLine(line, {line: index + 1, offset, shard});
			inputs.push(parsed.kind === 'message' ? {kind: 'message', message: parsed.message, at: parsed.at} : parsed);
		}
		offset += Buffer.byteLength(line) + 1;
	});
	return inputs;
}

export type RecordedEvent = {id?: string; event?: string; data: string};

/** The raw bytes of an SSE recording, as the chunks that were read. */
export function sseChunks(fileName: string): string[] {
	return readFileSync(`${fixturesDir}sse/${fileName}`, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map(line => JSON.parse(line) as {chunk?: string})
		.flatMap(record => (record.chunk === undefined ? [] : [record.chunk]));
}

/** The events of an SSE recording. */
export function sseEvents(fileName: string): RecordedEvent[] {
	const events: RecordedEvent[] = [];
	const parser = createParser({onEvent: event => events.push({id: event.id, event: event.event, data: event.data})});
	for (const chunk of sseChunks(fileName)) parser.feed(chunk);
	return events;
}

/** SSE events as model inputs: unnamed events are messages, server_event ones pass through. */
export function sseInputs(fileName: string): ModelInput[] {
	return sseEvents(fileName).map(event => {
		const data: unknown = JSON.parse(event.data);
		if (event.event === 'server_event') return {kind: 'server_event', event: data as {type: string}};
		return {kind: 'message', message: data as OmniMessage};
	});
}

/** A raw SSE recording of `fixtures/server/` as the client decodes it, each input with its event id. */
export function serverStreamInputs(fileName: string): Array<{id?: string; input: ModelInput}> {
	const events: RecordedEvent[] = [];
	const parser = createParser({onEvent: event => events.push({id: event.id, event: event.event, data: event.data})});
	parser.feed(readFileSync(`${fixturesDir}server/${fileName}`, 'utf8'));
	return events.map(event => ({id: event.id, input: decodeSseEvent(event)}));
}

/** A recorded /messages response. */
export function historyResponse(fileName: string): {
	messages: OmniMessage[];
	live?: {cursor: string; fragments: OmniMessage[]};
} {
	return (JSON.parse(readFileSync(`${fixturesDir}http/${fileName}`, 'utf8')) as {json: never}).json;
}

/** Build a message envelope for hand-made tests. */
export function msg(type: 'model_msg' | 'event_msg', payload: Record<string, unknown>, timestamp?: string): ModelInput {
	return {
		kind: 'message',
		message: {type, payload: payload as OmniMessage['payload'], ...(timestamp ? {timestamp} : {})},
	};
}

/**
 * A recorded input as the subagent `childId`'s, tagged as the server tags a subagent's: a
 * message with `origin`, an approval_request with `origin` at the top level and inside `toolCall`.
 * (No recording holds a subagent's approval; PROTOCOL-NOTES gives the shape.)
 */
export function asChildOf(childId: string, input: ModelInput): ModelInput {
	if (input.kind === 'message') return {kind: 'message', message: {...input.message, origin: [childId]}};
	if (input.kind === 'server_event') {
		const toolCall = input.event['toolCall'] as Record<string, unknown>;
		const event: ServerEvent = {...input.event, toolCall: {...toolCall, origin: [childId]}, origin: [childId]};
		return {kind: 'server_event', event, origin: [childId]};
	}
	return input;
}
