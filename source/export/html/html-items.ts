/**
 * A session's items as HTML sections, in order, one at a time (the export streams): each an
 * element with an `id` (`call_<id>` for a tool call) and its time (`data-at`, for the
 * player). Thinking, tool calls, summaries and subagents are `<details>` folds; a subagent's
 * session is nested in the call that started it. All trace text goes through html-code.ts.
 */
import {assertNever} from '../../assert-never.js';
import {inMemory} from '../../model/held-text.js';
import type {CompactionItem, Item, RequestItem, SessionView, SubagentItem} from '../../model/view-model.js';
import type {Highlighter} from '../../render/code-colour.js';
import {formatBytes, plural} from '../../render/format.js';
import {durationText} from '../duration-text.js';
import {codeBlock, htmlText} from './html-code.js';
import {imageHtml} from './html-image.js';
import type {MarkdownToHtml} from './html-markdown.js';
import {toolCallHtml} from './html-tool.js';
import {senderLabel} from '../session-words.js';

/** What every item's HTML needs. */
export type ItemContext = {
	markdown: MarkdownToHtml;
	highlighter?: Highlighter;
	/** An item as written: its held texts read back and redacted (the identity for nested sessions). */
	prepare: (item: Item) => Item;
	/** Renders a subagent's session nested in its call (html-session.ts). */
	nestedSession: (child: SessionView, depth: number, prefix: string) => string;
};

// Deeper nesting than this is shown as a pointer only: bounded output over completeness.
const maxDepth = 8;

/** The items of one session (the top one or a subagent's) as HTML, one by one. */
export class ItemsHtml {
	/** Subagent items by the session they point at: nested under their call, not on their own. */
	private readonly subagents = new Map<string, SubagentItem>();
	private readonly nestedIds = new Set<number>();

	constructor(
		private readonly view: SessionView,
		private readonly context: ItemContext,
		private readonly depth: number,
		/** Makes ids unique in the page: nested sessions' items get their own. */
		private readonly prefix: string,
	) {
		const calls = new Set<string>();
		for (const item of view.items) if (item.kind === 'tool_call' && item.childSessionId) calls.add(item.childSessionId);
		for (const item of view.items) {
			if (item.kind === 'subagent' && calls.has(item.sessionId) && !this.subagents.has(item.sessionId)) {
				this.subagents.set(item.sessionId, item);
				this.nestedIds.add(item.id);
			}
		}
	}

	/** One item's section, or '' for an item shown elsewhere (a subagent under its call, a finished request). */
	html(raw: Item): string {
		if (this.nestedIds.has(raw.id)) return '';
		const item = this.context.prepare(raw);
		const body = this.body(item);
		if (body === '') return '';
		const at = item.at === undefined ? '' : ` data-at="${item.at}"`;
		const id = this.idOf(item);
		// A link to the item itself, for a reviewer to point at it (the address bar then holds it).
		const link = `<a class="permalink" href="#${id}" title="Link to this item">#</a>`;
		return `<section class="item k-${item.kind}" id="${id}"${at}>${link}${body}</section>\n`;
	}

	private idOf(item: Item): string {
		if (item.kind === 'tool_call') return `${this.prefix}call_${item.callId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
		return `${this.prefix}item-${item.id}`;
	}

	private body(item: Item): string {
		const {markdown} = this.context;
		switch (item.kind) {
			case 'user_text': {
				const text = inMemory(item.text);
				if (item.marker === 'context_summary') {
					return `${heading('Context summary (written by the harness)', item.at)}${fold('Summary', markdown(text))}`;
				}
				const who = senderLabel(item.sender);
				const note = item.marker ? ` (${item.marker.replace(/_/g, ' ')})` : '';
				return `${heading(`${who}${note}`, item.at, 'user')}<div class="md">${markdown(text)}</div>`;
			}
			case 'assistant_text': {
				const stopped = item.stopReason && item.stopReason !== 'completed' ? ` (stopped: ${item.stopReason})` : '';
				const text = markdown(inMemory(item.text));
				return `${heading(`Assistant${stopped}`, item.at, 'assistant')}<div class="md">${text}</div>`;
			}
			case 'thinking': {
				const duration = item.durationMs !== undefined ? ` · ${durationText(item.durationMs)}` : '';
				if (item.inline) {
					return line(`Thinking (binary, ${item.inline.mimeType}, ${formatBytes(item.inline.bytes)}, not shown)`);
				}
				if (item.encrypted || item.text === '') {
					return line(`Thinking${item.encrypted ? ' (encrypted by the provider)' : ' (empty)'}${duration}`);
				}
				return fold(`Thinking${duration}`, markdown(inMemory(item.text)), 'thinking');
			}
			case 'tool_call': {
				const child = item.childSessionId ? this.subagents.get(item.childSessionId) : undefined;
				const nested = child ? this.subagentHtml(this.context.prepare(child) as SubagentItem) : '';
				const output = item.output === undefined ? undefined : inMemory(item.output);
				const context = {tools: this.view.header.tools, highlighter: this.context.highlighter};
				return toolCallHtml(item, output, context, nested);
			}
			case 'image':
				return imageHtml(item.image, item.role !== 'user' ? item.role : undefined);
			case 'request':
				return this.request(item);
			case 'compaction':
				return this.compaction(item);
			case 'shard':
				return `<hr>${line(`Context shard ${item.index} begins${item.afterCompaction ? ' (after compaction)' : ''}`)}`;
			case 'abort':
				return `<p class="warn">Aborted${item.reason ? `: ${htmlText(item.reason)}` : ''}${time(item.at)}</p>`;
			case 'subagent':
				return this.subagentHtml(item);
			case 'malformed':
				return (
					`<p class="warn">Unreadable line ${item.line}: ${htmlText(item.reason)}</p>` +
					codeBlock(item.excerpt, undefined)
				);
			case 'notice':
				return line(`Notice (${item.level}): ${item.text}`);
			case 'goal_finished': {
				const parts = [
					item.outcome,
					item.rounds !== undefined ? plural(item.rounds, 'round') : undefined,
					item.tokensUsed !== undefined ? `${item.tokensUsed.toLocaleString('en-US')} tokens` : undefined,
				].filter(Boolean);
				return line(`Goal finished: ${parts.join(' · ')}`, item.at);
			}
			case 'mcp_connect':
				return line(`MCP connect ${item.servers.join(', ')} · ${item.status}`, item.at);
			case 'unknown': {
				const summary = codeBlock(item.summary, 'json', this.context.highlighter);
				return `${line(`Unrecognised message ${item.payloadType}`)}${summary}`;
			}
			default:
				return assertNever(item, 'item kind');
		}
	}

	private request(item: RequestItem): string {
		if (item.status === 'completed' || item.status === 'running') return '';
		const parts = [
			`Request ${item.index} ${item.status}${item.attempt !== undefined ? ` (attempt ${item.attempt})` : ''}`,
			item.retried || item.retryInMs !== undefined
				? `retried${item.retryInMs !== undefined ? ` after ${durationText(item.retryInMs)}` : ''}`
				: undefined,
			item.error,
		].filter(Boolean);
		return `<p class="warn retry">${htmlText(parts.join(' · '))}${time(item.endedAt ?? item.at)}</p>`;
	}

	private compaction(item: CompactionItem): string {
		const how = [item.reason, item.mode].filter(Boolean).join(', ');
		const facts = [
			item.context !== undefined ? `context ${item.context.toLocaleString('en-US')} tokens` : undefined,
			item.turns !== undefined ? plural(item.turns, 'turn') : undefined,
			item.error ? `error: ${item.error}` : undefined,
		].filter(Boolean);
		const parts = [
			`<div class="boundary">${htmlText(`Compaction${how ? ` · ${how}` : ''} · ${item.status}`)}${time(item.at)}</div>`,
			facts.length > 0 ? line(facts.join(' · ')) : '',
			item.prompt ? fold('Compaction prompt', this.context.markdown(item.prompt)) : '',
			item.thinking ? fold('Compaction thinking', this.context.markdown(item.thinking), 'thinking') : '',
			item.summary ? fold('Summary', this.context.markdown(item.summary)) : '',
		];
		return parts.join('');
	}

	private subagentHtml(item: SubagentItem): string {
		const title = `Subagent ${item.sessionId}${item.description ? ` · ${item.description}` : ''}`;
		if (item.missing) return fold(title, `<p class="quiet">${htmlText(item.missing)}</p>`, 'subagent');
		if (!item.child || (item.child.items.length === 0 && !item.child.header.sessionId)) {
			return fold(title, '<p class="quiet">The subagent session is not part of this export.</p>', 'subagent');
		}
		if (this.depth + 1 > maxDepth)
			return fold(title, '<p class="quiet">Nested too deeply to show here.</p>', 'subagent');
		const prefix = `${this.prefix}s${item.id}-`;
		return fold(title, this.context.nestedSession(item.child, this.depth + 1, prefix), 'subagent');
	}
}

function heading(text: string, at: number | undefined, who = 'other'): string {
	return `<h3 class="who-${who}">${htmlText(text)}${time(at)}</h3>`;
}

function line(text: string, at?: number): string {
	return `<p class="quiet">${htmlText(text)}${time(at)}</p>`;
}

/** A fold; `body` is HTML already made safe. */
function fold(summary: string, body: string, kind = 'other'): string {
	return `<details class="f-${kind}"><summary>${htmlText(summary)}</summary><div class="fold">${body}</div></details>`;
}

function pad(n: number): string {
	return String(n).padStart(2, '0');
}

/** The item's UTC time of day, as the Markdown export writes it. */
function time(at: number | undefined): string {
	if (at === undefined) return '';
	const d = new Date(at);
	return ` <time>${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}</time>`;
}
