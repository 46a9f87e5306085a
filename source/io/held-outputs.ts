/**
 * Long texts kept on disk instead of in memory: tool outputs (most of a trace's bytes),
 * thinking and long messages. A screen that held every one would hold the whole trace. The
 * session model hands each text of a message to `hold`; past a size, the item keeps only
 * where the text is on disk and reads it back when something asks for it, which the screen
 * does only for the panes it draws (and search, for every pane). A text read from a trace
 * file is found again in its line (shard, byte offset); one that came from anywhere else (a
 * live stream, standard input) is first written to a spill file of its own, which is
 * unlinked as soon as it is opened: nothing is left behind, whatever way the program ends.
 *
 * Reads are synchronous (a pane is laid out synchronously) and small: one line of the file.
 * A few texts read back are kept, so that a pane laid out again does not read again. The
 * accessors are shared by all items (V8 keeps them in the items' hidden class) and the
 * position is one number in a WeakMap: holding costs an item a few dozen bytes.
 */
import {closeSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync, writeSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {ModelInput} from '../model/input.js';
import type {TextHolder} from '../model/session-model.js';
import type {Item} from '../model/view-model.js';
import {isRecord} from '../protocol/guards.js';
import {readAt} from './read-at.js';

/** Texts shorter than this (in UTF-16 units) stay in memory: not worth a read. */
export const defaultHoldThreshold = 256;

/** How many texts read back are kept. */
const keptCount = 16;
/** A read of a line that never ends stops here (the splitter's own limit). */
const maxLineBytes = 64 * 1024 * 1024;
/** Positions are packed in one number: shard × 2^40 + offset (a shard under 1 TB). */
const shardFactor = 2 ** 40;

type Field = 'output' | 'text';

/** Long texts of one session's trace shards, read back on demand. */
export class HeldOutputs {
	private readonly paths = new Map<number, string>();
	private readonly fds = new Map<number, number>();
	private readonly where = new WeakMap<object, number>();
	/** Texts written to the spill file: where they start and how many bytes they take. */
	private readonly spilled = new WeakMap<object, {offset: number; bytes: number}>();
	private spill?: {fd: number; size: number};
	/** Whether texts from no file are written to a spill file (false once it cannot be made). */
	private spilling: boolean;
	// Most recently read last: a Map keeps insertion order.
	private readonly kept = new Map<Item, string>();
	private readonly threshold: number;
	private readonly accessors: Record<Field, PropertyDescriptor>;
	/** Texts held on disk so far. */
	held = 0;

	constructor(options: {threshold?: number; spill?: boolean} = {}) {
		this.threshold = options.threshold ?? defaultHoldThreshold;
		this.spilling = options.spill ?? false;
		const accessor = (field: Field): PropertyDescriptor => {
			const holder = this;
			return {
				configurable: true,
				enumerable: true,
				get(this: Item) {
					return holder.read(this, field);
				},
				// The model sets it again (a repeated message): a plain value from then on.
				set(this: Item, value: string | undefined) {
					holder.kept.delete(this);
					holder.where.delete(this);
					holder.spilled.delete(this);
					Object.defineProperty(this, field, {configurable: true, enumerable: true, writable: true, value});
				},
			};
		};
		this.accessors = {output: accessor('output'), text: accessor('text')};
	}

	/** Learns the shards' paths from a batch (its `shard` inputs); call it on every batch before it is applied. */
	observe(batch: readonly ModelInput[]): void {
		for (const input of batch) {
			if (input.kind !== 'shard' || input.path === undefined || this.paths.get(input.index) === input.path) continue;
			// Another session opened in its place (the picker): its shard 1 is another file.
			this.paths.set(input.index, input.path);
			const fd = this.fds.get(input.index);
			this.fds.delete(input.index);
			if (fd !== undefined) closeQuietly(fd);
		}
	}

	/** The holder to give the session model (SessionModelOptions.holdText). */
	readonly hold: TextHolder = (item, field, text, at) => {
		// Only as a new property: a data property turned into an accessor makes a slow object.
		if (text.length < this.threshold || Object.hasOwn(item, field)) return false;
		if (at?.shard !== undefined && this.paths.has(at.shard)) {
			this.where.set(item, at.shard * shardFactor + at.offset);
		} else {
			const spilled = this.spillText(text);
			if (spilled === undefined) return false;
			this.spilled.set(item, spilled);
		}
		this.held++;
		Object.defineProperty(item, field, this.accessors[field]);
		return true;
	};

	/** Closes the files it opened (the spill file goes with its descriptor). */
	close(): void {
		for (const fd of this.fds.values()) closeQuietly(fd);
		this.fds.clear();
		if (this.spill) closeQuietly(this.spill.fd);
		this.spill = undefined;
		this.spilling = false;
		this.kept.clear();
	}

	/** Appends `text` to the spill file; undefined when there is none (not asked for, or it cannot be made or written). */
	private spillText(text: string): {offset: number; bytes: number} | undefined {
		if (!this.spilling) return undefined;
		try {
			this.spill ??= {fd: openSpillFile(), size: 0};
			const bytes = Buffer.from(text, 'utf8');
			let written = 0;
			while (written < bytes.length) written += writeSync(this.spill.fd, bytes, written, bytes.length - written, this.spill.size + written);
			const offset = this.spill.size;
			this.spill.size += bytes.length;
			return {offset, bytes: bytes.length};
		} catch {
			// A full or read-only temp folder: texts stay in memory from now on.
			this.spilling = false;
			return undefined;
		}
	}

	private read(item: Item, field: Field): string {
		const kept = this.kept.get(item);
		if (kept !== undefined) {
			this.kept.delete(item);
			this.kept.set(item, kept);
			return kept;
		}
		const spilled = this.spilled.get(item);
		const packed = this.where.get(item) ?? 0;
		const text = spilled ? this.readSpilled(spilled) : this.readText(item, field, Math.floor(packed / shardFactor), packed % shardFactor);
		this.kept.set(item, text);
		if (this.kept.size > keptCount) this.kept.delete(this.kept.keys().next().value!);
		return text;
	}

	private readSpilled({offset, bytes}: {offset: number; bytes: number}): string {
		if (!this.spill) return '[this text is no longer readable: the viewer closed its spill file]';
		try {
			return readAt(this.spill.fd, offset, bytes).toString('utf8');
		} catch (error) {
			return `[this text is no longer readable from the spill file: ${(error as NodeJS.ErrnoException).code ?? 'read failed'}]`;
		}
	}

	private readText(item: Item, field: Field, shard: number, offset: number): string {
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
			const payload = isRecord(message) ? message['payload'] : undefined;
			const found = isRecord(payload) ? textOf(item, field, payload) : undefined;
			if (found !== undefined) return found;
		} catch {
			// Not the line it was: the file changed under us.
		}
		return `[this text is no longer in ${path.basename(file)}: the file changed after it was read]`;
	}

	// The line that starts at `offset`, read in pieces until its newline.
	private readLine(shard: number, file: string, offset: number): string {
		let fd = this.fds.get(shard);
		if (fd === undefined) {
			fd = openSync(file, 'r');
			this.fds.set(shard, fd);
		}
		let buffer = Buffer.allocUnsafe(64 * 1024);
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

/** The item's text in the payload of the line it was read from, if that line is still the same message. */
function textOf(item: Item, field: Field, payload: Record<string, unknown>): string | undefined {
	const pick = (type: string, key: string): string | undefined => (payload['type'] === type && typeof payload[key] === 'string' ? payload[key] : undefined);
	if (field === 'output') return item.kind === 'tool_call' && payload['tool_call_id'] === item.callId ? pick('tool_call_output', 'output') : undefined;
	if (item.kind === 'thinking') return pick('thinking', 'thinking');
	return pick('text', 'text');
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
