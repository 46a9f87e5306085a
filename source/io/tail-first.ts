/**
 * Opening a trace on the screen end first. Reading a large session from its first byte
 * takes seconds, and the reader wants its end: so the newest shard's first line (the
 * header) and its last few hundred KB are read at once, synchronously, into a preview
 * that is on screen within a frame; the whole session is then read from `_001` in the
 * background (in chunks, the event loop free between them) into a model of its own, which
 * takes the preview's place in one frame once it has caught up. Meanwhile the preview
 * follows appends, and the header says how much history is read. Only for plain files:
 * gzip data can only be read from its start (main.ts opens a compressed trace that way).
 */
import {closeSync, fstatSync, openSync, statSync} from 'node:fs';
import type {ModelInput} from '../model/input.js';
import type {SessionStore} from '../model/session-store.js';
import {parseLine} from '../protocol/parse-line.js';
import type {HeldTextStore} from './held-texts.js';
import {LineSplitter, type SplitItem} from './line-splitter.js';
import {readAt} from './read-at.js';
import {parseShardName} from './trace-files.js';
import {followTrace, type FollowOptions, type TraceFollower} from './trace-follower.js';

/** What the history source reports, for the header's progress and the swap. */
export type HistoryHooks = Required<Pick<FollowOptions, 'onProgress' | 'onCaughtUp'>>;

/** Options for openTailFirst. */
export type TailFirstOptions = {
	store: SessionStore;
	follow: boolean;
	/** Starts reading the whole session into `store.apply` (trace files, subagents), reporting through `hooks`. */
	startHistory: (hooks: HistoryHooks) => {close(): void | Promise<void>};
	/** Long texts kept on disk (the preview's too). */
	held?: HeldTextStore;
	/** Bytes of the end read first (default 256 KiB; more when that holds too few lines). */
	tailBytes?: number;
	/**
	 * Called once the preview is on the store, before the history starts: the place to draw
	 * it (the history's reads would otherwise delay that frame).
	 */
	onPreview?: () => void;
};

/** Default bytes of a trace's end read first. */
export const defaultTailBytes = 256 * 1024;
// The preview grows its window until it has this many lines (a screenful of panes at least)…
const minTailLines = 64;
// …but never past this: a few huge lines are shown as they are.
const maxTailBytes = 16 * 1024 * 1024;
// The header line (session_meta with its system prompt and tools) is read up to this.
const maxHeadBytes = 4 * 1024 * 1024;
// How far back the last token_usage is looked for when the window has none.
const maxTokenScanBytes = 32 * 1024 * 1024;

/** The preview of a shard's end: its inputs, and where following it goes on from. */
export type TailPreview = {inputs: ModelInput[]; end: number; start: number};

/**
 * Reads the newest shard's first line and last lines as inputs (synchronously: a few
 * hundred KB). Returns undefined when the file cannot be read.
 */
export function readTailPreview(file: string, index: number, tailBytes = defaultTailBytes): TailPreview | undefined {
	let fd: number;
	try {
		fd = openSync(file, 'r');
	} catch {
		return undefined;
	}
	try {
		const size = fstatSync(fd).size;
		const head = readHead(fd, size);
		const inputs: ModelInput[] = [{kind: 'shard', index, path: file}];
		if (head) inputs.push(parseLine(head.text, {line: 1, offset: 0, shard: index}));
		const headEnd = head?.end ?? 0;
		for (let bytes = tailBytes; ; bytes *= 4) {
			const window = readWindow(fd, Math.max(headEnd, size - bytes), size);
			if (window.items.length < minTailLines && window.start > headEnd && bytes < maxTailBytes) continue;
			// Line numbers are not known from the end: 0 says so (the history has them).
			if (!window.items.some(item => item.kind === 'line' && item.text.includes('token_usage'))) {
				const usage = findLastTokenUsage(fd, window.start, headEnd);
				if (usage) inputs.push(usage);
			}
			for (const item of window.items) {
				if (item.kind === 'malformed')
					inputs.push({
						kind: 'malformed',
						malformed: {...item.malformed, line: 0, offset: window.start + item.malformed.offset, shard: index},
					});
				else inputs.push(parseLine(item.text, {line: 0, offset: window.start + item.offset, shard: index}));
			}
			return {inputs, end: window.end, start: window.start};
		}
	} catch {
		return undefined;
	} finally {
		closeSync(fd);
	}

	// The last token_usage message before `before`, for the footer's totals when the window has none.
	function findLastTokenUsage(fd: number, before: number, floor: number): ModelInput | undefined {
		let end = before;
		while (end > floor && before - end < maxTokenScanBytes) {
			const start = Math.max(floor, end - scanChunk);
			const buffer = readAt(fd, start, end - start);
			let hit = buffer.lastIndexOf('token_usage');
			while (hit !== -1) {
				const found = lineAround(fd, start + hit, floor, before);
				if (found) {
					const parsed = parseLine(found.text, {line: 0, offset: found.offset, shard: index});
					if (parsed.kind === 'message' && parsed.message.payload.type === 'token_usage') return parsed;
				}
				hit = hit === 0 ? -1 : buffer.lastIndexOf('token_usage', hit - 1);
			}
			// Overlap by the word's length: it may straddle two chunks.
			end = start === floor ? floor : start + 'token_usage'.length;
		}
		return undefined;
	}
}

const scanChunk = 1024 * 1024;
// A token_usage line is short: a longer line around the word is something else (an output).
const maxUsageLineBytes = 64 * 1024;

/** The line around byte `position`, when it lies within [floor, ceiling) and is short. */
function lineAround(
	fd: number,
	position: number,
	floor: number,
	ceiling: number,
): {text: string; offset: number} | undefined {
	const from = Math.max(floor, position - maxUsageLineBytes);
	const buffer = readAt(fd, from, Math.min(ceiling, position + maxUsageLineBytes) - from);
	const at = position - from;
	const start = buffer.lastIndexOf(10, at) + 1;
	const end = buffer.indexOf(10, at);
	if ((start === 0 && from !== floor) || end === -1) return undefined;
	return {text: buffer.toString('utf8', start, end), offset: from + start};
}

/** The first line, if it ends within maxHeadBytes. */
function readHead(fd: number, size: number): {text: string; end: number} | undefined {
	let length = Math.min(size, 64 * 1024);
	for (;;) {
		const data = readAt(fd, 0, length);
		const newline = data.indexOf(10);
		if (newline !== -1) return {text: data.toString('utf8', 0, newline), end: newline + 1};
		if (length >= Math.min(size, maxHeadBytes)) return undefined;
		length = Math.min(size, maxHeadBytes, length * 4);
	}
}

/** The whole lines in [from, size): from the first line start at or after `from`, to the last newline. */
function readWindow(fd: number, from: number, size: number): {items: SplitItem[]; start: number; end: number} {
	// One byte before, to see whether `from` is itself a line start.
	const at = Math.max(0, from - 1);
	const data = readAt(fd, at, size - at);
	const first = from === 0 ? 0 : data.indexOf(10) + 1 || data.length;
	const last = data.lastIndexOf(10);
	if (last < first) return {items: [], start: at + first, end: at + first};
	return {items: new LineSplitter().push(data.subarray(first, last + 1)), start: at + first, end: at + last + 1};
}

/**
 * Shows the end of a session on `store` at once (see the module comment), then reads all of
 * it behind. Synchronous up to the preview: when it returns, `store.view` shows the end.
 */
export function openTailFirst(
	session: {sessionId: string; folder: string; shards: string[]; single?: boolean},
	options: TailFirstOptions,
): {close(): Promise<void>} {
	const {store, held} = options;
	const shards = session.shards
		.map((file, i) => ({index: parseShardName(file)?.index ?? i + 1, path: file}))
		.sort((a, b) => a.index - b.index);
	const newest = shards.at(-1);
	const preview = newest ? readTailPreview(newest.path, newest.index, options.tailBytes) : undefined;
	let tail: TraceFollower | undefined;
	let revealed = preview === undefined;
	if (preview && newest) {
		const model = store.newModel(true);
		held?.observe(preview.inputs);
		model.applyAll(preview.inputs, Date.now());
		// The whole session's items from the preview's lines take the preview's ids: the swap
		// keeps focus, open panes and a scrolled viewport where they were.
		store.preview(model, {shard: newest.index, offset: preview.start});
		store.setStatus({loading: 0});
		options.onPreview?.();
		if (options.follow) {
			// The preview stays live while the history loads: appends after what was read.
			tail = followTrace({
				sessionId: session.sessionId,
				folder: session.folder,
				shards: [newest.path],
				single: session.single,
				from: {shard: newest.index, offset: preview.end},
				follow: true,
				onInputs(batch) {
					held?.observe(batch);
					store.applyPreview(batch);
				},
			});
		}
	}
	// Progress: bytes read over the sizes known at the start (appends make it a little less exact).
	const sizes = new Map(shards.map(shard => [shard.index, sizeOf(shard.path)]));
	const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
	let percent = 0;
	const history = options.startHistory({
		onProgress(shard, position) {
			if (revealed || total === 0) return;
			let done = position;
			for (const [index, size] of sizes) if (index < shard) done += size;
			const now = Math.min(99, Math.floor((done / total) * 100));
			if (now !== percent) {
				percent = now;
				store.setStatus({loading: now / 100});
			}
		},
		onCaughtUp() {
			if (revealed) return;
			revealed = true;
			store.reveal();
			store.setStatus({loading: undefined});
			void tail?.close();
			tail = undefined;
		},
	});
	return {
		async close() {
			await Promise.all([tail?.close(), history.close()]);
		},
	};
}

function sizeOf(file: string): number {
	try {
		return statSync(file).size;
	} catch {
		return 0;
	}
}
