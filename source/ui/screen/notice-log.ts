/**
 * The notice log (M): every notice, warning and error of the session, each with its time and
 * its whole text, so that a footer message cut short or gone at the next key is never lost.
 * The screen adds what passes through its footer (the source's trouble, refusals, notes);
 * the session's own notices (a missing shard, a shortened replay pause) are read from the
 * view when the log is drawn.
 */
import type {SessionView} from '../../model/view-model.js';
import {formatClock} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import type {CommandId} from './keymap.js';
import {overlayTop} from './overlay-scroll.js';
import type {ScreenState} from './screen-types.js';
import {seg, type Segment, type Style} from '../panes/segments.js';
import {safeLines} from '../panes/text-bits.js';
import {wrapSegments} from '../panes/wrap.js';

export type NoticeEntry = {at?: number; level: 'info' | 'warn' | 'error'; text: string};

/** The most entries kept: the oldest go first. */
const keep = 1000;

/** What the screen saw in its footer, in order; the same text twice in a row is kept once. */
export class NoticeLog {
	private readonly kept: NoticeEntry[] = [];

	add(entry: NoticeEntry): void {
		const last = this.kept[this.kept.length - 1];
		if (last && last.text === entry.text && last.level === entry.level) return;
		this.kept.push(entry);
		if (this.kept.length > keep) this.kept.splice(0, this.kept.length - keep);
	}

	entries(): readonly NoticeEntry[] {
		return this.kept;
	}
}

/** The log's entries with the session's own notices, by time (those without a time where they came). */
export function allNotices(view: SessionView, screen: readonly NoticeEntry[]): NoticeEntry[] {
	const own: NoticeEntry[] = [];
	for (const item of view.items)
		if (item.kind === 'notice') own.push({at: item.at, level: item.level, text: item.text});
	const merged = [...own, ...screen];
	// A stable sort: entries without a time keep their place among their own list.
	return merged
		.map((entry, index) => ({entry, index, at: entry.at ?? Number.NEGATIVE_INFINITY}))
		.sort((a, b) => a.at - b.at || a.index - b.index)
		.map(({entry}) => entry);
}

const looks: Record<NoticeEntry['level'], {word: string; style: Style}> = {
	info: {word: 'note ', style: {dim: true}},
	warn: {word: 'warn ', style: {color: 'yellow'}},
	error: {word: 'error', style: {color: 'red', bold: true}},
};

/** The log's rows at `width`: `14:45:12 warn  text…`, the whole text wrapped under its start. */
export function noticeRows(entries: readonly NoticeEntry[], width: number): Segment[][] {
	if (entries.length === 0) return [[seg(' nothing to note yet: no notice, warning or error so far', {dim: true})]];
	const rows: Segment[][] = [];
	for (const entry of entries) {
		const look = looks[entry.level];
		const first = [
			seg(` ${entry.at === undefined ? '--:--:--' : formatClock(entry.at)} `, {dim: true}),
			seg(look.word, look.style),
			seg(' '),
		];
		const rest = [seg(' '.repeat(16))];
		safeLines(sanitize(entry.text)).forEach((line, index) => {
			rows.push(...wrapSegments([seg(line)], Math.max(20, width), {first: index === 0 ? first : rest, rest}));
		});
	}
	return rows;
}

/** Keys while the log is shown: they scroll it; q, Esc or M close it. `rows`: how many it has. */
export function noticeLogCommand(
	state: ScreenState,
	id: CommandId | undefined,
	rows: number,
	height: number,
): ScreenState {
	// q returns to the session, as it leaves an overlay in less (Ctrl+C, taken before, quits).
	if (id === 'quit' || id === 'escape' || id === 'notices') return {...state, noticeLog: false, noticeTop: undefined};
	// The log opens at its end: the newest notice is what was just cut short.
	const top = overlayTop(id, state.noticeTop ?? Number.POSITIVE_INFINITY, rows, height);
	return top === undefined ? state : {...state, noticeTop: top};
}
