/**
 * Streamed fragments, as the upstream aggregator keys them: by payload type and
 * tool_call_id. A delta or stop with no start opens one; a start on an open key closes the
 * old one. The live fragment is an item that grows; the complete message that follows its
 * stop replaces the content in place; when none follows (the compaction summary on the live
 * stream), the aggregated fragment stands as final.
 */
import {isPartialPayload, partialTextField} from '../../protocol/guards.js';
import type {AnyPayload, PartialPayload} from '../../protocol/types.js';
import {setImages} from '../images.js';
import {flatten, GrowingPieces} from '../text-pieces.js';
import type {AssistantTextItem, CompactionItem, Draft, ThinkingItem, ToolCallItem} from '../view-model.js';
import {str, type SessionCore} from './core.js';
import type {ToolCalls} from './tool-calls.js';

type FragmentTarget =
	// A fragment's text is in memory while it streams; once complete it may be held (core.kept).
	| {kind: 'text'; item: AssistantTextItem & {text: string}; grow: GrowingPieces}
	| {kind: 'thinking'; item: ThinkingItem & {text: string}; grow: GrowingPieces}
	| {kind: 'summary'; item: CompactionItem}
	| {kind: 'args'; item: ToolCallItem}
	| {kind: 'output'; item: ToolCallItem}
	/** A fragment we keep out of the view (thinking inside a compaction). */
	| {kind: 'ignored'};

/** One session's open fragments, and those closed that wait for their complete message. */
export class Fragments {
	private readonly open = new Map<string, FragmentTarget>();
	/** Closed fragments waiting for the complete message that normally follows. */
	private readonly awaiting = new Map<string, FragmentTarget>();

	constructor(
		private readonly core: SessionCore,
		private readonly calls: ToolCalls,
	) {}

	/**
	 * Applies a partial_* payload; false when it does not have a fragment's shape, `appended`
	 * when all it did was append text to the answer or thinking that streams.
	 */
	applyPartial(p: AnyPayload, at: number | undefined): boolean | 'appended' {
		if (!isPartialPayload(p)) return false;
		const field = partialTextField(p.type)!;
		const chunk = str(p[field]) ?? '';
		const callId = str(p.tool_call_id) ?? '';
		const key = `${p.type}:${callId}`;
		let target = this.open.get(key);
		const appending = target !== undefined && p.event_type !== 'start' && p.event_type !== 'stop' && chunk !== '';
		if (p.event_type === 'start' && target) {
			this.closeFragment(key, target);
			target = undefined;
		}
		if (!target) {
			// A closed fragment of this key still waiting for its complete message will get none now.
			const waiting = this.awaiting.get(key);
			this.awaiting.delete(key);
			if (waiting) this.finalizeFragment(waiting);
			target = this.openFragment(p, callId, at);
			this.open.set(key, target);
		}
		this.appendFragment(target, chunk, p);
		if (p.event_type === 'stop') {
			this.open.delete(key);
			this.stopFragment(target);
			this.awaiting.set(key, target);
		}
		return appending && (target.kind === 'text' || target.kind === 'thinking') ? 'appended' : true;
	}

	/** The fragment `key` (`<partial type>:<call id>`) is completed by its message: forget it. */
	forget(key: string): void {
		this.open.delete(key);
		this.awaiting.delete(key);
	}

	/** The call's fragment of `type` is completed by its message: forget it. */
	forgetCall(type: 'partial_tool_call' | 'partial_tool_call_output', callId: string): void {
		// A trace file has no fragments: its key is not made (once for each call and output).
		if (this.open.size > 0 || this.awaiting.size > 0) this.forget(`${type}:${callId}`);
	}

	/** Every open fragment stands as final (a shard, a compaction, an abort, the end). */
	closeAll(): void {
		for (const [key, target] of this.open) this.closeFragment(key, target);
		this.settleAwaiting();
	}

	/** The moment after which no complete message will replace a closed text fragment. */
	settleAwaiting(): void {
		for (const [key, target] of this.awaiting) {
			if (target.kind === 'text' || target.kind === 'thinking') {
				this.awaiting.delete(key);
				this.finalizeFragment(target);
			}
		}
	}

	/** A complete text: fill the fragment it completes, or add it. */
	completeText(text: string, at: number | undefined, stopReason: string | undefined): void {
		const core = this.core;
		const key = 'partial_text:';
		const target = this.open.get(key) ?? this.awaiting.get(key);
		this.forget(key);
		if (core.compaction) {
			const item = core.touch(core.compaction);
			item.summary = text;
			item.summaryStreaming = false;
			return;
		}
		if (target && target.kind === 'text') {
			const item: Draft<AssistantTextItem> = core.touch(target.item);
			item.text = core.kept(text);
			item.streaming = false;
			item.pieces = undefined;
			item.stopReason = stopReason;
			// Dated as the trace dates it: by the complete message, not by its first fragment.
			if (at !== undefined) item.at = at;
			core.record(item, 'item');
			return;
		}
		core.push<AssistantTextItem>(
			{kind: 'assistant_text', text: core.kept(text), streaming: false, stopReason, id: core.nextId(), rev: 0, at},
			'item',
		);
	}

	/** A complete thinking block: fill the fragment it completes, or add it. */
	completeThinking(text: string, encrypted: boolean, at: number | undefined, stopReason: string | undefined): void {
		const core = this.core;
		const key = 'partial_thinking:';
		const target = this.open.get(key) ?? this.awaiting.get(key);
		this.forget(key);
		if (core.compaction) {
			core.touch(core.compaction).thinking = text;
			return;
		}
		if (target && target.kind === 'thinking') {
			const item: Draft<ThinkingItem> = core.touch(target.item);
			item.text = core.kept(text);
			item.streaming = false;
			item.pieces = undefined;
			item.encrypted = encrypted && text === '';
			item.stopReason = stopReason;
			// Dated and timed as the trace does it: the complete message's time, since the message before it.
			const since = core.wholeAt ?? item.at;
			if (since !== undefined && at !== undefined) item.durationMs = Math.max(0, at - since);
			if (at !== undefined) item.at = at;
			core.record(item, 'item');
			return;
		}
		const durationMs = at !== undefined && core.wholeAt !== undefined ? Math.max(0, at - core.wholeAt) : undefined;
		core.push<ThinkingItem>(
			{
				kind: 'thinking',
				text: core.kept(text),
				streaming: false,
				encrypted: encrypted && text === '',
				durationMs,
				stopReason,
				id: core.nextId(),
				rev: 0,
				at,
			},
			'item',
		);
	}

	private openFragment(p: PartialPayload, callId: string, at: number | undefined): FragmentTarget {
		const core = this.core;
		const grow = new GrowingPieces();
		switch (p.type) {
			case 'partial_text':
				if (core.compaction) {
					const item = core.touch(core.compaction);
					item.summary = '';
					item.summaryStreaming = true;
					return {kind: 'summary', item};
				}
				return {kind: 'text', item: core.push(streamingText(grow, at, core)), grow};
			case 'partial_thinking':
				if (core.compaction) return {kind: 'ignored'};
				return {kind: 'thinking', item: core.push(streamingThinking(grow, at, core)), grow};
			case 'partial_tool_call': {
				const existing = this.calls.get(callId);
				if (existing) {
					const item = core.touch(existing);
					item.args = '';
					if (item.state === 'running') item.state = 'streaming';
					return {kind: 'args', item};
				}
				return {kind: 'args', item: this.calls.newCall(callId, str(p.name) ?? '', 'streaming', at)};
			}
			case 'partial_tool_call_output': {
				const call = core.touch(this.calls.get(callId) ?? this.calls.newCall(callId, '', 'running', at));
				// Output is coming: whatever was waiting for a human has been let through.
				if (this.calls.stopWaiting(callId) && call.state === 'awaiting_approval') call.state = 'running';
				call.output = '';
				call.outputStreaming = true;
				return {kind: 'output', item: call};
			}
		}
	}

	private appendFragment(target: FragmentTarget, chunk: string, p: PartialPayload): void {
		const core = this.core;
		switch (target.kind) {
			case 'text':
			case 'thinking':
				if (chunk) core.touch(target.item).text = target.grow.append(chunk);
				return;
			case 'summary':
				if (chunk) core.touch(target.item).summary += chunk;
				return;
			case 'args': {
				const item = core.touch(target.item);
				if (chunk) item.args += chunk;
				if (!item.name && str(p.name)) item.name = str(p.name)!;
				return;
			}
			case 'output': {
				const item = core.touch(target.item);
				// Set to '' as the fragment opened: a streamed output is in memory, never held.
				if (chunk) item.output = (typeof item.output === 'string' ? item.output : '') + chunk;
				if (p.images && p.images.length > 0) setImages(item, p.images, core.shared.images, core.shared.imageData);
				return;
			}
			case 'ignored':
				return;
		}
	}

	/** A stop arrived: the content is whole, though a complete message may still replace it. */
	private stopFragment(target: FragmentTarget): void {
		switch (target.kind) {
			case 'text':
			case 'thinking': {
				const item = this.core.touch(target.item);
				item.streaming = false;
				// One flat string: the rope of its runs and the pieces go.
				item.text = flatten(item.text);
				item.pieces = undefined;
				return;
			}
			case 'summary':
				this.core.touch(target.item).summaryStreaming = false;
				return;
			case 'output':
				this.core.touch(target.item).outputStreaming = false;
				return;
			default:
				return;
		}
	}

	/** Close an open fragment for good: it stands as final. */
	private closeFragment(key: string, target: FragmentTarget): void {
		this.open.delete(key);
		this.stopFragment(target);
		this.finalizeFragment(target);
	}

	/** A fragment whose complete message never came is final as aggregated. */
	private finalizeFragment(target: FragmentTarget): void {
		const lastAt = this.core.lastAt;
		if (
			target.kind === 'thinking' &&
			target.item.durationMs === undefined &&
			target.item.at !== undefined &&
			lastAt !== undefined
		) {
			// Its pane says how long it thought: a new revision, or the screen keeps the pane it drew.
			this.core.touch(target.item).durationMs = Math.max(0, lastAt - target.item.at);
		}
		if (target.kind === 'text' || target.kind === 'thinking') {
			// Final as it is: held like a complete message's text (it was read from no one line).
			// The same words, only where they are kept: no new revision.
			const item = target.item as Draft<AssistantTextItem | ThinkingItem>;
			item.text = this.core.kept(target.item.text, false);
			this.core.record(item, 'item');
		}
	}
}

// Every field an item may get is there from the start: one shape for all of them (fields
// added later give each item a shape of its own, thousands over a long stream).
function streamingText(
	grow: GrowingPieces,
	at: number | undefined,
	core: SessionCore,
): AssistantTextItem & {text: string} {
	return {
		kind: 'assistant_text',
		text: '',
		pieces: grow.pieces,
		streaming: true,
		stopReason: undefined,
		...core.base(at),
	};
}

function streamingThinking(
	grow: GrowingPieces,
	at: number | undefined,
	core: SessionCore,
): ThinkingItem & {text: string} {
	return {
		kind: 'thinking',
		text: '',
		pieces: grow.pieces,
		streaming: true,
		durationMs: undefined,
		encrypted: undefined,
		stopReason: undefined,
		...core.base(at),
	};
}
