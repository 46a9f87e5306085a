/**
 * The footer's rows for acting: the question before anything is sent, the steering prompt, and steering not yet
 * delivered.
 */
import {sanitize} from '../../render/sanitize.js';
import type {ActPrompt} from '../screen/acting.js';
import {RowLine} from './RowLine.js';
import {seg, truncateSegments, type Segment} from '../panes/segments.js';

/**
 * The question (`allow exec_command $ rm -rf build? y/n`) or the steering prompt (`task`: a new task's), as one row.
 */
export function actPromptRow(prompt: ActPrompt, width: number, task = false): Segment[] {
	if (prompt.kind === 'confirm')
		return truncateSegments([seg(` ${prompt.question}`, {color: 'yellow', bold: true})], width);
	// The end of a long draft stays in sight: that is where the typing is.
	const room = Math.max(1, width - 36);
	const chars = [...prompt.draft];
	const draft = chars.length > room ? `…${chars.slice(-room + 1).join('')}` : prompt.draft;
	// Which it will be is said before Enter: an idle session takes a new task, a running one steering.
	const what = task ? [seg(' new task › ', {bold: true, color: 'cyan'})] : [seg(' steer › ', {bold: true})];
	const hint = task ? '   Enter starts a task · Esc cancel' : '   Enter send · Esc cancel';
	return truncateSegments([...what, seg(draft), seg('▌', {dim: true}), seg(hint, {dim: true})], width);
}

/** `⧗ steering not yet read by the agent: “look at the tests first”` (and how many more). */
export function pendingSteerRow(pending: readonly string[], width: number): Segment[] {
	const first = pending[0];
	if (first === undefined) return [];
	const more = pending.length > 1 ? `  (+${pending.length - 1} more)` : '';
	return truncateSegments(
		[
			seg(' ⧗ steering not yet read by the agent: ', {color: 'yellow'}),
			seg(`“${sanitize(first)}”`),
			seg(more, {dim: true}),
		],
		width,
	);
}

/** One row of the prompt. */
export function ActPromptLine({prompt, width, task}: {prompt: ActPrompt; width: number; task?: boolean}) {
	return <RowLine segments={actPromptRow(prompt, width, task)} />;
}

/** One row of pending steering. */
export function PendingSteerLine({pending, width}: {pending: readonly string[]; width: number}) {
	return <RowLine segments={pendingSteerRow(pending, width)} />;
}
