/**
 * `--export md`: a session as a readable Markdown transcript. The header, what the user and
 * the model said, tool calls with their arguments as fenced JSON, thinking and tool output
 * in collapsible `<details>` blocks, images as placeholders, and compactions, retries,
 * aborts and subagents where they happened. A subagent's session, when known, is nested in
 * a block quote under its pointer.
 *
 * Every piece of trace text goes through markdown-text.ts: nothing in it can close a fence
 * or a `<details>` block of ours, or reach a terminal as a control sequence.
 */
import type {PriceTable} from '../cost/prices.js';
import {costOfUsage, costText} from '../cost/arithmetic.js';
import {treeSpend} from '../model/session/spend.js';
import {assertNever} from '../assert-never.js';
import {inMemory, shown, type TextReader} from '../model/held-text.js';
import type {
	CompactionItem,
	Item,
	RequestItem,
	SessionView,
	SubagentItem,
	ThinkingItem,
	ToolCallItem,
	UserTextItem,
} from '../model/view-model.js';
import {formatBytes, lineCount, oneLine, plural} from '../render/format.js';
import {presenterFor, summarizeToolCall} from '../render/tool-summary.js';
import {durationText} from './duration-text.js';
import {activityParts, senderLabel} from './session-words.js';
import {escapeHtml, fenced, inlineCode, inlineText, markdownText} from './markdown-text.js';

/** The session (and its known subagents) as a Markdown document, ending in a newline. */
export function formatMarkdown(view: SessionView, prices?: PriceTable): string {
	return `${new Renderer(view, 0, prices).render().join('\n')}\n`;
}

/** How writeMarkdown reads and writes. */
export type MarkdownStream = {
	prices?: PriceTable;
	/** Reads back the texts the model held on disk (io/held-texts.ts): one item's at a time. */
	texts?: TextReader;
	/** Each item as shown, its texts read, before it is written (--redact). */
	prepare?: (item: Item) => Item;
	/** Takes the document piece by piece; awaited (a pipe that is full makes it wait). */
	write: (text: string) => Promise<void> | void;
};

// About how much text is gathered before it is written: the document is never whole in memory.
const pieceChars = 1 << 20;

/**
 * The same document as formatMarkdown, written in pieces as its items are rendered, each
 * item's held texts read back only for it: memory is bounded by an item, not the session.
 */
export async function writeMarkdown(view: SessionView, stream: MarkdownStream): Promise<void> {
	const renderer = new Renderer(view, 0, stream.prices, (item: Item) => {
		const whole = shown(item, stream.texts) as Item;
		return stream.prepare ? stream.prepare(whole) : whole;
	});
	renderer.start();
	for (const item of view.items) {
		renderer.next(item);
		if (renderer.pending >= pieceChars) await stream.write(renderer.take());
	}
	renderer.finish();
	await stream.write(renderer.take());
}

// Deeper nesting than this is shown as a pointer only (a view is a tree, but bounded output
// matters more than completeness for a pathological one).
const maxDepth = 8;

class Renderer {
	private readonly out: string[] = [];
	/** The characters in `out`, about (what take would write). */
	pending = 0;
	private speaker: 'assistant' | undefined;
	/** The request whose turn is being shown: its failure, if any, is told after its content. */
	private heldRequest: RequestItem | undefined;
	private readonly level: string;

	constructor(
		private readonly view: SessionView,
		private readonly depth: number,
		private readonly prices?: PriceTable,
		/** An item as written: its held texts read back (writeMarkdown); the item itself by default. */
		private readonly prepare: (item: Item) => Item = item => item,
	) {
		this.level = '#'.repeat(Math.min(6, 3 + depth));
	}

	render(): string[] {
		this.start();
		for (const item of this.view.items) this.next(item);
		this.finish();
		return this.out;
	}

	start(): void {
		this.header();
	}

	next(item: Item): void {
		// A request item comes first in its turn; its outcome belongs after what it produced.
		if (item.kind !== 'assistant_text' && item.kind !== 'thinking' && item.kind !== 'tool_call') this.releaseRequest();
		this.item(this.prepare(item));
	}

	finish(): void {
		this.releaseRequest();
	}

	/** What is rendered so far and not yet taken, as text that ends in a newline. */
	take(): string {
		const text = this.out.length === 0 ? '' : `${this.out.join('\n')}\n`;
		this.out.length = 0;
		this.pending = 0;
		return text;
	}

	// ------------------------------------------------------------------ header

	private header(): void {
		const {header, counts, tokens} = this.view;
		const id = header.sessionId ?? 'unknown session';
		if (this.depth === 0) {
			this.block(`# ${header.title ? inlineText(header.title, 120) : `Session ${inlineText(id)}`}`);
		}
		const facts: string[] = [`- **Session:** ${inlineCode(id)}`];
		const model = [header.provider, header.modelId].filter(Boolean).join(' / ');
		if (model) {
			const window = header.contextWindow ? ` (${header.contextWindow.toLocaleString('en-US')}-token context)` : '';
			facts.push(`- **Model:** ${inlineText(model)}${window}`);
		}
		if (header.workspace) facts.push(`- **Workspace:** ${inlineCode(header.workspace, 400)}`);
		if (header.source) facts.push(`- **Source:** ${inlineText(header.source)}`);
		const started = startOf(this.view);
		if (started !== undefined) facts.push(`- **Started:** ${utcDateTime(started)}`);
		const shards = this.view.shard > 1 ? [plural(this.view.shard, 'context shard')] : [];
		const activity = [...activityParts(counts), ...shards];
		facts.push(`- **Activity:** ${activity.join(', ')}`);
		const usage = tokens.session;
		if (usage) {
			facts.push(
				`- **Tokens:** ${usage.total.toLocaleString('en-US')} total ` +
					`(${usage.cache_read.toLocaleString('en-US')} cache read, ` +
					`${usage.cache_write.toLocaleString('en-US')} cache write, ${usage.output.toLocaleString('en-US')} output)`,
			);
		}
		const cost =
			this.prices && this.prices.size > 0 ? costText(costOfUsage(treeSpend(this.view), this.prices)) : undefined;
		if (cost !== undefined)
			facts.push(`- **Cost:** ${cost}${cost.endsWith('*') ? ' (* leaves out models without a price)' : ''}`);
		if (header.tools.length > 0)
			facts.push(`- **Tools:** ${inlineText(header.tools.map(tool => tool.name).join(', '), 1000)}`);
		this.block(...facts);
		if (this.depth === 0 && header.systemPrompt) this.details('System prompt', fenced(header.systemPrompt, 'text'));
		if (this.depth === 0) this.block('## Transcript');
	}

	// ------------------------------------------------------------------ items

	private item(item: Item): void {
		switch (item.kind) {
			case 'user_text':
				this.userText(item);
				return;
			case 'assistant_text': {
				this.assistant(item.at);
				const stopped =
					item.stopReason && item.stopReason !== 'completed' ? `_(stopped: ${inlineText(item.stopReason)})_` : '';
				const streaming = item.streaming ? '_(still streaming)_' : '';
				this.block(markdownText(inMemory(item.text)), ...[stopped, streaming].filter(Boolean));
				return;
			}
			case 'thinking':
				this.assistant(item.at);
				this.thinking(item);
				return;
			case 'tool_call':
				this.assistant(item.at);
				this.toolCall(item);
				return;
			case 'image':
				this.block(imageLine(item.image.mimeType, item.image.bytes, item.image.url, item.role));
				return;
			case 'request':
				this.request(item);
				return;
			case 'compaction':
				this.compaction(item);
				return;
			case 'shard':
				this.speaker = undefined;
				this.block('---', `_Context shard ${item.index} begins${item.afterCompaction ? ' (after compaction)' : ''}._`);
				return;
			case 'abort':
				this.speaker = undefined;
				this.block(`> **Aborted**${item.reason ? `: ${inlineText(item.reason)}` : ''}${time(item.at)}`);
				return;
			case 'subagent':
				this.subagent(item);
				return;
			case 'malformed':
				this.block(
					`_Unreadable line ${item.line}${item.shard !== undefined ? ` (shard ${item.shard})` : ''}: ` +
						`${inlineText(item.reason)}_ ${inlineCode(item.excerpt)}`,
				);
				return;
			case 'notice':
				this.block(`_Notice (${item.level}): ${inlineText(item.text, 400)}_`);
				return;
			case 'goal_finished': {
				const parts = [
					inlineText(item.outcome),
					item.rounds !== undefined ? plural(item.rounds, 'round') : undefined,
					item.tokensUsed !== undefined ? `${item.tokensUsed.toLocaleString('en-US')} tokens` : undefined,
				].filter(Boolean);
				this.speaker = undefined;
				this.block(`**Goal finished:** ${parts.join(' · ')}${time(item.at)}`);
				return;
			}
			case 'mcp_connect':
				this.block(
					`**MCP connect** ${inlineText(item.servers.join(', '))} · ${inlineText(item.status)}`,
					...item.results.map(
						r =>
							`- ${inlineText(r.server)}: ${inlineText(r.status)}${r.transport ? ` (${inlineText(r.transport)})` : ''}` +
							`${r.durationMs !== undefined ? `, ${durationText(r.durationMs)}` : ''}` +
							`${r.error ? ` · ${inlineText(r.error)}` : ''}`,
					),
				);
				return;
			case 'unknown':
				this.block(
					`**Unrecognised message** ${inlineCode(item.payloadType)} ` +
						`(${item.why === 'unknown' ? 'unknown type' : 'unexpected shape'})`,
				);
				this.block(...fenced(item.summary, 'json'));
				return;
			default:
				assertNever(item, 'item kind');
		}
	}

	private userText(item: UserTextItem): void {
		this.speaker = undefined;
		const who = inlineText(senderLabel(item.sender), 40);
		if (item.marker === 'context_summary') {
			this.block(`${this.level} Context summary (written by the harness)${time(item.at)}`);
			this.details('Summary', [markdownText(inMemory(item.text))]);
			return;
		}
		const note =
			item.marker === 'user_steering'
				? ' (steering)'
				: item.marker === 'goal'
					? ' (goal prompt)'
					: item.marker
						? ` (${item.marker.replace('_', ' ')})`
						: '';
		this.block(`${this.level} ${who}${note}${time(item.at)}`, markdownText(inMemory(item.text)));
	}

	// One heading per model turn: the first assistant item after anything else opens it.
	private assistant(at: number | undefined): void {
		if (this.speaker === 'assistant') return;
		this.speaker = 'assistant';
		this.block(`${this.level} Assistant${time(at)}`);
	}

	private thinking(item: ThinkingItem): void {
		const duration = item.durationMs !== undefined ? ` · ${durationText(item.durationMs)}` : '';
		if (item.inline) {
			this.block(
				`_Thinking (binary, ${escapeHtml(item.inline.mimeType)}, ${formatBytes(item.inline.bytes)}, not shown)_`,
			);
			return;
		}
		if (item.encrypted || item.text === '') {
			this.block(`_Thinking${item.encrypted ? ' (encrypted by the provider)' : ' (empty)'}${duration}_`);
			return;
		}
		this.details(`Thinking${duration}`, [markdownText(inMemory(item.text))]);
	}

	private toolCall(item: ToolCallItem): void {
		const headline = summarizeToolCall(item.name, item.args, this.view.header.tools, 100).headline;
		const duration =
			item.endedAt !== undefined && item.at !== undefined
				? ` · ${durationText(Math.max(0, item.endedAt - item.at))}`
				: '';
		const approval =
			item.approval === 'deny'
				? ' · denied by the user'
				: item.approval === 'forbidden'
					? ' · forbidden by policy'
					: '';
		const child = item.childSessionId ? ` · started subagent ${inlineCode(item.childSessionId)}` : '';
		this.block(
			`**Tool call** ${inlineCode(item.name || '(unnamed)')}` +
				`${headline ? ` · ${inlineText(headline)}` : ''} · ${item.state}${approval}${duration}${child}`,
		);
		const args = presenterFor(item.name).markdownArgs(item.args);
		this.block(...fenced(args.text, args.language));
		if (item.output === undefined) {
			this.block(`_No output (${item.state})._`);
		} else {
			const output = inMemory(item.output);
			const status = item.outputStopReason ?? (item.outputStreaming ? 'streaming' : 'completed');
			this.details(`Output · ${plural(lineCount(output), 'line')} · ${status}`, fenced(output, 'text'));
		}
		if (item.images.length > 0) {
			this.block(...item.images.map(image => `- ${imageLine(image.mimeType, image.bytes, image.url)}`));
		}
	}

	private request(item: RequestItem): void {
		// A new request is a new model turn, whatever it ends with.
		this.speaker = undefined;
		this.heldRequest = item;
	}

	private releaseRequest(): void {
		const item = this.heldRequest;
		this.heldRequest = undefined;
		if (!item || item.status === 'completed') return;
		if (item.status === 'running') {
			this.block(`_Request ${item.index} in progress._`);
			return;
		}
		const parts = [
			`**Request ${item.index}** ` +
				`${inlineText(item.status)}${item.attempt !== undefined ? ` (attempt ${item.attempt})` : ''}`,
			item.retried || item.retryInMs !== undefined
				? `retried${item.retryInMs !== undefined ? ` after ${durationText(item.retryInMs)}` : ''}`
				: undefined,
			item.error ? inlineText(item.error, 300) : undefined,
		].filter(Boolean);
		this.block(`> ${parts.join(' · ')}${time(item.endedAt ?? item.at)}`);
	}

	private compaction(item: CompactionItem): void {
		this.speaker = undefined;
		const how = [item.reason, item.mode]
			.filter(Boolean)
			.map(part => inlineText(part!))
			.join(', ');
		this.block(`${this.level} Compaction${how ? ` · ${how}` : ''} · ${inlineText(item.status)}${time(item.at)}`);
		const facts = [
			item.context !== undefined ? `context ${item.context.toLocaleString('en-US')} tokens` : undefined,
			item.turns !== undefined ? plural(item.turns, 'turn') : undefined,
			item.error ? `error: ${inlineText(item.error, 300)}` : undefined,
		].filter(Boolean);
		if (facts.length > 0) this.block(`_${facts.join(' · ')}_`);
		if (item.prompt) this.details('Compaction prompt', [markdownText(item.prompt)]);
		if (item.thinking) this.details('Compaction thinking', [markdownText(item.thinking)]);
		if (item.summary)
			this.details(`Summary${item.summaryStreaming ? ' (still streaming)' : ''}`, [markdownText(item.summary)]);
	}

	private subagent(item: SubagentItem): void {
		this.speaker = undefined;
		const description = item.description ? ` · ${inlineText(item.description)}` : '';
		this.block(`${this.level} Subagent ${inlineCode(item.sessionId)}${description}${time(item.at)}`);
		if (item.missing) {
			this.block(`_${inlineText(item.missing, 400)}_`);
			return;
		}
		if (!item.child || (item.child.items.length === 0 && !item.child.header.sessionId)) {
			this.block('_The subagent session is not part of this export._');
			return;
		}
		if (this.depth + 1 > maxDepth) {
			this.block('_Nested too deeply to show here._');
			return;
		}
		const lines = new Renderer(item.child, this.depth + 1, this.prices).render();
		// A block quote ends with its last prefixed line, and everything open inside it with it.
		this.block(
			...lines
				// Entries may hold several lines (a text block): every one of them gets the marker.
				.flatMap(entry => entry.split('\n'))
				.map(line => (line === '' ? '>' : `> ${line}`)),
		);
	}

	// ------------------------------------------------------------------ output

	/** Lines followed by a blank line. */
	private block(...lines: string[]): void {
		this.out.push(...lines, '');
		for (const line of lines) this.pending += line.length + 1;
	}

	/** A collapsible block: the summary is escaped HTML; the body is Markdown lines. */
	private details(summary: string, body: string[]): void {
		this.block('<details>', `<summary>${escapeHtml(oneLine(summary, 200))}</summary>`);
		this.block(...body);
		this.block('</details>');
	}
}

function imageLine(mimeType: string, bytes: number, url: string | undefined, role?: string): string {
	const who = role && role !== 'user' ? ` (${inlineText(role)})` : '';
	if (url) return `_Image${who}:_ ${inlineCode(url, 300)}`;
	return `_Image${who} omitted: ${inlineText(mimeType)}, ${formatBytes(bytes)}._`;
}

/** The session's start: its first timestamped item, else the time in its id. */
function startOf(view: SessionView): number | undefined {
	for (const item of view.items) if (item.at !== undefined) return item.at;
	const match = /^session-(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-/.exec(view.header.sessionId ?? '');
	if (!match) return undefined;
	const [, y, mo, d, h, mi, s] = match.map(Number);
	return Date.UTC(y, mo - 1, d, h, mi, s);
}

function pad(n: number): string {
	return String(n).padStart(2, '0');
}

// UTC, so that an export reads the same wherever it is made.
function utcDateTime(ms: number): string {
	const d = new Date(ms);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${utcClock(ms)} UTC`;
}

function utcClock(ms: number): string {
	const d = new Date(ms);
	return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function time(at: number | undefined): string {
	return at === undefined ? '' : ` · ${utcClock(at)}`;
}
