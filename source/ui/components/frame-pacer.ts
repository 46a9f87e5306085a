/**
 * When the screen's next frame is due, given when the session changed. Pure: the caller
 * brings the clock and the timer (ui/hooks/use-store.ts).
 *
 * Changes that come one by one (lines appended to a trace) are drawn at most every
 * `frameMs`; while they stream (a model's answer, at 30 or at 1,000 deltas a second alike),
 * one frame every `streamFrameMs`: 22 a second, smooth to the eye, and the CPU stays in hand
 * (the frame's cost times 22, plus the stream's own). A frame costs what changed on screen,
 * not what the terminal holds (the rows kept by pane-text.ts and ink-output.ts), 1.5–4 ms at
 * 100 × 30 on the bench's machine. A fixed rate, not a CPU budget: a budget starves a fast
 * stream of frames, and at this cost 22 frames a second are cheap (docs/performance.md).
 *
 * Frames are due on a fixed beat: a timer that fires late (a loaded machine) does not move
 * the frames after it, so the rate holds at 22 a second instead of sliding under the 20 that
 * smooth streaming asks for.
 */

/** ~30 frames a second at most, for changes that come one by one. */
export const frameMs = 33;
/** One frame every 45 ms while changes stream: 22 a second. */
export const streamFrameMs = 45;
/** This many changes within a second is a stream. */
const streamingCount = 12;

export class FramePacer {
	/** When the frame drawn last was due (not when its timer fired). */
	private last = 0;
	private due = 0;
	private pending = false;
	/** When the last changes came, a ring: the oldest of them tells the rate. */
	private readonly recent = new Array<number>(streamingCount).fill(0);
	private slot = 0;

	constructor(
		private readonly intervalMs = frameMs,
		private readonly streamMs = streamFrameMs,
	) {}

	/** The session changed at `now`: ms until the frame that shows it, or undefined when one is already coming. */
	changed(now: number): number | undefined {
		const oldest = this.recent[this.slot]!;
		this.recent[this.slot] = now;
		this.slot = (this.slot + 1) % streamingCount;
		if (this.pending) return undefined;
		const streaming = now - oldest < 1000;
		this.pending = true;
		this.due = Math.max(now, this.last + (streaming ? this.streamMs : this.intervalMs));
		return this.due - now;
	}

	/** The coming frame was drawn (whenever its timer fired). */
	drawn(): void {
		this.pending = false;
		this.last = this.due;
	}
}
