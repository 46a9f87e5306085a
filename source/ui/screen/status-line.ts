/**
 * The header and footer rows as pure functions of the view, the source's status and the
 * viewport: who and where the session is, what it is doing, what it has cost, how full the
 * context is, what failed, and what the keys are.
 */
import {parseShardName, shardFileName} from '../../io/trace-files.js';
import type {SourceStatus} from '../../model/session-store.js';
import type {Item, SessionView} from '../../model/view-model.js';
import {formatClock, formatTokens, percentOf} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import {fittedTrail} from './context-trail.js';
import {footerHintLine} from './keymap.js';
import {
	fitTail,
	seg,
	segmentsWidth,
	spread,
	textWidth,
	truncateSegments,
	type Segment,
	type Style,
} from '../panes/segments.js';
import {excerpt} from '../panes/text-bits.js';
import {glyph, isLiveToolState, spinnerAt} from '../panes/theme.js';

export type HeaderInput = {
	view: SessionView;
	/** The context (shard) named: the one on screen; the view's latest when not given. */
	shard?: number;
	status: SourceStatus;
	following: boolean;
	now: number;
	width: number;
	/** The home directory, shown as `~`. */
	home?: string;
	/** When a trace that still had something running stopped being written (session-clock.ts). */
	stoppedAt?: number;
	/** No session is open yet (a server's picker at start): there is nothing to be doing or to follow. */
	noSession?: boolean;
	/** What a replay says of itself (`▶ replay 8× · 14:45:12 of 14:51:03`), in place of `replaying`. */
	replay?: string;
	/** The context size per request and the cost with subagents (context-trail.ts), before the state where they fit. */
	trail?: {sizes: readonly number[]; cost?: string};
};

/** The state with the trail before it, as much of it as `room` columns (less the state) hold. */
function withTrail(state: Segment[], trail: HeaderInput['trail'], room: number): Segment[] {
	if (!trail) return state;
	const fitted = fittedTrail(trail.sizes, trail.cost, room - segmentsWidth(state) - 2);
	return fitted.length > 0 ? [...fitted, seg('  '), ...state] : state;
}

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

/**
 * The two header rows. The first is cut in a set order as the terminal narrows, so that
 * what tells sessions and contexts apart stays longest: the workspace is cut from the left
 * (`…/work2`) and then left out; then the model's provider, the program's name, the session
 * id's date and time (`…8e7b556c`), the model, the source's kind go. The context
 * number is never cut. The second row's source (a file name, a URL) is cut from the left, so
 * that its shard number stays; the state at its right is never cut.
 */
export function headerRows(input: HeaderInput): Segment[][] {
	const {view, status, width} = input;
	const header = view.header;
	const shard = input.shard ?? view.shard;
	const model = [header.provider, header.modelId].filter(Boolean).map(part => sanitize(part!));
	const parts: HeaderParts = {
		name: true,
		sessionId: header.sessionId ? sanitize(header.sessionId) : undefined,
		longId: true,
		model,
		provider: true,
		workspace: header.workspace ? tildePath(header.workspace, input.home) : undefined,
		// A session of one context says nothing about contexts.
		context: view.shard > 1 ? `context ${shard}` : undefined,
		source:
			header.source && header.source !== 'cli' && header.source !== 'server' ? sanitize(header.source) : undefined,
	};
	const cuts: Array<(p: HeaderParts) => HeaderParts> = [
		p => ({...p, workspace: undefined}),
		p => ({...p, provider: false}),
		p => ({...p, name: false}),
		p => ({...p, longId: false}),
		p => ({...p, model: []}),
		p => ({...p, source: undefined}),
	];
	let top = topRow(parts, width);
	for (const cut of cuts) {
		if (segmentsWidth(top) <= width) break;
		Object.assign(parts, cut(parts));
		top = topRow(parts, width);
	}

	// A trace holds no title: the server's, when it gave one, stands in.
	const titleText = header.title ?? status.title;
	const title = titleText ? [seg(`“${excerpt(titleText, 200)}”`, {bold: true})] : [];
	let label = shardLabel(excerpt(status.label, 200), view.shard, input.shard ?? view.shard);
	// The trail takes only what the title and the whole source leave: it never cuts them.
	const state = withTrail(
		stateSegments(input),
		input.trail,
		width - textWidth(label) - (title.length > 0 ? segmentsWidth(title) + 2 : 0) - 4,
	);
	let shownTitle = title;
	// The room the title and the source share beside the state (two spaces from it): the
	// source gives way first (cut from the left, down to 16 columns), then the title.
	const room = width - segmentsWidth(state) - 3;
	const titleWidth = title.length > 0 ? segmentsWidth(title) + 2 : 0;
	if (titleWidth + textWidth(label) > room) {
		const labelRoom = Math.min(room, Math.max(room - titleWidth, Math.min(textWidth(label), 16)));
		label = cutLeft(label, Math.max(0, labelRoom));
		const titleRoom = room - textWidth(label) - 2;
		shownTitle = title.length > 0 && titleRoom >= 4 ? truncateSegments(title, titleRoom) : [];
	}
	const left: Segment[] = [seg(' ')];
	if (shownTitle.length > 0) left.push(...shownTitle, seg('  '));
	if (label) left.push(seg(label, {dim: true}));
	return [truncateSegments(top, width), spread(left, state, width)];
}

type HeaderParts = {
	name: boolean;
	sessionId?: string;
	longId: boolean;
	model: string[];
	provider: boolean;
	workspace?: string;
	context?: string;
	source?: string;
};

/** The first header row from what is left of its parts; the workspace takes what room remains, cut from the left. */
function topRow(parts: HeaderParts, width: number): Segment[] {
	const row: Segment[] = [seg(parts.name ? ' penguin-view' : '', {bold: true})];
	const add = (text: string, style: Style = {}): void => {
		row.push(seg(row.length === 1 && !parts.name ? ' ' : '  '), seg(text, style));
	};
	if (parts.sessionId) add(parts.longId ? shortSessionId(parts.sessionId) : `…${parts.sessionId.slice(-8)}`);
	const model = parts.provider ? parts.model.join('/') : (parts.model.at(-1) ?? '');
	if (model) add(model, {color: 'cyan'});
	const workspaceAt = row.length;
	if (parts.context) add(parts.context, {color: 'blue'});
	if (parts.source) add(parts.source, {dim: true});
	if (parts.workspace) {
		// Whatever room the rest leaves, down to a few columns; else the row is too wide and the workspace goes.
		const room = width - segmentsWidth(row) - 2;
		const shown = textWidth(parts.workspace) <= room || room < 8 ? parts.workspace : cutLeft(parts.workspace, room);
		row.splice(workspaceAt, 0, seg('  '), seg(shown, {dim: true}));
	}
	return row;
}

/** The end of `text` that fits in `width` columns, after `…` when something was cut. */
function cutLeft(text: string, width: number): string {
	if (textWidth(text) <= width) return text;
	return width <= 1 ? '…'.slice(0, width) : `…${fitTail(text, width - 1)}`;
}

/**
 * The source's label naming the shard shown: `…_001.jsonl` while the top of the screen is in
 * the first context of a session whose newest shard, `_002`, the label names; `…_003.jsonl`
 * once a compaction rotated the followed trace on (the label is set when the file opens).
 * A label naming a shard past the newest context, or no shard at all, is left as it is.
 */
export function shardLabel(label: string, newest: number, shown: number): string {
	const named = label.includes('/') ? undefined : parseShardName(label);
	if (!named || named.index > newest || shown === named.index) return label;
	return shardFileName(named.sessionId, shown);
}

/**
 * `● running · following`, `⟳ reconnecting in 3 s · paused`, … One true state, never two
 * that contradict: a source that failed says only that (what ran before is not known now);
 * a trace that stopped mid-run says `stalled since`, not `running`; with no session open
 * there is no activity; `following` or `paused` is said only while more can arrive (not
 * once the source ended or failed, nor with no session open).
 */
export function stateSegments(input: HeaderInput): Segment[] {
	const {view, status, now} = input;
	const parts: Segment[][] = [];
	const activity = activityOf(view);
	const waiting = view.awaitingApproval;
	if (status.state === 'failed') return [seg('✗ source failed', {color: 'red', bold: true}), seg(' ')];
	const over = status.state === 'ended' || view.ended;
	if (input.noSession) parts.push([seg('no session open', {dim: true})]);
	// A call that waits for a human blocks the run: that is what the reader needs to know first.
	else if (waiting > 0)
		parts.push([
			seg(`${glyph.waiting} ${waiting === 1 ? 'waiting for approval' : `${waiting} calls waiting for approval`}`, {
				color: 'yellow',
				inverse: true,
				bold: true,
			}),
		]);
	else if ((activity === 'running' || activity === 'compacting') && input.stoppedAt !== undefined)
		parts.push([seg(`stalled since ${formatClock(input.stoppedAt)}`, {color: 'yellow'})]);
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
		case 'ended':
			// The activity already says "ended" once the model knows the source is done.
			if (!view.ended) parts.push([seg('source ended', {dim: true})]);
			break;
		default:
			parts.push([
				seg(status.state === 'replaying' && input.replay ? input.replay : sanitize(status.state), {color: 'yellow'}),
			]);
	}
	// The end of a large trace is shown first; its history is still being read behind it.
	if (status.loading !== undefined)
		parts.push([seg(`loading history ${Math.floor(status.loading * 100)}%`, {color: 'yellow'})]);
	if (!over && !input.noSession)
		parts.push(input.following ? [seg('following', {color: 'green'})] : [seg('paused', {color: 'yellow', bold: true})]);
	const out: Segment[] = [];
	parts.forEach((part, index) => {
		if (index > 0) out.push(seg(' · ', {dim: true}));
		out.push(...part);
	});
	out.push(seg(' '));
	return out;
}

/**
 * What went wrong with the source, for the footer's last row, where it has the whole width:
 * `⟳ reconnecting in 2 s: connection refused by 127.0.0.1:8080: is the server running?`,
 * `✗ HTTP 401: log in again`. Undefined when nothing did.
 */
export function sourceTrouble(status: SourceStatus, now: number, width: number): Segment[] | undefined {
	if (!status.message) return undefined;
	const message = excerpt(status.message, 400);
	let row: Segment[];
	if (status.state === 'reconnecting') {
		const seconds = status.retryAt === undefined ? undefined : Math.max(0, Math.ceil((status.retryAt - now) / 1000));
		row = [
			seg(` ⟳ reconnecting${seconds === undefined ? '' : ` in ${seconds} s`}: `, {color: 'yellow'}),
			seg(message, {color: 'yellow'}),
		];
		// The reason matters more than the countdown, which the header shows too.
		if (segmentsWidth(row) > width) row = [seg(' ⟳ ', {color: 'yellow'}), seg(message, {color: 'yellow'})];
	} else if (status.state === 'failed')
		row = [seg(` ${glyph.fail} `, {color: 'red', bold: true}), seg(message, {color: 'red'})];
	else row = [seg(` ${message}`, {color: 'yellow'})];
	return truncateSegments(row, width);
}

/** Whether the header shows something that changes with the clock. */
export function headerIsLive(view: SessionView, status: SourceStatus): boolean {
	return view.compacting || (status.state === 'reconnecting' && status.retryAt !== undefined);
}

/**
 * The footer's first row: cost, tokens, context gauge, counts, where the view is, and what arrived below while paused.
 */
export function footerStats(
	view: SessionView,
	newCount: number,
	width: number,
	position: readonly Segment[] = [],
	short: readonly Segment[] = position,
	cost?: string,
): Segment[] {
	const fresh = newCount > 0 ? [seg(` ↓ ${newCount} new `, {color: 'yellow', inverse: true, bold: true})] : [];
	// Detail gives way first when the row is narrow: the last request, then cache, then the
	// tokens; the position is never dropped (a reader must know where they are), only shortened.
	const tries: Array<[number, readonly Segment[]]> = [
		[3, position],
		[2, position],
		[1, position],
		[0, position],
		[0, short],
	];
	for (const [detail, where] of tries) {
		const right = [...where, ...fresh];
		const left = statGroups(view, detail, cost);
		if (segmentsWidth(left) <= width - segmentsWidth(right) - 2) return spread(left, right, width);
	}
	// Too narrow even so: the numbers are cut, the short position stays whole.
	return spread(statGroups(view, 0, cost), [...short, ...fresh], width);
}

const dot = (): Segment => seg(' · ', {dim: true});

function statGroups(view: SessionView, detail: number, cost: string | undefined): Segment[] {
	const groups: Segment[][] = [];
	// What the session and its subagents cost (render/cost-text.ts): short, so it stays when the row narrows.
	if (cost !== undefined) groups.push([seg(cost, {bold: true})]);
	const session = view.tokens.session;
	if (session && detail > 0) {
		const tokens = [seg('tokens ', {dim: true}), seg(`in ${formatTokens(session.total - session.output)}`)];
		if (detail > 1) tokens.push(dot(), seg(`cache ${formatTokens(session.cache_read)}`));
		tokens.push(dot(), seg(`out ${formatTokens(session.output)}`));
		if (detail > 2 && view.tokens.lastRequest)
			tokens.push(dot(), seg(`last req ${formatTokens(view.tokens.lastRequest.total)}`, {dim: true}));
		groups.push(tokens);
	}
	const window = view.header.contextWindow;
	// Before its first request a session's context is empty, not unknown: the gauge shows from the start, as the web's.
	const used = view.tokens.context ?? (view.counts.requests === 0 && !view.compacting ? 0 : undefined);
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
export function footerPrompt(input: {
	editing: boolean;
	draft: string;
	message?: string;
	query?: string;
	width: number;
	acting?: boolean;
	replaying?: boolean;
}): Segment[] {
	if (input.editing)
		return truncateSegments(
			[
				seg(' /', {bold: true}),
				seg(input.draft),
				seg('▌', {dim: true}),
				seg('   Enter search · Esc cancel', {dim: true}),
			],
			input.width,
		);
	if (input.message) {
		const tail = input.query !== undefined ? '   n/N next/previous · Esc leaves search' : '';
		return truncateSegments([seg(` ${input.message}`, {color: 'yellow'}), seg(tail, {dim: true})], input.width);
	}
	return [seg(` ${footerHintLine(Math.max(0, input.width - 1), input.acting, input.replaying)}`, {dim: true})];
}
