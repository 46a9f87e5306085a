/**
 * Subagents from disk, live. A session read from files holds only a `subagent` pointer for
 * each child; the child's messages are in its own trace. This watches what a file source
 * reads for those pointers, finds each child's trace, reads it (following it while the call
 * that started it is still running) and hands what it reads to the store as `child` inputs,
 * so that it lands in the SessionModel the parent's model already made for the pointer.
 * Grandchildren the same way, from what each child's trace says.
 *
 * No I/O here: finding and reading traces come in as functions (main.ts passes the real
 * ones, tests pass fakes), so the bookkeeping is tested without files or timers.
 */
import {
	isAbortPayload,
	isSessionMeta,
	isSubagentPayload,
	isToolCallOutputPayload,
	isToolCallPayload,
} from '../protocol/guards.js';
import {subagentToolName} from '../protocol/types.js';
import type {ModelInput} from './input.js';

/** A child's trace on disk. */
export type ChildTrace = {sessionId: string; folder: string; shards: string[]};

/** A running read of one child's trace. */
export type ChildReader = {
	/** Stops reading; nothing more is handed on once it resolves. */
	close(): void | Promise<void>;
	/** The call that started the child has finished: read what is left, hand on `end`, stop. */
	finish(): void;
};

export type ChildSessionsOptions = {
	/** Where inputs go: the store's `apply`. */
	apply: (inputs: readonly ModelInput[]) => void;
	/** Finds a child's trace by session id, in `folder` (the parent's) first; undefined when it is nowhere. */
	find: (sessionId: string, folder: string | undefined) => Promise<ChildTrace | undefined>;
	/**
	 * Starts reading a child's trace. With `follow` it keeps reading as the trace grows until
	 * `finish` or `close`; without, it reads what is there. Either way it ends with `end`.
	 */
	read: (trace: ChildTrace, follow: boolean, onInputs: (batch: ModelInput[]) => void) => ChildReader;
	/** Whether children whose call is still running are followed (false: read once, e.g. --no-follow). */
	follow: boolean;
	/** The line shown in place of a child whose trace was not found. */
	missingText: (sessionId: string) => string;
	/**
	 * Print mode: hold back the parent's inputs after a pointer until the child has been read
	 * to its end, so that the child is printed in full where its pointer is.
	 */
	hold?: boolean;
};

// Pointers deeper than this are not followed: only a loop of pointers nests that far.
const maxDepth = 8;

type Child = {
	node: Node;
	reader?: ChildReader;
	/** The run_subagent call that started it, when one was seen. */
	callId?: string;
	/** The call has finished (its output, an abort, the parent's end) before or while reading. */
	finished: boolean;
	/** Its `end` has been applied: nothing more will come from it. */
	done: boolean;
};

type Node = {
	/** Session ids from the main session's child down to this one ([] for the main session). */
	origin: string[];
	folder?: string;
	/** This session's id, from the pointer or its session_meta. */
	sessionId?: string;
	parent?: Node;
	children: Map<string, Child>;
	/** run_subagent calls not yet linked to a pointer, oldest first (the model links the latest). */
	unlinked: string[];
	/** Inputs held back while a child is read (print mode only). */
	held: ModelInput[];
	/** The child whose reading holds this session's inputs back. */
	waitingFor?: Child;
	/** Set on the Child record of this node in its parent. */
	self?: Child;
};

/** Watches file-source inputs for subagent pointers and brings their children in from disk. */
export class ChildSessions {
	private readonly options: ChildSessionsOptions;
	private readonly root: Node;
	private closed = false;
	private readonly readers = new Set<ChildReader>();

	constructor(options: ChildSessionsOptions, folder?: string) {
		this.options = options;
		this.root = {origin: [], folder, children: new Map(), unlinked: [], held: []};
	}

	/** What the main session's source read: applied, and searched for pointers. */
	readonly feed = (batch: ModelInput[]): void => {
		this.receive(this.root, batch);
	};

	/** Session ids of the children being read or read, by nesting path (for tests and the report). */
	known(): string[] {
		const out: string[] = [];
		const walk = (node: Node): void => {
			for (const [id, child] of node.children) {
				out.push([...node.origin, id].join('/'));
				walk(child.node);
			}
		};
		walk(this.root);
		return out;
	}

	/** Stops every child read; nothing more is applied afterwards. */
	async close(): Promise<void> {
		this.closed = true;
		const readers = [...this.readers];
		this.readers.clear();
		await Promise.all(readers.map(async reader => reader.close()));
	}

	private receive(node: Node, batch: readonly ModelInput[]): void {
		if (this.closed || batch.length === 0) return;
		if (node.waitingFor) {
			node.held.push(...batch);
			this.scanForFinish(node, batch);
			return;
		}
		this.process(node, batch);
	}

	/** Applies `batch` for `node`, starting a child at each pointer (and holding the rest, in print mode). */
	private process(node: Node, batch: readonly ModelInput[]): void {
		let start = 0;
		for (let i = 0; i < batch.length; i++) {
			const input = batch[i]!;
			if (input.kind === 'end') {
				this.apply(node, batch.slice(start, i + 1));
				start = i + 1;
				this.sessionEnded(node);
				continue;
			}
			if (input.kind !== 'message' || (input.message.origin?.length ?? 0) > 0) continue;
			const payload = input.message.payload;
			if (input.message.type === 'session_meta' && isSessionMeta(payload)) node.sessionId ??= payload.session_id;
			else if (isToolCallPayload(payload) && payload.name === subagentToolName) {
				if (!node.unlinked.includes(payload.tool_call_id)) node.unlinked.push(payload.tool_call_id);
			} else if (isToolCallOutputPayload(payload)) this.callFinished(node, payload.tool_call_id);
			else if (isAbortPayload(payload)) this.callFinished(node);
			else if (isSubagentPayload(payload) && !node.children.has(payload.session_id)) {
				// The pointer itself first: the parent's model makes the child's SessionModel from it.
				this.apply(node, batch.slice(start, i + 1));
				start = i + 1;
				const child = this.startChild(node, payload.session_id);
				if (this.options.hold && child && !child.done) {
					node.waitingFor = child;
					const rest = batch.slice(start);
					node.held.push(...rest);
					this.scanForFinish(node, rest);
					return;
				}
			}
		}
		this.apply(node, start === 0 ? batch : batch.slice(start));
	}

	/** While held: an output or abort in what is held still finishes the child being read. */
	private scanForFinish(node: Node, batch: readonly ModelInput[]): void {
		for (const input of batch) {
			if (input.kind === 'end') this.callFinished(node);
			if (input.kind !== 'message' || (input.message.origin?.length ?? 0) > 0) continue;
			const payload = input.message.payload;
			if (isToolCallOutputPayload(payload)) this.callFinished(node, payload.tool_call_id);
			else if (isAbortPayload(payload)) this.callFinished(node);
		}
	}

	private startChild(parent: Node, sessionId: string): Child | undefined {
		const origin = [...parent.origin, sessionId];
		const node: Node = {origin, sessionId, parent, children: new Map(), unlinked: [], held: []};
		const child: Child = {node, callId: parent.unlinked.pop(), finished: false, done: false};
		node.self = child;
		parent.children.set(sessionId, child);
		if (this.isAncestor(parent, sessionId) || origin.length > maxDepth) {
			this.missing(child, `${sessionId}: not read (it points back to a session already open above it)`);
			return child;
		}
		void this.options.find(sessionId, parent.folder).then(
			trace => {
				if (this.closed || child.done) return;
				if (!trace) {
					this.missing(child, this.options.missingText(sessionId));
					return;
				}
				node.folder = trace.folder;
				const follow = this.options.follow && !child.finished;
				const reader = this.options.read(trace, follow, batch => this.receive(node, batch));
				if (this.closed) {
					void reader.close();
					return;
				}
				child.reader = reader;
				if (!child.done) this.readers.add(reader);
				// Finished while the trace was being looked for (a follow read notices only now).
				if (follow && child.finished) reader.finish();
			},
			error => {
				if (!this.closed && !child.done)
					this.missing(child, `${sessionId}: ${error instanceof Error ? error.message : String(error)}`);
			},
		);
		return child;
	}

	private isAncestor(node: Node, sessionId: string): boolean {
		for (let at: Node | undefined = node; at; at = at.parent) if (at.sessionId === sessionId) return true;
		return false;
	}

	/**
	 * The call `callId` of `node` has finished (every call, without one): their children stop
	 * following. An id rather than a predicate: a closure per tool output was print mode's garbage.
	 */
	private callFinished(node: Node, callId?: string): void {
		if (node.children.size === 0) return;
		for (const child of node.children.values()) {
			if (child.finished || (callId !== undefined && child.callId !== callId)) continue;
			child.finished = true;
			child.reader?.finish();
		}
	}

	private missing(child: Child, text: string): void {
		const parent = child.node.parent!;
		this.apply(parent, [{kind: 'child_missing', sessionId: child.node.sessionId!, text}]);
		this.childDone(child);
	}

	/** A session's `end` was applied: its reader is done with, its parent may go on. */
	private sessionEnded(node: Node): void {
		// Its own children end with it (the model ends them too): nothing more will come for them.
		for (const child of node.children.values()) {
			if (!child.done) {
				child.finished = true;
				child.reader?.finish();
			}
		}
		if (node.self) this.childDone(node.self);
	}

	private childDone(child: Child): void {
		if (child.done) return;
		child.done = true;
		if (child.reader) this.readers.delete(child.reader);
		const parent = child.node.parent!;
		if (parent.waitingFor !== child) return;
		parent.waitingFor = undefined;
		const held = parent.held;
		parent.held = [];
		this.process(parent, held);
	}

	private apply(node: Node, inputs: readonly ModelInput[]): void {
		if (this.closed || inputs.length === 0) return;
		this.options.apply(
			node.origin.length === 0 ? inputs : inputs.map(input => ({kind: 'child', origin: node.origin, input})),
		);
	}
}
