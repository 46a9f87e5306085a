/**
 * Collects text as UTF-8 bytes in one buffer and hands it on in large pieces. Print mode
 * writes about as many bytes as it reads: joining an entry's lines into one string cost
 * more than anything else on a 100 MB trace (one label with a non-Latin-1 character turns
 * the whole joined string into two-byte form, which is then copied and re-encoded). Here
 * each piece is encoded once, straight into the buffer; short pieces (labels, indents, newlines)
 * are joined first, up to 16 K characters, and encoded in one call: a call each cost more than
 * encoding them (print of the code mix: 1.2 % fewer instructions).
 */

/**
 * Where full buffers go (a SafeWriter); `done`, when the sink takes it, is called once the
 * sink no longer needs the chunk.
 */
export type ByteSink = {write(chunk: string | Uint8Array, done?: () => void): void};

/**
 * Default buffer size: large enough that a flush per batch of lines (about 128 KiB, io/read-chunks.ts) is a syscall or
 * two.
 */
export const defaultBatchBytes = 256 * 1024;

// Buffers the sink has given back, kept for reuse: memory the program has not touched yet
// costs a page fault per 4 kB on first write (filling 90 MB of fresh buffers took 40–200 ms
// on this project's machines, of reused ones 1–3 ms).
const maxSpares = 8;
// Text this short is joined with what waits before it is encoded, up to this much.
const shortText = 512;
const pendingLimit = 16 * 1024;

/** Accumulates text; `flush` hands what it holds to the sink. */
export class ByteBatcher {
	private buffer: Buffer;
	private used = 0;
	// Short text waiting to be encoded (see the module's comment).
	private pending = '';
	private readonly spares: Buffer[] = [];

	constructor(
		private readonly sink: ByteSink,
		private readonly size = defaultBatchBytes,
	) {
		this.buffer = Buffer.allocUnsafe(size);
	}

	/** Appends `text` (encoded as UTF-8). */
	add(text: string): void {
		if (text.length <= shortText) {
			// What waits is encoded before it could outgrow the room left (so it goes into this buffer, whole).
			const length = this.pending.length + text.length;
			if (this.pending !== '' && (length > pendingLimit || length * 3 > this.size - this.used)) this.encodePending();
			this.pending += text;
			return;
		}
		if (this.pending !== '') this.encodePending();
		this.encode(text);
	}

	private encodePending(): void {
		const text = this.pending;
		this.pending = '';
		this.encode(text);
	}

	private encode(text: string): void {
		// A UTF-16 code unit never takes more than 3 bytes: this bound avoids measuring the text.
		if (text.length * 3 > this.size - this.used) {
			this.flush();
			if (text.length * 3 > this.size) {
				// Larger than a whole buffer: the stream encodes it itself, once.
				this.sink.write(text);
				return;
			}
		}
		this.used += this.buffer.write(text, this.used);
	}

	/**
	 * Appends bytes as they are: copied before it returns, whatever their size, so the caller
	 * may write over them at once (print mode's tool outputs live in the kernel's memory,
	 * fastpath/prerendered-outputs.ts).
	 */
	addBytes(bytes: Uint8Array): void {
		if (this.pending !== '') this.encodePending();
		let from = 0;
		while (bytes.length - from > this.size - this.used) {
			const room = this.size - this.used;
			this.buffer.set(bytes.subarray(from, from + room), this.used);
			this.used += room;
			from += room;
			this.flush();
		}
		this.buffer.set(from === 0 ? bytes : bytes.subarray(from), this.used);
		this.used += bytes.length - from;
	}

	/** Appends `text` (or its pieces, one after the other: text, or bytes in UTF-8) and a newline. */
	line(text: string | readonly (string | Uint8Array)[]): void {
		if (typeof text === 'string') this.add(text);
		else for (const piece of text) typeof piece === 'string' ? this.add(piece) : this.addBytes(piece);
		this.add('\n');
	}

	/** Hands over what is held. The buffer is reused only once the sink says it is done with it. */
	flush(): void {
		if (this.pending !== '') this.encodePending();
		if (this.used === 0) return;
		const whole = this.buffer;
		const full = whole.subarray(0, this.used);
		this.buffer = this.spares.pop() ?? Buffer.allocUnsafe(this.size);
		this.used = 0;
		this.sink.write(full, () => {
			if (this.spares.length < maxSpares) this.spares.push(whole);
		});
	}
}
