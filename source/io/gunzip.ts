/**
 * Compressed traces: a stream whose first bytes are gzip's magic (1f 8b) is read through
 * a streaming gunzip, whatever its name; anything else passes through untouched. A gzip
 * stream that stops short (a file cut off in a copy or a download) fails with how far the
 * compressed input got, after every byte it decoded before that has been handed on.
 */
const outputChunkBytes = 1024 * 1024;

/** Whether `head` begins with gzip's magic bytes. */
export function isGzipHead(head: Uint8Array): boolean {
	return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** Thrown by `gunzipIfCompressed` when the compressed data is cut short or corrupt. */
export class CompressedDataError extends Error {
	/** How many bytes of compressed input had been read. */
	readonly at: number;
	readonly truncated: boolean;

	constructor(at: number, truncated: boolean, detail: string) {
		super(
			truncated
				? `the compressed data ends early, at byte ${at}: the file is cut short`
				: `the compressed data is damaged at byte ${at} (${detail})`,
		);
		this.at = at;
		this.truncated = truncated;
	}
}

/**
 * The chunks of `source`, gunzipped when it starts with gzip's magic bytes. Rejects with a
 * CompressedDataError when the gzip data ends early or is damaged; a read error of `source`
 * itself comes through as it is.
 */
export async function* gunzipIfCompressed(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<Buffer> {
	const iterator = source[Symbol.asyncIterator]();
	const next = async (): Promise<Buffer | undefined> => {
		const step = await iterator.next();
		return step.done ? undefined : toBuffer(step.value);
	};
	// Two bytes decide; a first chunk of one byte (a pipe may give that) waits for the next.
	let head: Buffer = Buffer.alloc(0);
	while (head.length < 2) {
		const chunk = await next();
		if (chunk === undefined) break;
		head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
	}
	if (!isGzipHead(head)) {
		if (head.length > 0) yield head;
		for (let chunk = await next(); chunk !== undefined; chunk = await next()) yield chunk;
		return;
	}
	// Output in pieces of up to 1 MiB, as the trace follower reads a plain file: a batch then
	// holds what the same read of the uncompressed file would (the header and what follows it).
	// zlib and Node's streams are loaded only for compressed data: most traces are plain, and
	// every start paid for them (node:stream alone ~5 M instructions).
	const [{createGunzip}, {pipeline}, {Readable}] = await Promise.all([
		import('node:zlib'),
		import('node:stream/promises'),
		import('node:stream'),
	]);
	const gunzip = createGunzip({chunkSize: outputChunkBytes});
	async function* compressed(): AsyncGenerator<Buffer> {
		yield head;
		for (let chunk = await next(); chunk !== undefined; chunk = await next()) yield chunk;
	}
	// Errors reach the loop below through `gunzip`; the pipeline's own promise only mirrors them.
	const feeding = pipeline(Readable.from(compressed(), {objectMode: false}), gunzip).catch(() => undefined);
	try {
		for await (const chunk of gunzip) yield chunk as Buffer;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR') {
			throw new CompressedDataError(gunzip.bytesWritten, code === 'Z_BUF_ERROR', (error as Error).message);
		}
		throw error;
	} finally {
		// Not awaited: a read of `source` still pending (a quiet pipe) ends only when its owner destroys it.
		gunzip.destroy();
		void feeding;
	}
}

function toBuffer(chunk: string | Uint8Array): Buffer {
	if (typeof chunk === 'string') return Buffer.from(chunk);
	return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
