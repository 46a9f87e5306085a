/**
 * The jump prompt (`:`), as in less and vim, by document line (document-index.ts): a line
 * number (`:1204`), a place in the document (`:50%`, the footer's measure), a pane (`:p12`,
 * the twelfth pane in reading order) or a line in it (`:p12.150`), or a time of day (`:14:45`,
 * the first pane at or after it). Times are read in the local time zone, as the screen shows
 * them (render/format.ts's formatClock). Every jump stops following, like the other jumps.
 */
import type {Layout} from '../panes/layout.js';
import {focusItem} from './jumps.js';
import {afterJump} from './marks.js';
import type {KeyPress} from '../screen/keymap.js';
import {goToLine, linesOf} from './line-place.js';
import type {DocumentLines, ScreenEnv, ScreenState} from '../screen/screen-types.js';

/** Where the prompt's text says to go (lines and panes counted from 1, as typed). */
export type JumpTarget =
	| {kind: 'line'; line: number}
	| {kind: 'pane'; number: number; line: number}
	| {kind: 'percent'; percent: number}
	| {kind: 'time'; hours: number; minutes: number; seconds: number};

/** What the prompt's text means; a message when it means nothing. */
export function parseJump(text: string): JumpTarget | {problem: string} {
	const typed = text.trim();
	if (/^\d+$/.test(typed)) return {kind: 'line', line: Number(typed)};
	const pane = /^p(\d+)(?:\.(\d+))?$/i.exec(typed);
	if (pane) return {kind: 'pane', number: Number(pane[1]), line: Number(pane[2] ?? '1')};
	const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(typed);
	if (percent) return {kind: 'percent', percent: Math.min(100, Number(percent[1]))};
	const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(typed);
	if (time) {
		const [hours, minutes, seconds] = [Number(time[1]), Number(time[2]), Number(time[3] ?? '0')];
		if (hours < 24 && minutes < 60 && seconds < 60) return {kind: 'time', hours, minutes, seconds};
	}
	return {
		problem:
			`:${typed}: give a line (:1204), a place (:50%), a pane (:p12) or a line in it (:p12.150), or a` +
			` time (:14:45)`,
	};
}

/** The document line (0-based) a line number, a percentage or a pane means; a message when none. */
export function jumpLine(
	lines: DocumentLines,
	target: Exclude<JumpTarget, {kind: 'time'}>,
): number | {problem: string} {
	const {total, count, starts} = lines.entries();
	if (total === 0) return {problem: 'no lines yet'};
	if (target.kind === 'line') return Math.max(0, Math.min(total, target.line) - 1);
	// The line the footer shows as that percentage: the first whose `n * 100 / total` reaches it.
	if (target.kind === 'percent') return Math.max(0, Math.ceil((target.percent * total) / 100) - 1);
	// Panes are those that hold lines, in reading order.
	let seen = 0;
	for (let i = 0; i < count; i++) {
		const own = starts[i + 1]! - starts[i]!;
		if (own === 0) continue;
		if (++seen === target.number) return starts[i]! + Math.max(0, Math.min(own, target.line) - 1);
	}
	return {problem: `no pane ${target.number}: the document has ${seen}`};
}

/** The first pane at or after a time; a message when none. */
export function jumpIndex(layout: Layout, target: Extract<JumpTarget, {kind: 'time'}>): number | {problem: string} {
	const count = layout.count;
	if (count === 0) return {problem: 'no panes yet'};
	let first: number | undefined;
	let last: number | undefined;
	for (let i = 0; i < count; i++) {
		const at = layout.item(i).at;
		if (at === undefined) continue;
		first ??= at;
		last = at;
	}
	const label = [target.hours, target.minutes].map(n => String(n).padStart(2, '0')).join(':');
	if (first === undefined || last === undefined) return {problem: 'the session has no times to jump to'};
	// The time on the session's first day; on a later day when the session ran past midnight and it is earlier than its
	// start.
	const day = new Date(first);
	day.setHours(target.hours, target.minutes, target.seconds, 0);
	while (day.getTime() < first) {
		const next = new Date(day);
		next.setDate(next.getDate() + 1);
		if (next.getTime() > last) break;
		day.setTime(next.getTime());
	}
	const wanted = day.getTime();
	for (let i = 0; i < count; i++) {
		const at = layout.item(i).at;
		if (at !== undefined && at >= wanted) return i;
	}
	return {problem: `nothing at or after ${label}: the session ends before`};
}

/** The prompt's text after a key; undefined when Esc closed it; `submit` on Enter. */
export function jumpPromptKey(draft: string, input: string, key: KeyPress): {draft?: string; submit?: boolean} {
	if (key.escape) return {};
	if (key.return) return {draft, submit: true};
	if (key.backspace || key.delete) return draft === '' ? {} : {draft: [...draft].slice(0, -1).join('')};
	if (key.ctrl && input === 'u') return {draft: ''};
	if (key.ctrl || key.meta) return {draft};
	// eslint-disable-next-line no-control-regex
	return {draft: draft + input.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')};
}

/** Keys while the jump prompt (:) is open: Enter jumps, Esc (or Backspace on nothing) closes it. */
export function jumpKey(state: ScreenState, input: string, key: KeyPress, env: ScreenEnv): ScreenState {
	const next = jumpPromptKey(state.jumpDraft ?? '', input, key);
	if (!next.submit) return {...state, jumpDraft: next.draft};
	const closed = {...state, jumpDraft: undefined};
	const target = parseJump(next.draft ?? '');
	if ('problem' in target) return {...closed, message: target.problem};
	if (target.kind !== 'time') {
		const line = jumpLine(linesOf(env), target);
		if (typeof line !== 'number') return {...closed, message: line.problem};
		// As less: the line at the top.
		return afterJump(state, goToLine(closed, env, line, 0));
	}
	const layout = env.layout(state.open);
	const index = jumpIndex(layout, target);
	if (typeof index !== 'number') return {...closed, message: index.problem};
	return afterJump(state, focusItem(closed, layout.item(index).id, env));
}
