/**
 * Sessions that start under the data root while one is on screen: the data root is listed
 * again every few seconds, and a session that was not there before, or that is written to
 * again after a minute or more of quiet, is offered in the footer (L opens it). The listing
 * is the one `--list` and the picker use; only the offered session's head is read.
 */
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

/** What the watch gives the picker's switcher: the offered session, and word when it changes. */
export type OfferPart = {
	subscribe: (listener: () => void) => () => void;
	offered: () => ListEntry | undefined;
};

/** A running watch of the data root. */
export type NewSessionWatch = {
	/** The first listing is done: what is there now is known, and not offered. */
	ready: Promise<void>;
	switcherPart(currentId: () => string | undefined): OfferPart;
	close(): void;
};

/** Watches `dataRoot` for sessions that start; `switcherPart` gives the picker's offer and subscription. */
export function watchNewSessions(dataRoot: string, options: {pollMs?: number; onListed?: () => void} = {}): NewSessionWatch {
	const pollMs = options.pollMs ?? newSessionPollMs;
	const tracker = new NewSessionTracker();
	const listeners = new Set<() => void>();
	let offered: ListEntry | undefined;
	let current: () => string | undefined = () => undefined;
	let stopped = false;
	let timer: NodeJS.Timeout | undefined;
	const poll = async (): Promise<void> => {
		const listed = await listSessions(dataRoot);
		if (stopped || !listed.ok) return;
		const now = Date.now();
		const started = tracker.update(listed.sessions, now).filter(id => id !== current());
		options.onListed?.();
		if (started.length === 0) return;
		const summary = listed.sessions.find(session => session.sessionId === started[0]);
		if (summary === undefined) return;
		// The listing's format is loaded only when there is something to offer.
		const {listEntries} = await import('./session-entries.js');
		[offered] = await listEntries([summary], dataRoot, now);
		if (stopped) return;
		for (const listener of listeners) listener();
	};
	const loop = (): void => {
		timer = setTimeout(() => void poll().catch(() => undefined).finally(() => stopped || loop()), pollMs);
		timer.unref();
	};
	const ready = poll().catch(() => undefined);
	void ready.finally(() => stopped || loop());
	return {
		ready,
		switcherPart(currentId) {
			current = currentId;
			return {
				subscribe: listener => {
					listeners.add(listener);
					return () => listeners.delete(listener);
				},
				offered: () => {
					// Once it has been on screen it is no longer offered.
					if (offered !== undefined && offered.sessionId === current()) offered = undefined;
					return offered;
				},
			};
		},
		close(): void {
			stopped = true;
			clearTimeout(timer);
		},
	};
}
