/** What server mode (server/server-mode.ts) is given, and what it gives main. */
import type {PriceTable} from '../cost/prices.js';
import type {Flags} from '../flags.js';
import type {FileOptions} from '../io/file-session.js';
import type {SessionActions} from '../io/sse/actions.js';
import type {SessionStore} from '../model/session-store.js';
import type {Settings} from '../settings.js';
import type {SessionSwitcher} from './session-switcher.js';

/** Stops a running source. */
export type Stoppable = {close(): void | Promise<void>};

/** How server mode runs. */
export type ServerModeOptions = {
	flags: Flags;
	/** The saved logins and PENGUIN_VIEW_COOKIE (none when absent). */
	settings?: Settings;
	store: SessionStore;
	/** The interactive screen (a picker, a live list, offers) rather than one session printed. */
	screen: boolean;
	follow: boolean;
	/** `--latest`: open the newest running session (else the newest). */
	latest: boolean;
	/** For a session whose trace is on this machine's disk. */
	fileOptions: FileOptions;
	/** `--prices`: the price table, in place of the project's models answer. */
	prices?: PriceTable;
	/** Print mode: what happens to a stream's connection, one line per change (io/sse-source.ts). */
	onConnectionTrouble?: (text: string) => void;
	/** Once per nudge: the footer's text (by default with --notify, a desktop notification on standard output). */
	onNudge?: (text: string) => void;
	/** How often the running sessions' records are asked again for approvals (ms). */
	nudgePollMs?: number;
	/** A session named by its stream's URL: followed on that stream whatever its state (its trace is not read instead). */
	streamSession?: string;
};

/** What server mode gives main: the source to stop, and on the screen the picker's switcher. */
export type ServerStart =
	| {
			ok: true;
			source: Stoppable;
			switcher: SessionSwitcher;
			actions: SessionActions;
			pricesReady: () => Promise<void>;
			/** The opened session's folder when its trace is on this machine (its subagents beside it). */
			folder?: string;
	  }
	| {ok: false; message: string; usage?: boolean};
