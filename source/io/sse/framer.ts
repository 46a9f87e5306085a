/**
 * Bytes of an SSE response to events. A streaming TextDecoder keeps a character split across
 * reads whole; eventsource-parser does the field grammar. In front of both, a small scanner
 * finds the blank lines between events at the byte level, so one runaway event can be
 * counted and dropped without buffering it and without losing the events around it.
 */
import {createParser, type EventSourceParser} from 'eventsource-parser';

/** The largest event kept (16 MiB of raw bytes); a bigger one is dropped with a notice. */
export const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/** One event as the server framed it; `event` is absent for unnamed events. */
export type SseEvent = {id?: string; event?: string; data: string};

/** What the framer reports while reading. */
export type FramerCallbacks = {
	onEvent: (event: SseEvent) => void;
	/** A comment line such as the server's `: ping` heartbeat. */
	onComment?: (text: string) => void;
	/** The server's `retry:` field, in ms. */
	onRetry?: (ms: number) => void;
	/** An event passed `maxEventBytes` and is being dropped. */
	onOversize?: (limitBytes: number) => void;
};

const LF = 0x0a;
const CR = 0x0d;

/** Splits a byte stream into SSE events. */
export class SseFramer {
	private readonly parser: EventSourceParser;
	private readonly maxEventBytes: number;
	/** Streaming: holds the first bytes of a character split across reads until the rest arrives. */
	private decoder = new TextDecoder('utf-8');
	/** Raw bytes since the last blank line. */
	private eventBytes = 0;
	/** True while discarding the rest of an oversized event. */
	private skipping = false;
	private atLineStart = true;
	private lastWasCR = false;

	constructor(
		private readonly callbacks: FramerCallbacks,
		options: {maxEventBytes?: number} = {},
	) {
		this.maxEventBytes = options.maxEventBytes ?? MAX_EVENT_BYTES;
		this.parser = createParser({
			onEvent: message => {
				const event: SseEvent = {data: message.data};
				if (message.id !== undefined) event.id = message.id;
				if (message.event !== undefined) event.event = message.event;
				callbacks.onEvent(event);
			},
			onComment: text => callbacks.onComment?.(text),
			onRetry: ms => callbacks.onRetry?.(ms),
			// Unknown fields and a bad `retry:` are ignored, as EventSource does.
			onError: () => undefined,
		});
	}

	/** Feeds the next bytes as they were read. */
	push(bytes: Uint8Array): void {
		let start = 0;
		let i = 0;
		// Jump from line break to line break with native searches: an event can be megabytes long.
		let nextLF = bytes.indexOf(LF);
		let nextCR = bytes.indexOf(CR);
		for (;;) {
			if (nextLF !== -1 && nextLF < i) nextLF = bytes.indexOf(LF, i);
			if (nextCR !== -1 && nextCR < i) nextCR = bytes.indexOf(CR, i);
			const at = nextLF === -1 ? nextCR : nextCR === -1 ? nextLF : Math.min(nextLF, nextCR);
			if (at === -1) {
				if (i < bytes.length) this.atLineStart = this.lastWasCR = false;
				break;
			}
			if (at > i) this.atLineStart = this.lastWasCR = false;
			const byte = bytes[at];
			i = at + 1;
			if (byte === LF && this.lastWasCR) {
				// The LF of a CRLF: the line already ended at the CR.
				this.lastWasCR = false;
				continue;
			}
			if (this.atLineStart) {
				// An empty line: an event boundary. CR and LF never occur inside a UTF-8
				// sequence, so the bytes before it always decode whole.
				this.segment(bytes.subarray(start, i), true);
				start = i;
			}
			this.atLineStart = true;
			this.lastWasCR = byte === CR;
		}
		if (start < bytes.length) this.segment(bytes.subarray(start), false);
	}

	/** Forgets any half-read event: a new connection starts clean. */
	reset(): void {
		this.parser.reset();
		this.decoder = new TextDecoder('utf-8');
		this.eventBytes = 0;
		this.skipping = false;
		this.atLineStart = true;
		this.lastWasCR = false;
	}

	private segment(bytes: Uint8Array, endsEvent: boolean): void {
		if (this.skipping) {
			if (endsEvent) this.finishEvent();
			return;
		}
		this.eventBytes += bytes.length;
		if (this.eventBytes > this.maxEventBytes) {
			// Throw away what the parser holds of this event and skip to its end.
			this.parser.reset();
			this.decoder = new TextDecoder('utf-8');
			this.callbacks.onOversize?.(this.maxEventBytes);
			if (endsEvent) this.finishEvent();
			else this.skipping = true;
			return;
		}
		let text = this.decoder.decode(bytes, {stream: true});
		// The parser holds a final CR until it sees whether an LF follows; at a blank line
		// that would delay the event to the next read, so end the line now. A real LF next
		// is then just one more empty line, which dispatches nothing.
		if (endsEvent && bytes[bytes.length - 1] === CR) text += '\n';
		this.parser.feed(text);
		if (endsEvent) this.eventBytes = 0;
	}

	private finishEvent(): void {
		this.skipping = false;
		this.eventBytes = 0;
	}
}
