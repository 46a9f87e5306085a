/**
 * The session picker (s), as pure functions: the sessions under the data root filtered by
 * what the reader types, a window that keeps the choice on screen, the keys, and each
 * session drawn as one row. The program lists and opens sessions; the picker only chooses.
 */
import type {ServerPickerEntry} from '../server/session-list.js';
import type {PickerEntry} from '../server/session-switcher.js';
import {formatBytes, relativeTime} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import type {KeyPress} from './keymap.js';
import {seg, segmentsWidth, textWidth, truncateSegments, type Segment} from './segments.js';

/** Whether an entry is a server's session. */
export function isServerEntry(entry: PickerEntry): entry is ServerPickerEntry {
	return 'kind' in entry && entry.kind === 'server';
}

export type PickerState = {
	query: string;
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
};

/** A picker that has just opened (its list not read yet); `loadId` tells its listing from earlier ones. */
export function openPicker(loadId: number): PickerState {
	return {query: '', selected: 0, top: 0, loadId};
}

/** Rows the picker takes above its list: the title and the filter line. */
export const pickerChrome = 2;

/** The entries whose text holds every word of `query` (any case, in any order). */
export function filterEntries(entries: readonly PickerEntry[], query: string): PickerEntry[] {
	const words = query.toLowerCase().split(/\s+/).filter(Boolean);
	if (words.length === 0) return [...entries];
	return entries.filter(entry => {
		const text = haystack(entry);
		return words.every(word => text.includes(word));
	});
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
export function pickerKey(state: PickerState, input: string, key: KeyPress, listHeight: number): PickerState | undefined {
	if (key.escape) return undefined;
	const count = state.entries ? filterEntries(state.entries, state.query).length : 0;
	const move = (to: number): PickerState => ({...state, ...windowFor(count, listHeight, to, state.top)});
	if (key.return) {
		const chosen = state.entries ? filterEntries(state.entries, state.query)[state.selected] : undefined;
		return chosen ? {...state, chosen} : state;
	}
	if (key.upArrow || (key.ctrl && input === 'p')) return move(state.selected - 1);
	if (key.downArrow || (key.ctrl && input === 'n')) return move(state.selected + 1);
	if (key.pageUp) return move(state.selected - Math.max(1, listHeight - 1));
	if (key.pageDown) return move(state.selected + Math.max(1, listHeight - 1));
	if (key.home) return move(0);
	if (key.end) return move(count - 1);
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
export function windowFor(count: number, listHeight: number, selected: number, top: number): {selected: number; top: number} {
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
	options: {width: number; height: number; now: number; root: string; where?: string; notices?: readonly string[]; current?: string; opening?: boolean},
): PickerView {
	const {width, height, now} = options;
	const entries = state.entries ? filterEntries(state.entries, state.query) : [];
	const live = state.entries?.filter(entry => entry.live).length ?? 0;
	const title: Segment[] = [seg(' sessions', {bold: true}), seg(`  ${sanitize(options.root)}`, {dim: true})];
	if (state.entries) {
		title.push(seg(`  ${entries.length === state.entries.length ? `${entries.length}` : `${entries.length} of ${state.entries.length}`}`));
		const server = state.entries.some(isServerEntry);
		if (live > 0) title.push(seg('  ● ', {color: 'green'}), seg(server ? `${live} running` : `${live} written to in the last minute`, {dim: true}));
		// What every session shares is said once here, not in a column on every row.
		const shared = sharedValues(state.entries);
		if (shared.length > 0) title.push(seg(`  all ${shared.join(' · ')}`, {dim: true}));
	}
	const rows: Segment[][] = [truncateSegments(title, width)];
	rows.push(truncateSegments([seg(' filter › ', {color: 'cyan'}), seg(sanitize(state.query)), seg('▌', {dim: true})], width));
	for (const notice of options.notices ?? []) rows.push(truncateSegments([seg(` ${sanitize(notice)}`, {color: 'yellow'})], width));
	let selectedRow = -1;
	if (options.opening && state.chosen) {
		rows.push([seg(` opening ${sanitize(state.chosen.sessionId)}…`, {color: 'yellow'})]);
	} else if (state.error) {
		rows.push(truncateSegments([seg(` ${sanitize(state.error)}`, {color: 'red'})], width));
	} else if (!state.entries) {
		rows.push([seg(' reading the sessions…', {dim: true})]);
	} else if (state.entries.length === 0) {
		rows.push(truncateSegments([seg(` no sessions ${sanitize(options.where ?? `under ${options.root}`)}`, {dim: true})], width));
	} else if (entries.length === 0) {
		rows.push(truncateSegments([seg(` no session matches “${sanitize(state.query)}”`, {dim: true})], width));
	} else {
		const listHeight = Math.max(1, height - rows.length);
		const {selected, top} = windowFor(entries.length, listHeight, state.selected, state.top);
		const columns = fitColumns(columnWidths(state.entries!), width, state.entries!.some(isServerEntry));
		for (let i = top; i < entries.length && rows.length < height; i++) {
			if (i === selected) selectedRow = rows.length;
			rows.push(entryRow(entries[i]!, {width, now, columns, selected: i === selected, current: entries[i]!.sessionId === options.current}));
		}
	}
	return {rows: rows.slice(0, height), selectedRow};
}

/** The widths of the project/agent and model columns; 0 leaves the column out. */
type Columns = {where: number; model: number};

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

function columnWidths(entries: readonly PickerEntry[]): Columns {
	let where = 0;
	let model = 0;
	for (const entry of entries) {
		where = Math.max(where, textWidth(whereOf(entry)));
		model = Math.max(model, textWidth(modelOf(entry)));
	}
	const same = (of: (entry: PickerEntry) => string): boolean => entries.length > 1 && entries.every(entry => of(entry) === of(entries[0]!));
	// Wide enough for the server's own default_project/default_agent.
	return {where: same(whereOf) ? 0 : Math.min(32, where), model: same(modelOf) ? 0 : Math.min(24, model)};
}

/** The least room the prompt (or title) keeps: it is what tells sessions apart. */
const promptRoom = 30;

/**
 * Columns narrowed, then left out, until the prompt has its room: project/agent and model
 * shrink to 12 and 10 columns, then the model goes, then project/agent.
 */
function fitColumns(columns: Columns, width: number, server: boolean): Columns {
	// Live mark, start, id and mark, size (on disk), last activity, and the gaps between them.
	const fixed = 2 + 11 + 2 + 8 + 2 + (server ? 0 : 8) + 9 + 2;
	const used = (c: Columns): number => fixed + (c.where > 0 ? c.where + 2 : 0) + (c.model > 0 ? c.model + 2 : 0);
	const room = Math.min(promptRoom, Math.max(10, width - fixed));
	let fitted = columns;
	if (used(fitted) + room <= width) return fitted;
	fitted = {where: Math.min(fitted.where, Math.max(12, width - room - fixed - (fitted.model > 0 ? 12 : 0) - 2)), model: Math.min(fitted.model, 10)};
	if (used(fitted) + room <= width) return fitted;
	fitted = {...fitted, model: 0};
	if (used(fitted) + room <= width) return fitted;
	return {where: 0, model: 0};
}

function whereOf(entry: PickerEntry): string {
	if (isServerEntry(entry)) return sanitize(`${entry.project}/${entry.agent}`);
	return sanitize(entry.project !== undefined ? `${entry.project}/${entry.agent ?? '?'}` : (entry.folder.split(/[\\/]/).pop() ?? ''));
}

function modelOf(entry: PickerEntry): string {
	return sanitize(entry.model ?? entry.provider ?? '?');
}

/** `12-02 14:43`, local time. */
function startText(ms: number): string {
	if (!Number.isFinite(ms)) return '?';
	const d = new Date(ms);
	const p = (n: number): string => String(n).padStart(2, '0');
	return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

function pad(text: string, width: number): string {
	const cut = truncateSegments([seg(text)], width).map(segment => segment.text).join('');
	return cut + ' '.repeat(Math.max(0, width - textWidth(cut)));
}

/** One session on one row: live mark, start, short id, project/agent, model, size, last activity, first prompt. */
export function entryRow(entry: PickerEntry, options: {width: number; now: number; columns?: Columns; selected?: boolean; current?: boolean}): Segment[] {
	const columns = options.columns ?? columnWidths([entry]);
	const id = sanitize(entry.sessionId);
	const shortId = id.length > 8 ? id.slice(-8) : id;
	const idle = Math.max(0, options.now - Date.parse(entry.lastActivityAt));
	const server = isServerEntry(entry);
	const prompt = server
		? entry.title !== undefined
			? sanitize(entry.title).replace(/\s+/g, ' ')
			: '(no title yet)'
		: entry.firstPrompt !== undefined
			? sanitize(entry.firstPrompt).replace(/\s+/g, ' ')
			: entry.unreadableHeadLines
				? '(unreadable head)'
				: '(no prompt)';
	const style = options.selected ? {inverse: true} : {};
	const out: Segment[] = [
		entry.live ? seg('●', {color: server && entry.state === 'compacting' ? 'yellow' : 'green'}) : seg(' '),
		seg(' '),
		seg(entry.startedAt ? startText(Date.parse(entry.startedAt)) : pad('?', 11), {...style, dim: !options.selected}),
		seg('  '),
		seg(shortId, {...style, color: 'cyan', bold: options.current}),
		seg(options.current ? '*' : ' ', {color: 'cyan'}),
		seg(' '),
		...(columns.where > 0 ? [seg(pad(whereOf(entry), columns.where), style), seg('  ')] : []),
		...(columns.model > 0 ? [seg(pad(modelOf(entry), columns.model), {...style, dim: !options.selected}), seg('  ')] : []),
		...(server ? [] : [seg(formatBytes(entry.size).padStart(6), {...style, dim: !options.selected}), seg('  ')]),
		seg(relativeTime(idle).padStart(9), {...style, color: entry.live ? 'green' : undefined, dim: !entry.live && !options.selected}),
		seg('  '),
	];
	if (entry.source === 'subagent') out.push(seg(`${'↳'} `, {color: 'magenta'}));
	out.push(seg(prompt, style));
	return segmentsWidth(out) > options.width ? truncateSegments(out, options.width) : out;
}
