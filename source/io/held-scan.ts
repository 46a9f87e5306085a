/**
 * Search by bytes over the files held texts are in (io/held-texts.ts): each trace shard and
 * the spill file read once, front to back, in large chunks, and handed to the byte scanner
 * (model/byte-search.ts), which says which lines (spans) may hold the query. What arrives
 * later (a followed trace grows, texts are spilled) is scanned when a text from there is
 * first asked about, from where the last scan ended: nothing is scanned twice.
 */
import {fstatSync, readSync} from 'node:fs';
import type {HeldText} from '../model/held-text.js';
import {anchorLines, bytePlan, changedLines, changeKey, mergeSorted, rawHits, type BytePlan} from '../model/byte-search.js';
import type {ByteKernel} from './byte-kernel.js';

const chunkBytes = 8 * 1024 * 1024;

/** What the scan reads: the store's open files and what it knows of the spill file. */
export type ScanFiles = {
	/** The kernel, and the memory chunks are read into (one for all the store's scans). */
	kernel(): ByteKernel;
	/** Counts the bytes the scans read (what a test watches to see nothing scanned twice). */
	count(bytes: number): void;
	/** The descriptor of shard `index`'s file (opened on demand), or undefined when it cannot be read. */
	shard(index: number): number | undefined;
	/** The spill file, its size, where each text written to it starts (in order) and which of them sanitize would change. */
	spill(): {fd: number; size: number; starts: readonly number[]; changed: ReadonlySet<number>} | undefined;
	/**
	 * What every query with the same flags finds of shard `index` (model/byte-search.ts's
	 * changedLines), kept by the store for all its scans: the lines up to `scanned`.
	 */
	changed(index: number, key: number): ChangedLines;
};

/** The lines of a shard, from its start to `scanned`, that sanitize changes (for one set of a plan's flags). */
export type ChangedLines = {scanned: number; lines: Offsets};

/** Ascending offsets, appended in order, looked up by halving. */
export class Offsets {
	private values = new Float64Array(1024);
	length = 0;

	push(value: number): void {
		if (this.length === this.values.length) {
			const bigger = new Float64Array(this.values.length * 2);
			bigger.set(this.values);
			this.values = bigger;
		}
		this.values[this.length++] = value;
	}

	last(): number {
		return this.length === 0 ? -1 : this.values[this.length - 1]!;
	}

	/** The offsets in [from, to), in order. */
	between(from: number, to: number): number[] {
		let low = 0;
		let high = this.length;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (this.values[middle]! < from) low = middle + 1;
			else high = middle;
		}
		const found: number[] = [];
		for (let i = low; i < this.length && this.values[i]! < to; i++) found.push(this.values[i]!);
		return found;
	}

	has(value: number): boolean {
		let low = 0;
		let high = this.length - 1;
		while (low <= high) {
			const middle = (low + high) >> 1;
			const at = this.values[middle]!;
			if (at === value) return true;
			if (at < value) low = middle + 1;
			else high = middle - 1;
		}
		return false;
	}
}

/**
 * What one query's scan knows of a shard: its lines from the start to `scanned`, and perhaps a
 * stretch further on (`ahead`), scanned first because a search asked about a text there (Enter
 * looks from what is on screen): the scan from the start joins it when it gets there.
 */
type ShardScan = {scanned: number; lines: Offsets; ahead?: {from: number; scanned: number; lines: Offsets}};

/** A text this far past what the scan from the start has reached is scanned ahead, not reached by scanning all before it. */
const aheadBytes = 32 * 1024 * 1024;

/** How much a scan reads at once, and how far past it a text is scanned ahead (tests make them small). */
export type ScanSizes = {chunk: number; ahead: number};

/** Which held texts may hold one query; `undefined` from {@link heldScan} when every one must be read. */
export class HeldScan {
	private readonly shards = new Map<number, ShardScan>();
	private spill = {scanned: 0, spans: new Offsets()};

	constructor(
		private readonly plan: BytePlan,
		private readonly files: ScanFiles,
		private readonly sizes: ScanSizes = {chunk: chunkBytes, ahead: aheadBytes},
	) {}

	/** Whether `held` may hold the query (false: it surely does not). */
	readonly mayHold = (held: HeldText): boolean => ('spill' in held ? this.spilled(held.spill) : this.line(held.shard, held.offset));

	private line(index: number, offset: number): boolean {
		let shard = this.shards.get(index);
		if (!shard) this.shards.set(index, (shard = {scanned: 0, lines: new Offsets()}));
		if (offset < shard.scanned) return shard.lines.has(offset);
		let ahead = shard.ahead;
		if (ahead && offset >= ahead.from && offset < ahead.scanned) return ahead.lines.has(offset);
		const fd = this.files.shard(index);
		if (fd === undefined) return true;
		try {
			const changed = this.files.changed(index, changeKey(this.plan));
			if (offset - shard.scanned > this.sizes.ahead && !(ahead && offset >= ahead.from && offset - ahead.scanned <= this.sizes.ahead)) {
				// Far past both: a stretch ahead from this text's line (a line's start), in place of any before.
				shard.ahead = ahead = {from: offset, scanned: offset, lines: new Offsets()};
			}
			if (ahead && offset >= ahead.from) {
				ahead.scanned = this.scanLines(fd, ahead.scanned, ahead.lines, offset, changed);
				return offset >= ahead.scanned || ahead.lines.has(offset);
			}
			shard.scanned = this.scanLines(fd, shard.scanned, shard.lines, offset, changed, ahead?.from);
			if (ahead && shard.scanned === ahead.from) {
				// Joined: what was scanned ahead goes on from here.
				for (const start of ahead.lines.between(ahead.from, ahead.scanned)) shard.lines.push(start);
				shard.scanned = ahead.scanned;
				shard.ahead = undefined;
			}
		} catch {
			// Unreadable now: the read gives its notice.
			return true;
		}
		return offset >= shard.scanned || shard.lines.has(offset);
	}

	// Scans the whole lines from `from` on, a chunk at a time, until past `until` (the scan goes
	// no further than a search has come: the first match is not kept waiting for the whole
	// file); where the scan ended. The changed lines already found for these flags are taken,
	// not looked for again.
	// `stop`: where a stretch scanned ahead begins (a line's start), where this scan ends.
	private scanLines(fd: number, from: number, lines: Offsets, until: number, changed: ChangedLines, stop?: number): number {
		const size = Math.min(fstatSync(fd).size, stop ?? Number.POSITIVE_INFINITY);
		const kernel = this.files.kernel();
		let buffer = kernel.chunk(this.sizes.chunk);
		let at = from;
		while (at < size && at <= until) {
			let length = 0;
			let end = -1;
			// A chunk of whole lines: grown while one line is longer than it.
			while (end === -1) {
				if (length === buffer.length) buffer = kernel.chunk(buffer.length * 2);
				const read = readSync(fd, buffer, length, Math.min(buffer.length - length, size - at - length), at + length);
				if (read === 0) return at;
				this.files.count(read);
				length += read;
				end = buffer.lastIndexOf(10, length - 1);
				if (end === -1 && at + length >= size) return at;
			}
			const chunk = buffer.subarray(0, end + 1);
			const next = at + end + 1;
			let known: number[];
			if (changed.scanned >= next) known = changed.lines.between(at, next);
			else {
				known = changedLines(chunk, this.plan, kernel).map(start => at + start);
				// Kept where it goes on from what was kept (the store's scans go front to back, in
				// chunks that end at a line's end, as `changed.scanned` does).
				if (changed.scanned >= at) {
					for (const start of known) if (start >= changed.scanned) changed.lines.push(start);
					changed.scanned = next;
				}
			}
			for (const start of mergeSorted(anchorLines(chunk, this.plan, kernel).map(start => at + start), known)) lines.push(start);
			at = next;
		}
		return at;
	}

	private spilled(offset: number): boolean {
		const spill = this.files.spill();
		if (!spill) return true;
		if (spill.changed.has(offset)) return true;
		if (offset >= this.spill.scanned) {
			try {
				this.scanSpill(spill);
			} catch {
				return true;
			}
		}
		return this.spill.spans.has(offset);
	}

	private scanSpill(spill: NonNullable<ReturnType<ScanFiles['spill']>>): void {
		const {starts} = spill;
		// The text a byte is in: its start, and where the next one starts.
		const span = (at: number): [number, number] => {
			let low = 0;
			let high = starts.length - 1;
			while (low < high) {
				const middle = (low + high + 1) >> 1;
				if (starts[middle]! <= at) low = middle;
				else high = middle - 1;
			}
			return [starts[low]!, starts[low + 1] ?? spill.size];
		};
		const overlap = this.plan.raw.length - 1;
		const kernel = this.files.kernel();
		const buffer = kernel.chunk(chunkBytes);
		let last = this.spill.spans.last();
		// Back by the anchor's length but one: a hit across the last chunk's end.
		let at = Math.max(0, this.spill.scanned - overlap);
		while (at < spill.size) {
			const length = readSync(spill.fd, buffer, 0, Math.min(buffer.length, spill.size - at), at);
			if (length === 0) break;
			this.files.count(length);
			const chunk = buffer.subarray(0, length);
			const hits = rawHits(chunk, this.plan, kernel, hit => span(at + hit)[1] - at);
			for (const hit of hits) {
				// A hit may run into the texts after its own: each of them may hold the query.
				for (let [start, end] = span(at + hit); start < at + hit + this.plan.raw.length; [start, end] = span(end)) {
					if (start > last) this.spill.spans.push((last = start));
					if (end >= spill.size) break;
				}
			}
			if (at + length >= spill.size) break;
			at += Math.max(1, length - overlap);
		}
		this.spill.scanned = spill.size;
	}
}

/** The scan for `query`, or undefined when no byte search can narrow it (every held text is read). */
export function heldScan(query: string, files: ScanFiles, sizes?: ScanSizes): HeldScan | undefined {
	// A newline could join a call's arguments to the start of its output: read them all.
	const plan = query.includes('\n') ? undefined : bytePlan(query);
	return plan && new HeldScan(plan, files, sizes);
}
