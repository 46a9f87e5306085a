/**
 * The root of the screen: header, body (or help), footer, and the one input handler. It
 * lays out the session for the current width, slices the visible rows, and hands every
 * key to the pure screen-state function; nothing here knows the wire format.
 */
import {Box, useInput, type Key} from 'ink';
import {homedir} from 'node:os';
import {useCallback, useContext, useEffect, useMemo, useRef, useState} from 'react';
import type {SessionActions} from '../../io/sse/actions.js';
import type {TextReader} from '../../model/held-text.js';
import type {SessionStore} from '../../model/session-store.js';
import {isRunning, timelineOf, type Timeline} from '../../model/timeline.js';
import type {SessionView} from '../../model/view-model.js';
import {sanitize} from '../../render/sanitize.js';
import {queuedTexts, stillPending, type Acting, type PendingSteer} from '../screen/acting.js';
import {
	besideHints,
	filterHint,
	noPaneMatches,
	noticeHints,
	pickerFilterHints,
	pickerHints,
	timelineHints,
} from '../screen/footer-hints.js';
import {Body} from './Body.js';
import {ColorContext} from './ColorContext.js';
import {ImageContext, LinkContext} from './LinkContext.js';
import {contextOnScreen} from '../reading/context-on-screen.js';
import {Footer} from './Footer.js';
import {requestCostText, shownCostText} from '../../render/cost-text.js';
import {FooterTurn} from '../screen/footer-turn.js';
import {Header} from './Header.js';
import {helpKeysHint, helpLines} from '../screen/help-lines.js';
import {HelpOverlay} from './HelpOverlay.js';
import {handOverHint, type HandOverAsk, type HandOverResult} from '../screen/hand-over.js';
import {screenGeometry} from '../reading/screen-geometry.js';
import {Layouter, type Layout, type Pane} from '../panes/layout.js';
import {CodeColours, loadCommonHighlighter} from '../panes/code-colours.js';
import type {Highlighter} from '../../render/code-colour.js';
import type {OpenState} from '../panes/open-state.js';
import type {SessionSwitcher} from '../../server/session-switcher.js';
import {openPicker} from '../views/picker.js';
import {besideListWidth, besideMinColumns, isBeside} from '../views/beside.js';
import {handleKey, initialScreen, type ScreenEnv} from '../screen/screen-state.js';
import {footerMessage, LiveMatches, ordinalText} from '../reading/search-count.js';
import {sliceBudget, useSearchProgress} from '../hooks/search-progress.js';
import {SessionPicker} from './SessionPicker.js';
import {BesideRow} from './BesideRow.js';
import {TimelineView} from './TimelineView.js';
import {ContextView} from './ContextView.js';
import {contextHints} from '../views/context-keys.js';
import {useContextScreen} from '../hooks/use-context-screen.js';
import {ContextTrail} from '../screen/context-trail.js';
import {headerIsLive, sourceTrouble, tildePath} from '../screen/status-line.js';
import {frameMs, streamFrameMs} from './frame-pacer.js';
import {useStore, useTicker, useWarmUp} from '../hooks/use-store.js';
import {useSteadyPlace} from '../hooks/use-steady-place.js';
import {changedSince, drawnFrom, type DrawnFrom} from '../panes/drawn-from.js';
import {defaultSwitches, type ScreenSwitches} from '../../settings.js';
import {useTerminalSize, type TerminalSize} from '../hooks/use-terminal-size.js';
import {FilterCache, filteredLayout} from '../reading/pane-filter.js';
import {lineText, positionWith} from '../reading/position.js';
import {cursorPane, cursorScreenRow, pagesBeside} from '../reading/cursor.js';
import {LineNumbering} from '../reading/line-numbering.js';
import {cursorLine, documentLines} from '../reading/line-place.js';
import {choppedLayout, choppedRows, chopWidth} from '../panes/chop-rows.js';
import {replayText} from '../screen/replay-controls.js';
import {NoticeLogView} from './NoticeLogView.js';
import {useNoticeLog} from '../hooks/use-notice-log.js';
import {useScreenRequests} from '../hooks/use-screen-requests.js';
import {useSessionSwitching} from '../hooks/use-session-switching.js';
import {useSearchFollowUps} from '../hooks/use-search-follow-ups.js';
import type {ReplayControl} from '../../io/replay.js';
import {sessionTime} from '../screen/session-clock.js';
import {newCount, visibleRows} from '../reading/viewport.js';

// The search's count is sliced by wall time (not the session's clock, which a test or a replay sets).
const performanceNow = (): number => performance.now();

export type AppProps = {
	store: SessionStore;
	/** --expand words: thinking, outputs, details, all. */
	expand?: readonly string[];
	/** `+/PATTERN`: the search the screen opens with, on the session's first match (less's convention). */
	search?: string;
	/** -S: long rows cut at the edge rather than wrapped (S toggles it). */
	chop?: boolean;
	/** False: no colour (and no text attributes either, unless `attributes`). */
	color?: boolean;
	/** Bold, dim, inverse… without colour (NO_COLOR): they mark thinking, the focus and matches. Default: as `color`. */
	attributes?: boolean;
	/** Reads back the texts the model holds on disk: for the panes drawn, search, the filter, y and v. */
	texts?: TextReader;
	/** Called once when the reader quits (q, Ctrl+C). */
	onQuit: () => void;
	/** A fixed terminal size instead of the real one (tests). */
	size?: TerminalSize;
	/** The clock (tests). */
	clock?: () => number;
	/** Shown as `~` in paths; the real home directory by default. */
	home?: string;
	/** The sessions the picker (s) lists and opens; without it, s says there is nothing to pick. */
	sessions?: SessionSwitcher;
	/** Rings the terminal's bell (as a tool call starts to wait for approval); none with --no-bell. */
	bell?: () => void;
	/** Sends what a, r, Ctrl+X and > ask for (following a session over --sse). */
	actions?: SessionActions;
	/** Why those keys do nothing without `actions` ({mode: 'off'}: --read-only, the keys unbound). */
	acting?: Acting;
	/** Puts text on the clipboard (y, Y); the footer's line about it, if it has one (clipboard-writer.ts). */
	copy?: (text: string, what: string) => string | void;
	/** Shows text in the pager (v) and returns when it closes, or says why it could not. */
	page?: (text: string, title: string) => string | undefined;
	/** | and w: pipes a pane's text to a command, or writes it to a file; says what came of it. */
	handOver?: (ask: HandOverAsk) => HandOverResult;
	/** Ctrl+Z: hands the terminal to the shell and returns once `fg` continues the program, or says why it could not. */
	suspend?: () => string | undefined;
	/** --replay: space pauses it, + and - change its speed; the header says where it is. */
	replay?: ReplayControl;
	/** The screen's switches (settings.ts): all on by default. */
	switches?: ScreenSwitches;
	/** Loads the highlighter for code in colour (with colour only); a dynamic import by default. */
	loadHighlighter?: () => Promise<Highlighter>;
};

/** The rows of the timeline worth a clock tick: the newest ones, where anything running is. */
function timelineMoves(timeline: Timeline): boolean {
	const rows = timeline.rows;
	for (let i = rows.length - 1; i >= 0 && i >= rows.length - 64; i--) if (isRunning(rows[i]!)) return true;
	return false;
}

/** The footer's offer of a session that started: `▸ session …7d2810f6 started · L to switch`. */
export function offerText(sessionId: string): string {
	return `▸ session …${sessionId.slice(-8)} started · L to switch`;
}

/** The whole screen. */
export function App({
	store,
	texts,
	expand,
	search,
	chop,
	color = true,
	attributes = color,
	onQuit,
	size,
	clock = Date.now,
	home,
	sessions,
	bell,
	actions,
	acting,
	copy,
	page,
	handOver,
	suspend,
	replay,
	switches = defaultSwitches,
	loadHighlighter = loadCommonHighlighter,
}: AppProps) {
	// What the last frame drew from the store: a change that touched none of it draws nothing.
	const drawn = useRef<DrawnFrom | undefined>(undefined);
	useStore(
		store,
		frameMs,
		streamFrameMs,
		() => changedSince(drawn.current, store.view, store.status),
		clock,
		switches.warmMs,
	);
	useWarmUp();
	const {columns, rows} = useTerminalSize(size);
	// A server given without a session opens on its picker.
	const [state, setState] = useState(() => {
		const start = initialScreen(expand, chop, search);
		return sessions?.openAtStart ? {...start, picker: openPicker(1), pickerOpened: 1} : start;
	});
	// Bumped when the program says its list, notices or offered session changed.
	const [listRev, setListRev] = useState(0);
	// A change to the list alone draws nothing while the picker is closed (a data root's watch says one every 2 s).
	const pickerShown = useRef(false);
	useEffect(
		() => sessions?.subscribe?.(what => (what !== 'list' || pickerShown.current) && setListRev(n => n + 1)),
		[sessions],
	);
	pickerShown.current = state.picker !== undefined;
	const offered = sessions?.offered?.();
	// Code is coloured once the highlighter is in: it is loaded when a pane first has code to colour, and a frame follows.
	const [, setCodeReady] = useState(0);
	const code = useMemo(
		() => (color ? new CodeColours(loadHighlighter, () => setCodeReady(n => n + 1)) : undefined),
		[color, loadHighlighter],
	);
	const images = useContext(ImageContext);
	const linked = useContext(LinkContext) !== undefined;
	const layouter = useMemo(() => new Layouter(texts, true, code, images, linked), [texts, code, images, linked]);
	// Chop mode (-S, S) lays the panes out once more, at a width no row reaches (chop-rows.ts).
	const wideLayouter = useMemo(() => new Layouter(texts, true, code, images, linked), [texts, code, images, linked]);
	const choppedPanes = useMemo(() => new WeakMap<Pane, Pane>(), [wideLayouter]);
	// The timeline is made again only when the session changed (its rows hold the live items).
	const timelineCache = useRef<{view: SessionView; rev: number; timeline: Timeline} | undefined>(undefined);
	const timelineNow = useCallback((): Timeline => {
		const current = store.view;
		const cached = timelineCache.current;
		if (cached && cached.view === current && cached.rev === current.rev) return cached.timeline;
		const timeline = timelineOf(current);
		timelineCache.current = {view: current, rev: current.rev, timeline};
		return timeline;
	}, [store]);
	const contextTrail = useMemo(() => new ContextTrail(), []);
	const contextScreenNow = useContextScreen(store, contextTrail);
	const [live, setLive] = useState(false);
	useTicker(live);

	// Steering sent and not yet on the stream takes a row of the footer, with the server's queue.
	const [sentSteering, setSentSteering] = useState<readonly PendingSteer[]>([]);
	const stillSent = stillPending(sentSteering, store.view);
	useEffect(() => {
		if (stillSent !== sentSteering) setSentSteering(stillSent);
	}, [stillSent, sentSteering]);
	// Withdrawn from here: hidden before the server's next task_state says so.
	const withdrawn = useRef(new Set<string>()).current;
	const pendingSteer = queuedTexts(store.view, stillSent, withdrawn);

	// Steering sent and not yet read takes a row above the footer's numbers.
	// At 140 columns or more the picker stays beside the session (beside.ts): the session keeps the rest.
	const wide = columns >= besideMinColumns;
	const listWidth = isBeside(state, wide) ? besideListWidth(columns) : 0;
	const screenWidth = Math.max(10, columns);
	const geometry = screenGeometry(listWidth > 0 ? columns - listWidth - 1 : columns, rows);
	const {rules, width, paneWidth} = geometry;
	const height = Math.max(1, geometry.height - (pendingSteer.length > 0 ? 1 : 0));
	const view = store.view;
	// The session's own clock: a replay's, or a stopped trace's last moment (session-clock.ts); the picker's is real.
	const realNow = clock();
	const {now, stoppedAt} = sessionTime(view, store.status, realNow);
	const filterCache = useMemo(() => new FilterCache(), []);
	// The document's line numbers, counted again only where the session changed (line-numbering.ts).
	const numbering = useMemo(() => new LineNumbering(), []);
	const lines = documentLines(view, numbering);
	// The search's matches, counted again only where the session changed (search-count.ts).
	const liveMatches = useMemo(() => new LiveMatches(texts), [texts]);
	const countSlice = useSearchProgress(liveMatches, view, state.search.query, performanceNow);
	// In chop mode rows are cut at the edge and drawn from the shift on (chop-rows.ts).
	const chopped = state.chop === true;
	const shift = chopped ? (state.shift ?? 0) : 0;
	const laidOut = (
		session: SessionView,
		open: OpenState,
		at: number,
		stopped: number | undefined,
		chop = chopped,
	): Layout => {
		const narrow = layouter.layout(session, paneWidth, open, at, stopped, store.status.prices);
		const shown = chop
			? choppedLayout(
					wideLayouter.layout(session, chopWidth, open, at, stopped, store.status.prices),
					narrow,
					choppedPanes,
				)
			: narrow;
		return filteredLayout(shown, state.filter, filterCache, texts);
	};
	const layout = laidOut(view, state.open, now, stoppedAt);
	const {rows: slice, first, last} = visibleRows(layout, height, state.viewport);
	const fresh = newCount(layout, state.viewport);

	// The cursor's row is marked once the reader moved it (while just following, the bottom is where the reader is).
	const focusRow = state.focus === undefined ? -1 : cursorScreenRow(state, layout, height);
	const focusIndex = state.focus === undefined ? -1 : cursorPane(state, layout, height);
	const visible = chopped ? choppedRows(slice, shift, paneWidth) : slice;
	// The header names the context of what is on screen (after g, the first), the newest while following.
	const shownContext = contextOnScreen(view, layout, {focus: focusIndex, first, follow: state.viewport.follow});
	// Counted in panes that draw something, with a filter (which keeps only those) or without.
	// The cursor's document line (while just following, the last), in lines every pane counts, open or folded.
	const place = useSteadyPlace(
		() => {
			const line = cursorLine(state, layout, height, lines);
			return line === undefined ? undefined : lineText(line, lines.entries().total);
		},
		state.viewport.follow && state.focus === undefined,
	);
	const {long: position, short: shortPosition} = positionWith(place, shift, state.filter);

	// Noted only where the frame reads no text but the drawn panes' (a search, a filter, the timeline, the log read all).
	const quiet =
		switches.quietOffscreen &&
		state.search.query === undefined &&
		!state.search.editing &&
		state.filter === undefined &&
		state.filterDraft === undefined &&
		!state.timeline &&
		!state.contextView &&
		!state.noticeLog;
	drawn.current = quiet ? drawnFrom(view, store.status, layout, first, last) : undefined;

	const timeline = state.timeline ? timelineNow() : undefined;
	let anyLive = headerIsLive(view, store.status) || (timeline !== undefined && timelineMoves(timeline));
	for (let i = first; i <= last && !anyLive; i++) anyLive = layout.pane(i).live;
	useEffect(() => setLive(anyLive), [anyLive]);

	// The source's trouble takes the footer's last row from any message older than it.
	const footerTurn = useRef<FooterTurn | undefined>(undefined);
	footerTurn.current ??= new FooterTurn();
	const troubleWins = footerTurn.current.troubleWins(
		state.message,
		store.status.message === undefined ? undefined : `${store.status.state}: ${store.status.message}`,
	);
	const noticeLogRows = useNoticeLog({store, state, sessions, clock, width});

	// A replay plays: its keys are bound (keymap.ts), and the footer hints them.
	const replaying = replay !== undefined && store.status.state === 'replaying' && !view.ended;
	const env = useRef<ScreenEnv | undefined>(undefined);
	env.current = {
		view,
		texts,
		height,
		width: paneWidth,
		layout: (open: OpenState, chop?: boolean) => {
			const time = sessionTime(store.view, store.status, clock());
			return laidOut(store.view, open, time.now, time.stoppedAt, chop);
		},
		timeline: timelineNow,
		contextScreen: contextScreenNow,
		canPick: sessions !== undefined,
		wide,
		offered: offered !== undefined,
		acting: actions ? {mode: 'on'} : acting,
		helpRows: state.help ? helpLines(width).length : 0,
		noticeRows: noticeLogRows?.length ?? 0,
		// The header's two rows and its rule.
		bodyTop: rules ? 3 : 2,
		matches: query => liveMatches.matches(store.view, query),
		countMatches: (query, budget) => liveMatches.count(store.view, query, budget),
		probeMatch: (query, start, wanted) => liveMatches.probe(store.view, query, start, wanted),
		stepMatch: (query, shown, step) => liveMatches.step(store.view, query, shown, step, sliceBudget(performanceNow)),
		matchOrdinal: (query, match, occurrence) =>
			ordinalText(liveMatches.sofar(store.view, query), liveMatches, match, occurrence),
		previewing: store.previewing,
		lines,
		replaying,
	};
	const onKey = useCallback((input: string, key: Key) => {
		const current = env.current!;
		setState(previous => handleKey(previous, input, key, current));
	}, []);
	useInput(onKey);
	useSearchFollowUps({state, setState, previewing: store.previewing, env, loaded: view.items.length > 0});
	useScreenRequests({
		state,
		setState,
		store,
		actions,
		setSentSteering,
		withdrawn,
		copy,
		page,
		handOver,
		suspend,
		replay,
		bell,
		onQuit,
	});

	useSessionSwitching({state, setState, sessions, clock, listRev, expand, wide});

	// The picker full-screen, or at 140 columns or more beside the session's part of the body.
	const pickerOf = (w: number): React.JSX.Element | undefined =>
		state.picker && (
			<SessionPicker
				state={state.picker}
				width={w}
				height={height}
				now={realNow}
				root={tildePath(sessions?.root ?? '', home ?? homedir())}
				where={sessions?.where}
				notices={sessions?.notices?.()}
				current={sessions?.current?.() ?? view.header.sessionId}
				opening={state.picker.chosen !== undefined}
				focused={listWidth === 0 || state.listFocus === true}
			/>
		);
	// The picker has the keys: full-screen, or beside the session with the focus (Tab).
	const pickerKeys = state.picker !== undefined && (listWidth === 0 || state.listFocus === true);
	const sessionPart = state.help ? (
		<HelpOverlay width={width} height={height} top={state.helpTop} />
	) : noticeLogRows ? (
		<NoticeLogView rows={noticeLogRows} height={height} top={state.noticeTop} />
	) : state.picker && listWidth === 0 ? (
		pickerOf(width)
	) : state.timeline && timeline ? (
		<TimelineView
			timeline={timeline}
			state={state.timeline}
			width={width}
			height={height}
			now={now}
			costOf={usage => requestCostText(usage, view.header, store.status.prices)}
			outside={contextScreenNow().outside}
		/>
	) : state.contextView ? (
		<ContextView screen={contextScreenNow()} state={state.contextView} width={width} height={height} />
	) : (
		<Body
			rows={state.filter !== undefined && layout.count === 0 ? noPaneMatches(state.filter) : visible}
			height={height}
			focusRow={focusRow}
			width={width}
			query={state.search.editing || state.search.hidden ? undefined : state.search.query}
			dimmed={listWidth > 0 && state.listFocus === true}
			ahead={state.viewport.follow || listWidth > 0 ? undefined : () => pagesBeside(state, layout, height)}
			aheadAt={[state.viewport.anchor?.itemId, state.viewport.anchor?.offset, state.focus, state.open, height]}
		/>
	);

	return (
		<ColorContext.Provider value={color ? 'color' : attributes ? 'attributes' : 'none'}>
			<Box flexDirection="column" width={screenWidth}>
				<Header
					view={view}
					shard={shownContext}
					status={store.status}
					following={state.viewport.follow}
					now={realNow}
					stoppedAt={stoppedAt}
					noSession={sessions?.openAtStart === true && sessions.current?.() === undefined}
					replay={replay ? replayText(replay.state()) : undefined}
					trail={{sizes: contextTrail.sizes(view), cost: contextTrail.cost(view, store.status)}}
					width={screenWidth}
					home={home ?? homedir()}
					rule={rules}
				/>
				<BesideRow list={listWidth > 0 && pickerOf(listWidth)} width={width} height={height}>
					{sessionPart}
				</BesideRow>
				<Footer
					view={view}
					newCount={fresh}
					rule={rules}
					editing={state.search.editing}
					draft={state.search.draft}
					message={footerMessage(state, countSlice, liveMatches)}
					query={state.search.query}
					width={screenWidth}
					hints={
						state.handPrompt
							? handOverHint(state.handPrompt)
							: state.jumpDraft !== undefined
								? `:${sanitize(state.jumpDraft)}▌   ` +
									'Enter jump · 1204 a line · 50% a place · p12 a pane · 14:45 a time · Esc cancel'
								: state.filterDraft !== undefined
									? filterHint(state.filterDraft, state.filter)
									: state.help
										? helpKeysHint
										: state.noticeLog
											? noticeHints
											: pickerKeys
												? state.picker?.filtering
													? pickerFilterHints
													: listWidth > 0
														? besideHints
														: pickerHints
												: state.timeline
													? timelineHints
													: state.contextView
														? contextHints
														: undefined
					}
					offer={
						offered && !state.help && !(pickerKeys && listWidth === 0)
							? (sessions?.offerNote?.() ?? offerText(offered.sessionId))
							: undefined
					}
					act={state.act?.prompt}
					acting={actions !== undefined}
					replaying={replaying}
					pendingSteer={pendingSteer}
					position={
						pickerKeys || state.timeline || state.contextView || state.help || state.noticeLog ? undefined : position
					}
					shortPosition={
						pickerKeys || state.timeline || state.contextView || state.help || state.noticeLog
							? undefined
							: shortPosition
					}
					trouble={troubleWins ? sourceTrouble(store.status, realNow, width) : undefined}
					typing={state.filterDraft !== undefined || state.jumpDraft !== undefined || state.handPrompt !== undefined}
					// While the end of a trace stands in for it (tail-first), its spending is only the end's: no figure yet.
					cost={store.previewing ? undefined : shownCostText(view, store.status.prices, store.status.serverCost)}
				/>
			</Box>
		</ColorContext.Provider>
	);
}
