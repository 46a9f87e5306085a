/**
 * Long texts the model does not keep. On the screen a tool output, a thinking block or a
 * message past a size is left where it already is on disk (its line in the trace) or
 * written to a spill file by the holder io gives the model (io/held-texts.ts); the item
 * keeps a `HeldText` in its place: plain data saying where the text is, never an accessor.
 * Whatever needs the words (the layout for a pane it draws, search, the filter, y and v)
 * asks a `TextReader` for them explicitly, through `shown`. Pure: nothing here reads.
 */
import type {LinePosition} from '../protocol/parse-line.js';
import type {AssistantTextItem, HeldText, Item, Kept, ThinkingItem, ToolCallItem, UserTextItem} from './view-model.js';

export type {HeldText, Kept};

/** The payload field a held text is read from: a call's output, a message's text, a thinking. */
export type HeldField = 'output' | 'text' | 'thinking';

/** What the byte search says of a held text and a query (io/held-scan.ts). */
export type HeldVerdict = 'no' | 'maybe' | 'yes';

/** The items whose text may be held: a call's `output`, the `text` of the others. */
export type HoldingItem = ToolCallItem | UserTextItem | AssistantTextItem | ThinkingItem;

/**
 * Reads held texts back (io/held-texts.ts). Explicit, synchronous I/O: ask only for what is
 * shown or searched. `item` is the one that holds it: what its text is (and, for an output,
 * of which call) is checked against what is read, so that a file changed since gives a
 * notice, never another message's text.
 */
export interface TextReader {
	read(held: HeldText, item: HoldingItem): string;
	/**
	 * What the bytes say of whether a held text holds `query` by search's rules, the text being
	 * the payload field `field` of its line: `no` only where it surely does not, `yes` only where
	 * it surely does, `maybe` else. Search and the filter read back only the `maybe`s. Without
	 * it, every one is read.
	 */
	candidates?(query: string): (held: HeldText, field: HeldField) => HeldVerdict;
	/** The same for a pattern with no literal (a JavaScript regular expression): never `yes`. */
	patternCandidates?(pattern: RegExp): (held: HeldText, field: HeldField) => HeldVerdict;
	/**
	 * How many times a held text holds the plain string `query` by search's rules (not
	 * overlapping), counted in the file's bytes where they tell without reading it back;
	 * undefined where the text must be read to count.
	 */
	counts?(query: string): (held: HeldText, field: HeldField) => number | undefined;
}

/**
 * Given a complete message's text and where in a trace file the message was read (undefined
 * when it came from elsewhere: a live stream, standard input): a reference to keep instead
 * of the text, or undefined to keep the text itself (too short to be worth it).
 */
export type TextHolder = (text: string, at: LinePosition | undefined) => HeldText | undefined;

/** An item with its texts read: every `HeldText` field narrowed to the string it stands for. */
export type Shown<T> = T extends unknown ? {[K in keyof T]: Exclude<T[K], HeldText>} : never;

export function isHeld(value: Kept | undefined): value is HeldText {
	return typeof value === 'object';
}

/** What a held text reads as where nothing can read it back (a bug, said in place rather than thrown). */
const unreadable = '[a long text kept on disk, not read back here]';

function textOf(held: HeldText, item: HoldingItem, reader: TextReader | undefined): string {
	return reader ? reader.read(held, item) : unreadable;
}

/**
 * The item with its held texts read back through `reader`: the item itself when it holds
 * none (no copy, no read), else a copy with the texts in place. The model's item is never
 * changed: a held text stays held.
 */
export function shown<T extends Item>(item: T, reader: TextReader | undefined): Shown<T> {
	if (item.kind === 'tool_call') {
		if (!isHeld(item.output)) return item as Shown<T>;
		return {...item, output: textOf(item.output, item, reader)} as Shown<T>;
	}
	if (item.kind === 'user_text' || item.kind === 'assistant_text' || item.kind === 'thinking') {
		if (!isHeld(item.text)) return item as Shown<T>;
		return {...item, text: textOf(item.text, item, reader)} as Shown<T>;
	}
	return item as Shown<T>;
}

/**
 * A field of a model given no holder (print mode, --export, --stats, which keep every text
 * in memory): its text. Were one ever held, a line saying so stands in its place.
 */
export function inMemory(value: Kept): string {
	return isHeld(value) ? unreadable : value;
}
