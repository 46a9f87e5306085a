/**
 * Long texts kept on disk instead of in memory: tool outputs (most of a trace's bytes),
 * thinking and long messages. A screen that held every one would hold the whole trace. The
 * session model asks `hold` about each text of a complete message; past a size, it gets back
 * a `HeldText` (model/held-text.ts), plain data saying where the text is, and keeps that in
 * the item instead of the text. Whoever needs the words asks `read` for them: the layout for
 * the panes it draws, search and the filter for every pane, y and v for the focused one.
 * A text read from a trace file is found again in its line (shard, byte offset); one that
 * came from anywhere else (a live stream, standard input) is first written to a spill file of
 * its own, which is unlinked as soon as it is opened: nothing is left behind, whatever way
 * the program ends.
 *
 * Reads are synchronous (a pane is laid out synchronously) and small: one line of the file.
 * A few texts read back are kept, so that a pane laid out again does not read again.
 */
import {closeSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync, writeSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {HeldField, HeldText, HeldVerdict, HoldingItem, TextHolder, TextReader} from '../model/held-text.js';
import type {ModelInput} from '../model/input.js';
import {isRecord} from '../protocol/guards.js';
import {hasControlSequences} from '../render/sanitize.js';
import {lineCount} from '../render/format.js';
import {byteKernel, type ByteKernel} from '../fastpath/byte-kernel.js';
import {heldPatternScan, heldScan, Offsets, type ChangedLines, type HeldScan, type ScanFiles} from './held-scan.js';
import {readAt} from './read-at.js';

/** Texts shorter than this (in UTF-16 units) stay in memory: not worth a read. */
export const defaultHoldThreshold = 256;

/** How many texts read back are kept. */
const keptCount = 16;
/** How many queries' byte scans are kept. */
const keptScans = 4;
/** A read of a line that never ends stops here (the splitter's own limit). */
const maxLineBytes = 64 * 1024 * 1024;

/** Where each held text of one session's trace shards (or spill file) is, and how to read it back. */
export class HeldTextStore implements TextReader {
	private readonly paths = new Map<number, string>();
	private readonly fds = new Map<number, number>();
	private spill?: {fd: number; size: number; starts: number[]; changed: Set<number>};
	/** The byte scans of the last few queries (search, the filter's words), kept to go on from where they ended. */
	private readonly scans = new Map<string, HeldScan | undefined>();
	/** The same for patterns with no literal, by source and flags. */
	private readonly patternScans = new Map<string, HeldScan | undefined>();
	/** What every scan with the same flags finds of a shard (held-scan.ts), by shard and flags. */
	private readonly changed = new Map<string, ChangedLines>();
	/** Whether texts from no file are written to a spill file (false once it cannot be made). */
	private spilling: boolean;
	// Most recently read last: a Map keeps insertion order.
	private readonly kept = new Map<HeldText, string>();
	private readonly threshold: number;
	/** Texts held on disk so far. */
	held = 0;
	/** Texts read back from disk so far (those found among the few kept are not counted). */
	reads = 0;
	/** Bytes read by the byte search so far. */
	scanned = 0;

	constructor(options: {threshold?: number; spill?: boolean} = {}) {
		this.threshold = options.threshold ?? defaultHoldThreshold;
		this.spilling = options.spill ?? false;
	}

	/** Learns the shards' paths from a batch (its `shard` inputs); call it on every batch before it is applied. */
	observe(batch: readonly ModelInput[]): void {
		for (const input of batch) {
			if (input.kind !== 'shard' || input.path === undefined || this.paths.get(input.index) === input.path) continue;
			// Another session opened in its place (the picker): its shard 1 is another file.
			this.paths.set(input.index, input.path);
			this.forgetScans();
			const fd = this.fds.get(input.index);
			this.fds.delete(input.index);
			if (fd !== undefined) closeQuietly(fd);
		}
	}

	/** The holder to give the session model (SessionModelOptions.holdText). */
	readonly hold: TextHolder = (text, at) => {
		if (text.length < this.threshold) return undefined;
		const lines = lineCount(text);
		const held =
			at?.shard !== undefined && this.paths.has(at.shard)
				? {shard: at.shard, offset: at.offset, chars: text.length, lines}
				: this.spillText(text, lines);
		if (held) this.held++;
		return held;
	};

	/**
	 * The text `held` of `item` stands for, read back from disk (or from the few kept); a one-line notice when it can no
	 * longer be.
	 */
	read(held: HeldText, item: HoldingItem): string {
		const kept = this.kept.get(held);
		if (kept !== undefined) {
			this.kept.delete(held);
			this.kept.set(held, kept);
			return kept;
		}
		this.reads++;
		const text =
			'spill' in held ? this.readSpilled(held.spill, held.bytes) : this.readText(held.shard, held.offset, item);
		this.kept.set(held, text);
		if (this.kept.size > keptCount) this.kept.delete(this.kept.keys().next().value!);
		return text;
	}

	/**
	 * Whether held texts hold `query` (search's and the filter's rules), as far as the files'
	 * bytes tell without reading each text: `no` or `yes` where they are sure, else `maybe`.
	 */
	candidates(query: string): (held: HeldText, field: HeldField) => HeldVerdict {
		if (!this.scans.has(query)) {
			this.scans.set(query, heldScan(query, this.scanFiles));
			if (this.scans.size > keptScans) this.scans.delete(this.scans.keys().next().value!);
		}
		const scan = this.scans.get(query);
		return scan ? scan.verdict : () => 'maybe';
	}

	/** The same for a pattern with no literal, as far as the bytes tell where its matches are written as they are. */
	patternCandidates(pattern: RegExp): (held: HeldText, field: HeldField) => HeldVerdict {
		const key = `${pattern.source}/${pattern.flags}`;
		if (!this.patternScans.has(key)) {
			this.patternScans.set(key, heldPatternScan(pattern, this.scanFiles));
			if (this.patternScans.size > keptScans) this.patternScans.delete(this.patternScans.keys().next().value!);
		}
		const scan = this.patternScans.get(key);
		return scan ? scan.verdict : () => 'maybe';
	}

	/** How many matches of the plain string `query` held texts hold, where the files' bytes tell. */
	counts(query: string): (held: HeldText, field: HeldField) => number | undefined {
		this.candidates(query);
		const scan = this.scans.get(query);
		return scan ? scan.count : () => undefined;
	}

	private kernel?: ByteKernel;
	private scratch?: Buffer;

	private readonly scanFiles: ScanFiles = {
		kernel: () => (this.kernel ??= byteKernel()),
		count: bytes => {
			this.scanned += bytes;
		},
		shard: index => {
			const file = this.paths.get(index);
			if (file === undefined) return undefined;
			try {
				return this.open(index, file);
			} catch {
				return undefined;
			}
		},
		spill: () => this.spill,
		changed: (index, key) => {
			const name = `${index}:${key}`;
			let found = this.changed.get(name);
			if (!found) this.changed.set(name, (found = {scanned: 0, lines: new Offsets()}));
			return found;
		},
	};

	private open(shard: number, file: string): number {
		let fd = this.fds.get(shard);
		if (fd === undefined) {
			fd = openSync(file, 'r');
			this.fds.set(shard, fd);
		}
		return fd;
	}

	/**
	 * Forgets the trace files it opened and what it read or scanned of them (the model was
	 * rebuilt: a followed trace may be another file under the same name now). Spilled texts stay.
	 */
	reopen(): void {
		for (const fd of this.fds.values()) closeQuietly(fd);
		this.fds.clear();
		this.kept.clear();
		this.forgetScans();
	}

	// What the scans know of the files' bytes: wrong once a file is another.
	private forgetScans(): void {
		this.scans.clear();
		this.patternScans.clear();
		this.changed.clear();
	}

	/** Closes the files it opened (the spill file goes with its descriptor). */
	close(): void {
		for (const fd of this.fds.values()) closeQuietly(fd);
		this.fds.clear();
		if (this.spill) closeQuietly(this.spill.fd);
		this.spill = undefined;
		this.spilling = false;
		this.kept.clear();
		this.forgetScans();
		this.kernel = undefined;
	}

	/** Appends `text` to the spill file; undefined when there is none (not asked for, or it cannot be made or written). */
	private spillText(text: string, lines: number): HeldText | undefined {
		if (!this.spilling) return undefined;
		try {
			this.spill ??= {fd: openSpillFile(), size: 0, starts: [], changed: new Set()};
			const bytes = Buffer.from(text, 'utf8');
			let written = 0;
			while (written < bytes.length)
				written += writeSync(this.spill.fd, bytes, written, bytes.length - written, this.spill.size + written);
			const spill = this.spill.size;
			this.spill.size += bytes.length;
			this.spill.starts.push(spill);
			// What the byte search cannot judge by its bytes: a text sanitize changes, or with a character lower-casing to
			// ASCII.
			if (hasControlSequences(text) || /[\u0130\u212a]/.test(text)) this.spill.changed.add(spill);
			return {spill, bytes: bytes.length, lines};
		} catch {
			// A full or read-only temp folder: texts stay in memory from now on.
			this.spilling = false;
			return undefined;
		}
	}

	private readSpilled(offset: number, bytes: number): string {
		if (!this.spill) return '[this text is no longer readable: the viewer closed its spill file]';
		try {
			return readAt(this.spill.fd, offset, bytes).toString('utf8');
		} catch (error) {
			return (
				`[this text is no longer readable from the spill file: ` +
				`${(error as NodeJS.ErrnoException).code ?? 'read failed'}]`
			);
		}
	}

	private readText(shard: number, offset: number, item: HoldingItem): string {
		const file = this.paths.get(shard) ?? '?';
		let line: string;
		try {
			line = this.readLine(shard, file, offset);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			return `[this text is no longer readable from ${path.basename(file)}: ${code ?? 'read failed'}]`;
		}
		try {
			const message: unknown = JSON.parse(line);
			const found = isRecord(message) ? textIn(message['payload'], item) : undefined;
			if (found !== undefined) return found;
		} catch {
			// Not the line it was: the file changed under us.
		}
		return `[this text is no longer in ${path.basename(file)}: the file changed after it was read]`;
	}

	// The line that starts at `offset`, read in pieces until its newline.
	private readLine(shard: number, file: string, offset: number): string {
		const fd = this.open(shard, file);
		// One buffer for every read (a search may read a hundred thousand lines): what is
		// left in it from an earlier line lies past what is read, where no newline is taken.
		let buffer = (this.scratch ??= Buffer.allocUnsafe(64 * 1024));
		let length = 0;
		for (;;) {
			if (length === buffer.length) {
				if (buffer.length >= maxLineBytes) break;
				const bigger = Buffer.allocUnsafe(Math.min(maxLineBytes, buffer.length * 4));
				buffer.copy(bigger, 0, 0, length);
				buffer = bigger;
			}
			const read = readSync(fd, buffer, length, buffer.length - length, offset + length);
			const newline = buffer.indexOf(10, length);
			length += read;
			if (newline !== -1 && newline < length) return buffer.toString('utf8', 0, newline);
			if (read === 0) break;
		}
		return buffer.toString('utf8', 0, length);
	}
}

/**
 * The item's text in the payload of the line it was read from, if that line is still the same message (for an output,
 * of the same call).
 */
function textIn(payload: unknown, item: HoldingItem): string | undefined {
	if (!isRecord(payload)) return undefined;
	const pick = (type: string, key: string): string | undefined =>
		payload['type'] === type && typeof payload[key] === 'string' ? payload[key] : undefined;
	if (item.kind === 'tool_call')
		return payload['tool_call_id'] === item.callId ? pick('tool_call_output', 'output') : undefined;
	return item.kind === 'thinking' ? pick('thinking', 'thinking') : pick('text', 'text');
}

/** A new file in a private temp folder, opened for reading and writing, then unlinked with its folder. */
function openSpillFile(): number {
	const folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-'));
	const file = path.join(folder, 'texts');
	const fd = openSync(file, 'wx+', 0o600);
	unlinkSync(file);
	rmdirSync(folder);
	return fd;
}

function closeQuietly(fd: number): void {
	try {
		closeSync(fd);
	} catch {
		// Already closed.
	}
}
