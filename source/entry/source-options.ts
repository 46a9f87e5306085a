/** What opening a source takes from the entry (main.ts), and what it gives back to the outputs. */
import type {FileOptions} from '../io/file-session.js';
import type {HeldTextStore} from '../io/held-texts.js';
import type {DiskOverview} from '../io/disk-overview.js';
import type {NewSessionWatch} from '../io/new-sessions.js';
import type {ReadPrices} from '../io/project-prices.js';
import type {ReplayControl} from '../io/replay.js';
import type {SessionActions} from '../io/sse/actions.js';
import type {ServerAddress} from '../io/sse/server-address.js';
import type {PriceTable} from '../cost/prices.js';
import type {TraceCheck} from '../model/json-lines-gate.js';
import type {SessionStore} from '../model/session-store.js';
import type {SessionSwitcher} from '../server/session-switcher.js';
import type {FirstFrame} from '../ui/components/first-frame.js';
import type {Palette} from '../ui/panes/palette.js';
import type {Flags} from '../flags.js';
import type {Settings} from '../settings.js';
import type {Stoppable} from './running-source.js';

export type SourceOptions = {
	input: readonly string[];
	flags: Flags;
	settings: Settings;
	store: SessionStore;
	/** The output is the screen (else print mode, --json, --stats or --export). */
	screen: boolean;
	/** A trace on disk or standard input is followed. */
	follow: boolean;
	/** A stream (--sse) is followed. */
	streamFollow: boolean;
	replaySpeed?: number;
	/** A server's address given to --sse (rather than one session's stream). */
	server?: ServerAddress;
	/** --prices. */
	prices?: PriceTable;
	/** A session's prices, from the trace's path (--prices, else its project's config). */
	pricesOf: (tracePath: string) => Promise<ReadPrices>;
	fileOptions: FileOptions;
	/** Print mode's check that the input is JSON Lines at all (model/json-lines-gate.ts). */
	check?: TraceCheck;
	/** A trace that cannot be read to its end. */
	onError: (text: string) => void;
	/** One line on stderr. */
	say: (text: string) => void;
	/** The screen's first frame, drawn from the end of a trace before Ink loads. */
	firstFrame: {expand: readonly string[]; color: boolean; held?: HeldTextStore; palette?: Palette};
	/** Stops what must stop on the way out (the watch of new sessions). */
	cleanup: Array<() => Promise<unknown>>;
};

export type OpenedSource = {
	source: Stoppable;
	/** --replay's controls. */
	replay?: ReplayControl;
	/** The session's folder on disk (its subagents, for --stats and --export). */
	folder?: string;
	/** The first frame, once drawn (tail-first): handed over to the screen. */
	firstFrame?: FirstFrame;
	/** A server's sessions, for the picker. */
	switcher?: SessionSwitcher;
	/** A server's prices come beside the session: what is written at the end waits for them. */
	pricesReady: () => Promise<void>;
	/** Sessions that start later, offered in the footer. */
	offers?: NewSessionWatch;
	/** The sessions under the data root as the picker lists them, kept by the watch (with no trace named). */
	overview?: DiskOverview;
	/** The screen's a, r, Ctrl+X and > (not with --read-only). */
	actions?: SessionActions;
	/** The screen's colours, chosen before its first frame (open-source.ts). */
	palette?: Palette;
};
