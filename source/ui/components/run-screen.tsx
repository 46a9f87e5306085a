/**
 * Runs the interactive screen on the terminal until the reader quits, and leaves the
 * terminal as it found it: the screen lives in the alternate screen buffer, and on every way
 * out (q, Ctrl+C, SIGTERM, SIGHUP, SIGINT, the caller's AbortSignal) Ink is unmounted, raw
 * mode is turned off, the cursor is shown and the normal screen comes back.
 *
 * The caller owns the sources: when this resolves, stop feeding the store and exit. While
 * the screen runs it handles SIGTERM/SIGHUP/SIGINT itself (resolving with the signal) so
 * the terminal is restored before the caller's own shutdown; its listeners are removed
 * before it resolves.
 *
 * An unexpected error ends it too: a component that throws while rendering (Ink's error
 * boundary) makes it reject once the terminal is restored; an exception or rejection that
 * nobody catches reaches the process-wide handler (crash.ts), which runs this screen's
 * restorer first. Restoring is idempotent and does not depend on Ink having finished a
 * frame: Ink is unmounted (so it writes nothing more), then the terminal is put back.
 */
import {openSync} from 'node:fs';
import {homedir} from 'node:os';
import {ReadStream as TtyReadStream} from 'node:tty';
import {render, useInput} from 'ink';
import {useEffect, useState} from 'react';
import {onCrash} from '../../crash.js';
import {faultDelayMs, injectedFault, type FaultKind} from '../../fault.js';
import {runPager, type PagerTerminal} from '../../io/pager.js';
import type {SessionActions} from '../../io/sse/actions.js';
import type {ReplayControl} from '../../io/replay.js';
import type {TextReader} from '../../model/held-text.js';
import type {SessionStore} from '../../model/session-store.js';
import type {ClipboardEnv, ScreenSwitches} from '../../settings.js';
import type {Acting} from '../screen/acting.js';
import {clipboardWriter} from '../screen/clipboard-writer.js';
import {mouseOff, mouseOn} from '../screen/mouse.js';
import {App} from './App.js';
import {classicPalette, type Palette} from '../panes/palette.js';
import {PaletteContext} from './ColorContext.js';
import {suspendToShell} from './terminal-suspend.js';
import {tabProgressWriter} from './tab-progress-writer.js';
import {ImageContext, LinkContext} from './LinkContext.js';
import {inlineImages} from './inline-images-sender.js';
import {itermFrames} from './iterm-frames.js';
import {linkTargets} from '../../io/link-targets.js';
import {handOverTo, type HandOverPlace} from './hand-over-program.js';
import type {SessionSwitcher} from '../../server/session-switcher.js';

export type ScreenOptions = {
	/** --expand words: thinking, outputs, details, all. */
	expand?: string[];
	/** `+/PATTERN`: the search the screen opens with. */
	search?: string;
	/** Colour decided once by the caller (e.g. colorWanted from render/color.ts). */
	color: boolean;
	/** Reads back the texts the model holds on disk (io/held-texts.ts): for the panes drawn, search, y and v. */
	texts?: TextReader;
	/** Text attributes without colour (NO_COLOR): from attributesWanted in render/color.ts. */
	attributes?: boolean;
	/** Aborting it closes the screen (the source failed for good, the caller is shutting down). */
	signal?: AbortSignal;
	/** Streams (default: the process's own). */
	stdin?: NodeJS.ReadStream;
	stdout?: NodeJS.WriteStream;
	/** Let Ink catch console output above the frame (default true; test runners own the console). */
	patchConsole?: boolean;
	/** The sessions the picker (s) offers, and how to open one. */
	sessions?: SessionSwitcher;
	/** Ring the terminal's bell as a tool call starts to wait for approval (default true; --no-bell). */
	bell?: boolean;
	/** --mouse: the wheel scrolls, a click puts the cursor on the row (the terminal's own selection needs Shift then). */
	mouse?: boolean;
	/** -S: long rows cut at the edge rather than wrapped. */
	chop?: boolean;
	/** The colours (ui/panes/palette-choice.ts), chosen before the first frame; default: the basic colours by name. */
	palette?: Palette;
	/** Acting on the followed session (a, r, Ctrl+X, >), and why not without it. */
	actions?: SessionActions;
	acting?: Acting;
	/**
	 * The first frame's hand-over (io/first-frame.ts), called once the screen's own signal
	 * handlers are in place. Node drops a signal that arrived while a handler was being
	 * replaced if no handler was left in between: on Node 24, which loads modules without a
	 * turn of the event loop, a SIGINT sent while Ink loaded was lost that way, and the
	 * program stayed up.
	 */
	handOver?: () => void;
	/** --replay's controls (space, + and -). */
	replay?: ReplayControl;
	/** Where | and w hand a pane over (settings.ts): the reader's shell, the folder, the home `~` means. */
	handOverPlace?: HandOverPlace;
	/** How y copies (settings.ts); without it, by OSC 52 alone. */
	clipboard?: ClipboardEnv;
	/** TMUX is set: y asks tmux whether it lets OSC 52 through. */
	insideTmux?: boolean;
	/** Inside tmux: where the pane starts on the outer terminal (iTerm2's pictures are placed there); default 0, 0. */
	tmuxOrigin?: () => {row: number; column: number};
	/** The pager of `v` (settings.ts; default `less -R`). */
	pager?: string;
	/** A failure injected on purpose (fault.ts). */
	fault?: FaultKind;
	/** OSC 8 links to files on this machine and web addresses, named by this host; none: no links. */
	links?: {host: string};
	/** Images drawn inline, kitty's graphics protocol or iTerm2's (render/terminal-features.ts); none: labels. */
	images?: 'kitty' | 'iterm';
	/** The tab's progress signal (OSC 9;4), where the terminal shows it (render/terminal-features.ts). */
	tabProgress?: boolean;
	/** The screen's switches (settings.ts; default all on). */
	switches?: ScreenSwitches;
};

/**
 * Ink's own frame throttle, off: store changes are already paced by useStore (one frame per
 * 45 ms while streaming), and Ink's throttle only held back a key pressed just after a
 * streaming frame until 17 ms had passed since it (at 60 a second: in the bench, keys came
 * 4–7 ms or 20–24 ms after they were read, the latter once in three). Keys are drawn at
 * once; `PENGUIN_VIEW_KEYS_AT_ONCE=0` puts the throttle back (60 a second).
 */
export function inkMaxFps(keysAtOnce: boolean): number {
	return keysAtOnce ? 0 : 60;
}

/** Why the screen closed. */
export type ScreenEnd = {reason: 'quit' | 'signal' | 'aborted'; signal?: NodeJS.Signals};

const enterAlternateScreen = '\u001b[?1049h\u001b[H';
const leaveAlternateScreen = '\u001b[?1049l';
const endSynchronizedUpdate = '\u001b[?2026l';
// Plain attributes, the end of a synchronized update (Ink may die between its begin and
// end, which would freeze the terminal's display), and the cursor shown.
const showCursor = `\u001b[0m${endSynchronizedUpdate}\u001b[?25h`;
const hideCursor = '\u001b[?25l';
const handledSignals: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT'];
const noDesktop: ClipboardEnv = {remote: false, wayland: false, x11: false, macos: false, path: ''};

/** Shows the screen for `store`; resolves once the reader quits and the terminal is restored. */
export async function runScreen(store: SessionStore, options: ScreenOptions): Promise<ScreenEnd> {
	const stdout = options.stdout ?? process.stdout;
	// A trace read from standard input (`-`, /dev/stdin) leaves the keys to the terminal itself.
	const ownInput = options.stdin === undefined && process.stdin.isTTY !== true ? terminalInput() : undefined;
	const stdin = options.stdin ?? ownInput ?? process.stdin;
	const alternate = stdout.isTTY === true;
	let finish!: (end: ScreenEnd) => void;
	let fail!: (error: unknown) => void;
	const ended = new Promise<ScreenEnd>((resolve, reject) => {
		finish = resolve;
		fail = reject;
	});
	// While another program has the terminal (v, |), a Ctrl+C there is for it: the SIGINT the terminal also sends
	// this job is not the screen's to end on. Node hands the signal over a turn or two later, so the loan ends after.
	let lent = 0;
	const lend = <T,>(run: () => T): T => {
		lent++;
		try {
			return run();
		} finally {
			setImmediate(() => setImmediate(() => lent--));
		}
	};
	const copy = clipboardWriter({
		env: options.clipboard ?? noDesktop,
		insideTmux: options.insideTmux === true,
		write: sequence => stdout.write(sequence),
	});
	const place = options.handOverPlace ?? {shell: '/bin/sh', cwd: process.cwd(), home: homedir()};
	const onSignal = (signal: NodeJS.Signals): void => {
		if (signal !== 'SIGINT' || lent === 0) finish({reason: 'signal', signal});
	};
	const onAbort = (): void => finish({reason: 'aborted'});
	for (const signal of handledSignals) process.on(signal, onSignal);
	options.handOver?.();
	options.signal?.addEventListener('abort', onAbort, {once: true});
	if (options.signal?.aborted) onAbort();

	const progress = options.tabProgress
		? tabProgressWriter(store, sequence => stdout.writable && stdout.write(sequence), {
				tmux: options.insideTmux === true,
			})
		: undefined;
	let restored = false;
	const restore = (): void => {
		if (restored) return;
		restored = true;
		try {
			progress?.clear();
		} catch {
			// The terminal is gone: nothing shows the tab any more.
		}
		if (options.mouse && stdout.writable) stdout.write(mouseOff);
		restoreTerminal(stdin, stdout, alternate);
	};
	if (alternate) stdout.write(enterAlternateScreen + (options.mouse ? mouseOn : ''));
	// What a hand-over of the terminal (v, |, Ctrl+Z) writes before it and after it.
	const handedOver: PagerTerminal = {
		stdin,
		stdout,
		leave: (options.mouse ? mouseOff : '') + showCursor + (alternate ? leaveAlternateScreen : ''),
		enter: (alternate ? enterAlternateScreen : '') + (options.mouse ? mouseOn : '') + hideCursor,
	};
	const linker = options.links ? linkTargets(options.links.host) : undefined;
	const images = options.images ? inlineImages(stdout, options.insideTmux === true, options.images) : undefined;
	// iTerm2 draws a picture at the cursor: Ink's frames go through what draws it over its cells.
	const origin = options.insideTmux ? (options.tmuxOrigin ?? (() => ({row: 0, column: 0}))) : undefined;
	const frames = images?.protocol === 'iterm' ? itermFrames(stdout, images.pictureOf, origin) : undefined;
	// After a hand-over the screen is new: every row and picture is written again.
	const handBack = <T,>(result: T): T => {
		frames?.forget();
		return result;
	};
	const instance = render(
		<PaletteContext.Provider value={options.palette ?? classicPalette}>
			<LinkContext.Provider value={linker}>
				<ImageContext.Provider value={images}>
					<App
						store={store}
						texts={options.texts}
						expand={options.expand}
						search={options.search}
						chop={options.chop}
						color={options.color}
						attributes={options.attributes}
						sessions={options.sessions}
						bell={options.bell === false ? undefined : () => ringBell(stdout)}
						actions={options.actions}
						acting={options.acting}
						replay={options.replay}
						switches={options.switches}
						copy={copy}
						page={(text, title) => handBack(lend(() => runPager(text, title, handedOver, options.pager ?? 'less -R')))}
						handOver={ask => handBack(lend(() => handOverTo(ask, handedOver, place)))}
						suspend={() => handBack(suspendToShell(handedOver))}
						onQuit={() => finish({reason: 'quit'})}
					/>
					{options.fault === 'render' || options.fault === 'handler' ? <FaultProbe kind={options.fault} /> : null}
				</ImageContext.Provider>
			</LinkContext.Provider>
		</PaletteContext.Provider>,
		{
			stdout: frames?.stdout ?? stdout,
			stdin,
			exitOnCtrlC: false,
			patchConsole: options.patchConsole ?? true,
			maxFps: inkMaxFps(options.switches?.keysAtOnce ?? true),
		},
	);
	// Ink drew its first frame inside render(), ending the synchronized update the first frame's
	// hand-over began; when it did not (nothing to draw), the update must not stay open.
	if (alternate) stdout.write(endSynchronizedUpdate);
	// Ink settles this when it unmounts; it rejects when a component threw while rendering.
	instance.waitUntilExit().then(() => finish({reason: 'quit'}), fail);
	const unregister = onCrash(() => {
		try {
			instance.unmount();
		} catch {
			// Ink is broken: it still must not draw again, and the restore below still runs.
		}
		restore();
	});
	try {
		return await ended;
	} finally {
		for (const signal of handledSignals) process.off(signal, onSignal);
		options.signal?.removeEventListener('abort', onAbort);
		try {
			instance.clear();
			instance.unmount();
			await instance.waitUntilExit();
		} catch {
			// Unmounting twice, a closed stream or the error that ended the screen: the restore below still runs.
		}
		restore();
		unregister();
		frames?.stop();
		ownInput?.destroy();
	}
}

/** BEL: moves nothing on the screen, so it can go out between Ink's frames. */
function ringBell(stdout: NodeJS.WriteStream): void {
	if (stdout.writable) stdout.write('\u0007');
}

/** The controlling terminal, opened for keys. */
function terminalInput(): TtyReadStream {
	try {
		return new TtyReadStream(openSync('/dev/tty', 'r'));
	} catch {
		throw new Error('no terminal to read keys from (standard input is the trace); use --print');
	}
}

/** Raw mode off, plain attributes, cursor on, normal screen back. */
function restoreTerminal(stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream, alternate: boolean): void {
	try {
		if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
		stdin.pause();
	} catch {
		// A stdin that is already closed has no mode to restore.
	}
	try {
		if (stdout.writable) stdout.write(showCursor + (alternate ? leaveAlternateScreen : ''));
	} catch {
		// The terminal is gone: nothing left to restore.
	}
}

/** The screen's side of the fault switch (fault.ts): throws while rendering, or from the key handler. */
function FaultProbe({kind}: {kind: 'render' | 'handler'}): null {
	const [armed, setArmed] = useState(false);
	useEffect(() => {
		if (kind !== 'render') return undefined;
		const timer = setTimeout(() => setArmed(true), faultDelayMs);
		return () => clearTimeout(timer);
	}, [kind]);
	useInput(
		() => {
			throw injectedFault('handler');
		},
		{isActive: kind === 'handler'},
	);
	if (armed) throw injectedFault('render');
	return null;
}
