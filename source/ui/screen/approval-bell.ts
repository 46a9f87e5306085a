/**
 * When the screen rings the terminal's bell: once as a tool call starts to wait for a
 * human's approval, in the session or any subagent. Pure; the screen writes the bell itself
 * (a BEL of its own, never a byte from the trace).
 */
import type {SessionView} from '../../model/view-model.js';

export class ApprovalBell {
	private view: SessionView | undefined;
	private requests = 0;
	private waiting = 0;

	/** Whether the bell is due for the view as it is now; call it after every frame. */
	due(view: SessionView): boolean {
		const waiting = view.awaitingApproval;
		const requests = view.approvalRequests;
		// The same session: a new wait began since last time. Another view (a rebuild after a
		// resync, a session picked) counts its waits afresh, the pending ones the server sent
		// again among them: only more waits than before ring, so a pending one is not rung twice.
		const ring = waiting > 0 && (view === this.view ? requests > this.requests : waiting > this.waiting);
		this.view = view;
		this.requests = requests;
		this.waiting = waiting;
		return ring;
	}
}
