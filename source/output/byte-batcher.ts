/**
 * Collects text as UTF-8 bytes in one buffer and hands it on in large pieces. Print mode
 * writes about as many bytes as it reads: joining an entry's lines into one string cost
 * more than anything else on a 100 MB trace (one label with a non-Latin-1 character turns
 * the whole joined string into two-byte form, which is then copied and re-encoded). Here
 * each piece is encoded once, straight into the buffer.
 */

/** Where full buffers go (a SafeWriter). */
export type ByteSink = {write(chunk: string | Uint8Array): void};

/** Default buffer size: large enough that a flush per read chunk is a handful of syscalls. */
export const defaultBatchBytes = 256 * 1024;

/** Accumulates text; `flush` hands what it holds to the sink. */
export class ByteBatcher {
	private buffer: Buffer;
	private used = 0;

	constructor(
		private readonly sink: ByteSink,
		private readonly size = defaultBatchBytes,
	) {
		this.buffer = Buffer.allocUnsafe(size);
	}

	/** Appends `text` (encoded as UTF-8). */
	add(text: string): void {
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

	/** Appends `text` (or its pieces, one after the other) and a newline. */
	line(text: string | readonly string[]): void {
		if (typeof text === 'string') this.add(text);
		else for (const piece of text) this.add(piece);
		if (this.used === this.size) this.flush();
		this.buffer[this.used++] = 10;
	}

	/** Hands over what is held. The buffer is not reused: a pipe may still hold it. */
	flush(): void {
		if (this.used === 0) return;
		const full = this.buffer.subarray(0, this.used);
		this.buffer = Buffer.allocUnsafe(this.size);
		this.used = 0;
		this.sink.write(full);
	}
}
