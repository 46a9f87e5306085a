/**
 * The lines of a session's trace files that may hold a search across sessions' pattern, found
 * in their bytes by the search kernel (model/byte-search.ts, fastpath/byte-kernel.ts): the
 * lines holding the pattern's anchor as JSON writes it, and those holding a character
 * sanitize changes (which may make the anchor). Only those lines are decoded and handed on;
 * with no anchor, every line is. A file is read in large chunks into the kernel's memory;
 * a gzip file through gunzip, in the chunks it gives.
 */
import {createReadStream} from 'node:fs';
import {closeSync, openSync, readSync} from 'node:fs';
import {byteKernel, type ByteKernel} from '../fastpath/byte-kernel.js';
import {
	anchorScan,
	bytePlan,
	changedCandidates,
	colourJoined,
	changedLines,
	lineStarts,
	mergeSorted,
	type BytePlan,
} from '../model/byte-search.js';
import type {LineBytes} from '../model/held-field.js';
import {asIsCandidates, type AsIsPattern} from '../model/written-as-is.js';
import {gunzipIfCompressed} from './gunzip.js';
import {describeFsError} from './session-locator.js';

// 4 MiB: a larger chunk saves no CPU and adds its size twice to the peak (the kernel keeps a lower-cased copy).
const chunkBytes = 4 * 1024 * 1024;

/**
 * A line that may match: its bytes (valid only while it is handed on; see model/held-field.ts's LineBytes), its file's
 * index among the session's (1: the first), its line there (from 1).
 */
export type CandidateLine = LineBytes & {shard: number; line: number};

/** One file of a session to read. */
export type TraceFile = {path: string; compressed?: boolean};

/** The kernel a search reads with (one for the whole run: the memory it reads into is kept). */
export const scanKernel: () => ByteKernel = byteKernel;

/** The plan for an anchor ('' when every line is read). */
export function anchorPlan(anchor: string): BytePlan | undefined {
	return anchor === '' ? undefined : bytePlan(anchor);
}

/**
 * What a search looks for in the bytes: the plan for its anchor, or with none, a pattern the bytes can be tested with
 * (model/written-as-is.ts); with neither, every line is handed on.
 */
export type LineFilter = {plan?: BytePlan | undefined; asIs?: AsIsPattern | undefined};

/**
 * Hands `onLine` every line of `files` that may hold the pattern, in order; stops early when it returns false. The
 * error is one line naming the file, when one could not be read to its end.
 */
export async function scanTraceFiles(
	files: readonly TraceFile[],
	filter: LineFilter,
	kernel: ByteKernel,
	onLine: (line: CandidateLine) => boolean,
): Promise<{error?: string}> {
	for (let index = 0; index < files.length; index++) {
		const file = files[index]!;
		const cutter = new CandidateCutter(filter, kernel, index + 1, onLine);
		try {
			if (file.compressed) {
				for await (const chunk of gunzipIfCompressed(createReadStream(file.path))) if (!cutter.push(chunk)) break;
			} else readWhole(file.path, cutter);
			cutter.end();
		} catch (error) {
			cutter.end();
			return {error: `${file.path}: ${describeFsError(error)}`};
		}
		if (cutter.stopped) break;
	}
	return {};
}

function readWhole(path: string, cutter: CandidateCutter): void {
	const fd = openSync(path, 'r');
	try {
		for (;;) {
			const into = cutter.room(chunkBytes);
			const read = readSync(fd, into.buffer, into.at, into.length, null);
			if (read === 0 || !cutter.filled(read)) break;
		}
	} finally {
		closeSync(fd);
	}
}

/** Cuts bytes into whole lines in the kernel's memory and hands on the candidates. */
class CandidateCutter {
	/** Bytes of a line not yet ended, at the start of the kernel's chunk. */
	private held = 0;
	/** Lines handed on or passed so far. */
	private lines = 0;
	stopped = false;
	/** The anchor with colours between its characters: what a line whose only changes are colours must hold. */
	private readonly joined: RegExp | undefined;

	private readonly plan: BytePlan | undefined;
	/** Dropped once a chunk's lines mostly may match: the test then costs more than the lines it spares. */
	private asIs: AsIsPattern | undefined;

	constructor(
		filter: LineFilter,
		private readonly kernel: ByteKernel,
		private readonly shard: number,
		private readonly onLine: (line: CandidateLine) => boolean,
	) {
		this.plan = filter.plan;
		this.asIs = filter.plan ? undefined : filter.asIs;
		this.joined = this.plan && colourJoined(this.plan);
	}

	/** Where to read up to `length` more bytes: after the held ones. */
	room(length: number): {buffer: Buffer; at: number; length: number} {
		return {buffer: this.kernel.chunk(this.held + length), at: this.held, length};
	}

	/** `read` bytes were read into the room; false once the reader should stop. */
	filled(read: number): boolean {
		const total = this.held + read;
		const bytes = this.kernel.chunk(total);
		const end = bytes.lastIndexOf(10, total - 1) + 1;
		this.scan(bytes.subarray(0, end));
		// The line not yet ended moves to the front (a longer read next time when it is long).
		bytes.copy(bytes, 0, end, total);
		this.held = total - end;
		return !this.stopped;
	}

	/** Bytes from a stream. */
	push(chunk: Buffer): boolean {
		const into = this.room(chunk.length);
		chunk.copy(into.buffer, into.at);
		return this.filled(chunk.length);
	}

	/** The last line, which has no newline. */
	end(): void {
		if (this.held > 0 && !this.stopped) {
			const bytes = this.kernel.chunk(this.held + 1);
			bytes[this.held] = 10;
			this.scan(bytes.subarray(0, this.held + 1));
		}
		this.held = 0;
	}

	/** Whole lines (`bytes` ends with a newline). */
	private scan(bytes: Buffer): void {
		if (this.stopped || bytes.length === 0) return;
		const plan = this.plan;
		let starts: number[] | undefined;
		let changed: number[] = [];
		let nextAnchor: ((at: number) => number) | undefined;
		if (plan) {
			const anchored = anchorScan(bytes, plan, this.kernel, []).lines;
			changed = changedLines(bytes, plan, this.kernel);
			starts = mergeSorted(anchored, changedCandidates(bytes, changed, anchored, this.kernel, this.joined!));
			// Where the bytes every match holds are (a query's longest run without a space: a tab may make its spaces).
			nextAnchor = this.kernel.finder(bytes, plan.solid ?? plan.json, plan.lower);
		} else if (this.asIs) {
			starts = asIsCandidates(bytes, this.asIs, this.kernel);
			if (starts === undefined) this.asIs = undefined;
		}
		let nextChanged = 0;
		let counted = 0;
		let line = this.lines;
		const lineAt = (start: number): number => {
			for (let at = bytes.indexOf(10, counted); at !== -1 && at < start; at = bytes.indexOf(10, at + 1)) {
				line++;
				counted = at + 1;
			}
			return line + 1;
		};
		const hand = (start: number): boolean => {
			const end = bytes.indexOf(10, start);
			const at = lineAt(start);
			if (end <= start) return true;
			while (nextChanged < changed.length && changed[nextChanged]! < start) nextChanged++;
			// A line where an escape or a change of sanitize's may make the anchor, or colours split it, is read whole (one
			// with a change at every other line would cost more read line by line). The anchor is ASCII: an escape of
			// another character (é as `\u00e9`) leaves its hits as they are.
			const plain = nextAnchor && (changed[nextChanged] !== start || this.kernel.changes(bytes, start, end) === 0);
			return this.onLine({bytes, start, end, shard: this.shard, line: at, ...(plain ? {nextHit: nextAnchor} : {})});
		};
		const each = starts ?? lineStarts(bytes);
		for (const start of each)
			if (!hand(start)) {
				this.stopped = true;
				return;
			}
		lineAt(bytes.length);
		this.lines = line;
	}
}
