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
 */
import {render} from 'ink';
import type {SessionStore} from '../model/store.js';
import {App} from './App.js';

export type ScreenOptions = {
	/** --expand words: thinking, outputs, details, all. */
	expand?: string[];
	/** Colour decided once by the caller (e.g. colorWanted from render/color.ts). */
	color: boolean;
	/** Aborting it closes the screen (the source failed for good, the caller is shutting down). */
	signal?: AbortSignal;
	/** Streams (default: the process's own). */
	stdin?: NodeJS.ReadStream;
	stdout?: NodeJS.WriteStream;
	/** Let Ink catch console output above the frame (default true; test runners own the console). */
	patchConsole?: boolean;
};

/** Why the screen closed. */
export type ScreenEnd = {reason: 'quit' | 'signal' | 'aborted'; signal?: NodeJS.Signals};

const enterAlternateScreen = '\u001b[?1049h\u001b[H';
const leaveAlternateScreen = '\u001b[?1049l';
const showCursor = '\u001b[?25h';
const handledSignals: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT'];

/** Shows the screen for `store`; resolves once the reader quits and the terminal is restored. */
export async function runScreen(store: SessionStore, options: ScreenOptions): Promise<ScreenEnd> {
	const stdout = options.stdout ?? process.stdout;
	const stdin = options.stdin ?? process.stdin;
	const alternate = stdout.isTTY === true;
	let finish!: (end: ScreenEnd) => void;
	const ended = new Promise<ScreenEnd>(resolve => {
		finish = resolve;
	});
	const onSignal = (signal: NodeJS.Signals): void => finish({reason: 'signal', signal});
	const onAbort = (): void => finish({reason: 'aborted'});
	for (const signal of handledSignals) process.on(signal, onSignal);
	options.signal?.addEventListener('abort', onAbort, {once: true});
	if (options.signal?.aborted) onAbort();

	if (alternate) stdout.write(enterAlternateScreen);
	const instance = render(
		<App store={store} expand={options.expand} color={options.color} onQuit={() => finish({reason: 'quit'})} />,
		{stdout, stdin, exitOnCtrlC: false, patchConsole: options.patchConsole ?? true, maxFps: 30},
	);
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
			// Unmounting twice or a closed stream: the restore below still runs.
		}
		restoreTerminal(stdin, stdout, alternate);
	}
}

/** Raw mode off, cursor on, normal screen back; safe to call more than once. */
function restoreTerminal(stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream, alternate: boolean): void {
	try {
		if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
		stdin.pause();
	} catch {
		// A stdin that is already closed has no mode to restore.
	}
	if (stdout.writable) stdout.write(showCursor + (alternate ? leaveAlternateScreen : ''));
}
