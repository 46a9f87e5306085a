/**
 * The screen's state and what a key needs to know about the screen: the types that
 * screen-state.ts's key handling works on, kept apart so that module stays about keys.
 */
import type {TextReader} from '../../model/held-text.js';
import type {Timeline} from '../../model/timeline.js';
import type {SessionView} from '../../model/view-model.js';
import type {Acting, ActState} from './acting.js';
import type {HandOverAsk, HandOverPrompt} from './hand-over.js';
import type {ContextScreen} from '../views/context-entries.js';
import type {Layout} from '../panes/layout.js';
import type {OpenState} from '../panes/open-state.js';
import type {PickerState} from '../views/picker.js';
import type {Budget, Counted, Match, Stepped} from '../reading/search.js';
import type {ViewportState} from '../reading/viewport.js';
import type {DocumentEntries} from '../reading/document-index.js';

export type SearchState = {
	/** The prompt is open and takes the keys. */
	editing: boolean;
	draft: string;
	/** The last query searched for (highlighted until Esc). */
	query?: string;
	matches: readonly Match[];
	/** The pane of the match shown (an index in `matches`), -1 for none. */
	index: number;
	/** Which of that pane's matches is shown (search-match.ts: a pane may hold many). */
	occurrence?: number;
	/** Esc hid the marks: n or N shows them again. */
	hidden?: boolean;
	/** The searches made, the latest last (↑ in the prompt brings them back). */
	history?: readonly string[];
	/** How far back ↑ went (0: the latest). */
	recalled?: number;
	/**
	 * The footer's message that gives the match's place (`match 3 of 12`), and its note: while
	 * the footer shows it, the count follows what arrives (search-count.ts).
	 */
	position?: {message: string; note?: string};
	/**
	 * Searched while a preview stood in for the session: searched again once the whole history is in, if it found nothing.
	 */
	onPreview?: boolean;
	/** n (1) or N (-1) pressed, its match not found yet (search-keys.ts's continueStep looks on between slices). */
	pending?: 1 | -1;
	/** `+/PATTERN`: searched from the session's top once the session is read (use-search-follow-ups.ts). */
	atStart?: string;
};

export type ScreenState = {
	open: OpenState;
	viewport: ViewportState;
	/** The item whose pane the cursor is in (cursor.ts); undefined while just following the bottom. */
	focus?: number;
	/** The cursor's row in the focused pane (when `itemId` is the focus; else its first row), and the entry it was at. */
	cursorAt?: {itemId: number; row: number; index?: number};
	search: SearchState;
	help: boolean;
	/** The help's first row on screen (j/k scroll it). */
	helpTop?: number;
	/** The session picker (s), while open. */
	picker?: PickerState;
	/** How many times the picker has opened (each opening lists the sessions afresh). */
	pickerOpened?: number;
	/** The picker opened at 140 columns or more: it stays beside the session (ui/views/beside.ts). */
	beside?: boolean;
	/** Beside the session, the list has the keys (Tab moves between them). */
	listFocus?: boolean;
	/** s hid the list beside the session: it stays hidden until s shows it again (ui/hooks/use-overview-beside.ts). */
	overviewHidden?: boolean;
	/** Bumped by L: the App opens the session offered in the footer. */
	switchTo?: number;
	/** The timeline (T), while shown instead of the panes. */
	timeline?: TimelineState;
	/** The context view (C), while shown instead of the panes: placed as the timeline is. */
	contextView?: TimelineState;
	/** One line for the footer, until the next key. */
	message?: string;
	/** Acting on the session (a, r, Ctrl+X, >): the footer's question or prompt, and what was last sent. */
	act?: ActState;
	/** The filter on (&): only the panes that match it are laid out (pane-filter.ts). */
	filter?: string;
	/** The filter's prompt, while it is typed. */
	filterDraft?: string;
	/** What y or Y asked to copy (the program writes it to the clipboard, once per `seq`). */
	clipboard?: {seq: number; text: string; what?: string};
	/** What v asked to show in the pager (the program runs it, once per `seq`). */
	pager?: {seq: number; text: string; title: string};
	/** g was pressed while a preview stood in for the session: its top is gone to again once the history is in. */
	topPending?: boolean;
	/** m or ' was pressed: the next key is a mark's letter (marks.ts). */
	markKey?: 'set' | 'go';
	/** The marks set with m: letter → the document line (0-based) the cursor was on. */
	marks?: Readonly<Record<string, number>>;
	/** Where the view was before the last jump ('' goes back). */
	beforeJump?: {focus?: number; cursorAt?: ScreenState['cursorAt']; viewport: ViewportState};
	/** What space, + or - asked of the replay (the program does it, once per `seq`). */
	replayAsk?: {seq: number; what: 'toggle' | 'faster' | 'slower'};
	/** The notice log (M) is shown in place of the panes. */
	noticeLog?: boolean;
	/** The log's first row on screen (undefined: its end). */
	noticeTop?: number;
	/** The jump prompt (:), while it is typed. */
	jumpDraft?: string;
	/** Long rows cut at the edge rather than wrapped (-S, S; chop-rows.ts). */
	chop?: boolean;
	/** Columns the rows are moved to the right in chop mode (→ ← $, sideways.ts); 0 or undefined at its left edge. */
	shift?: number;
	/** | or w: the footer's prompt for a command or a file name (hand-over.ts). */
	handPrompt?: HandOverPrompt;
	/** What | or w asked the program to do (once per `seq`). */
	handAsk?: HandOverAsk;
	/** Bumped by Ctrl+Z: the program hands the terminal back to the shell until `fg` (terminal-suspend.ts). */
	suspend?: number;
	/** Set when the reader asked to quit. */
	quit: boolean;
};

/** Where the timeline is: the selected row and the first row on screen. */
export type TimelineState = {
	/** Index of the selected row. */
	selected: number;
	/** Index of the first row on screen. */
	top: number;
	/** The last row stays selected as rows arrive (until j/k move). */
	follow: boolean;
};

/** What a key needs to know about the screen. */
export type ScreenEnv = {
	view: SessionView;
	/** Reads back the texts the model holds on disk (search, y, v). */
	texts?: TextReader;
	/** Rows of the body. */
	height: number;
	/** Columns of a pane's rows on screen (→ and ← move by half of it). */
	width?: number;
	/** The layout for an open state (cached: cheap to call again); in chop mode or not (default: as the screen is now). */
	layout: (open: OpenState, chop?: boolean) => Layout;
	/** The session's timeline (cached per change of the view). */
	timeline?: () => Timeline;
	/** The context view's entries (cached per change of the view). */
	contextScreen?: () => ContextScreen;
	/** Whether there are sessions to pick from (the program passed a switcher). */
	canPick?: boolean;
	/** The terminal is wide enough for the session list beside the session. */
	wide?: boolean;
	/** Whether a session that started since is offered in the footer (L opens it). */
	offered?: boolean;
	/** Whether a, r, Ctrl+X and > can act (default: unavailable, not a live session). */
	acting?: Acting;
	/** How many rows the help has at this width (it scrolls when more than `height`). */
	helpRows?: number;
	/** The terminal row of the body's first row (for a mouse click, --mouse). */
	bodyTop?: number;
	/** The matches of a query in the session now (default: searched afresh; the screen keeps them counted). */
	matches?: (query: string) => readonly Match[];
	/**
	 * Counts the matches of a query as far as `budget` allows (search-count.ts): Enter shows the first match wanted before
	 * the count is done.
	 */
	countMatches?: (query: string, budget: Budget) => Counted;
	/**
	 * The first match `wanted` says yes to from the session's item `start` on, found before the count from its start gets
	 * there.
	 */
	probeMatch?: (query: string, start: number, wanted: (match: Match) => boolean) => Match | undefined;
	/**
	 * n or N on the screen: the match after (before) `shown` from what the count has found, else
	 * looked for as far as one slice allows (search-count.ts's LiveMatches.step).
	 */
	stepMatch?: (query: string, shown: Match | undefined, step: 1 | -1) => Stepped;
	/** The footer's `match 7 of 13` for a pane's match `occurrence`, counted as far as the count went. */
	matchOrdinal?: (query: string, match: Match, occurrence: number) => string | undefined;
	/** How many rows the notice log has at this width. */
	noticeRows?: number;
	/** A replay is playing: space, + and - control it. */
	replaying?: boolean;
	/** Whether the end of a big trace is shown while its whole history is read behind it. */
	previewing?: boolean;
	/** The session's lines, numbered (line-numbering.ts); without it, a line per pane row. */
	lines?: DocumentLines;
};

/** The document's line numbers for the session on screen. */
export type DocumentLines = {
	entries(): DocumentEntries;
	/** The entry of an item in `entries()`, -1 for none. */
	indexOf(itemId: number): number;
	/** The subagent panes an item is inside, outermost first. */
	ancestorsOf(itemId: number): number[];
};
