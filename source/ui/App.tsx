/**
 * The root of the screen: header, body (or help), footer, and the one input handler. It
 * lays out the session for the current width, slices the visible rows, and hands every
 * key to the pure screen-state function; nothing here knows the wire format.
 */
import {Box, useInput, type Key} from 'ink';
import {homedir} from 'node:os';
import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import type {SessionStore} from '../model/store.js';
import {Body} from './Body.js';
import {ColorContext} from './ColorContext.js';
import {Footer} from './Footer.js';
import {Header} from './Header.js';
import {HelpOverlay} from './HelpOverlay.js';
import {Layouter} from './layout.js';
import type {OpenState} from './open-state.js';
import {handleKey, initialScreen, type ScreenEnv, type ScreenState} from './screen-state.js';
import {headerIsLive} from './status-line.js';
import {useStore, useTicker} from './use-store.js';
import {useTerminalSize, type TerminalSize} from './use-terminal-size.js';
import {newCount, visibleRows} from './viewport.js';

export type AppProps = {
	store: SessionStore;
	/** --expand words: thinking, outputs, details, all. */
	expand?: readonly string[];
	/** False: no colour and no text attributes at all. */
	color?: boolean;
	/** Called once when the reader quits (q, Ctrl+C). */
	onQuit: () => void;
	/** A fixed terminal size instead of the real one (tests). */
	size?: TerminalSize;
	/** The clock (tests). */
	clock?: () => number;
	/** Shown as `~` in paths; the real home directory by default. */
	home?: string;
};

/** The rows the header, rules and footer take, for a terminal of `rows` rows. */
export function chromeRows(rows: number): {rules: boolean; chrome: number} {
	const rules = rows >= 12;
	return {rules, chrome: rules ? 6 : 4};
}

/** The whole screen. */
export function App({store, expand, color = true, onQuit, size, clock = Date.now, home}: AppProps) {
	useStore(store);
	const {columns, rows} = useTerminalSize(size);
	const [state, setState] = useState<ScreenState>(() => initialScreen(expand));
	const layouter = useMemo(() => new Layouter(), []);
	const [live, setLive] = useState(false);
	useTicker(live);

	// One row fewer than the terminal: a frame as tall as the terminal makes Ink clear the
	// whole screen on every frame.
	const {rules, chrome} = chromeRows(rows);
	const height = Math.max(1, rows - 1 - chrome);
	const width = Math.max(10, columns);
	const paneWidth = width - 1;
	const now = clock();
	const view = store.view;
	const layout = layouter.layout(view, paneWidth, state.open, now);
	const {rows: visible, first, last} = visibleRows(layout, height, state.viewport);
	const fresh = newCount(layout, state.viewport);

	let focusRow = -1;
	if (state.focus !== undefined) focusRow = visible.findIndex(row => row.itemId === state.focus);

	let anyLive = headerIsLive(view, store.status);
	for (let i = first; i <= last && !anyLive; i++) anyLive = layout.pane(i).live;
	useEffect(() => setLive(anyLive), [anyLive]);

	const env = useRef<ScreenEnv | undefined>(undefined);
	env.current = {
		view,
		height,
		layout: (open: OpenState) => layouter.layout(store.view, paneWidth, open, clock()),
	};
	const onKey = useCallback((input: string, key: Key) => {
		const current = env.current!;
		setState(previous => handleKey(previous, input, key, current));
	}, []);
	useInput(onKey);
	const quitting = useRef(false);
	useEffect(() => {
		if (state.quit && !quitting.current) {
			quitting.current = true;
			onQuit();
		}
	}, [state.quit, onQuit]);

	return (
		<ColorContext.Provider value={color}>
			<Box flexDirection="column" width={width}>
				<Header
					view={view}
					status={store.status}
					following={state.viewport.follow}
					now={now}
					width={width}
					home={home ?? homedir()}
					rule={rules}
				/>
				{state.help ? (
					<HelpOverlay width={width} height={height} />
				) : (
					<Body rows={visible} height={height} focusRow={focusRow} query={state.search.editing ? undefined : state.search.query} />
				)}
				<Footer
					view={view}
					newCount={fresh}
					rule={rules}
					editing={state.search.editing}
					draft={state.search.draft}
					message={state.message}
					query={state.search.query}
					width={width}
				/>
			</Box>
		</ColorContext.Provider>
	);
}
