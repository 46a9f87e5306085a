/**
 * Nudges: a session other than the one on screen that starts to wait for a person's decision,
 * fails or finishes, seen between two listings of the overview. Pure: the listings come in,
 * the events go out, once each (a session says it again only after it has left that state).
 */
import type {OverviewState} from './overview-order.js';
import type {RunEnding} from './run-ending.js';

/** What a listing says of one session, as far as nudges go. */
export type NudgeRow = {
	id: string;
	state: OverviewState;
	doing?: string;
	/** Its title (the server's) or first prompt: what the nudge calls it. */
	name?: string;
	/** How its last run ended, when the listing knows (a trace's tail). */
	ended?: RunEnding;
};

/**
 * Something another session did that the reader may want to see. `ended`: its run stopped and how is not known
 * yet (the server's channel says only idle; server/server-nudges.ts asks its last messages).
 */
export type NudgeEvent = {
	kind: 'waiting' | 'failed' | 'finished' | 'aborted' | 'ended';
	id: string;
	doing?: string;
	name?: string;
};

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
			const name = row.name !== undefined ? {name: row.name} : {};
			const doing = row.doing !== undefined ? {doing: row.doing} : {};
			if (row.state === 'waiting' || row.state === 'failed')
				events.push({kind: row.state, id: row.id, ...doing, ...name});
			else if (row.state === 'idle' && was !== undefined && busy.has(was)) {
				events.push({...endingEvent(row.ended), id: row.id, ...name});
			}
		}
		return events;
	}
}

/** The event a run's end makes: finished, aborted or failed with the reason; `ended` when it is not known how. */
export function endingEvent(ending: RunEnding | undefined): Pick<NudgeEvent, 'kind' | 'doing'> {
	if (ending === undefined) return {kind: 'ended'};
	return ending.kind === 'finished' ? {kind: 'finished'} : {kind: ending.kind, doing: ending.reason};
}

const nameMax = 40;

/** The session as a nudge names it: its title in quotes, else the last 8 characters of its id. */
function nameOf(event: NudgeEvent): string {
	const name = event.name?.replace(/\s+/g, ' ').trim();
	if (name === undefined || name === '') return event.id.length > 8 ? event.id.slice(-8) : event.id;
	return `"${name.length > nameMax ? `${name.slice(0, nameMax - 1)}…` : name}"`;
}

/** `⏸ "Workspace tools tour" waits: exec_command $ rm -rf build`; the text is the caller's to sanitize. */
export function nudgeText(event: NudgeEvent): string {
	const name = nameOf(event);
	switch (event.kind) {
		case 'waiting':
			return `⏸ ${name} waits${event.doing !== undefined ? `: ${event.doing}` : ''}`;
		case 'failed':
			return `✗ ${name} failed${event.doing !== undefined ? `: ${event.doing}` : ''}`;
		case 'aborted':
			// The engine's reason reads as a sentence of its own: `aborted by user`.
			if (event.doing !== undefined && /^aborted\b/i.test(event.doing)) return `■ ${name} ${event.doing}`;
			return `■ ${name} aborted${event.doing !== undefined ? `: ${event.doing}` : ''}`;
		case 'finished':
			return `✓ ${name} finished`;
		case 'ended':
			return `○ ${name} stopped running`;
	}
}
