/**
 * What a listing needs from a trace, read from its first bytes only: the session_meta
 * header and the first user prompt. Reading stops at the first user text, or after a few
 * MiB whatever they held (a trace can be 100 MB; a line, several MB of base64 image).
 * A torn or garbage head costs nothing but the fields it would have given.
 */
import {open} from 'node:fs/promises';
import {LineSplitter} from './line-splitter.js';
import {isSessionMeta, isTextPayload} from '../protocol/guards.js';
import {parseLine} from '../protocol/parse-line.js';

/** The head of a trace: each field only when the head held it. */
export type TraceHead = {
	sessionId?: string;
	provider?: string;
	modelId?: string;
	source?: string;
	/** Epoch ms of the session_meta (else the first) timestamp. */
	startedAt?: number;
	firstPrompt?: string;
	/** Lines in the head that were not messages. */
	malformed: number;
	/** An error reading the file (the other fields are then absent). */
	error?: string;
};

/** Limits for readTraceHead (defaults suit listing: 64 KiB reads, 4 MiB in all, lines up to 2 MiB). */
export type TraceHeadLimits = {chunkBytes?: number; maxBytes?: number; maxLineBytes?: number};

/** Reads the head of the trace at `file`; never throws. */
export async function readTraceHead(file: string, limits: TraceHeadLimits = {}): Promise<TraceHead> {
	const head: TraceHead = {malformed: 0};
	const chunkBytes = limits.chunkBytes ?? 64 * 1024;
	const maxBytes = limits.maxBytes ?? 4 * 1024 * 1024;
	// Lines longer than this are skipped unread: an image line is never the header we want.
	const splitter = new LineSplitter({maxLineBytes: limits.maxLineBytes ?? 2 * 1024 * 1024});
	let handle;
	try {
		handle = await open(file, 'r');
	} catch (error) {
		return {...head, error: error instanceof Error ? error.message : String(error)};
	}
	try {
		const buffer = Buffer.allocUnsafe(chunkBytes);
		let position = 0;
		while (position < maxBytes) {
			const {bytesRead} = await handle.read(buffer, 0, Math.min(chunkBytes, maxBytes - position), position);
			if (bytesRead === 0) {
				// End of file: a last line without its newline still counts if it is whole.
				const rest = splitter.takeRemainder();
				if (rest?.kind === 'line') take(head, rest.text);
				break;
			}
			position += bytesRead;
			for (const item of splitter.push(buffer.subarray(0, bytesRead))) {
				if (item.kind === 'malformed') head.malformed++;
				else if (take(head, item.text)) return head;
			}
		}
	} catch (error) {
		head.error = error instanceof Error ? error.message : String(error);
	} finally {
		await handle.close().catch(() => undefined);
	}
	return head;
}

/** Folds one line into the head; true once the first user prompt is known (stop reading). */
function take(head: TraceHead, text: string): boolean {
	const parsed = parseLine(text, {line: 0, offset: 0});
	if (parsed.kind === 'malformed') {
		head.malformed++;
		return false;
	}
	const {message} = parsed;
	const at = message.timestamp ? Date.parse(message.timestamp) : Number.NaN;
	const payload = message.payload;
	if (message.type === 'session_meta' && isSessionMeta(payload)) {
		// The first meta is the session's; later shards repeat it.
		if (head.sessionId === undefined) {
			head.sessionId = payload.session_id;
			head.provider = typeof payload.provider === 'string' ? payload.provider : undefined;
			head.modelId = typeof payload.model_id === 'string' ? payload.model_id : undefined;
			head.source = typeof payload.source === 'string' ? payload.source : undefined;
			if (Number.isFinite(at)) head.startedAt = at;
		}
		return false;
	}
	if (head.startedAt === undefined && Number.isFinite(at)) head.startedAt = at;
	if (isTextPayload(payload) && payload.role === 'user') {
		head.firstPrompt = payload.text;
		return true;
	}
	return false;
}
