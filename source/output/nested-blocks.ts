/**
 * Print mode keeps a subagent's nested block whole: a parent's entry that becomes final while
 * one of its children's blocks is open (the parent's request ends while the child works) is
 * held until the block closes, and written after it, where reading the trace file puts it.
 * A block opens with the child's first entry and closes with the parent's run_subagent output
 * that names the child (or when the output closes: everything held is written then). A child
 * whose call was answered before it wrote anything (run in the background) has no block: its
 * parent goes on meanwhile, and is written as it goes. A call answered `aborted` before its child's
 * own abort came (a server that stopped mid-run: the child's last lines come with the history
 * reloaded after the restart) keeps the block open until that abort, as the child's trace file
 * holds it, or until the parent's next request or prompt.
 */
import type {FinalizedEntry} from '../model/session/core.js';
import type {Item, SessionView} from '../model/view-model.js';

export class NestedBlocks {
	/** The open blocks, outermost first. */
	private readonly open: SessionView[] = [];
	private held: FinalizedEntry[] = [];
	/** The subagent calls answered so far: a child whose call is among them has no block. */
	private readonly answered = new Set<Item>();
	/** The open block whose call was answered `aborted` before the child's own end: it closes with that end. */
	private ending: SessionView | undefined;
	/** The sessions whose own abort was accepted (a child's run that ended). */
	private readonly aborted = new Set<string | undefined>();

	/**
	 * Hands `write` the entries to write now, in order, for one entry made final. (A callback, not
	 * a list: print mode accepts an entry or two for most lines, and a list made for each cost
	 * 150 bytes of garbage a line.)
	 */
	accept(entry: FinalizedEntry, write: (entry: FinalizedEntry) => void): void {
		const top = this.open.at(-1);
		const depth = this.open.length;
		if (entry.item.kind === 'abort' && entry.depth > 0) this.aborted.add(entry.session.header.sessionId);
		if (entry.what === 'output' && entry.item.kind === 'tool_call' && entry.item.childSessionId !== undefined)
			this.answered.add(entry.item);
		if (entry.depth > depth) {
			// A child's first entry opens its block (and the blocks of any levels between).
			if (entry.depth === depth + 1 && !this.detached(entry.session)) this.open.push(entry.session);
			write(entry);
			return;
		}
		if (top !== undefined && this.closes(entry, top)) {
			if (interrupted(entry.item) && !this.aborted.has(top.header.sessionId)) {
				this.ending = top;
				this.held.push(entry);
				return;
			}
			this.close(write);
			this.accept(entry, write);
			return;
		}
		// The parent goes on (its next request or prompt): a child's end that never came is not waited for any longer.
		if (top !== undefined && this.ending === top && entry.depth < depth && startsTurn(entry.item)) {
			this.close(write);
			this.accept(entry, write);
			return;
		}
		if (entry.depth < depth) this.held.push(entry);
		else write(entry);
		// (By id: a resync's history makes the child's view afresh.)
		const child = entry.session.header.sessionId === top?.header.sessionId;
		if (top !== undefined && this.ending === top && child && entry.item.kind === 'abort') this.close(write);
	}

	/** Closes the innermost block and writes what it held. */
	private close(write: (entry: FinalizedEntry) => void): void {
		const block = this.open.pop();
		if (block === this.ending) this.ending = undefined;
		const held = this.held;
		this.held = [];
		for (const waiting of held) this.accept(waiting, write);
	}

	/** Everything held (the output closes). */
	flush(): FinalizedEntry[] {
		this.open.length = 0;
		this.ending = undefined;
		const held = this.held;
		this.held = [];
		return held;
	}

	/** The child's call was answered before it wrote anything: its work goes on beside its parent's. */
	private detached(child: SessionView): boolean {
		for (const item of this.answered)
			if (item.kind === 'tool_call' && item.childSessionId === child.header.sessionId) return true;
		return false;
	}

	/** The entry is the parent's answer of the run_subagent call that ran the child of `block`. */
	private closes(entry: FinalizedEntry, block: SessionView): boolean {
		const {item} = entry;
		return (
			entry.depth === this.open.length - 1 &&
			entry.what === 'output' &&
			item.kind === 'tool_call' &&
			item.childSessionId !== undefined &&
			item.childSessionId === block.header.sessionId
		);
	}
}

/** A run_subagent call answered `aborted` (its run stopped under it). */
function interrupted(item: Item): boolean {
	return item.kind === 'tool_call' && item.outputStopReason === 'aborted';
}

/** An item that starts a new turn of the parent: its next request, or a prompt. */
function startsTurn(item: Item): boolean {
	return item.kind === 'request' || item.kind === 'user_text';
}
