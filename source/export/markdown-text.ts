/**
 * Untrusted trace text made safe to embed in a Markdown document. Three shapes:
 * - `fenced`: verbatim in a code fence longer than any backtick run inside, so nothing in
 *   the text can close it;
 * - `inlineText` / `escapeHtml`: one line, with HTML and Markdown punctuation escaped (for
 *   headings, list entries and the inside of `<summary>`);
 * - `markdownText`: model prose kept as Markdown, but with every `<` that could start raw
 *   HTML escaped outside code, fences left open at the end closed, and block starts that a
 *   container could end early (indented fences, link definitions) neutralised. The rule is:
 *   when unsure whether a `<` sits in code, escape it; a stray `&lt;` in a code span is a
 *   cosmetic cost, a raw `</details>` would end the export's own block.
 *
 * Terminal control sequences are removed from everything first (sanitize).
 */
import {oneLine} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';

/** `&`, `<`, `>` and quotes as entities: for text placed inside an HTML element. */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, ch => `&#${ch.charCodeAt(0)};`);
}

/** One line of untrusted text for Markdown: no controls, no HTML, no emphasis or links. */
export function inlineText(text: string, max = 200): string {
	// Only `<` can open HTML; an `&` at worst spells an entity, which renders as text.
	return oneLine(sanitize(text), max)
		.replace(/[\\`*_[\]|#]/g, ch => `\\${ch}`)
		.replace(/</g, '&lt;');
}

/** The longest run of `ch` in `text`. */
function longestRun(text: string, ch: string): number {
	let longest = 0;
	let current = 0;
	for (const c of text) {
		current = c === ch ? current + 1 : 0;
		if (current > longest) longest = current;
	}
	return longest;
}

/** A code span holding `text` (one line), delimited by more backticks than it contains. */
export function inlineCode(text: string, max = 200): string {
	const flat = oneLine(sanitize(text), max);
	const ticks = '`'.repeat(longestRun(flat, '`') + 1);
	// A space inside the delimiters keeps a leading or trailing backtick from joining them.
	const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : '';
	return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A fenced code block (lines, no trailing newline) that the text inside cannot close. */
export function fenced(text: string, info = ''): string[] {
	const body = sanitize(text).replace(/\n+$/, '');
	const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
	return [`${fence}${info}`, ...(body === '' ? [] : body.split('\n')), fence];
}

// ---------------------------------------------------------------------------------------
// Markdown prose.

type Fence = {char: string; length: number};

const fenceOpening = /^(`{3,}|~{3,})(.*)$/;
// A fence (or fence-like run) behind indentation, quote markers or a list marker: inside a
// container it would end when the container does, so it must not start a fence at all.
const nestedFence = /^([ >*+\-.)\d]+)(?=`{3}|~{3})/;
// `[label]:` at a line start: a link reference definition whose title may span lines.
const linkDefinition = /^( {0,3})(?=\[[^\]]*\]:)/;
// `<` that could start a tag, a comment, a declaration or a processing instruction.
const tagStart = /[A-Za-z/!?]/;
// A web autolink without backticks (a backtick inside would change how spans pair); other
// schemes (javascript:, data:) stay escaped text.
const autolink = /<https?:\/\/[^\s<>`"]*>/y;
// What scanLine acts on: backslash escapes, backtick runs, `<`.
const special = /[\\`<]/g;
const asciiPunctuation = /[!-/:-@[-`{-~]/;
const maxSpanLine = 4096;

/** Model prose as Markdown that cannot open raw HTML or leave a fence open. */
export function markdownText(text: string): string {
	const out: string[] = [];
	let fence: Fence | undefined;
	let paragraph: string[] = [];
	const flush = (): void => {
		out.push(...escapeParagraph(paragraph));
		paragraph = [];
	};
	for (const line of sanitize(text).split('\n')) {
		if (fence) {
			out.push(line);
			if (closesFence(line, fence)) fence = undefined;
			continue;
		}
		const opening = fenceOpening.exec(line);
		// Only a fence at column 0 is one for sure: nothing but its closing line can end it.
		if (opening && !(opening[1][0] === '`' && opening[2].includes('`'))) {
			flush();
			fence = {char: opening[1][0], length: opening[1].length};
			out.push(line);
			continue;
		}
		if (line.trim() === '') {
			flush();
			out.push(line);
			continue;
		}
		paragraph.push(neutralizeBlockStart(line));
	}
	flush();
	if (fence) out.push(fence.char.repeat(fence.length));
	return out.join('\n');
}

function closesFence(line: string, fence: Fence): boolean {
	const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
	return match !== null && match[1][0] === fence.char && match[1].length >= fence.length;
}

// A backslash before the fence character or the `[` makes the line plain paragraph text.
function neutralizeBlockStart(line: string): string {
	const nested = nestedFence.exec(line);
	if (nested) return `${nested[1]}\\${line.slice(nested[1].length)}`;
	const definition = linkDefinition.exec(line);
	if (definition) return `${definition[1]}\\${line.slice(definition[1].length)}`;
	return line;
}

/**
 * Code spans are kept only when every line of the paragraph pairs its own backtick runs and
 * has no table pipe; then the pairing is the one CommonMark makes. Otherwise a span could
 * pair across lines or table cells differently, so every `<` is escaped.
 */
function escapeParagraph(lines: string[]): string[] {
	// Pairing runs costs a scan ahead per run; past this length a line is just escaped whole.
	const keepSpans = lines.every(
		line => line.length <= maxSpanLine && !hasUnescapedPipe(line) && scanLine(line, true).balanced,
	);
	return lines.map(line => scanLine(line, keepSpans).text);
}

function hasUnescapedPipe(line: string): boolean {
	for (let i = 0; i < line.length; i++) {
		if (line[i] === '\\') i++;
		else if (line[i] === '|') return true;
	}
	return false;
}

function runLength(line: string, at: number): number {
	let end = at;
	while (line[end] === '`') end++;
	return end - at;
}

// The index just after the run of exactly `length` backticks that closes a span opened
// before `from`, or -1 when there is none on this line (backslashes are literal in code).
function closingRun(line: string, from: number, length: number): number {
	let i = from;
	while (i < line.length) {
		if (line[i] !== '`') {
			i++;
			continue;
		}
		const run = runLength(line, i);
		if (run === length) return i + run;
		i += run;
	}
	return -1;
}

function scanLine(line: string, keepSpans: boolean): {text: string; balanced: boolean} {
	// Most lines hold nothing this scan acts on.
	if (!/[`<\\]/.test(line)) return {text: line, balanced: true};
	const parts: string[] = [];
	let balanced = true;
	let i = 0;
	while (i < line.length) {
		// Ordinary text up to the next character that matters goes through in one piece.
		special.lastIndex = i;
		const found = special.exec(line);
		const at = found ? found.index : line.length;
		if (at > i) parts.push(line.slice(i, at));
		if (!found) break;
		i = at;
		const ch = line[i];
		if (ch === '\\') {
			const next = i + 1 < line.length && asciiPunctuation.test(line[i + 1]) ? 2 : 1;
			parts.push(line.slice(i, i + next));
			i += next;
			continue;
		}
		if (ch === '`') {
			const run = runLength(line, i);
			const end = keepSpans ? closingRun(line, i + run, run) : -1;
			if (end === -1) balanced = false;
			const to = end === -1 ? i + run : end;
			parts.push(line.slice(i, to));
			i = to;
			continue;
		}
		// A `<`: kept only as a web autolink, escaped when it could start a tag.
		autolink.lastIndex = i;
		const link = autolink.exec(line);
		if (link) {
			parts.push(link[0]);
			i += link[0].length;
		} else {
			parts.push(tagStart.test(line[i + 1] ?? '') ? '&lt;' : '<');
			i++;
		}
	}
	return {text: parts.join(''), balanced};
}
