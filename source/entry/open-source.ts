/**
 * Opens the source the flags name: a server's sessions (--sse with a server's address), one
 * session's stream (--sse URL), standard input, or a trace on disk (open-trace.ts), feeding
 * the store. What it says goes to `say`; what cannot be opened is an exit code.
 */
import {childSessionsFor} from '../io/file-session.js';
import {stdinCarriesTrace} from '../io/piped-input.js';
import {readStream, type InputsHandler} from '../io/trace-follower.js';
import {openTrace} from './open-trace.js';
import type {OpenedSource, SourceOptions} from './source-options.js';
import {UsageError} from './flag-checks.js';
import {themeChoiceOf, type Palette} from '../ui/panes/palette.js';
import {paletteOf} from '../ui/panes/palette-choice.js';

export type {OpenedSource, SourceOptions};

/**
 * The source the flags name, started; an exit code when it cannot be. For the screen, its palette is chosen first
 * (the terminal asked for its background: at most answerWaitMs before the first frame).
 */
export async function openSource(options: SourceOptions): Promise<OpenedSource | {exitCode: number}> {
	if (!options.screen) return openNamedSource(options);
	const palette = await screenPalette(options);
	const opened = await openNamedSource({...options, firstFrame: {...options.firstFrame, palette}});
	return 'exitCode' in opened ? opened : {...opened, palette};
}

/** The screen's palette: --theme (or config.toml), else the terminal's background, COLORFGBG, dark. */
async function screenPalette({flags, settings, firstFrame}: SourceOptions): Promise<Palette | undefined> {
	// Without colour (NO_COLOR, --no-color) the screen draws attributes alone, as it always did: nothing to ask.
	if (!firstFrame.color) return undefined;
	const choice = themeChoiceOf(flags.theme);
	const {askBackground} = await import('../ui/components/background-query.js');
	// A trace on standard input leaves the keys to /dev/tty, opened by the screen later: not asked then.
	const answer = choice === 'auto' ? await askBackground(process.stdin, process.stdout) : undefined;
	return paletteOf(choice, answer, settings.terminal, settings.terminfoColours);
}

async function openNamedSource(options: SourceOptions): Promise<OpenedSource | {exitCode: number}> {
	const {flags, settings, store, screen, input, fileOptions, say} = options;
	const pricesReady = async (): Promise<void> => undefined;
	// On the screen a session's stream URL names its server too: `s` lists that server's sessions.
	const streamServer =
		screen && flags.sse !== undefined && !options.server
			? (await import('../io/sse/server-address.js')).streamServerAddress(flags.sse)
			: undefined;
	const server = options.server ?? streamServer;
	if (server) {
		const {startServerMode} = await import('../server/server-mode.js');
		const streamSession = streamServer?.sessionId;
		const started = await startServerMode(server, {
			flags,
			settings,
			store,
			screen,
			follow: options.streamFollow,
			latest: flags.latest === true,
			fileOptions,
			prices: options.prices,
			onConnectionTrouble: screen ? undefined : say,
			...(streamSession ? {streamSession} : {}),
		});
		if (!started.ok) {
			if (started.usage) throw new UsageError(started.message);
			say(started.message);
			return {exitCode: 1};
		}
		return {
			source: started.source,
			switcher: started.switcher,
			pricesReady: started.pricesReady,
			actions: flags.readOnly ? undefined : started.actions,
			...(started.folder === undefined ? {} : {folder: started.folder}),
		};
	}
	if (flags.sse) {
		const credentials = await (await import('../login/credentials.js')).streamCredentials(flags.sse, flags, settings);
		if ('message' in credentials) {
			say(credentials.message);
			return {exitCode: 1};
		}
		const {startSse} = await import('../io/sse-source.js');
		const started = startSse(store, {
			url: flags.sse,
			...credentials,
			headers: flags.header ?? [],
			insecure: flags.insecure,
			follow: options.streamFollow,
			pace: fileOptions.pace,
			prices: options.prices,
			// Print mode says what happens to the connection on stderr, once per change.
			onConnectionTrouble: screen ? undefined : say,
			// The screen fills its header in whenever the session's record comes; print mode waits a moment for it.
			timings: {
				...(screen ? {recordWaitMs: 0} : {}),
				...(settings.historyAnswerMs === undefined ? {} : {historyAnswerMs: settings.historyAnswerMs}),
			},
		});
		return {source: started, pricesReady: started.pricesReady, actions: flags.readOnly ? undefined : started.actions};
	}
	if (input[0] === '-' || input[0] === '/dev/stdin' || (input.length === 0 && !flags.latest && stdinCarriesTrace())) {
		// /dev/stdin is standard input whatever it is (a pipe, a socket, a redirected file): read it as `-`.
		// With no path, a pipe or a file on stdin is read the same way (io/piped-input.ts says which count).
		store.setStatus({label: 'standard input', state: options.follow ? 'following' : 'reading'});
		const children = childSessionsFor(undefined, fileOptions);
		const next: InputsHandler = children?.feed ?? (batch => store.apply(batch));
		const checked = options.check?.wrap('standard input', next) ?? next;
		const reader = readStream(process.stdin, checked, {
			label: 'standard input',
			cut: fileOptions.cut,
			onError: options.onError,
			pace: fileOptions.pace,
		});
		return {source: {close: async () => void (await Promise.all([reader.close(), children?.close()]))}, pricesReady};
	}
	return openTrace(options);
}
