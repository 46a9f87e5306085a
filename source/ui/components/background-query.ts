/**
 * Asks the terminal for its background colour (OSC 11) before the first frame, waiting at most a
 * moment, and keeps any answer that comes later out of the keys: the terminal types its answer
 * in, and read as keys `rgb:…` would press r, g and b. From the question on, every answer is
 * taken out of what the screen reads, whenever it arrives (even cut across two reads).
 *
 * The question is followed by a request for the terminal's attributes (DA1), which every
 * terminal answers, in order: its answer coming first says the background will not come, and
 * the screen need not wait out the moment.
 */
import type {Rgb} from '../panes/palette.js';

/** OSC 11 with `?` (what is the background colour), then DA1 (what are you), which every terminal answers. */
export const backgroundQuestion = '\u001B]11;?\u001B\\\u001B[c';

/**
 * The longest the first frame waits for the answer (ms): 95, so that with the terminal's set-up around it (raw mode,
 * the input stream: 3 ms measured) the first frame comes at most 100 ms later than without the question.
 */
export const answerWaitMs = 95;

// An answer: OSC 11 ; colour, ended by BEL, ST (ESC \) or the 8-bit ST.
const answerPattern = /\u001B\]11;([^\u0007\u001B\u009C]*)(?:\u0007|\u001B\\|\u009C)/g;
// DA1's answer: CSI ? parameters c (no key sends CSI ?).
const attributesPattern = /\u001B\[\?[\d;]*c/g;
// The start of an answer cut off at the end of a read (at least ESC ] or ESC [ ?: an ESC alone is the Escape key).
const answerStart = /\u001B(?:\](?:1(?:1(?:;[^\u0007\u001B\u009C]*\u001B?)?)?)?|\[\?[\d;]*)$/;
/** Longer than any answer: a held start that grows past it was not one, and is let through. */
const longestAnswer = 64;

/** The colour of an answer's `rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits each), as 0–255 each. */
export function colourOfAnswer(text: string): Rgb | undefined {
	const match = /^rgba?:([\da-f]{1,4})\/([\da-f]{1,4})\/([\da-f]{1,4})(?:\/[\da-f]{1,4})?$/i.exec(text);
	if (!match) return undefined;
	const scale = (digits: string): number => Math.round((Number.parseInt(digits, 16) / (16 ** digits.length - 1)) * 255);
	return [scale(match[1]!), scale(match[2]!), scale(match[3]!)];
}

/** What a read holds: the keys left, the background answers' colours, whether DA1 answered, an answer's start. */
export type Answers = {keys: string; colours: Array<Rgb | undefined>; attributes: boolean; held: string};

/** `text` without the answers in it: the keys left, the answers' colours, and a cut-off answer's start to hold. */
export function withoutAnswers(text: string): Answers {
	const colours: Array<Rgb | undefined> = [];
	let attributes = false;
	let keys = text
		.replace(answerPattern, (_answer, colour: string) => {
			colours.push(colourOfAnswer(colour));
			return '';
		})
		.replace(attributesPattern, () => {
			attributes = true;
			return '';
		});
	const start = answerStart.exec(keys);
	let held = '';
	if (start && keys.length - start.index <= longestAnswer) {
		held = keys.slice(start.index);
		keys = keys.slice(0, start.index);
	}
	return {keys, colours, attributes, held};
}

type Stdin = Pick<NodeJS.ReadStream, 'read' | 'on' | 'off' | 'unshift' | 'isTTY' | 'setRawMode' | 'pause'>;

/**
 * From now on, answers are taken out of what `stdin.read()` gives (Ink reads its keys that way): a read left with
 * nothing but an answer reads on.
 */
export function swallowAnswers(stdin: Stdin): void {
	const read = stdin.read.bind(stdin);
	let held = '';
	stdin.read = ((size?: number) => {
		for (;;) {
			const chunk: unknown = read(size);
			if (chunk === null) return null;
			const text = held + (typeof chunk === 'string' ? chunk : String(chunk));
			const parts = withoutAnswers(text);
			held = parts.held;
			if (parts.keys !== '') return parts.keys;
		}
	}) as Stdin['read'];
}

/**
 * The terminal's background, when it answers within `waitMs`; undefined otherwise: at once when DA1 is answered
 * first, or when stdin or stdout is not a terminal. Raw mode is left on (the screen takes it over; Node puts the
 * terminal back at exit), so that a late answer is never echoed, and the keys typed meanwhile are put back for the
 * screen.
 */
export async function askBackground(
	stdin: Stdin,
	stdout: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>,
	waitMs: number = answerWaitMs,
): Promise<Rgb | undefined> {
	if (stdin.isTTY !== true || stdout.isTTY !== true) return undefined;
	try {
		stdin.setRawMode(true);
	} catch {
		return undefined;
	}
	let text = '';
	const answer = await new Promise<Rgb | undefined>(resolve => {
		const onReadable = (): void => {
			let chunk: unknown;
			while ((chunk = stdin.read()) !== null) text += typeof chunk === 'string' ? chunk : String(chunk);
			const parts = withoutAnswers(text);
			// The background, or DA1's answer first: the terminal does not tell its background.
			if (parts.colours.length > 0 || parts.attributes) finish(parts.colours[0]);
		};
		const timer = setTimeout(() => finish(undefined), waitMs);
		const finish = (colour: Rgb | undefined): void => {
			clearTimeout(timer);
			stdin.off('readable', onReadable);
			resolve(colour);
		};
		stdin.on('readable', onReadable);
		stdout.write(backgroundQuestion);
	});
	stdin.pause();
	// Keys typed while waiting (and an answer's start, cut off) go back for the screen, through the filter.
	swallowAnswers(stdin);
	const {keys, held} = withoutAnswers(text);
	if (keys + held !== '') stdin.unshift(Buffer.from(keys + held));
	return answer;
}
