/**
 * Search by bytes over the files held texts are in (io/held-texts.ts): each trace shard and
 * the spill file read once, front to back, in large chunks, and handed to the byte scanner
 * (model/byte-search.ts), which says which lines (spans) may hold the query. What arrives
 * later (a followed trace grows, texts are spilled) is scanned when a text from there is
 * first asked about, from where the last scan ended: nothing is scanned twice.
 */
import {fstatSync, readSync} from 'node:fs';
import type {HeldText} from '../model/held-text.js';
import {
	anchorScan,
	bytePlan,
	changedCandidates,
	colourJoined,
	changedLines,
	changeKey,
	lineStarts,
	noFolds,
	mergeSorted,
	rawHits,
	type BytePlan,
} from '../model/byte-search.js';
import {heldFields} from '../model/held-field.js';
import type {HeldField, HeldVerdict} from '../model/held-text.js';
import type {ByteKernel} from '../fastpath/byte-kernel.js';
import {asIsCandidates, writtenAsIs, type AsIsPattern} from '../model/written-as-is.js';

const chunkBytes = 8 * 1024 * 1024;

/** What the scan reads: the store's open files and what it knows of the spill file. */
export type ScanFiles = {
	/** The kernel, and the memory chunks are read into (one for all the store's scans). */
	kernel(): ByteKernel;
	/** Counts the bytes the scans read (what a test watches to see nothing scanned twice). */
	count(bytes: number): void;
	/** The descriptor of shard `index`'s file (opened on demand), or undefined when it cannot be read. */
	shard(index: number): number | undefined;
	/**
	 * The spill file, its size, where each text written to it starts (in order) and which of them sanitize would change.
	 */
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
		return this.indexOf(value) !== -1;
	}

	/** Where `value` is among the offsets (-1: not there). */
	indexOf(value: number): number {
		let low = 0;
		let high = this.length - 1;
		while (low <= high) {
			const middle = (low + high) >> 1;
			const at = this.values[middle]!;
			if (at === value) return middle;
			if (at < value) low = middle + 1;
			else high = middle - 1;
		}
		return -1;
	}
}

/**
 * What one query's scan knows of a stretch of a shard: the lines that may hold the query up to
 * `scanned`, and those whose held text surely does (`line * 4 + field`, byte-search.ts's anchorScan)
 * with how many matches it holds (`counts`, one for each `sure`; 0: the bytes cannot tell).
 */
type Scanned = {scanned: number; lines: Offsets; sure: Offsets; counts: number[]};

/**
 * What one query's scan knows of a shard: from the start, and perhaps a stretch further on
 * (`ahead`), scanned first because a search asked about a text there (Enter looks from what is
 * on screen): the scan from the start joins it when it gets there.
 */
type ShardScan = Scanned & {ahead?: Scanned & {from: number}};

/**
 * A text this far past what the scan from the start has reached is scanned ahead, not reached by scanning all before
 * it.
 */
const aheadBytes = 32 * 1024 * 1024;

/** How much a scan reads at once, and how far past it a text is scanned ahead (tests make them small). */
export type ScanSizes = {chunk: number; ahead: number};

/**
 * What a scan looks for: a plain string (the anchor's plan), or a pattern with no literal whose matches are written as
 * they are (model/written-as-is.ts): then a line, or a spilled text, is read back only where its bytes may hold a
 * match.
 */
type Sought = {plan: BytePlan} | {asIs: AsIsPattern};

/** Which held texts may hold one query; `undefined` from {@link heldScan} when every one must be read. */
export class HeldScan {
	private readonly shards = new Map<number, ShardScan>();
	private spill = {scanned: 0, spans: new Offsets(), sure: new Offsets()};
	private readonly joined: RegExp | undefined;
	private readonly plan: BytePlan | undefined;
	private readonly asIs: AsIsPattern | undefined;

	constructor(
		sought: Sought,
		private readonly files: ScanFiles,
		private readonly sizes: ScanSizes = {chunk: chunkBytes, ahead: aheadBytes},
	) {
		this.plan = 'plan' in sought ? sought.plan : undefined;
		this.asIs = 'asIs' in sought ? sought.asIs : undefined;
		this.joined = this.plan && colourJoined(this.plan);
	}

	/** Whether `held` may hold the query (false: it surely does not). */
	readonly mayHold = (held: HeldText): boolean => this.verdict(held, 'output') !== 'no';

	/**
	 * What the bytes say of `held`, the text of the payload's field `field` (a call's output, a message's text, a
	 * thinking).
	 */
	readonly verdict = (held: HeldText, field: HeldField): HeldVerdict =>
		'spill' in held ? this.spilled(held.spill) : this.line(held.shard, held.offset, heldFields[field]);

	/**
	 * How many matches `held` holds, counted in the file's bytes, where they tell (the verdict is
	 * `yes`); undefined where the text must be read to count them.
	 */
	readonly count = (held: HeldText, field: HeldField): number | undefined => {
		if ('spill' in held || this.verdict(held, field) !== 'yes') return undefined;
		const shard = this.shards.get(held.shard)!;
		const key = held.offset * 4 + heldFields[field];
		const scanned = held.offset < shard.scanned ? shard : shard.ahead!;
		return scanned.counts[scanned.sure.indexOf(key)] || undefined;
	};

	private line(index: number, offset: number, field: number): HeldVerdict {
		let shard = this.shards.get(index);
		if (!shard) this.shards.set(index, (shard = {scanned: 0, lines: new Offsets(), sure: new Offsets(), counts: []}));
		if (offset < shard.scanned) return known(shard, offset, field);
		let ahead = shard.ahead;
		if (ahead && offset >= ahead.from && offset < ahead.scanned) return known(ahead, offset, field);
		const fd = this.files.shard(index);
		if (fd === undefined) return 'maybe';
		try {
			const changed = this.files.changed(index, changeKey(this.plan ?? noFolds));
			if (
				offset - shard.scanned > this.sizes.ahead &&
				!(ahead && offset >= ahead.from && offset - ahead.scanned <= this.sizes.ahead)
			) {
				// Far past both: a stretch ahead from this text's line (a line's start), in place of any before.
				shard.ahead = ahead = {from: offset, scanned: offset, lines: new Offsets(), sure: new Offsets(), counts: []};
			}
			if (ahead && offset >= ahead.from) {
				ahead.scanned = this.scanLines(fd, ahead.scanned, ahead, offset, changed);
				return offset >= ahead.scanned ? 'maybe' : known(ahead, offset, field);
			}
			shard.scanned = this.scanLines(fd, shard.scanned, shard, offset, changed, ahead?.from);
			if (ahead && shard.scanned === ahead.from) {
				// Joined: what was scanned ahead goes on from here.
				for (const start of ahead.lines.between(ahead.from, ahead.scanned)) shard.lines.push(start);
				for (const sure of ahead.sure.between(ahead.from * 4, ahead.scanned * 4)) shard.sure.push(sure);
				for (const count of ahead.counts) shard.counts.push(count);
				shard.scanned = ahead.scanned;
				shard.ahead = undefined;
			}
		} catch {
			// Unreadable now: the read gives its notice.
			return 'maybe';
		}
		return offset >= shard.scanned ? 'maybe' : known(shard, offset, field);
	}

	// Scans the whole lines from `from` on, a chunk at a time, until past `until` (the scan goes
	// no further than a search has come: the first match is not kept waiting for the whole
	// file); where the scan ended. The changed lines already found for these flags are taken,
	// not looked for again.
	// `stop`: where a stretch scanned ahead begins (a line's start), where this scan ends.
	private scanLines(
		fd: number,
		from: number,
		into: Scanned,
		until: number,
		changed: ChangedLines,
		stop?: number,
	): number {
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
			if (!this.plan) {
				const lines = asIsCandidates(chunk, this.asIs!, kernel) ?? lineStarts(chunk);
				for (const start of lines) into.lines.push(at + start);
				at = next;
				continue;
			}
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
			const inChunk = known.map(start => start - at);
			const anchors = anchorScan(chunk, this.plan, kernel, inChunk);
			// A changed line without the anchor is read back only where its changes may make it.
			const remade = changedCandidates(chunk, inChunk, anchors.lines, kernel, this.joined!);
			for (const start of mergeSorted(anchors.lines, remade)) into.lines.push(at + start);
			for (const sure of anchors.sure) into.sure.push(sure + at * 4);
			for (const count of anchors.counts) into.counts.push(count);
			at = next;
		}
		return at;
	}

	private spilled(offset: number): HeldVerdict {
		const spill = this.files.spill();
		if (!spill) return 'maybe';
		if (spill.changed.has(offset)) return 'maybe';
		if (offset >= this.spill.scanned) {
			try {
				if (this.plan) this.scanSpill(spill, this.plan);
				else this.scanSpillTexts(spill, this.asIs!.regex);
			} catch {
				return 'maybe';
			}
		}
		if (!this.spill.spans.has(offset)) return 'no';
		return this.spill.sure.has(offset) ? 'yes' : 'maybe';
	}

	/**
	 * A pattern's scan of the spill file: each text not scanned yet tested whole. A spilled text is as the stream gave it
	 * (UTF-8, no escapes), so a pattern written as it is matches it read as latin1 exactly where it matches it read; one
	 * that sanitize would change is read back all the same (`spill.changed`).
	 */
	private scanSpillTexts(spill: Spill, regex: RegExp): void {
		const {starts} = spill;
		const kernel = this.files.kernel();
		let buffer = kernel.chunk(this.sizes.chunk);
		let last = this.spill.spans.last();
		let index = 0;
		while (index < starts.length && starts[index]! < this.spill.scanned) index++;
		while (index < starts.length) {
			const from = starts[index]!;
			// The texts that fit in the buffer, one at least (the buffer grown for it).
			let to = index + 1;
			while (to < starts.length && (starts[to + 1] ?? spill.size) - from <= buffer.length) to++;
			const end = starts[to] ?? spill.size;
			if (end - from > buffer.length) buffer = kernel.chunk(end - from);
			for (let read = 0; read < end - from; ) {
				const got = readSync(spill.fd, buffer, read, end - from - read, from + read);
				if (got === 0) throw new Error('the spill file ended early');
				this.files.count(got);
				read += got;
			}
			for (let text = index; text < to; text++) {
				const start = starts[text]!;
				regex.lastIndex = 0;
				if (
					regex.test(buffer.toString('latin1', start - from, (starts[text + 1] ?? spill.size) - from)) &&
					start > last
				)
					this.spill.spans.push((last = start));
			}
			index = to;
		}
		regex.lastIndex = 0;
		this.spill.scanned = spill.size;
	}

	private scanSpill(spill: Spill, plan: BytePlan): void {
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
		const overlap = plan.raw.length - 1;
		const kernel = this.files.kernel();
		const buffer = kernel.chunk(chunkBytes);
		let last = this.spill.spans.last();
		let lastSure = this.spill.sure.last();
		// Back by the anchor's length but one: a hit across the last chunk's end.
		let at = Math.max(0, this.spill.scanned - overlap);
		while (at < spill.size) {
			const length = readSync(spill.fd, buffer, 0, Math.min(buffer.length, spill.size - at), at);
			if (length === 0) break;
			this.files.count(length);
			const chunk = buffer.subarray(0, length);
			const hits = rawHits(chunk, plan, kernel, hit => span(at + hit)[1] - at);
			for (const hit of hits) {
				// Wholly in one text that sanitize leaves as it is (a text the spill file's writer found nothing to change in): a
				// match.
				const [start, end] = span(at + hit);
				if (plan.exact && at + hit + plan.raw.length <= end && start > lastSure && !spill.changed.has(start))
					this.spill.sure.push((lastSure = start));
				// A hit may run into the texts after its own: each of them may hold the query.
				for (let [start, end] = span(at + hit); start < at + hit + plan.raw.length; [start, end] = span(end)) {
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

// What is known of a text at `offset` of a stretch scanned past it.
function known(scanned: Scanned, offset: number, field: number): HeldVerdict {
	if (!scanned.lines.has(offset)) return 'no';
	return scanned.sure.has(offset * 4 + field) ? 'yes' : 'maybe';
}

/** What the scan knows of the spill file (ScanFiles's `spill`). */
type Spill = NonNullable<ReturnType<ScanFiles['spill']>>;

/** The scan for `query`, or undefined when no byte search can narrow it (every held text is read). */
export function heldScan(query: string, files: ScanFiles, sizes?: ScanSizes): HeldScan | undefined {
	// A newline could join a call's arguments to the start of its output: read them all.
	const plan = query.includes('\n') ? undefined : bytePlan(query);
	return plan && new HeldScan({plan}, files, sizes);
}

/**
 * The scan for a pattern with no literal, or undefined when its matches may be written otherwise in the bytes (every
 * held text is read).
 */
export function heldPatternScan(pattern: RegExp, files: ScanFiles, sizes?: ScanSizes): HeldScan | undefined {
	const asIs = writtenAsIs(pattern);
	return asIs && new HeldScan({asIs}, files, sizes);
}
