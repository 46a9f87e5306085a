/**
 * The session picker (s), as pure functions: the sessions under the data root filtered by
 * what the reader types, a window that keeps the choice on screen, the keys, and each
 * session drawn as one row. The program lists and opens sessions; the picker only chooses.
 */
import {sanitize} from '../../render/sanitize.js';
import type {KeyPress} from '../screen/keymap.js';
import {seg, truncateSegments, type Segment} from '../panes/segments.js';
import {activityOf, overviewColumns, stateText} from './overview-columns.js';
import {
	fitSessionColumns,
	isServerEntry,
	modelOf,
	sessionRow,
	startText,
	whereOf,
	type ColumnWidths,
	type PickerEntry,
} from './session-columns.js';
import {wrapSegments} from '../panes/wrap.js';

export {isServerEntry, type PickerEntry};

export type PickerState = {
	query: string;
	/** `/` was pressed: keys type into the filter until Esc (else j/k move, as everywhere). */
	filtering?: boolean;
	/** The sessions; undefined while they are being listed. */
	entries?: readonly PickerEntry[];
	/** Why the list could not be read. */
	error?: string;
	/** Index of the chosen row among the filtered entries. */
	selected: number;
	/** Index of the first filtered entry on screen. */
	top: number;
	/** Bumped each time the picker opens: the App lists the sessions again for it. */
	loadId: number;
	/** Enter was pressed on this session: the App opens it. */
	chosen?: PickerEntry;
	/** What a search of the sessions' contents found for the filter (ui/hooks/use-content-filter.ts). */
	found?: ContentFound;
};

/** A session whose contents hold the filter: its matching lines, and the first of them. */
export type ContentHit = {count: number; line: string};

/** The sessions whose contents hold `query`, so far (`done`: every session was searched). */
export type ContentFound = {query: string; hits: ReadonlyMap<string, ContentHit>; done: boolean};

/** The shortest filter whose words are looked for in the sessions' contents too. */
export const contentQueryLength = 3;

/** A picker that has just opened (its list not read yet); `loadId` tells its listing from earlier ones. */
export function openPicker(loadId: number): PickerState {
	return {query: '', selected: 0, top: 0, loadId};
}

/** Rows the picker takes above its list: the title and the filter line. */
export const pickerChrome = 2;

/**
 * The entries whose text holds every word of `query` (any case, in any order), or whose contents hold it (`found`, for
 * the same query).
 */
export function filterEntries(entries: readonly PickerEntry[], query: string, found?: ContentFound): PickerEntry[] {
	const words = query.toLowerCase().split(/\s+/).filter(Boolean);
	if (words.length === 0) return [...entries];
	const hits = found?.query === query ? found.hits : undefined;
	return entries.filter(entry => {
		if (hits?.has(entry.sessionId)) return true;
		const text = haystack(entry);
		return words.every(word => text.includes(word));
	});
}

/** The hit of `entry`'s contents for the filter, if any. */
export function contentHit(state: PickerState, entry: PickerEntry): ContentHit | undefined {
	return state.found?.query === state.query ? state.found.hits.get(entry.sessionId) : undefined;
}

// An entry whose contents hold the filter shows its count and first matching line in place of its prompt or title.
function withHit(state: PickerState, entry: PickerEntry): PickerEntry {
	const hit = contentHit(state, entry);
	if (!hit) return entry;
	const said = `${hit.count}× ${hit.line.trim()}`;
	return isServerEntry(entry) ? {...entry, title: said} : {...entry, firstPrompt: said};
}

function haystack(entry: PickerEntry): string {
	return [
		entry.sessionId,
		entry.project,
		entry.agent,
		entry.project !== undefined ? `${entry.project}/${entry.agent}` : undefined,
		entry.provider,
		entry.model,
		entry.source,
		entry.startedAt ? startText(Date.parse(entry.startedAt)) : undefined,
		isServerEntry(entry) ? entry.title : entry.firstPrompt,
		isServerEntry(entry) ? entry.state : undefined,
		entry.live ? 'live' : undefined,
	]
		.filter(Boolean)
		.join('\n')
		.toLowerCase();
}

/** What a key does in the picker: the next state, or undefined when it closes. */
export function pickerKey(
	state: PickerState,
	input: string,
	key: KeyPress,
	listHeight: number,
): PickerState | undefined {
	if (key.escape) return state.filtering ? {...state, filtering: false} : undefined;
	const count = state.entries ? filterEntries(state.entries, state.query, state.found).length : 0;
	const move = (to: number): PickerState => ({...state, ...windowFor(count, listHeight, to, state.top)});
	if (key.return) {
		const chosen = state.entries ? filterEntries(state.entries, state.query, state.found)[state.selected] : undefined;
		return chosen ? {...state, chosen} : state;
	}
	if (key.upArrow || (key.ctrl && input === 'p')) return move(state.selected - 1);
	if (key.downArrow || (key.ctrl && input === 'n')) return move(state.selected + 1);
	if (key.pageUp) return move(state.selected - Math.max(1, listHeight - 1));
	if (key.pageDown) return move(state.selected + Math.max(1, listHeight - 1));
	if (key.home) return move(0);
	if (key.end) return move(count - 1);
	if (!state.filtering) {
		// The keys of every other list here: j/k, g/G; `/` starts a filter, as search does on the screen.
		if (key.ctrl || key.meta) return state;
		if (input === '/') return {...state, filtering: true};
		if (input === 'j') return move(state.selected + 1);
		if (input === 'k') return move(state.selected - 1);
		if (input === 'g') return move(0);
		if (input === 'G') return move(count - 1);
		return state;
	}
	if (key.backspace || key.delete) return typed(state, [...state.query].slice(0, -1).join(''));
	if (key.ctrl && input === 'u') return typed(state, '');
	if (key.ctrl || key.meta) return state;
	// eslint-disable-next-line no-control-regex
	const text = input.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
	return text === '' ? state : typed(state, state.query + text);
}

function typed(state: PickerState, query: string): PickerState {
	return {...state, query, selected: 0, top: 0, chosen: undefined};
}

/** The selection clamped to the list, and the first row that keeps it on screen. */
export function windowFor(
	count: number,
	listHeight: number,
	selected: number,
	top: number,
): {selected: number; top: number} {
	if (count === 0) return {selected: 0, top: 0};
	const index = Math.min(count - 1, Math.max(0, selected));
	const h = Math.max(1, listHeight);
	let first = Math.min(Math.max(0, top), Math.max(0, count - h));
	if (index < first) first = index;
	if (index >= first + h) first = index - h + 1;
	return {selected: index, top: first};
}

/** What the picker shows on `height` rows: title, filter line, and the sessions in the window. */
export type PickerView = {rows: Segment[][]; selectedRow: number};

/** The picker's rows; `selectedRow` is the index among them of the chosen session (-1: none). */
export function pickerRows(
	state: PickerState,
	options: {
		width: number;
		height: number;
		now: number;
		root: string;
		where?: string;
		notices?: readonly string[];
		current?: string;
		opening?: boolean;
		/** False: the list does not have the keys (beside the session): no row is drawn chosen. */
		cursor?: boolean;
	},
): PickerView {
	const {width, height, now} = options;
	const entries = state.entries
		? filterEntries(state.entries, state.query, state.found).map(e => withHit(state, e))
		: [];
	const title: Segment[] = [seg(' sessions', {bold: true}), seg(`  ${sanitize(options.root)}`, {dim: true})];
	if (state.entries) {
		const shown =
			entries.length === state.entries.length ? `${entries.length}` : `${entries.length} of ${state.entries.length}`;
		title.push(seg(`  ${shown}`));
		title.push(...stateCounts(state.entries));
		// What every session shares is said once here, not in a column on every row.
		const shared = sharedValues(state.entries);
		if (shared.length > 0) title.push(seg(`  all ${shared.join(' · ')}`, {dim: true}));
	}
	const rows: Segment[][] = [truncateSegments(title, width)];
	rows.push(truncateSegments(filterLine(state), width));
	for (const notice of options.notices ?? [])
		rows.push(truncateSegments([seg(` ${sanitize(notice)}`, {color: 'yellow'})], width));
	let selectedRow = -1;
	if (options.opening && state.chosen) {
		rows.push([seg(` opening ${sanitize(state.chosen.sessionId)}…`, {color: 'yellow'})]);
	} else if (state.error) {
		// Wrapped, not cut: an error says what to do (an address to use, a flag to add).
		rows.push(
			...wrapSegments([seg(sanitize(state.error), {color: 'red'})], width, {first: [seg(' ')], rest: [seg(' ')]}),
		);
	} else if (!state.entries) {
		rows.push([seg(' reading the sessions…', {dim: true})]);
	} else if (state.entries.length === 0) {
		rows.push(
			truncateSegments([seg(` no sessions ${sanitize(options.where ?? `under ${options.root}`)}`, {dim: true})], width),
		);
	} else if (entries.length === 0) {
		rows.push(truncateSegments([seg(` no session matches “${sanitize(state.query)}”`, {dim: true})], width));
	} else {
		const listHeight = Math.max(1, height - rows.length);
		const {selected, top} = windowFor(entries.length, listHeight, state.selected, state.top);
		const widths = fitSessionColumns(state.entries!, width, now, overviewColumns);
		const depthOf = depths(state.entries!);
		for (let i = top; i < entries.length && rows.length < height; i++) {
			const chosen = i === selected && options.cursor !== false;
			if (chosen) selectedRow = rows.length;
			const context = {
				now,
				selected: chosen,
				current: entries[i]!.sessionId === options.current,
				depth: depthOf.get(entries[i]!.sessionId) ?? 0,
			};
			rows.push(sessionRow(entries[i]!, widths, context, width, overviewColumns));
		}
	}
	return {rows: rows.slice(0, height), selectedRow};
}

/** The filter being typed (with its cursor), the filter kept after Esc, or how to start one. */
function filterLine(state: PickerState): Segment[] {
	if (state.filtering)
		return [
			seg(' filter › ', {color: 'cyan'}),
			seg(sanitize(state.query)),
			seg('▌', {dim: true}),
			...contentNote(state),
		];
	if (state.query !== '')
		return [seg(' filter › ', {color: 'cyan'}), seg(sanitize(state.query)), seg('   / to change it', {dim: true})];
	return [seg(' / filter', {dim: true})];
}

/**
 * A subagent's row whose wait its parent's row shows too: a disk session's parent listed (overview-rollup.ts makes it
 * wait), and any server subagent (the server holds a subagent's calls in its parent's run, and its parent's record
 * counts them).
 */
function waitShownAbove(entry: PickerEntry, ids: ReadonlySet<string>): boolean {
	if (isServerEntry(entry)) return entry.source === 'subagent';
	return entry.parentId !== undefined && ids.has(entry.parentId);
}

/**
 * `⏸ 1 waiting  ● 2 running` for the title: how many sessions are in each state that needs an eye (a wait shown on a
 * subagent's row and on its parent's is one).
 */
function stateCounts(entries: readonly PickerEntry[]): Segment[] {
	const counts = new Map<string, number>();
	const ids = new Set(entries.map(entry => entry.sessionId));
	for (const entry of entries) {
		const {state} = activityOf(entry);
		if (state === 'idle' || (state === 'waiting' && waitShownAbove(entry, ids))) continue;
		counts.set(state, (counts.get(state) ?? 0) + 1);
	}
	const out: Segment[] = [];
	for (const state of ['waiting', 'failed', 'compacting', 'retrying', 'running'] as const) {
		const count = counts.get(state);
		if (count !== undefined)
			out.push(
				seg(`  ${stateText({state, waiting: 0}).replace(' ', ` ${count} `)}`, {
					dim: state !== 'waiting' && state !== 'failed',
				}),
			);
	}
	return out;
}

/** Each entry's depth under its parent among `entries` (0: top level), by its parentId chain. */
function depths(entries: readonly PickerEntry[]): Map<string, number> {
	const parentOf = new Map<string, string>();
	for (const entry of entries)
		if (!isServerEntry(entry) && entry.parentId !== undefined) parentOf.set(entry.sessionId, entry.parentId);
	const out = new Map<string, number>();
	for (const entry of entries) {
		let depth = 0;
		for (let id = parentOf.get(entry.sessionId); id !== undefined && depth < 8; id = parentOf.get(id)) depth++;
		out.set(entry.sessionId, depth);
	}
	return out;
}

/** Values every one of several sessions shares (project/agent, model): their columns are left out. */
function sharedValues(entries: readonly PickerEntry[]): string[] {
	if (entries.length < 2) return [];
	const shared: string[] = [];
	for (const of of [whereOf, modelOf]) {
		const first = of(entries[0]!);
		if (entries.every(entry => of(entry) === first)) shared.push(first);
	}
	return shared;
}

/** One session on one row (session-columns.ts): fitted to `width` with the columns `entries` need. */
export function entryRow(
	entry: PickerEntry,
	options: {width: number; now: number; widths?: ColumnWidths; selected?: boolean; current?: boolean},
): Segment[] {
	const widths = options.widths ?? fitSessionColumns([entry], options.width, options.now);
	return sessionRow(
		entry,
		widths,
		{now: options.now, selected: options.selected === true, current: options.current === true},
		options.width,
	);
}

// How far the search of the contents got.
function contentNote(state: PickerState): Segment[] {
	if (state.found?.query !== state.query) return [];
	const held = state.found.hits.size;
	const what = `${held} ${held === 1 ? 'session holds' : 'sessions hold'} it`;
	return [seg(state.found.done ? `   ${what}` : `   searching the contents… ${what} so far`, {dim: true})];
}
