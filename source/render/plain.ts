/**
 * Plain-text rendering for print mode and pipes: each finalized entry becomes a few
 * lines, a label line (time, what it is) and its content indented below. Everything is
 * shown in full; every piece of trace text goes through the sanitizer.
 */
import type {FinalizedEntry} from '../model/session-model.js';
import {inMemory} from '../model/held-text.js';
import type {SessionView, ToolCallItem} from '../model/view-model.js';
import {paint, type Paint} from './color.js';
import {Clocks, formatBytes, formatDuration, formatTokens, lineCount, plural} from './format.js';
import type {PriceTable} from '../cost/prices.js';
import {sessionCostText} from './cost-text.js';
import {sanitize} from './sanitize.js';
import type {Highlighter} from './code-colour.js';
import {printedCodeArgs, printedCodeOutput} from './code-print.js';
import {countsText, printItem, type PrintKit} from './item-kinds.js';
import {
	boundedSummary,
	carriesExitCode,
	exitCodeOf,
	parseArgs,
	presenterFor,
	summarizeToolCall,
	type ToolCallSummary,
} from './tool-summary.js';

/**
 * A tool output made ready to print before its line was parsed (the fast path's block,
 * fastpath/json-block.ts): its UTF-8 with each newline followed by the indent, its line count,
 * its exit code.
 */
export type ReadyOutput = {bytes: Buffer; lines: number; exit?: number};

export type PlainOptions = {
	color: boolean;
	/** Where outputs cut out of their lines wait (print mode's shortcut, docs/fast-path.md). */
	prerendered?: {take(output: string): ReadyOutput | undefined};
	/** Where calls' arguments cut out of their lines wait (fastpath/args-block.ts); without colour only. */
	prerenderedArgs?: {
		take(args: string): {bytes: Uint8Array; args: Record<string, unknown>; summary: ToolCallSummary} | undefined;
	};
	/**
	 * What the input is called (a file's name, `standard input`): the header names it when the
	 * session itself gives no id (a trace with no session_meta, a --json recording of a stream).
	 */
	name?: string;
	/** The prices now (a server's may come after the first lines): each request's line and the totals say its cost. */
	prices?: () => PriceTable | undefined;
	/** With colour: code in colour (an edit's diff, a written file, an answer's fences; render/code-print.ts). */
	highlighter?: Highlighter;
};

/**
 * One line of output, whole or in pieces written one after the other; a piece in bytes is
 * UTF-8 made ready before (a tool output cut from its line, fastpath/json-block.ts).
 */
export type PlainLine = string | readonly (string | Uint8Array)[];

/** A line's text in one string. */
export function lineText(line: PlainLine): string {
	if (typeof line === 'string') return line;
	return line
		.map(piece =>
			typeof piece === 'string'
				? piece
				: Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('utf8'),
		)
		.join('');
}

/** Writes entries as text; remembers which session headers it has already written. */
export class PlainRenderer {
	private readonly p: Paint;
	private readonly color: boolean;
	private readonly prerendered: PlainOptions['prerendered'];
	private readonly prerenderedArgs: PlainOptions['prerenderedArgs'];
	private readonly name: string | undefined;
	private readonly prices: PlainOptions['prices'];
	private readonly highlighter: Highlighter | undefined;
	/** What an entry of render/item-kinds.ts's `printed` writes with. */
	private readonly kit: PrintKit<PlainLine>;
	private nameShown = false;
	private readonly clocks = new Clocks();
	private readonly refs = new CallRefs(value => this.text(value));
	// A later shard opened alone starts with its context's rule before the session_meta that
	// names the session: the rule waits for the session's header, so that there is one.
	private held: PlainLine[] = [];
	// The header last written for each session: asked for every entry, so compared field by field.
	private readonly headersShown = new WeakMap<SessionView, {sessionId: string; provider?: string; modelId?: string}>();

	constructor(options: PlainOptions) {
		this.color = options.color;
		this.prerendered = options.prerendered;
		this.prerenderedArgs = options.color ? undefined : options.prerenderedArgs;
		this.name = options.name;
		this.prices = options.prices;
		this.highlighter = options.color ? options.highlighter : undefined;
		this.p = paint(options.color);
		this.kit = {
			p: this.p,
			prices: () => this.prices?.(),
			highlighter: this.highlighter,
			label: (at, text) => this.label(at, text),
			block: (text, dim) => this.block(text, dim),
			indented: text => this.indented(text),
			length: text => text.length,
			text: value => this.text(value),
			imageText: image => this.imageText(image),
			statusColor: status => this.statusColor(status),
		};
	}

	/** The lines for one finalized entry, the session header first when it is new. */
	entry(entry: FinalizedEntry): PlainLine[] {
		if (entry.depth === 0 && entry.item.kind === 'shard' && !entry.session.header.sessionId && !this.nameShown) {
			this.held.push(...this.body(entry));
			return [];
		}
		const header = this.headerIfNew(entry.session) ?? (entry.depth === 0 ? this.nameIfFirst(entry.session) : undefined);
		const body =
			this.held.length > 0 && entry.depth === 0 ? [...this.held.splice(0), ...this.body(entry)] : this.body(entry);
		const lines = header ? [header, ...body] : body;
		if (entry.depth === 0) return lines;
		const prefix = '│ '.repeat(entry.depth);
		// Blocks come as one string of many lines: split them only when each line needs a prefix.
		return lines
			.map(lineText)
			.join('\n')
			.split('\n')
			.map(line => this.p.dim(prefix) + line);
	}

	/** The closing summary: session totals and counts. */
	totals(view: SessionView): string[] {
		const {counts, tokens} = view;
		const lines = [...this.held.splice(0).map(lineText), this.p.bold('── session totals')];
		if (tokens.session) lines.push(`  tokens: ${countsText(tokens.session)}`);
		const cost = sessionCostText(view, this.prices?.());
		if (cost !== undefined)
			lines.push(`  cost: ${cost}${view.spend.some(line => line.kind === 'subagent') ? ' (subagents included)' : ''}`);
		const window = view.header.contextWindow;
		if (tokens.context !== undefined && window) {
			lines.push(
				`  context: ${formatTokens(tokens.context)} of ${formatTokens(window)} ` +
					`(${Math.round((tokens.context / window) * 100)}%)`,
			);
		}
		lines.push(
			`  ${plural(counts.requests, 'request')} (${plural(counts.retries, 'retry', 'retries')}), ` +
				`${plural(counts.toolCalls, 'tool call')}, ${plural(counts.failures, 'failure')}, ` +
				`${plural(counts.malformed, 'malformed line')}`,
		);
		return lines;
	}

	/** `══ <name>` once, before the first entry of a session that names itself nowhere. */
	private nameIfFirst(view: SessionView): string | undefined {
		if (this.nameShown || view.header.sessionId || !this.name) return undefined;
		this.nameShown = true;
		return this.p.bold(`══ ${this.text(this.name)}`);
	}

	private headerIfNew(view: SessionView): string | undefined {
		const header = view.header;
		if (!header.sessionId) return undefined;
		const shown = this.headersShown.get(view);
		if (
			shown &&
			shown.sessionId === header.sessionId &&
			shown.provider === header.provider &&
			shown.modelId === header.modelId
		)
			return undefined;
		this.headersShown.set(view, {sessionId: header.sessionId, provider: header.provider, modelId: header.modelId});
		const parts = [
			`session ${this.text(header.sessionId)}`,
			header.provider || header.modelId ? this.text(`${header.provider ?? '?'}/${header.modelId ?? '?'}`) : undefined,
			header.contextWindow ? `context window ${formatTokens(header.contextWindow)}` : undefined,
			header.workspace ? `workspace ${this.text(header.workspace)}` : undefined,
			header.source ? `source ${this.text(header.source)}` : undefined,
			header.tools.length > 0 ? plural(header.tools.length, 'tool') : undefined,
		].filter(Boolean);
		return this.p.bold(`══ ${parts.join(' · ')}`);
	}

	private body(entry: FinalizedEntry): PlainLine[] {
		const {item, what} = entry;
		switch (item.kind) {
			case 'tool_call':
				return this.toolCall(item, what, entry.session);
			case 'compaction':
				return what === 'compaction_begin'
					? [
							this.label(
								item.at,
								this.p.bold(
									`─── compaction begins · ` +
										`${[item.reason, item.mode].filter(Boolean).join(' · ')}` +
										`${item.context === undefined ? '' : ` · ${formatTokens(item.context)} tokens of context`}` +
										`${item.turns === undefined ? '' : ` · ${plural(item.turns, 'turn')}`}`,
								),
							),
						]
					: [
							this.label(
								item.endedAt ?? item.at,
								this.statusColor(item.status)(
									`─── compaction ${item.status} · ` +
										`${[item.reason, item.mode].filter(Boolean).join(' · ')}` +
										`${item.attempt ? ` (attempt ${item.attempt})` : ''}` +
										`${item.error ? ` · error: ${this.text(item.error)}` : ''}`,
								),
							),
							...(item.prompt ? [this.indentLabel('prompt'), ...this.block(item.prompt, true)] : []),
							...(item.thinking ? [this.indentLabel('thinking'), ...this.block(item.thinking, true)] : []),
							...(item.summary ? [this.indentLabel('summary'), ...this.block(item.summary)] : []),
						];
			default:
				return printItem(item, this.kit, entry.session);
		}
	}

	private toolCall(item: ToolCallItem, what: FinalizedEntry['what'], session: SessionView): PlainLine[] {
		const p = this.p;
		const ref = this.refs.of(item);
		if (what === 'call') {
			// Arguments cut out of their line come with their block and their summary (made at the cut).
			const ready = this.prerenderedArgs?.take(item.args);
			// The arguments parsed once, for the headline and the block under it.
			const parsed = ready ? ready.args : parseArgs(item.args);
			const summary = ready
				? boundedSummary(ready.summary, maxHeadline)
				: summarizeToolCall(item.name, item.args, session.header.tools, maxHeadline, parsed);
			const note = summary.note ? p.dim(` — ${this.text(summary.note)}`) : '';
			const child = item.childSessionId ? p.dim(` → ${this.text(item.childSessionId)}`) : '';
			const head = this.label(item.at, `${p.bold('tool call')} ${ref}: ${this.text(summary.headline)}${note}${child}`);
			if (ready) return [head, ['  ', ready.bytes]];
			const code = this.highlighter && printedCodeArgs(item.name, item.args, this.highlighter, p);
			if (code !== undefined) return [head, this.indented(code)];
			return [head, ...this.block(presenterFor(item.name).printArgs(item.args, parsed))];
		}
		if (what === 'approval_request') {
			return [this.label(item.approvalRequestedAt, `${p.yellow('approval requested')}: ${ref}`)];
		}
		if (what === 'approval') {
			const decision = item.approval ?? '?';
			// An automatic allow (allow-all, read-only) is no one's decision: only a person's is written.
			if (decision === 'allow' && item.byPerson !== true) return [];
			const tint = decision === 'allow' ? p.green : p.red;
			return [this.label(item.approvalAt, `approval ${tint(this.text(decision))}: ${ref}`)];
		}
		const output = item.output === undefined ? '' : inMemory(item.output);
		const ready = this.prerendered?.take(output);
		// The kernel reads an exit code from every output; only a tool whose outputs carry one shows it.
		const exit = !carriesExitCode(item.name) ? undefined : ready ? ready.exit : exitCodeOf(output);
		// The block is made first: it counts the output's lines on the way (one pass fewer over
		// what is most of a trace's bytes).
		const code =
			this.highlighter && item.state === 'done'
				? printedCodeOutput(
						item.name,
						item.args,
						ready ? ready.bytes.toString('utf8').replaceAll('\n  ', '\n') : sanitize(output),
						this.highlighter,
						this.p,
					)
				: undefined;
		const body =
			code !== undefined
				? {line: this.indented(code), count: ready?.lines}
				: ready
					? {line: ['  ', ready.bytes], count: ready.lines}
					: this.counted(output, this.color);
		// The facts joined as they come: an array spread from `images.map` had one map empty and
		// another with strings, and the compiler threw this function's code away for it, again and
		// again. The images (a frozen list: model/images.ts) by index: `for…of` over a frozen array
		// is not V8's fast path (+5 % instructions on the code mix).
		let facts = plural(body.count ?? lineCount(output), 'line');
		// A call a person allowed ran from the decision: the wait for it is said apart.
		const personal = item.byPerson === true && item.approval === 'allow';
		const known = item.approvalAt !== undefined && item.at !== undefined;
		const waited = personal && known ? item.approvalAt! - item.at! : undefined;
		const from = waited === undefined ? item.at : item.approvalAt;
		const took = from !== undefined && item.endedAt !== undefined ? formatDuration(item.endedAt - from) : '';
		const wait = waited === undefined ? '' : ` (after ${formatDuration(waited)} waiting for approval)`;
		if (took !== '') facts = `${took}${wait} · ${facts}`;
		if (exit !== undefined && exit !== 0) facts += ` · exit ${exit}`;
		const images = item.images;
		for (let i = 0; i < images.length; i++) facts += ` · ${this.imageText(images[i]!)}`;
		const head = `${p.bold('tool output')} ${ref} ${this.stateColor(item)(stateWords[item.state])} · ${facts}`;
		return body.line === undefined
			? [this.label(item.endedAt ?? item.at, head)]
			: [this.label(item.endedAt ?? item.at, head), body.line];
	}

	private imageText(image: {mimeType: string; bytes: number; url?: string}): string {
		if (image.url) return `[image ${this.text(image.url)}]`;
		const type = image.mimeType.startsWith('image/') ? image.mimeType.slice(6) : image.mimeType;
		return `[image ${this.text(type)} ${formatBytes(image.bytes)}]`;
	}

	private label(at: number | undefined, text: string): string {
		return at === undefined ? text : `${this.p.dim(`[${this.clocks.of(at)}]`)} ${text}`;
	}

	/** Lines already sanitized (and coloured), indented by two spaces. */
	private indented(text: string): string {
		return `  ${(text.endsWith('\n') ? text.slice(0, -1) : text).replaceAll('\n', '\n  ')}`;
	}

	private indentLabel(text: string): string {
		return `  ${this.p.dim(text)}`;
	}

	/**
	 * Trace text, sanitized, indented by two spaces per line, as one string: tool outputs
	 * are most of a trace's bytes, so this avoids splitting them into lines and back.
	 */
	private block(text: string, dim = false): PlainLine[] {
		if (text === '') return [];
		if (dim && this.color) {
			let clean = sanitize(text, {keepColor: false});
			if (clean.endsWith('\n')) clean = clean.slice(0, -1);
			return [
				clean
					.split('\n')
					.map(line => `  ${this.p.dim(line)}`)
					.join('\n'),
			];
		}
		return [this.counted(text, this.color).line!];
	}

	/**
	 * A block as one line of two pieces (the first indent, then the rest), so that the indent
	 * is not glued onto a large string only to be copied apart again when it is encoded; and
	 * its line count, when the sanitizer left the text as it was: each newline became three
	 * characters, so the length says how many there were.
	 */
	private counted(text: string, keepColor: boolean): {line?: PlainLine; count?: number} {
		if (text === '') return {count: 0};
		const clean = sanitize(text, {keepColor});
		const trimmed = clean.endsWith('\n') ? clean.slice(0, -1) : clean;
		const indented = trimmed.replaceAll('\n', '\n  ');
		const count = clean === text ? 1 + (indented.length - trimmed.length) / 2 : undefined;
		return {line: ['  ', indented], count};
	}

	/** Trace text on a label line: sanitized, no colour, one line. */
	private text(value: string): string {
		const clean = sanitize(value);
		return clean.includes('\n') ? clean.replaceAll('\n', ' ') : clean;
	}

	private statusColor(status: string): (text: string) => string {
		if (status === 'completed') return this.p.green;
		if (status === 'running') return this.p.dim;
		return this.p.red;
	}

	private stateColor(item: ToolCallItem): (text: string) => string {
		if (item.state === 'done') return this.p.green;
		if (item.state === 'awaiting_approval') return this.p.yellow;
		return this.p.red;
	}
}

/**
 * A call's `name (id)`, as its label lines write it, remembered for the calls printed last: a
 * call has up to four entries (called, waiting, decided, answered), mostly one after the
 * other, and each sanitized its name and id again. A ring of the last few, compared by item
 * (and by name and id, which a later message may still fill in).
 */
class CallRefs {
	private readonly items: (ToolCallItem | undefined)[] = new Array<ToolCallItem | undefined>(recentCalls).fill(
		undefined,
	);
	private readonly names: string[] = new Array<string>(recentCalls).fill('');
	private readonly ids: string[] = new Array<string>(recentCalls).fill('');
	private readonly refs: string[] = new Array<string>(recentCalls).fill('');
	private next = 0;

	/** `text`: trace text as a label line writes it. */
	constructor(private readonly text: (value: string) => string) {}

	of(item: ToolCallItem): string {
		for (let i = 0; i < recentCalls; i++) {
			if (this.items[i] === item && this.names[i] === item.name && this.ids[i] === item.callId) return this.refs[i]!;
		}
		const ref = `${this.text(item.name || '?')} (${this.text(item.callId)})`;
		const at = this.next;
		this.next = (at + 1) % recentCalls;
		this.items[at] = item;
		this.names[at] = item.name;
		this.ids[at] = item.callId;
		this.refs[at] = ref;
		return ref;
	}
}

// How many calls CallRefs remembers: more than run side by side in practice.
const recentCalls = 16;

// A call's headline, at most (in UTF-16 units).
const maxHeadline = 200;

const stateWords: Record<ToolCallItem['state'], string> = {
	streaming: 'arguments streaming',
	awaiting_approval: 'awaiting approval',
	running: 'running',
	done: 'done',
	failed: 'failed',
	denied: 'denied',
	forbidden: 'forbidden',
	aborted: 'aborted',
	unanswered: 'never answered',
};
