/** The screen as the output: Ink loaded, the picker given its sessions, run until the reader quits. */
import type {FileOptions} from '../io/file-session.js';
import type {HeldTextStore} from '../io/held-texts.js';
import type {ReadPrices} from '../io/project-prices.js';
import type {SessionActions} from '../io/sse/actions.js';
import type {SessionStore} from '../model/session-store.js';
import {attributesWanted} from '../render/color.js';
import {tmuxPaneOrigin} from '../io/tmux-pane-origin.js';
import {imageProtocolOf, linksSupported, progressSupported} from '../render/terminal-features.js';
import type {Flags} from '../flags.js';
import type {Settings} from '../settings.js';
import {diskSwitcher} from './disk-switcher.js';
import type {RunningSource} from './running-source.js';
import type {OpenedSource} from './source-options.js';

export type ScreenOutputOptions = {
	flags: Flags;
	settings: Settings;
	store: SessionStore;
	running: RunningSource;
	opened: OpenedSource;
	expand: readonly string[];
	/** `+/PATTERN`. */
	search?: string;
	color: boolean;
	held?: HeldTextStore;
	pricesOf: (tracePath: string) => Promise<ReadPrices>;
	fileOptions: FileOptions;
};

/** Runs the screen on `store` until the reader quits; the exit code (1 when the source failed). */
export async function runScreenOutput(options: ScreenOutputOptions): Promise<number> {
	const {flags, settings, store, running, opened} = options;
	const {runScreen} = await (await import('../ui/components/load-screen.js')).loadScreen();
	// A server's own picker, else the sessions under the data root.
	const sessions =
		opened.switcher ??
		diskSwitcher({
			dataRoot: settings.dataRoot,
			store,
			running,
			offers: opened.offers,
			overview: opened.overview,
			pricesOf: options.pricesOf,
			fileOptions: options.fileOptions,
			now: settings.now,
		});
	// A stream's actions go out only while it is still the session shown (the picker may leave it for one on disk).
	const actions =
		opened.actions && !opened.switcher ? actionsWhile(opened.actions, () => running.original) : opened.actions;
	const acting = flags.readOnly ? ({mode: 'off'} as const) : undefined;
	await runScreen(store, {
		expand: [...options.expand],
		search: options.search,
		color: options.color,
		texts: options.held,
		attributes: attributesWanted(settings.terminal),
		sessions,
		bell: flags.bell,
		mouse: flags.mouse,
		chop: flags.chop,
		palette: opened.palette,
		actions,
		acting,
		handOver: opened.firstFrame?.handOver,
		replay: opened.replay,
		pager: settings.pager,
		handOverPlace: {shell: settings.shell, cwd: settings.cwd, home: settings.home, editor: settings.editor},
		clipboard: settings.clipboard,
		insideTmux: settings.insideTmux,
		fault: settings.fault,
		switches: settings.switches,
		images: flags.images ? imageProtocolOf(settings.terminalIdentity) : undefined,
		tmuxOrigin: () => tmuxPaneOrigin(settings.tmuxPane) ?? {row: 0, column: 0},
		tabProgress: flags.progress && progressSupported(settings.terminalIdentity),
		links: flags.links && linksSupported(settings.terminalIdentity) ? {host: settings.hostname} : undefined,
	});
	await running.close();
	return store.status.state === 'failed' ? 1 : 0;
}

/** Actions that go out only while `live()` (the stream is still the session shown). */
export function actionsWhile(actions: SessionActions, live: () => boolean): SessionActions {
	return {
		send: async request =>
			live()
				? actions.send(request)
				: {ok: false, reason: 'the stream was left for a session on disk, which cannot be acted on'},
	};
}
