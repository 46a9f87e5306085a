/** The footer's rows for acting: the question before anything is sent, the steering prompt, and steering not yet delivered. */
import {sanitize} from '../render/sanitize.js';
import type {ActPrompt, PendingSteer} from './acting.js';
import {RowLine} from './RowLine.js';
import {seg, truncateSegments, type Segment} from './segments.js';

/** The question (`allow exec_command $ rm -rf build? y/n`) or the steering prompt, as one row. */
export function actPromptRow(prompt: ActPrompt, width: number): Segment[] {
	if (prompt.kind === 'confirm') return truncateSegments([seg(` ${prompt.question}`, {color: 'yellow', bold: true})], width);
	// The end of a long draft stays in sight: that is where the typing is.
	const room = Math.max(1, width - 36);
	const chars = [...prompt.draft];
	const draft = chars.length > room ? `…${chars.slice(-room + 1).join('')}` : prompt.draft;
	return truncateSegments([seg(' steer › ', {bold: true}), seg(draft), seg('▌', {dim: true}), seg('   Enter send · Esc cancel', {dim: true})], width);
}

/** `⧗ steering sent, waiting for the agent to read it: “look at the tests first”` (and how many more). */
export function pendingSteerRow(pending: readonly PendingSteer[], width: number): Segment[] {
	const first = pending[0];
	if (!first) return [];
	const more = pending.length > 1 ? `  (+${pending.length - 1} more)` : '';
	return truncateSegments(
		[seg(' ⧗ steering sent, not yet read by the agent: ', {color: 'yellow'}), seg(`“${sanitize(first.text)}”`), seg(more, {dim: true})],
		width,
	);
}

/** One row of the prompt. */
export function ActPromptLine({prompt, width}: {prompt: ActPrompt; width: number}) {
	return <RowLine segments={actPromptRow(prompt, width)} />;
}

/** One row of pending steering. */
export function PendingSteerLine({pending, width}: {pending: readonly PendingSteer[]; width: number}) {
	return <RowLine segments={pendingSteerRow(pending, width)} />;
}
