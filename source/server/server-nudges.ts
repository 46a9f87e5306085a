/**
 * Nudges on a server: another session that starts to wait for approval or finishes a run.
 * A run's end comes on the user channel (`session_state` running → idle); a wait does not (the
 * channel carries no approvals of other sessions), so the records of the sessions that run are
 * asked again, one at a time, every few seconds, behind whatever is on screen.
 */
import {NudgeTracker, nudgeText, type NudgeEvent, type NudgeRow} from '../model/nudge.js';
import {sanitize} from '../render/sanitize.js';
import type {ServerSession} from './api.js';
import type {ServerPickerEntry} from './session-list.js';

/** How often the running sessions' records are asked again (ms), counted from the end of the last round. */
export const approvalPollMs = 5_000;

export type ServerNudgeOptions = {
	/** The list's entries now. */
	entries: () => ServerPickerEntry[];
	/** The session on screen: never nudged about, nor asked for. */
	current: () => string | undefined;
	/** One session's record (the API's timed request). */
	record: (sessionId: string) => Promise<ServerSession>;
	/** A record came: the list takes it (and says it changed, which checks again). */
	onRecord: (session: ServerSession) => void;
	/** A nudge: the entry it is about, and the footer's text (sanitized). */
	onNudge: (entry: ServerPickerEntry, text: string, event: NudgeEvent) => void;
	pollMs?: number;
};

/** A server entry's state as far as nudges go: a running session with calls waiting waits. */
export function nudgeRow(entry: ServerPickerEntry): NudgeRow {
	return {id: entry.sessionId, state: entry.live && entry.waiting > 0 ? 'waiting' : entry.state};
}

/** Watches the list for nudges; `check` after each change to the list, `start` the asking. */
export class ServerNudges {
	private readonly tracker = new NudgeTracker();
	private timer: NodeJS.Timeout | undefined;
	private stopped = false;

	constructor(private readonly options: ServerNudgeOptions) {}

	/** Compares the list with the last check (the first is the baseline) and says each nudge once. */
	check(): void {
		const entries = this.options.entries();
		for (const event of this.tracker.update(entries.map(nudgeRow), this.options.current())) {
			const entry = entries.find(candidate => candidate.sessionId === event.id);
			// A subagent's run ending shows in its parent's; its wait for a person does not.
			if (entry === undefined || (event.kind === 'finished' && entry.source === 'subagent')) continue;
			this.options.onNudge(entry, sanitize(nudgeText(event)), event);
		}
	}

	/** Asks the running sessions' records again every `pollMs`, until `close`. */
	start(): void {
		const loop = (): void => {
			this.timer = setTimeout(() => void this.round().finally(() => this.stopped || loop()), this.options.pollMs ?? approvalPollMs);
			this.timer.unref();
		};
		loop();
	}

	private async round(): Promise<void> {
		const current = this.options.current();
		const running = this.options.entries().filter(entry => entry.live && entry.sessionId !== current);
		for (const {sessionId} of running) {
			if (this.stopped) return;
			const session = await this.options.record(sessionId).catch(() => undefined);
			if (session !== undefined && !this.stopped) this.options.onRecord(session);
		}
	}

	close(): void {
		this.stopped = true;
		clearTimeout(this.timer);
	}
}
