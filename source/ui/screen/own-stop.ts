/**
 * After the reader's own Ctrl+X: how the run ended, once it has, in the words a nudge uses for a run stopped
 * elsewhere (`■ "Slow counting story" aborted by user`), rather than the footer's `stop sent` standing on an idle
 * session. Pure: the view and the items there were when the stop was sent in, the footer's text out.
 */
import {nudgeText} from '../../model/nudge.js';
import {isInterruptReason} from '../../model/run-ending.js';
import type {SessionView} from '../../model/view-model.js';
import {sanitize} from '../../render/sanitize.js';

/** What the footer says once a run stopped by this screen has ended; undefined while it runs. */
export function ownStopText(view: SessionView, itemsWhenSent: number): string | undefined {
	const running = view.task !== undefined ? view.task.state !== 'idle' : !view.ended;
	if (running) return undefined;
	const items = view.items;
	let ended: {kind: 'aborted' | 'failed'; reason: string} | undefined;
	for (let i = items.length - 1; i >= itemsWhenSent && ended === undefined; i--) {
		const item = items[i]!;
		if (item.kind !== 'abort') continue;
		const reason = item.reason ?? 'aborted';
		ended = {kind: isInterruptReason(reason) ? 'aborted' : 'failed', reason};
	}
	// The run ended before the stop reached it: it says itself how, above.
	if (ended === undefined) return 'the run ended before the stop reached it';
	const {sessionId, title} = view.header;
	const name = title !== undefined ? {name: title} : {};
	return sanitize(nudgeText({kind: ended.kind, id: sessionId ?? '', doing: ended.reason, ...name}));
}
