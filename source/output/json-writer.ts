/**
 * --json: the session as JSON Lines of complete messages, each written as soon as it is
 * complete. Partial fragments are not written; a fragment that no complete message
 * follows (the compaction summary on the live stream) is written as the complete message
 * it stands for. Server events are not messages and are left out.
 */
import {createHash} from 'node:crypto';
import {safeJsonStringify} from '../export/safe-json.js';
import {envelopeKey} from '../protocol/envelope-key.js';
import type {ModelInput} from '../model/input.js';
import type {SessionStore} from '../model/session-store.js';
import {partialTextField} from '../protocol/guards.js';
import type {OmniMessage} from '../protocol/types.js';
import {sanitize} from '../render/sanitize.js';
import type {Attached} from './printer.js';
import type {SafeWriter} from './safe-writer.js';

const completeTypes: Record<string, string> = {
	partial_text: 'text',
	partial_thinking: 'thinking',
	partial_tool_call: 'tool_call',
	partial_tool_call_output: 'tool_call_output',
};

type Fragment = {first: OmniMessage; content: string; images?: unknown; name: string; closed: boolean};

/** Turns a sequence of inputs into the complete messages to record, in order. */
export class CompleteMessageRecorder {
	private readonly fragments = new Map<string, Fragment>();

	/** The complete messages that this input makes final. */
	accept(input: ModelInput): OmniMessage[] {
		if (input.kind === 'end') return this.flushClosed(() => true);
		if (input.kind !== 'message') return [];
		const message = input.message;
		const payload = message.payload;
		const origin = (message.origin ?? []).join('/');
		const field = partialTextField(payload.type);
		if (field) {
			const key = `${origin}|${payload.type}|${String(payload['tool_call_id'] ?? '')}`;
			const out: OmniMessage[] = [];
			let fragment = this.fragments.get(key);
			if (fragment && (payload['event_type'] === 'start' || fragment.closed)) {
				out.push(...this.flushClosed(k => k === key, true));
				fragment = undefined;
			}
			if (!fragment) {
				fragment = {first: message, content: '', name: '', closed: false};
				this.fragments.set(key, fragment);
			}
			const chunk = payload[field];
			if (typeof chunk === 'string') fragment.content += chunk;
			if (typeof payload['name'] === 'string' && payload['name']) fragment.name = payload['name'];
			if (Array.isArray(payload['images'])) fragment.images = payload['images'];
			if (payload['event_type'] === 'stop') fragment.closed = true;
			return out;
		}
		// A complete message replaces the fragment of its kind; any other settles closed text fragments.
		const partialType = Object.entries(completeTypes).find(([, complete]) => complete === payload.type)?.[0];
		const out: OmniMessage[] = [];
		if (partialType) {
			this.fragments.delete(`${origin}|${partialType}|${String(payload['tool_call_id'] ?? '')}`);
		}
		if (
			payload.type === 'token_usage' ||
			payload.type === 'request_end' ||
			payload.type === 'compaction_end' ||
			payload.type === 'abort'
		) {
			out.push(
				...this.flushClosed(
					key => key.startsWith(`${origin}|partial_text|`) || key.startsWith(`${origin}|partial_thinking|`),
				),
			);
		}
		out.push(message);
		return out;
	}

	private flushClosed(match: (key: string) => boolean, evenOpen = false): OmniMessage[] {
		const out: OmniMessage[] = [];
		for (const [key, fragment] of this.fragments) {
			if (!match(key) || (!fragment.closed && !evenOpen && key.includes('tool_call'))) continue;
			this.fragments.delete(key);
			out.push(completeOf(fragment));
		}
		return out;
	}
}

function completeOf(fragment: Fragment): OmniMessage {
	const partial = fragment.first.payload;
	const type = completeTypes[partial.type] ?? partial.type;
	const field = partialTextField(partial.type) ?? 'text';
	const payload: Record<string, unknown> = {type, role: partial['role'], [field]: fragment.content};
	if (partial['tool_call_id'] !== undefined) payload['tool_call_id'] = partial['tool_call_id'];
	if (type === 'tool_call') payload['name'] = fragment.name;
	if (fragment.images !== undefined) payload['images'] = fragment.images;
	const message: OmniMessage = {
		timestamp: fragment.first.timestamp,
		type: fragment.first.type,
		payload: payload as OmniMessage['payload'],
	};
	if (fragment.first.origin) message.origin = fragment.first.origin;
	return message;
}

/** Options for attachJsonWriter. */
export type JsonWriterOptions = {
	/** The store's model can be rebuilt (an SSE resync): what was written is remembered, to be written once. */
	canRebuild?: boolean;
	/** Takes the notices (a history not loaded, a shard missing, a file deleted): stderr's, one line each. */
	aside?: (line: string) => void;
};

/** Attach to a store's input stream: the store hands every batch to `record`. */
export function attachJsonWriter(store: SessionStore, out: SafeWriter, options: JsonWriterOptions = {}): Attached {
	let recorder = new CompleteMessageRecorder();
	const written = options.canRebuild ? new WrittenMessages() : undefined;
	let wroteAny = false;
	const write = (batch: readonly ModelInput[], rebuilt: boolean): void => {
		const lines: string[] = [];
		for (const input of batch) {
			// stdout is JSON alone: every notice (a note about the input, a file deleted, a read that failed) goes to stderr.
			if (input.kind === 'notice') {
				const word = input.aside || input.level === 'info' ? 'note' : input.level;
				options.aside?.(`penguin-view: ${word}: ${sanitize(input.text)}\n`);
			}
			for (const message of recorder.accept(input)) {
				// A recording begun without the session's session_meta (a stream joined before its first task) does not
				// get one in its middle from a rebuilt history: reopened, it would start the session again.
				if (rebuilt && wroteAny && message.type === 'session_meta' && (message.origin ?? []).length === 0) continue;
				if (written) {
					const key = messageKey(message);
					// A rebuilt history holds what was written already: only the rest is new.
					if (rebuilt && written.has(key)) continue;
					written.add(key);
				}
				lines.push(safeJsonStringify(message));
			}
		}
		if (lines.length > 0) {
			wroteAny = true;
			out.write(`${lines.join('\n')}\n`);
		}
	};
	const detach = store.tap(batch => write(batch, false));
	const detachRebuild = store.tapRebuild(batch => {
		// Fragments open before the gap are in the history whole, or were lost with the run.
		recorder = new CompleteMessageRecorder();
		write(batch, true);
	});
	return {
		finish() {
			detach();
			detachRebuild();
		},
	};
}

/** A message's identity as a short hash of its envelope (the key the history join matches by). */
function messageKey(message: OmniMessage): string {
	return createHash('sha1').update(envelopeKey(message)).digest('base64');
}

// Enough for any history a resync brings back in practice, bounded for endless streams.
const rememberedMessages = 100_000;

/** The messages written lately; the oldest forgotten first. */
class WrittenMessages {
	private readonly keys = new Set<string>();
	private readonly order: string[] = [];
	private next = 0;

	add(key: string): void {
		if (this.keys.has(key)) return;
		this.keys.add(key);
		if (this.order.length < rememberedMessages) {
			this.order.push(key);
			return;
		}
		this.keys.delete(this.order[this.next]!);
		this.order[this.next] = key;
		this.next = (this.next + 1) % rememberedMessages;
	}

	has(key: string): boolean {
		return this.keys.has(key);
	}
}
