/**
 * One SSE event to what the session model takes. Unnamed events carry an OmniMessage;
 * `server_event` carries `{type, …}`; any other name is passed on as a server event of
 * that type, so a newer server's additions still reach the screen. Nothing here throws:
 * data that cannot be read becomes a notice.
 */
import type {ModelInput, ServerEvent} from '../../model/input.js';
import {isOmniMessage, isRecord} from '../../protocol/guards.js';
import {excerptOf} from '../../protocol/parse-line.js';
import type {SseEvent} from './framer.js';

const isStringArray = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every(item => typeof item === 'string');

function parseJson(text: string): {ok: true; value: unknown} | {ok: false} {
	try {
		return {ok: true, value: JSON.parse(text)};
	} catch {
		return {ok: false};
	}
}

function idNote(event: SseEvent): string {
	return event.id === undefined ? '' : ` (id ${excerptOf(event.id)})`;
}

/** The model input for one SSE event. */
export function decodeSseEvent(event: SseEvent): ModelInput {
	const name = event.event;
	const parsed = parseJson(event.data);
	if (name === undefined || name === 'message') {
		if (parsed.ok && isOmniMessage(parsed.value)) return {kind: 'message', message: parsed.value};
		const why = parsed.ok ? 'is not an OmniMessage' : 'is not JSON';
		return {
			kind: 'notice',
			level: 'warn',
			text: `skipped a stream event that ${why}${idNote(event)}: ${excerptOf(event.data)}`,
		};
	}
	if (name === 'server_event') {
		if (parsed.ok && isRecord(parsed.value) && typeof parsed.value['type'] === 'string') {
			const serverEvent = parsed.value as ServerEvent;
			const origin = serverEvent['origin'];
			return isStringArray(origin) && origin.length > 0
				? {kind: 'server_event', event: serverEvent, origin}
				: {kind: 'server_event', event: serverEvent};
		}
		return {
			kind: 'notice',
			level: 'warn',
			text: `skipped a server event without a type${idNote(event)}: ${excerptOf(event.data)}`,
		};
	}
	// An event name this viewer does not know: keep it, typed by its name.
	return {kind: 'server_event', event: {type: name, data: parsed.ok ? parsed.value : event.data}};
}

/** True for the server's request to refetch history. */
export function isResyncRequest(input: ModelInput): boolean {
	return input.kind === 'server_event' && input.event.type === 'resync_required';
}
