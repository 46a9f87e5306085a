/**
 * Compaction: while one runs, the session's fragments, prompt and thinking are its own (the
 * summary streams into it), and its requests are not the conversation's.
 */
import {errorMessageOf} from '../../protocol/guards.js';
import type {CompactionBeginPayload, CompactionEndPayload} from '../../protocol/types.js';
import type {CompactionItem} from '../view-model.js';
import {str, type SessionCore} from './core.js';
import type {Fragments} from './fragments.js';

export function beginCompaction(
	core: SessionCore,
	fragments: Fragments,
	p: CompactionBeginPayload,
	at: number | undefined,
): void {
	fragments.closeAll();
	const item: CompactionItem = {
		kind: 'compaction',
		reason: str(p.reason),
		mode: str(p.mode),
		context: p.context,
		turns: p.turns,
		status: 'running',
		summary: '',
		summaryStreaming: false,
		...core.base(at),
	};
	core.compaction = item;
	core.view.compacting = true;
	core.push(item, 'compaction_begin');
}

/** Ends the compaction running (or one whose begin is missing); true when it completed. */
export function endCompaction(
	core: SessionCore,
	fragments: Fragments,
	p: CompactionEndPayload,
	at: number | undefined,
): boolean {
	fragments.closeAll();
	const item = core.touch(
		core.compaction ??
			core.push<CompactionItem>({
				kind: 'compaction',
				status: 'running',
				summary: '',
				summaryStreaming: false,
				...core.base(at),
			}),
	);
	item.reason ??= str(p.reason);
	item.mode ??= str(p.mode);
	item.status = p.status;
	item.error = errorMessageOf(p);
	item.attempt = p.attempt;
	item.summaryStreaming = false;
	item.endedAt = at;
	if (p.status !== 'completed') core.view.counts.failures++;
	core.compaction = undefined;
	core.view.compacting = false;
	core.record(item, 'compaction_end');
	return p.status === 'completed';
}
