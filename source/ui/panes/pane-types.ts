/** What a pane builder gets and gives back. */
import type {PriceTable} from '../../cost/prices.js';
import type {ToolDefinition} from '../../protocol/types.js';
import type {CodePainter} from './code-colours.js';
import type {Segment} from './segments.js';

/** How images are drawn in the panes: kitty's Unicode placeholders, at most `maxRows` rows each. */
export type InlineImages = {
	/** kitty's graphics protocol, or iTerm2's inline images drawn over the same placeholders (iterm-frames.ts). */
	protocol: 'kitty' | 'iterm';
	maxRows: number;
	/** The id an image (base64 PNG) is drawn under: a distinct one for each of the first 255 images the screen met. */
	idOf: (data: string) => number;
	/** Sends the image (base64 PNG) to the terminal under `id`, once, as its placeholders are first drawn. */
	send: (id: number, data: string, columns: number, rows: number) => void;
	/** The picture sent under `id` (its base64 PNG and rows), if any. */
	pictureOf: (id: number) => {data: string; rows: number} | undefined;
};

/** The inputs of one pane's layout: everything its rows depend on besides the item. */
export type PaneInput = {
	/** Columns for the pane's rows. */
	width: number;
	open: boolean;
	/** Show every line of outputs rather than head and tail. */
	full: boolean;
	/** The clock, for spinners, elapsed times and countdowns. */
	now: number;
	/** When the trace stopped being written (a stale trace, see session-clock.ts): what still runs stopped then. */
	stoppedAt?: number;
	/** The session's workspace: a relative path in a call is a file under it (its link). */
	workspace?: string;
	/** The session's tool list, for one-line summaries of unknown tools. */
	tools: readonly ToolDefinition[];
	/** The session's prices: a subagent's row says what it cost. */
	prices?: PriceTable;
	/** Colours for code (files, fenced blocks); none: drawn as plain text (no colour, or tests). */
	code?: CodePainter;
	/** Images drawn inline; none: each is a label. */
	images?: InlineImages;
	/** What the same builder left for this item last time (incremental work on growing text). */
	memo?: unknown;
};

/**
 * A pane's rows, and what to hand back next time. `lines`, where the builder knows them: the
 * pane's line (document-index.ts: 0 its first) each row shows; the rows of a wrapped line share one.
 */
export type PaneRows = {rows: Segment[][]; memo?: unknown; lines?: number[]};
