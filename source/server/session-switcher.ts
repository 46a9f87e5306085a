/**
 * What the session picker and the program that opens sessions agree on: the sessions it
 * offers (on disk or on a server) and how it asks for one. The one home of these types, below
 * the screen: the screen (ui/) imports them, and so do the program and server mode, which
 * never import the screen.
 */
import type {ListEntry} from '../io/session-entries.js';
import type {ServerPickerEntry} from './session-list.js';

/** One session the picker offers: on disk (what `--list --json` gives for it) or on a server. */
export type PickerEntry = ListEntry | ServerPickerEntry;

/** What the picker needs from the program: the sessions under the data root or on a server, and a way to open one. */
export type SessionSwitcher = {
	/** The data root or the server the sessions are listed from (shown in the picker's title). */
	root: string;
	/** Where the sessions are, for `no sessions …` (default: `under <root>`). */
	where?: string;
	/** The picker opens as the screen starts (a server given without a session). */
	openAtStart?: boolean;
	/** Lines to show above the list (a project the server refused, a user channel that failed). */
	notices?: () => readonly string[];
	/**
	 * Calls `listener` when the list (read again with `list`), the notices or the offered session
	 * changed (`list`: only the list, which matters only while the picker shows it); returns the unsubscribe.
	 */
	subscribe?: (listener: (what?: 'list') => void) => () => void;
	/** A session that started since this one opened, offered in the footer (L opens it). */
	offered?: () => PickerEntry | undefined;
	/** The footer's text for the offered session when it is a nudge (`⏸ 84946371 waits: … · L to switch`). */
	offerNote?: () => string | undefined;
	/** The id of the session shown now, to mark it. */
	current?: () => string | undefined;
	/** The sessions, most recently active first. */
	list(): Promise<PickerEntry[]>;
	/** Stops the current source and follows `session` in the same store. */
	open(session: PickerEntry): Promise<void>;
	/**
	 * Searches the contents of `sessions` for `query` (a search's expression, smart-case), telling `onHit` of each that
	 * holds it (its matching lines, the first of them) as it is read; stops soon after `cancelled()` says so.
	 */
	searchContents?(
		sessions: readonly PickerEntry[],
		query: string,
		onHit: (sessionId: string, hit: {count: number; line: string}) => void,
		cancelled: () => boolean,
	): Promise<void>;
};
