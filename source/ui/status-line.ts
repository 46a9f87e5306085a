/**
 * The header and footer rows as pure functions of the view, the source's status and the
 * viewport: who and where the session is, what it is doing, what it has cost, how full the
 * context is, what failed, and what the keys are.
 */
import type {SourceStatus} from '../model/store.js';
import type {Item, SessionView} from '../model/view-model.js';
import {formatTokens, percentOf} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import {footerHintLine} from './keymap.js';
import {seg, segmentsWidth, spread, truncateSegments, type Segment, type Style} from './segments.js';
import {excerpt} from './text-bits.js';
import {glyph, isLiveToolState, spinnerAt} from './theme.js';

export type HeaderInput = {
	view: SessionView;
	status: SourceStatus;
	following: boolean;
	now: number;
	width: number;
	/** The home directory, shown as `~`. */
	home?: string;
};

/** `session-2026-12-02-14-45-42-8e7b556c` → `session…14-45-42-8e7b556c`. */
export function shortSessionId(id: string): string {
	const clean = sanitize(id);
	const match = /^session-\d{4}-\d{2}-\d{2}-(.+)$/.exec(clean);
	return match ? `session…${match[1]}` : clean;
}

/** A path with the home directory as `~`. */
export function tildePath(path: string, home: string | undefined): string {
	const clean = sanitize(path);
	if (!home || home === '/') return clean;
	if (clean === home) return '~';
	return clean.startsWith(`${home}/`) ? `~${clean.slice(home.length)}` : clean;
}

/** What the agent is doing: from the server's task state, or read off the last items of a trace. */
export function activityOf(view: SessionView): 'compacting' | 'running' | 'idle' | 'ended' | string {
	if (view.compacting) return 'compacting';
	if (view.task) return sanitize(view.task.state);
	if (view.ended) return 'ended';
	const items = view.items;
	for (let i = items.length - 1; i >= 0 && i >= items.length - 40; i--) {
		if (isBusy(items[i]!)) return 'running';
	}
	return 'idle';
}

function isBusy(item: Item): boolean {
	switch (item.kind) {
		case 'tool_call':
			return isLiveToolState(item.state) || item.outputStreaming;
		case 'request':
			return item.status === 'running';
		case 'assistant_text':
		case 'thinking':
			return item.streaming;
		default:
			return false;
	}
}

/** The two header rows. */
export function headerRows(input: HeaderInput): Segment[][] {
	const {view, status, width} = input;
	const header = view.header;
	const top: Segment[] = [seg(' penguin-view', {bold: true})];
	const add = (text: string, style: Style = {}): void => {
		top.push(seg('  '), seg(text, style));
	};
	if (header.sessionId) add(shortSessionId(header.sessionId));
	const model = [header.provider, header.modelId].filter(Boolean).map(part => sanitize(part!)).join('/');
	if (model) add(model, {color: 'cyan'});
	if (header.workspace) add(tildePath(header.workspace, input.home), {dim: true});
	if (view.shard > 1) add(`context ${view.shard}`, {color: 'blue'});
	if (header.source && header.source !== 'cli' && header.source !== 'server') add(sanitize(header.source), {dim: true});

	const left: Segment[] = [seg(' ')];
	if (status.message) left.push(seg(excerpt(status.message, 200), {color: status.state === 'failed' ? 'red' : 'yellow'}), seg('  '));
	if (header.title) left.push(seg(`“${excerpt(header.title, 200)}”`, {bold: true}), seg('  '));
	left.push(seg(excerpt(status.label, 200), {dim: true}));
	return [truncateSegments(top, width), spread(left, stateSegments(input), width)];
}

/** `● running · following`, `⟳ reconnecting in 3 s · paused`, … */
export function stateSegments(input: HeaderInput): Segment[] {
	const {view, status, now} = input;
	const parts: Segment[][] = [];
	const activity = activityOf(view);
	const waiting = view.awaitingApproval;
	// A call that waits for a human blocks the run: that is what the reader needs to know first.
	if (waiting > 0) parts.push([seg(`${glyph.waiting} ${waiting === 1 ? 'waiting for approval' : `${waiting} calls waiting for approval`}`, {color: 'yellow', inverse: true, bold: true})]);
	else if (activity === 'running') parts.push([seg('● running', {color: 'green'})]);
	else if (activity === 'compacting') parts.push([seg(`${spinnerAt(now)} compacting`, {color: 'cyan'})]);
	else if (activity === 'idle') parts.push([seg('○ idle', {dim: true})]);
	else parts.push([seg(activity, {dim: true})]);
	const queued = view.task?.queued ?? 0;
	if (queued > 0) parts.push([seg(`${queued} queued`, {color: 'yellow'})]);
	if (status.noHistory) parts.push([seg('live only, no history', {color: 'yellow'})]);
	switch (status.state) {
		case 'following':
		case 'live':
			break;
		case 'connecting':
			parts.push([seg('◌ connecting', {color: 'yellow'})]);
			break;
		case 'reconnecting': {
			const seconds = status.retryAt === undefined ? undefined : Math.max(0, Math.ceil((status.retryAt - now) / 1000));
			parts.push([seg(seconds === undefined ? '⟳ reconnecting' : `⟳ reconnecting in ${seconds} s`, {color: 'yellow'})]);
			break;
		}
		case 'failed':
			parts.push([seg('✗ source failed', {color: 'red', bold: true})]);
			break;
		case 'ended':
			// The activity already says "ended" once the model knows the source is done.
			if (!view.ended) parts.push([seg('source ended', {dim: true})]);
			break;
		default:
			parts.push([seg(sanitize(status.state), {color: 'yellow'})]);
	}
	// The end of a large trace is shown first; its history is still being read behind it.
	if (status.loading !== undefined) parts.push([seg(`loading history ${Math.floor(status.loading * 100)}%`, {color: 'yellow'})]);
	parts.push(input.following ? [seg('following', {color: 'green'})] : [seg('paused', {color: 'yellow', bold: true})]);
	const out: Segment[] = [];
	parts.forEach((part, index) => {
		if (index > 0) out.push(seg(' · ', {dim: true}));
		out.push(...part);
	});
	out.push(seg(' '));
	return out;
}

/** Whether the header shows something that changes with the clock. */
export function headerIsLive(view: SessionView, status: SourceStatus): boolean {
	return view.compacting || (status.state === 'reconnecting' && status.retryAt !== undefined);
}

/** The footer's first row: tokens, context gauge, counts, where the view is, and what arrived below while paused. */
export function footerStats(view: SessionView, newCount: number, width: number, position: readonly Segment[] = [], keepPosition = false): Segment[] {
	const fresh = newCount > 0 ? [seg(` ↓ ${newCount} new `, {color: 'yellow', inverse: true, bold: true})] : [];
	// Detail gives way first when the row is narrow: the last request, then cache; then the
	// position, then the tokens.
	// (A position that says a filter is on is kept: the tokens give way to it.)
	const tries: Array<[number, readonly Segment[]]> = keepPosition
		? [[3, position], [2, position], [1, position], [0, position]]
		: [[3, position], [2, position], [1, position], [1, []], [0, []]];
	for (const [detail, where] of tries) {
		const right = [...where, ...fresh];
		const left = statGroups(view, detail);
		if (segmentsWidth(left) <= width - segmentsWidth(right) - 2 || detail === 0) return spread(left, right, width);
	}
	return spread([], fresh, width);
}

const dot = (): Segment => seg(' · ', {dim: true});

function statGroups(view: SessionView, detail: number): Segment[] {
	const groups: Segment[][] = [];
	const session = view.tokens.session;
	if (session && detail > 0) {
		const tokens = [seg('tokens ', {dim: true}), seg(`in ${formatTokens(session.total - session.output)}`)];
		if (detail > 1) tokens.push(dot(), seg(`cache ${formatTokens(session.cache_read)}`));
		tokens.push(dot(), seg(`out ${formatTokens(session.output)}`));
		if (detail > 2 && view.tokens.lastRequest) tokens.push(dot(), seg(`last req ${formatTokens(view.tokens.lastRequest.total)}`, {dim: true}));
		groups.push(tokens);
	}
	const window = view.header.contextWindow;
	const used = view.tokens.context;
	const percent = used === undefined ? undefined : percentOf(used, window);
	if (percent !== undefined && window !== undefined) {
		const cells = 10;
		const filled = Math.min(cells, Math.max(0, Math.round((percent / 100) * cells)));
		const color = percent >= 85 ? 'red' : percent >= 60 ? 'yellow' : 'green';
		groups.push([
			seg('ctx ', {dim: true}),
			seg('▕', {dim: true}),
			seg('█'.repeat(filled), {color}),
			seg('░'.repeat(cells - filled), {dim: true}),
			seg('▏', {dim: true}),
			seg(` ${percent}% of ${formatTokens(window)}`),
		]);
	}
	const counts = view.counts;
	const tally = [seg(`req ${counts.requests}`), dot(), seg(`tools ${counts.toolCalls}`)];
	if (counts.failures > 0) tally.push(dot(), seg(`✗ ${counts.failures}`, {color: 'red', bold: true}));
	if (counts.retries > 0) tally.push(dot(), seg(`⟳ ${counts.retries}`, {color: 'yellow'}));
	if (counts.malformed > 0) tally.push(dot(), seg(`⚠ ${counts.malformed} malformed`, {color: 'yellow'}));
	groups.push(tally);
	const out: Segment[] = [seg(' ')];
	groups.forEach((group, index) => {
		if (index > 0) out.push(seg('   '));
		out.push(...group);
	});
	return out;
}

/** The footer's second row: the search prompt, a message, or the key hints. */
export function footerPrompt(input: {editing: boolean; draft: string; message?: string; query?: string; width: number; acting?: boolean}): Segment[] {
	if (input.editing) return truncateSegments([seg(' /', {bold: true}), seg(input.draft), seg('▌', {dim: true}), seg('   Enter search · Esc cancel', {dim: true})], input.width);
	if (input.message) {
		const tail = input.query !== undefined ? '   n/N next/previous · Esc leaves search' : '';
		return truncateSegments([seg(` ${input.message}`, {color: 'yellow'}), seg(tail, {dim: true})], input.width);
	}
	return [seg(` ${footerHintLine(Math.max(0, input.width - 1), input.acting)}`, {dim: true})];
}
