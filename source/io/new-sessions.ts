/**
 * Sessions that start under the data root while one is on screen: the data root is listed
 * again every few seconds, and a session that was not there before, or that is written to
 * again after a minute or more of quiet, is offered in the footer (L opens it). The listing
 * is the one `--list` and the picker use; only the offered session's head is read.
 */
import {NudgeTracker, nudgeText, type NudgeEvent, type NudgeRow} from '../model/nudge.js';
import {sanitize} from '../render/sanitize.js';
import type {DiskOverview} from './disk-overview.js';
import type {ListEntry} from './session-entries.js';
import {listSessions} from './session-locator.js';

// Quiet this long, a session that is written to again has started again (session-entries.ts's liveWithinMs).
const quietMs = 60_000;

/** Which sessions of a listing started since the previous one. Pure: `now` and the listing come in. */
export class NewSessionTracker {
	private seen: Map<string, number> | undefined;
	private lastAt = 0;

	/** The sessions (newest first) that are new or live again since the last call; none on the first. */
	update(sessions: ReadonlyArray<{sessionId: string; mtimeMs: number}>, now: number): string[] {
		const previous = this.seen;
		const lastAt = this.lastAt;
		this.seen = new Map(sessions.map(session => [session.sessionId, session.mtimeMs]));
		this.lastAt = now;
		if (previous === undefined) return [];
		return sessions
			.filter(session => {
				const before = previous.get(session.sessionId);
				if (session.mtimeMs <= lastAt - quietMs) return false;
				// New since the last listing, or quiet for a minute before it and written to since.
				return before === undefined || (before <= lastAt - quietMs && session.mtimeMs > before);
			})
			.map(session => session.sessionId);
	}
}

/** How often the data root is listed again (ms). */
export const newSessionPollMs = 2_000;

/** What the watch gives the picker's switcher: the offered session, and word when it or the listing changes. */
export type OfferPart = {
	subscribe: (listener: (what?: 'list') => void) => () => void;
	offered: () => ListEntry | undefined;
	/** The footer's text for the offer when it is a nudge (`⏸ 84946371 waits: …`). */
	offerNote: () => string | undefined;
};

/** A running watch of the data root. */
export type NewSessionWatch = {
	/** The first listing is done: what is there now is known, and not offered. */
	ready: Promise<void>;
	switcherPart(currentId: () => string | undefined): OfferPart;
	close(): void;
};

export type WatchOptions = {
	pollMs?: number;
	onListed?: () => void;
	/**
	 * Lists with the overview after the first listing: each session's activity, so that one
	 * other than the one on screen that starts to wait, fails or finishes is offered (a nudge),
	 * and listeners hear of every change to the listing (the overview on screen follows it).
	 */
	overview?: DiskOverview;
	/** Called once per nudge (--notify). */
	onNudge?: (event: NudgeEvent, text: string) => void;
};

/** A listed session as the nudges see it: its state, what it does, how its last run ended (its id names it). */
function nudgeRowOf(entry: ListEntry): NudgeRow {
	const activity = entry.activity;
	return {
		id: entry.sessionId,
		state: activity?.state ?? (entry.live ? 'running' : 'idle'),
		...(activity?.doing !== undefined ? {doing: activity.doing} : {}),
		...(activity?.ended !== undefined ? {ended: activity.ended} : {}),
	};
}

/** Watches `dataRoot` for sessions that start; `switcherPart` gives the picker's offer and subscription. */
export function watchNewSessions(dataRoot: string, options: WatchOptions = {}): NewSessionWatch {
	const pollMs = options.pollMs ?? newSessionPollMs;
	const tracker = new NewSessionTracker();
	const nudges = new NudgeTracker();
	const listeners = new Set<(what?: 'list') => void>();
	let offered: ListEntry | undefined;
	let note: string | undefined;
	let current: () => string | undefined = () => undefined;
	let stopped = false;
	let timer: NodeJS.Timeout | undefined;
	let first = true;
	let signature = '';
	const tell = (what?: 'list'): void => {
		for (const listener of listeners) listener(what);
	};
	const poll = async (): Promise<void> => {
		// The first listing stats the files only (it comes before the first frame); the overview's reads heads and tails.
		const entries = first || !options.overview ? undefined : await options.overview.list(Date.now());
		const listed = entries ? undefined : await listSessions(dataRoot);
		first = false;
		if (stopped || listed?.ok === false) return;
		const summaries = listed?.sessions;
		const now = Date.now();
		const times = entries
			? entries.map(entry => ({sessionId: entry.sessionId, mtimeMs: Date.parse(entry.lastActivityAt)}))
			: summaries!;
		const started = tracker.update(times, now).filter(id => id !== current());
		options.onListed?.();
		let changed = false;
		// The offer (a new session, a nudge) changed: the footer says it; else only the list did.
		let offer = false;
		if (entries) {
			const next = entries
				.map(
					entry =>
						`${entry.sessionId}:${entry.lastActivityAt}:${entry.size}:${entry.activity?.state ?? ''}:` +
						`${entry.requests ?? ''}:${entry.costUsd ?? ''}`,
				)
				.join('\n');
			changed = next !== signature;
			signature = next;
			const rows = entries.map(entry => nudgeRowOf(entry));
			for (const event of nudges.update(rows, current())) {
				const text = sanitize(nudgeText(event));
				options.onNudge?.(event, text);
				offered = entries.find(entry => entry.sessionId === event.id);
				note = `${text} · L to switch`;
				offer = true;
			}
		}
		if (started.length > 0) {
			const fromOverview = entries?.find(entry => entry.sessionId === started[0]);
			if (fromOverview) offered = fromOverview;
			else {
				const summary = summaries?.find(session => session.sessionId === started[0]);
				if (summary === undefined) return;
				// The listing's format is loaded only when there is something to offer.
				const {listEntries} = await import('./session-entries.js');
				[offered] = await listEntries([summary], dataRoot, now);
			}
			note = undefined;
			offer = true;
		}
		if (stopped || !(changed || offer)) return;
		tell(offer ? undefined : 'list');
	};
	const loop = (): void => {
		timer = setTimeout(
			() =>
				void poll()
					.catch(() => undefined)
					.finally(() => stopped || loop()),
			pollMs,
		);
		timer.unref();
	};
	const ready = poll().catch(() => undefined);
	void ready.finally(() => stopped || loop());
	return {
		ready,
		switcherPart(currentId) {
			current = currentId;
			const live = (): ListEntry | undefined => {
				// Once it has been on screen it is no longer offered.
				if (offered !== undefined && offered.sessionId === current()) [offered, note] = [undefined, undefined];
				return offered;
			};
			return {
				subscribe: listener => {
					listeners.add(listener);
					return () => listeners.delete(listener);
				},
				offered: live,
				offerNote: () => (live() === undefined ? undefined : note),
			};
		},
		close(): void {
			stopped = true;
			clearTimeout(timer);
		},
	};
}
