/**
 * Nudges on a server: another session that starts to wait for approval or finishes a run.
 * A run's end comes on the user channel (`session_state` running → idle); a wait does not (the
 * channel carries no approvals of other sessions), so the records of the sessions that run are
 * asked again, one at a time, every few seconds, behind whatever is on screen. The same round
 * asks each one still running for its last few messages: what it does now, for the overview.
 */
import {endingEvent, NudgeTracker, nudgeText, type NudgeEvent, type NudgeRow} from '../model/nudge.js';
import {runEnding} from '../model/run-ending.js';
import {messagesActivity} from '../render/overview-activity.js';
import {sanitize} from '../render/sanitize.js';
import type {ServerSession} from './api.js';
import type {ServerPickerEntry} from './session-list.js';

/** How often the running sessions' records are asked again (ms), counted from the end of the last round. */
export const approvalPollMs = 5_000;

/**
 * How many of a running session's last messages say what it does now (a tool call and its decision, a request's begin).
 */
export const activityTail = 20;

export type ServerNudgeOptions = {
	/** The list's entries now. */
	entries: () => ServerPickerEntry[];
	/** The session on screen: never nudged about, nor asked for. */
	current: () => string | undefined;
	/** One session's record (the API's timed request). */
	record: (sessionId: string) => Promise<ServerSession>;
	/** A record came: the list takes it (and says it changed, which checks again). */
	onRecord: (session: ServerSession) => void;
	/** A session's last messages (the API's timed request); without it, what a session does is not asked. */
	lastMessages?: (sessionId: string, limit: number) => Promise<unknown[]>;
	/** What a running session does now (undefined: its last messages say nothing). */
	onDoing?: (sessionId: string, doing: string | undefined) => void;
	/** A nudge: the entry it is about, and the footer's text (sanitized). */
	onNudge: (entry: ServerPickerEntry, text: string, event: NudgeEvent) => void;
	pollMs?: number;
};

/** A server entry's state as far as nudges go: a running session with calls waiting waits. */
export function nudgeRow(entry: ServerPickerEntry): NudgeRow {
	const name = entry.title !== undefined ? {name: entry.title} : {};
	const doing = entry.doing !== undefined ? {doing: entry.doing} : {};
	return {id: entry.sessionId, state: entry.live && entry.waiting > 0 ? 'waiting' : entry.state, ...doing, ...name};
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
			if (entry === undefined || (event.kind === 'ended' && entry.source === 'subagent')) continue;
			if (event.kind === 'ended') void this.sayEnding(entry, event);
			else this.options.onNudge(entry, sanitize(nudgeText(event)), event);
		}
	}

	/**
	 * A run ended (the channel says only idle): how, its last messages say (finished, aborted, failed with the
	 * engine's reason); when they do not come, that it stopped running.
	 */
	private async sayEnding(entry: ServerPickerEntry, event: NudgeEvent): Promise<void> {
		const {lastMessages} = this.options;
		const asked = lastMessages?.(entry.sessionId, activityTail);
		const messages = asked === undefined ? undefined : await asked.catch(() => undefined);
		if (this.stopped) return;
		const said: NudgeEvent = messages === undefined ? event : {...event, ...endingEvent(runEnding(messages))};
		this.options.onNudge(entry, sanitize(nudgeText(said)), said);
	}

	/** Asks the running sessions' records again every `pollMs`, until `close`. */
	start(): void {
		const loop = (): void => {
			this.timer = setTimeout(
				() => void this.round().finally(() => this.stopped || loop()),
				this.options.pollMs ?? approvalPollMs,
			);
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
			// A call that waits: what it is, before the nudge says it waits.
			const waits = session !== undefined && session.status !== 'idle' && (session.pendingApprovalCount ?? 0) > 0;
			if (waits && !this.stopped) await this.askDoing(sessionId);
			if (session !== undefined && !this.stopped) this.options.onRecord(session);
			if (session === undefined || session.status === 'idle' || this.stopped || waits) continue;
			await this.askDoing(sessionId);
		}
	}

	/** What a running session does now, from its last messages; a request that fails leaves the row as it was. */
	private async askDoing(sessionId: string): Promise<void> {
		const {lastMessages, onDoing} = this.options;
		if (lastMessages === undefined || onDoing === undefined) return;
		const messages = await lastMessages(sessionId, activityTail).catch(() => undefined);
		if (messages === undefined || this.stopped) return;
		const activity = messagesActivity(messages);
		onDoing(sessionId, activity.state === 'idle' ? undefined : activity.doing);
	}

	close(): void {
		this.stopped = true;
		clearTimeout(this.timer);
	}
}
