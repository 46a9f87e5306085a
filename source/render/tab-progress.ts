/**
 * The progress signal in the terminal's tab (OSC 9;4, ConEmu's, as Windows Terminal, ghostty,
 * WezTerm and iTerm2 read it): the followed session busy (indeterminate), waiting for an
 * approval (paused, shown as a warning), failed (error), or nothing (cleared). Pure: the
 * state comes from the view, the writer is the screen's.
 */
import {isInterruptReason} from '../model/run-ending.js';
import type {Item, SessionView} from '../model/view-model.js';
import {tmuxPassthrough} from './notify.js';

/** What the tab shows. */
export type TabProgress = 'busy' | 'waiting' | 'error' | 'clear';

/**
 * The session's state as the tab says it (`activity` as the status line has it: running, idle, …): waiting first
 * (it blocks the run), then running, then a last run that failed (the source's failure too).
 */
export function tabProgressOf(view: SessionView, sourceFailed: boolean, activity: string): TabProgress {
	if (view.awaitingApproval > 0) return 'waiting';
	if (sourceFailed) return 'error';
	if (activity === 'running' || activity === 'compacting') return 'busy';
	if (activity === 'failed' || activity === 'error' || lastRunFailed(view.items)) return 'error';
	return 'clear';
}

/**
 * Whether the last run ended in failure, read off the last items as model/run-ending.ts reads the messages: an abort
 * whose reason is not a person's interrupt, or a request that ended neither completed nor aborted with no retry.
 */
export function lastRunFailed(items: readonly Item[]): boolean {
	for (let i = items.length - 1; i >= 0 && i >= items.length - 200; i--) {
		const item = items[i]!;
		if (item.kind === 'abort') return !isInterruptReason(item.reason ?? 'aborted');
		if (item.kind === 'request') {
			if (item.status === 'running' || item.status === 'completed' || item.status === 'aborted') return false;
			// A failed request with a retry to come is still the run going on.
			return item.retryInMs === undefined;
		}
	}
	return false;
}

const codes: Record<TabProgress, string> = {busy: '3;0', waiting: '4;100', error: '2;100', clear: '0;0'};

/** The bytes that set the tab to `progress`, through tmux's passthrough inside tmux. */
export function tabProgressSequence(progress: TabProgress, options: {tmux: boolean}): string {
	const sequence = `\u001b]9;4;${codes[progress]}\u001b\\`;
	return options.tmux ? tmuxPassthrough(sequence) : sequence;
}
