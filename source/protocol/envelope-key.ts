/**
 * Identity of a complete message for the history/stream overlap: the envelope's JSON with
 * keys in a fixed order and without `tracePosition` (history adds that on disk reads; the
 * stream never has it). Two envelopes with one key are one message: the timestamp is part
 * of the envelope, so a repeated prompt at another time does not match.
 */
import type {OmniMessage} from './types.js';

function canonical(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(canonical);
	if (typeof value !== 'object' || value === null) return value;
	const record = value as Record<string, unknown>;
	const out: Record<string, unknown> = {};
	for (const key of Object.keys(record).sort()) out[key] = canonical(record[key]);
	return out;
}

/** The overlap identity of a message. */
export function envelopeKey(message: OmniMessage): string {
	const {tracePosition: _dropped, ...envelope} = message as OmniMessage & {tracePosition?: unknown};
	return JSON.stringify(canonical(envelope));
}

/** A cheap first test: envelopes that differ here cannot be one message. */
function hintOf(message: OmniMessage): string {
	return `${message.timestamp ?? ''}\u0000${message.type}\u0000${String(message.payload.type)}`;
}

/** A multiset of envelope keys: each history copy can absorb one stream copy. */
export class EnvelopeIndex {
	/** hint → full key → copies; the full key (a deep copy and a stringify) is only made on a hint match. */
	private readonly byHint = new Map<string, Map<string, number>>();

	/** Indexes the last `limit` messages (the overlap can only be at history's end). */
	constructor(messages: readonly OmniMessage[], limit: number) {
		for (const message of messages.slice(Math.max(0, messages.length - limit))) {
			const hint = hintOf(message);
			let keys = this.byHint.get(hint);
			if (keys === undefined) {
				keys = new Map();
				this.byHint.set(hint, keys);
			}
			const key = envelopeKey(message);
			keys.set(key, (keys.get(key) ?? 0) + 1);
		}
	}

	/** True (and one copy used up) when history already holds this message. */
	take(message: OmniMessage): boolean {
		const hint = hintOf(message);
		const keys = this.byHint.get(hint);
		if (keys === undefined) return false;
		const key = envelopeKey(message);
		const count = keys.get(key) ?? 0;
		if (count === 0) return false;
		if (count > 1) keys.set(key, count - 1);
		else if (keys.size > 1) keys.delete(key);
		else this.byHint.delete(hint);
		return true;
	}
}
