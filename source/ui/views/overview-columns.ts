/**
 * The overview's row: the session picker's columns (session-columns.ts) with the live mark
 * replaced by the session's state and followed by what it does now and its tokens; and the
 * entries in attention order (model/overview-order.ts), a subagent's session under its parent.
 */
import {overviewOrder, type OverviewState} from '../../model/overview-order.js';
import {formatTokens, relativeTime} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import {
	isServerEntry,
	lastActiveMs,
	sessionColumns,
	type CellContext,
	type PickerEntry,
	type SessionColumn,
} from './session-columns.js';
import {seg, textWidth, type Segment, type Style} from '../panes/segments.js';

/** What the overview says of one session. */
export type EntryActivity = {state: OverviewState; waiting: number; doing?: string; tokens?: number};

/** A session's state and activity: a server's from its record, one on disk from its trace's tail (none read: idle). */
export function activityOf(entry: PickerEntry): EntryActivity {
	if (isServerEntry(entry)) {
		const known = {
			...(entry.doing !== undefined ? {doing: entry.doing} : {}),
			...(entry.tokens !== undefined ? {tokens: entry.tokens} : {}),
		};
		if (entry.waiting > 0) return {state: 'waiting', waiting: entry.waiting, ...known};
		return {state: entry.state === 'idle' ? 'idle' : entry.state, waiting: 0, ...known};
	}
	const activity = entry.activity;
	// Its tail not read (the list of --list, a test's entry): written in the last minute is running.
	if (activity === undefined) return {state: entry.live ? 'running' : 'idle', waiting: 0};
	return {
		state: activity.state,
		waiting: activity.waiting,
		...(activity.doing !== undefined ? {doing: activity.doing} : {}),
		...(activity.tokens !== undefined ? {tokens: activity.tokens} : {}),
	};
}

const looks: Record<OverviewState, {glyph: string; word: string; style: Style}> = {
	waiting: {glyph: '⏸', word: 'waiting', style: {color: 'yellow', bold: true}},
	failed: {glyph: '✗', word: 'failed', style: {color: 'red', bold: true}},
	compacting: {glyph: '⧗', word: 'compacting', style: {color: 'yellow'}},
	retrying: {glyph: '↻', word: 'retrying', style: {color: 'yellow'}},
	running: {glyph: '●', word: 'running', style: {color: 'green'}},
	idle: {glyph: '○', word: 'idle', style: {dim: true}},
};

/** `⏸ waiting 2`, `● running`, `○ idle`. */
export function stateText(activity: EntryActivity): string {
	const look = looks[activity.state];
	return (
		`${look.glyph} ${look.word}` +
		`${activity.state === 'waiting' && activity.waiting > 0 ? ` ${activity.waiting}` : ''}`
	);
}

const lastMs = lastActiveMs;

/** What it does now; an idle session: how long it has been idle. */
export function doingText(entry: PickerEntry, now: number): string {
	const activity = activityOf(entry);
	if (activity.doing !== undefined) return sanitize(activity.doing).replace(/\s+/g, ' ');
	if (activity.state === 'waiting') return 'waits for a decision';
	if (activity.state === 'idle')
		return `idle ${relativeTime(Math.max(0, now - lastMs(entry)))
			.replace(/ ago$/, '')
			.replace('just now', '< 10 s')}`;
	return activity.state === 'compacting' ? 'compacting…' : '';
}

const tokensText = (entry: PickerEntry): string => {
	const tokens = activityOf(entry).tokens;
	return tokens === undefined ? '' : `${formatTokens(tokens)} tok`;
};
const requestsText = (entry: PickerEntry): string => (entry.requests === undefined ? '' : `${entry.requests} req`);
const hl = (context: CellContext, style: Style = {}): Style =>
	context.selected ? {...style, inverse: true, dim: false} : style;
const widest = (entries: readonly PickerEntry[], text: (entry: PickerEntry) => string): number =>
	entries.reduce((most, entry) => Math.max(most, textWidth(text(entry))), 0);

const stateColumn: SessionColumn = {
	name: 'state',
	cell: entry => {
		const activity = activityOf(entry);
		return [seg(stateText(activity), looks[activity.state].style)];
	},
	width: entries => widest(entries, entry => stateText(activityOf(entry))),
	gap: 2,
};

const doingColumn: SessionColumn = {
	name: 'doing',
	cell: (entry, context) => [
		seg(doingText(entry, context.now), hl(context, activityOf(entry).state === 'idle' ? {dim: true} : {color: 'cyan'})),
	],
	width: (entries, now) =>
		Math.min(
			40,
			widest(entries, entry => doingText(entry, now)),
		),
	gap: 2,
	narrowest: 16,
};

const tokensColumn: SessionColumn = {
	name: 'tokens',
	cell: (entry, context) => [seg(tokensText(entry), hl(context, {dim: true}))],
	width: entries => widest(entries, tokensText),
	right: true,
	gap: 2,
	leaves: 2,
};

const requestsColumn: SessionColumn = {
	name: 'requests',
	cell: (entry, context) => [seg(requestsText(entry), hl(context, {dim: true}))],
	width: entries => widest(entries, requestsText),
	right: true,
	gap: 2,
	leaves: 1,
};

/**
 * The overview's columns: state, activity and cost first, then the picker's (its live mark, size and last activity left
 * out: the activity says it).
 */
export const overviewColumns: readonly SessionColumn[] = [
	stateColumn,
	...sessionColumns.filter(column => column.name === 'id'),
	doingColumn,
	// What the session cost stays on the narrowest row (beside the session): the footer's figure for it.
	...sessionColumns.filter(column => column.name === 'cost').map(({leaves: _leaves, ...column}) => column),
	requestsColumn,
	tokensColumn,
	...sessionColumns.filter(column => !['live', 'id', 'size', 'age', 'cost'].includes(column.name)),
];

/** The entries in attention order, each with its depth under its parent. */
export function overviewEntries(
	entries: readonly PickerEntry[],
	now: number,
): Array<{entry: PickerEntry; depth: number}> {
	const items = entries.map(entry => {
		const parent = isServerEntry(entry) ? undefined : entry.parentId;
		return {
			entry,
			id: entry.sessionId,
			state: activityOf(entry).state,
			lastAt: lastMs(entry),
			...(parent !== undefined ? {parent} : {}),
		};
	});
	return overviewOrder(items, now).map(({item, depth}) => ({entry: item.entry, depth}));
}

/** Segments that indent a nested session's prompt. */
export function depthIndent(depth: number): Segment[] {
	return depth > 1 ? [seg('  '.repeat(depth - 1))] : [];
}
