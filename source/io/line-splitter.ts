/**
 * Bytes to lines, with no I/O: feed it chunks as they were read, get back every complete
 * line with its 1-based number and the byte offset where it starts. Lines are cut on LF
 * bytes and decoded only once whole, so a UTF-8 character split across chunks is safe.
 */
import {excerptOf, type MalformedLine} from '../protocol/parse-line.js';

/** The longest line the splitter will hold in memory (64 MiB); longer ones become malformed records. */
export const maxLineBytes = 64 * 1024 * 1024;

/**
 * One complete, non-blank line: its text (no CR, no BOM), line number and byte offset; and
 * when a `cut` option took it apart, what its text parsed to.
 */
export type SplitLine = {text: string; line: number; offset: number; value?: unknown};

/** What the splitter yields: a line, or a record for a line it refused to hold. */
export type SplitItem = ({kind: 'line'} & SplitLine) | {kind: 'malformed'; malformed: MalformedLine};

/** Options for a LineSplitter. */
export type LineSplitterOptions = {
	/** Lines longer than this many bytes are reported, not held (default `maxLineBytes`). */
	maxLineBytes?: number;
	/**
	 * Sees each line's bytes before they are decoded, and may return its text already parsed
	 * (print mode's shortcut for large tool outputs, fastpath/prerendered-outputs.ts).
	 */
	cut?: LineCutter;
};

/**
 * Takes a line's bytes; returns a text and what it parsed to, or undefined to decode the line
 * as usual. `minBytes`: it takes no line shorter, so none is handed to it (a view of each line
 * was garbage, ~90 bytes a line).
 */
export type LineCutter = ((line: Buffer) => {text: string; value: unknown} | undefined) & {readonly minBytes?: number};

const newline = 10;
const carriageReturn = 13;
// Enough bytes of an over-long line to show an excerpt of it.
const headBytes = 256;

/** Splits a byte stream into lines; one instance per file (or stream) read from its start. */
export class LineSplitter {
	private readonly limit: number;
	private readonly cut: LineCutter | undefined;
	// The held part of the current (unterminated) line, as copies: callers may reuse their buffers.
	private pieces: Buffer[] = [];
	// Bytes of the current line so far, counted even once they are no longer held.
	private lineBytes = 0;
	private overflow = false;
	private head: Buffer | undefined;
	private lineStart = 0;
	private lineNumber = 1;
	private consumed = 0;

	constructor(options: LineSplitterOptions = {}) {
		this.limit = options.maxLineBytes ?? maxLineBytes;
		this.cut = options.cut;
	}

	/** Whether part of a line is waiting for its newline. */
	get hasPending(): boolean {
		return this.lineBytes > 0;
	}

	/** How many bytes of the unterminated line are pending. */
	get pendingBytes(): number {
		return this.lineBytes;
	}

	/** How many bytes have been pushed in total (the file offset reached). */
	get bytesConsumed(): number {
		return this.consumed;
	}

	/** How many lines have ended so far (blank ones included). */
	get linesEnded(): number {
		return this.lineNumber - 1;
	}

	/** Feeds one chunk; returns the lines it completed, in order. */
	push(chunk: Uint8Array): SplitItem[] {
		const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
		const base = this.consumed;
		const out: SplitItem[] = [];
		let start = 0;
		while (start < buffer.length) {
			const end = buffer.indexOf(newline, start);
			if (end === -1) {
				this.hold(buffer.subarray(start));
				break;
			}
			// The line by its place in the chunk: a view is made only for the cut (see LineCutter).
			const item = this.complete(buffer, start, end);
			if (item) {
				out.push(item);
			}
			this.lineStart = base + end + 1;
			start = end + 1;
		}
		this.consumed += buffer.length;
		return out;
	}

	/**
	 * Takes the unterminated last line, if any, as if its newline had arrived (end of input).
	 * Returns undefined when nothing but blanks is pending.
	 */
	takeRemainder(): SplitItem | undefined {
		if (this.lineBytes === 0) {
			return undefined;
		}
		const item = this.complete(Buffer.alloc(0), 0, 0);
		this.lineStart = this.consumed;
		return item;
	}

	private hold(part: Buffer): void {
		if (this.overflow) {
			this.extendHead(part);
			this.lineBytes += part.length;
			return;
		}
		if (this.lineBytes + part.length > this.limit) {
			// Too long to keep: remember only its first bytes for the excerpt, count the rest.
			this.head = Buffer.concat([...this.pieces, part], Math.min(headBytes, this.lineBytes + part.length));
			this.pieces = [];
			this.overflow = true;
			this.lineBytes += part.length;
			return;
		}
		this.pieces.push(Buffer.from(part));
		this.lineBytes += part.length;
	}

	private extendHead(part: Buffer): void {
		const have = this.head?.length ?? 0;
		if (have < headBytes) {
			this.head = Buffer.concat([this.head ?? Buffer.alloc(0), part.subarray(0, headBytes - have)]);
		}
	}

	/** Ends the line whose last bytes are `chunk` from `from` to `to`. */
	private complete(chunk: Buffer, from: number, to: number): SplitItem | undefined {
		const length = this.lineBytes + to - from;
		const line = this.lineNumber;
		const offset = this.lineStart;
		let item: SplitItem | undefined;
		if (this.overflow || length > this.limit) {
			const last = chunk.subarray(from, to);
			if (this.overflow) {
				this.extendHead(last);
			}
			const head = this.head ?? Buffer.concat([...this.pieces, last], Math.min(headBytes, length));
			item = {
				kind: 'malformed',
				malformed: {line, offset, reason: `line too long (${length} bytes)`, excerpt: excerptOf(head.toString('utf8'))},
			};
		} else {
			// One join per line, however many chunks it came in.
			item =
				this.pieces.length === 0
					? decodeLine(chunk, from, to, line, offset, this.cut)
					: decodeLine(
							Buffer.concat([...this.pieces, chunk.subarray(from, to)], length),
							0,
							length,
							line,
							offset,
							this.cut,
						);
		}
		if (this.pieces.length > 0) this.pieces = [];
		this.lineBytes = 0;
		this.overflow = false;
		this.head = undefined;
		this.lineNumber += 1;
		return item;
	}
}

/** The line `bytes` holds from `from` to `to`, decoded (or cut). */
function decodeLine(
	bytes: Buffer,
	from: number,
	to: number,
	line: number,
	offset: number,
	cut: LineCutter | undefined,
): SplitItem | undefined {
	let start = from;
	let end = to;
	if (
		offset === 0 &&
		end - start >= 3 &&
		bytes[start] === 0xef &&
		bytes[start + 1] === 0xbb &&
		bytes[start + 2] === 0xbf
	) {
		start += 3;
	}
	if (end > start && bytes[end - 1] === carriageReturn) {
		end -= 1;
	}
	let first = start;
	while (first < end && isBlank(bytes[first])) {
		first += 1;
	}
	if (first === end) {
		return undefined;
	}
	const parts =
		cut !== undefined && end - start >= (cut.minBytes ?? 0)
			? cut(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end))
			: undefined;
	if (parts !== undefined) return {kind: 'line', text: parts.text, value: parts.value, line, offset};
	return {kind: 'line', text: bytes.toString('utf8', start, end), line, offset};
}

function isBlank(byte: number): boolean {
	return byte === 32 || byte === 9 || byte === carriageReturn || byte === 11 || byte === 12;
}
