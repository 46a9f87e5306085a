/**
 * Nudges: a session other than the one on screen that starts to wait for a person's decision,
 * fails or finishes, seen between two listings of the overview. Pure: the listings come in,
 * the events go out, once each (a session says it again only after it has left that state).
 */
import type {OverviewState} from './overview-order.js';

/** What a listing says of one session, as far as nudges go. */
export type NudgeRow = {id: string; state: OverviewState; doing?: string};

/** Something another session did that the reader may want to see. */
export type NudgeEvent = {kind: 'waiting' | 'failed' | 'finished'; id: string; doing?: string};

const busy = new Set<OverviewState>(['running', 'compacting', 'retrying', 'waiting']);

/** Remembers each session's last state; `update` says what changed. */
export class NudgeTracker {
	private states: Map<string, OverviewState> | undefined;

	/** The events since the last listing (none on the first); `current` is the session on screen. */
	update(rows: readonly NudgeRow[], current: string | undefined): NudgeEvent[] {
		const before = this.states;
		this.states = new Map(rows.map(row => [row.id, row.state]));
		if (before === undefined) return [];
		const events: NudgeEvent[] = [];
		for (const row of rows) {
			if (row.id === current) continue;
			const was = before.get(row.id);
			if (was === row.state) continue;
			const doing = row.doing !== undefined ? {doing: row.doing} : {};
			if (row.state === 'waiting' || row.state === 'failed') events.push({kind: row.state, id: row.id, ...doing});
			else if (row.state === 'idle' && was !== undefined && busy.has(was)) events.push({kind: 'finished', id: row.id});
		}
		return events;
	}
}

/** `⏸ 84946371 waits: exec_command $ rm -rf build`; the text is the caller's to sanitize. */
export function nudgeText(event: NudgeEvent): string {
	const short = event.id.length > 8 ? event.id.slice(-8) : event.id;
	switch (event.kind) {
		case 'waiting':
			return `⏸ ${short} waits${event.doing !== undefined ? `: ${event.doing}` : ''}`;
		case 'failed':
			return `✗ ${short} failed${event.doing !== undefined ? `: ${event.doing}` : ''}`;
		case 'finished':
			return `✓ ${short} finished`;
	}
}
