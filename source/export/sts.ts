/**
 * `--export sts`: a session in the Hugging Face Hub's Session Trace Simple Format
 * (STS-Format), so that its trace viewer can show it.
 *
 * Spec: "Session Traces Format", https://huggingface.co/docs/hub/session-traces-format
 * (source: huggingface/hub-docs, docs/hub/session-traces-format.md). What it fixes:
 * - JSONL; line 1 is `{"type":"session","harness":<harness id>,"id":<session id>}`, with an
 *   optional `name`; any other header field is allowed and ignored.
 * - Every later line is `{"type":"message","message":{...}}` with `role` ("user",
 *   "assistant", "system" or "tool") and `content` (text, may be empty), and optionally
 *   `reasoningContent` (thinking), `toolCalls` (`[{id, function: {name, arguments}}]`,
 *   arguments a JSON string), `toolCallId` (on a tool message: the call it answers),
 *   `timestamp` (epoch ms) and `model`.
 *
 * How a PenguinHarness session maps onto it:
 * - harness id `penguin-harness` (the spec's list of recognised ids has only `llama.app`
 *   today; the Hub shows unknown ids generically). `name` is the session title, else the
 *   first prompt shortened; `model` and `provider` ride along as extra header metadata.
 * - the system prompt becomes the first message, role `system`.
 * - a user text is a `user` message (whoever sent it: the human, a parent agent, the
 *   harness; its `[context_summary]`/`[user_steering]` markers stay in the text).
 * - one model request is one `assistant` message: its texts joined by blank lines as
 *   `content`, its thinking as `reasoningContent`, its tool calls as `toolCalls`; a text
 *   that follows tool calls in the same request opens a new message.
 * - each tool output is a `tool` message with `toolCallId`, in call order, after the
 *   assistant message that made the calls (and after any subagent those calls started).
 *   A call with no output gets a `[no output: <state>]` tool message so every call has one.
 * - content is text only in this format: images become `[image omitted: <mime>, <size>]`
 *   (the view model holds no image data anyway).
 * - events outside the model context that a reader needs (failed or retried requests,
 *   aborts, compactions with their summary, goal results, MCP connections, messages of an
 *   unknown type) become short `system` messages in brackets. Partial output of a failed
 *   attempt stays as the assistant message it was.
 *
 * Assumed, because the spec is silent: one file holds one session, so a subagent's session
 * (when known) is inlined where its pointer is, each of its messages carrying an extra
 * `subagent` field with the child's session id (the spec lists no such field; viewers are
 * expected to ignore it). `subagents: 'omit'` leaves them out instead.
 */
import type {PriceTable} from '../cost/prices.js';
import {costOfUsage} from '../cost/arithmetic.js';
import {treeSpend} from '../model/session/spend.js';
import {inMemory, shown, type TextReader} from '../model/held-text.js';
import type {Item, SessionView, ToolCallItem} from '../model/view-model.js';
import {formatBytes, oneLine} from '../render/format.js';
import {itemText} from '../render/item-kinds.js';
import {durationText} from './duration-text.js';
import {safeJsonStringify} from './safe-json.js';

/** The harness id written in the session header. */
export const stsHarness = 'penguin-harness';

/** Line 1. */
export type StsSession = {
	type: 'session';
	harness: string;
	id: string;
	name?: string;
	model?: string;
	provider?: string;
	/** USD, as the harness counts it; with `cost_unpriced` when some model had no price and is left out. */
	cost_usd?: number;
	cost_unpriced?: boolean;
};

/** An assistant tool call as the spec shapes it. */
export type StsToolCall = {id: string; function: {name: string; arguments: string}};

/** The `message` object of a message line. */
export type StsMessage = {
	role: 'user' | 'assistant' | 'system' | 'tool';
	content: string;
	reasoningContent?: string;
	toolCalls?: StsToolCall[];
	toolCallId?: string;
	timestamp?: number;
	model?: string;
	/** Not in the spec: the subagent session a message belongs to, when inlined. */
	subagent?: string;
};

/** Every line after the first. */
export type StsMessageLine = {type: 'message'; message: StsMessage};

/** Options for the STS export. */
export type StsOptions = {
	/** Inline known subagent sessions (default) or leave them out. */
	subagents?: 'inline' | 'omit';
	/** The session's prices: the header then says what it cost (`cost_usd`, subagents included). */
	prices?: PriceTable;
};

/** The header and message lines of a session, as objects. */
export function stsLinesOf(view: SessionView, options: StsOptions = {}): [StsSession, ...StsMessageLine[]] {
	const lines: StsMessageLine[] = [];
	const builder = new Builder(view, lines, options, undefined, 0);
	if (view.header.systemPrompt) {
		lines.push({type: 'message', message: {role: 'system', content: view.header.systemPrompt, ...at(firstAt(view))}});
	}
	builder.run();
	return [sessionLine(view, options.prices), ...lines];
}

/** How writeSts reads and writes. */
export type StsStream = StsOptions & {
	/** Reads back the texts the model held on disk (io/held-texts.ts): one item's at a time. */
	texts?: TextReader;
	/** Each item as shown, its texts read, before it is written (--redact). */
	prepare?: (item: Item) => Item;
	/** Takes the lines piece by piece; awaited (a pipe that is full makes it wait). */
	write: (text: string) => Promise<void> | void;
};

// About how many message lines are gathered before they are written.
const pieceLines = 256;

/**
 * The same lines as formatSts, written in pieces as the items are read back one by one: memory
 * is bounded by a turn, not the session.
 */
export async function writeSts(view: SessionView, stream: StsStream): Promise<void> {
	const prepare = (item: Item): Item => {
		const whole = shown(item, stream.texts) as Item;
		return stream.prepare ? stream.prepare(whole) : whole;
	};
	const firstPrompt = view.items.find(item => item.kind === 'user_text');
	await stream.write(`${safeJsonStringify(sessionLine(view, stream.prices, firstPrompt && prepare(firstPrompt)))}\n`);
	const lines: StsMessageLine[] = [];
	const take = (): string => {
		const text = lines.length === 0 ? '' : `${lines.map(line => safeJsonStringify(line)).join('\n')}\n`;
		lines.length = 0;
		return text;
	};
	if (view.header.systemPrompt) {
		lines.push({type: 'message', message: {role: 'system', content: view.header.systemPrompt, ...at(firstAt(view))}});
	}
	const builder = new Builder(view, lines, stream, undefined, 0);
	for (const item of view.items) {
		builder.item(prepare(item));
		if (lines.length >= pieceLines) await stream.write(take());
	}
	builder.flush();
	await stream.write(take());
}

/** The session as STS-Format JSONL text, one line per object, ending in a newline. */
export function formatSts(view: SessionView, options: StsOptions = {}): string {
	return `${stsLinesOf(view, options)
		.map(line => safeJsonStringify(line))
		.join('\n')}\n`;
}

function sessionLine(
	view: SessionView,
	prices: PriceTable | undefined,
	firstPrompt: Item | undefined = view.items.find(item => item.kind === 'user_text'),
): StsSession {
	const {header} = view;
	const cost = prices === undefined || prices.size === 0 ? undefined : costOfUsage(treeSpend(view), prices);
	const name =
		header.title ?? (firstPrompt?.kind === 'user_text' ? oneLine(inMemory(firstPrompt.text), 100) : undefined);
	return {
		type: 'session',
		harness: stsHarness,
		id: header.sessionId ?? 'unknown',
		...(name ? {name} : {}),
		...(header.modelId ? {model: header.modelId} : {}),
		...(header.provider ? {provider: header.provider} : {}),
		...(cost?.usd === undefined ? {} : {cost_usd: cost.usd, ...(cost.unpriced ? {cost_unpriced: true} : {})}),
	};
}

type PendingAssistant = {content: string[]; reasoning: string[]; toolCalls: StsToolCall[]; timestamp?: number};

// Subagents deeper than this are left out (a view is a tree; this only bounds a bad one).
const maxDepth = 8;

class Builder {
	private assistant: PendingAssistant | undefined;
	private results: ToolCallItem[] = [];
	/** The request of the turn being built: a failure note goes after the turn's content. */
	private heldRequest: Extract<Item, {kind: 'request'}> | undefined;

	constructor(
		private readonly view: SessionView,
		private readonly lines: StsMessageLine[],
		private readonly options: StsOptions,
		private readonly subagent: string | undefined,
		private readonly depth: number,
	) {}

	run(): void {
		for (const item of this.view.items) this.item(item);
		this.flush();
	}

	item(item: Item): void {
		switch (item.kind) {
			case 'user_text':
				this.flush();
				this.emit({role: 'user', content: inMemory(item.text), ...at(item.at)});
				return;
			case 'assistant_text':
				this.open(item.at).content.push(inMemory(item.text));
				return;
			case 'thinking': {
				const text = item.inline
					? `[binary reasoning omitted: ${item.inline.mimeType}, ${formatBytes(item.inline.bytes)}]`
					: inMemory(item.text);
				// Encrypted reasoning has no text to show; an empty entry would only add a blank.
				if (text !== '') this.open(item.at).reasoning.push(text);
				return;
			}
			case 'tool_call': {
				const assistant = this.assistant ?? this.open(item.at);
				assistant.toolCalls.push({id: item.callId, function: {name: item.name, arguments: item.args}});
				this.results.push(item);
				return;
			}
			case 'image':
				this.flush();
				this.emit({
					role: item.role === 'assistant' ? 'assistant' : 'user',
					content: item.image.url
						? `[image: ${item.image.url}]`
						: `[image omitted: ${item.image.mimeType}, ${formatBytes(item.image.bytes)}]`,
					...at(item.at),
				});
				return;
			case 'request':
				// A request boundary ends the previous model turn and lets its tool results follow.
				this.flush();
				this.heldRequest = item;
				return;
			case 'compaction': {
				this.flush();
				const how = [item.reason, item.mode].filter(Boolean).join(', ');
				this.note(
					`[compaction${how ? ` (${how})` : ''}: ` +
						`${item.status}]${item.error ? ` ${item.error}` : ''}${item.summary ? `\n\n${item.summary}` : ''}`,
					item.at,
				);
				return;
			}
			case 'abort':
				this.flush();
				this.note(`[aborted]${item.reason ? ` ${item.reason}` : ''}`, item.at);
				return;
			case 'subagent':
				this.subagentItem(item);
				return;
			case 'goal_finished':
				this.flush();
				this.note(
					`[goal finished: ` +
						`${item.outcome}${item.rounds !== undefined ? `, ${item.rounds} rounds` : ''}` +
						`${item.tokensUsed !== undefined ? `, ${item.tokensUsed} tokens` : ''}]`,
					item.at,
				);
				return;
			case 'mcp_connect': {
				this.flush();
				const results = item.results.map(r => `${r.server} ${r.status}${r.error ? ` (${r.error})` : ''}`).join('; ');
				this.note(`[mcp connect: ${item.status}] ${results || item.servers.join(', ')}`, item.at);
				return;
			}
			case 'unknown':
				this.flush();
				this.note(`[unrecognised message: ${item.payloadType}] ${item.summary}`, item.at);
				return;
			case 'shard':
			case 'notice':
			case 'malformed':
				// They describe the source, not the session.
				return;
			default: {
				// A kind with no message of its own here: its text (render/item-kinds.ts), as a note.
				const other = item as Item;
				this.flush();
				this.note(`[${itemText(shown(other, undefined))}]`, other.at);
			}
		}
	}

	private subagentItem(item: Extract<Item, {kind: 'subagent'}>): void {
		// The calling turn ends here; its tool results (the subagent's report) come after the child.
		this.flushAssistant();
		this.releaseRequest();
		if (this.options.subagents === 'omit') return;
		if (item.missing) {
			this.note(`[subagent ${item.sessionId}: ${item.missing}]`, item.at);
			return;
		}
		const child = item.child;
		if (!child || child.items.length === 0 || this.depth + 1 > maxDepth) return;
		new Builder(child, this.lines, this.options, item.sessionId, this.depth + 1).run();
	}

	/** The assistant message being built; a text after tool calls starts a new one. */
	private open(timestamp: number | undefined): PendingAssistant {
		if (this.assistant && this.assistant.toolCalls.length > 0) {
			this.flushAssistant();
			this.flushResults();
		}
		this.assistant ??= {content: [], reasoning: [], toolCalls: [], timestamp};
		return this.assistant;
	}

	flush(): void {
		this.flushAssistant();
		this.releaseRequest();
		this.flushResults();
	}

	// After the turn's assistant message: the request's failure, when it did not complete.
	private releaseRequest(): void {
		const item = this.heldRequest;
		this.heldRequest = undefined;
		if (!item || item.status === 'completed' || item.status === 'running') return;
		const retry =
			item.retried || item.retryInMs !== undefined
				? `; retried${item.retryInMs !== undefined ? ` after ${durationText(item.retryInMs)}` : ''}`
				: '';
		this.note(
			`[request ${item.index} ` +
				`${item.status}${item.attempt !== undefined ? `, attempt ${item.attempt}` : ''}${retry}]` +
				`${item.error ? ` ${item.error}` : ''}`,
			item.endedAt ?? item.at,
		);
	}

	private flushAssistant(): void {
		const pending = this.assistant;
		if (!pending) return;
		this.assistant = undefined;
		const model = this.view.header.modelId;
		this.emit({
			role: 'assistant',
			content: pending.content.join('\n\n'),
			...(pending.reasoning.length > 0 ? {reasoningContent: pending.reasoning.join('\n\n')} : {}),
			...(pending.toolCalls.length > 0 ? {toolCalls: pending.toolCalls} : {}),
			...at(pending.timestamp),
			...(model ? {model} : {}),
		});
	}

	// Outputs in call order (the order the model is fed them back), each after its call.
	private flushResults(): void {
		const results = this.results;
		this.results = [];
		for (const call of results) {
			const images = call.images.map(image => `[image omitted: ${image.mimeType}, ${formatBytes(image.bytes)}]`);
			const output = call.output === undefined ? `[no output: ${call.state}]` : inMemory(call.output);
			this.emit({
				role: 'tool',
				toolCallId: call.callId,
				content: [output, ...images].filter(Boolean).join('\n'),
				...at(call.endedAt ?? call.at),
			});
		}
	}

	private note(content: string, timestamp: number | undefined): void {
		this.emit({role: 'system', content, ...at(timestamp)});
	}

	private emit(message: StsMessage): void {
		this.lines.push({type: 'message', message: this.subagent ? {...message, subagent: this.subagent} : message});
	}
}

function at(timestamp: number | undefined): {timestamp?: number} {
	return timestamp === undefined ? {} : {timestamp};
}

function firstAt(view: SessionView): number | undefined {
	return view.items.find(item => item.at !== undefined)?.at;
}
