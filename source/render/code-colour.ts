/**
 * Code in colour: text already sanitized, cut into lines of spans, each span tagged with
 * what it is (a keyword, a string, a comment…), by a highlighter passed in (lowlight: the
 * screen loads it lazily, print mode when colour is on). Pure: no highlighter is loaded here.
 *
 * The spans of a text hold exactly its characters, in order: a highlighter only tags text,
 * so what a colour is added to is what the sanitizer left (test/render/code-colour.test.ts).
 */
import type {createLowlight} from 'lowlight';
import type {Paint} from './color.js';

/** The loaded highlighter (lowlight with its languages registered). */
export type Highlighter = Pick<ReturnType<typeof createLowlight>, 'highlight' | 'registered'>;

/** What a span of code is, in the few kinds that get their own colour. */
export type CodeTone = 'keyword' | 'string' | 'comment' | 'number' | 'title' | 'type' | 'meta' | 'deletion';

/** A run of code of one kind; no tone: plain. */
export type CodeSpan = {text: string; tone?: CodeTone};

/** A text's lines (split at `\n`), each a list of spans. */
export type CodeLines = CodeSpan[][];

/** highlight.js's classes (`hljs-…`, the first word of a scoped one) and the tone each gets. */
const tones: Readonly<Record<string, CodeTone>> = {
	keyword: 'keyword',
	'selector-tag': 'keyword',
	doctag: 'keyword',
	name: 'keyword',
	string: 'string',
	regexp: 'string',
	addition: 'string',
	'selector-attr': 'string',
	comment: 'comment',
	quote: 'comment',
	number: 'number',
	literal: 'number',
	symbol: 'number',
	bullet: 'number',
	title: 'title',
	section: 'title',
	'selector-id': 'title',
	type: 'type',
	built_in: 'type',
	'selector-class': 'type',
	attr: 'type',
	attribute: 'type',
	meta: 'meta',
	deletion: 'deletion',
};

/** File names that say their language without an extension. */
const namedFiles: Readonly<Record<string, string>> = {makefile: 'makefile', gnumakefile: 'makefile'};

/** The language of a file by its name or extension, when the highlighter has it. */
export function languageOfPath(highlighter: Highlighter, path: string): string | undefined {
	const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
	const named = namedFiles[name];
	if (named !== undefined) return highlighter.registered(named) ? named : undefined;
	const dot = name.lastIndexOf('.');
	if (dot <= 0 || dot === name.length - 1) return undefined;
	return languageOf(highlighter, name.slice(dot + 1));
}

/** The language a fence's info string (or an extension) names, when the highlighter has it. */
export function languageOf(highlighter: Highlighter, name: string): string | undefined {
	const word = name.trim().toLowerCase();
	// An alias is a word: never hand the highlighter a key such as `__proto__` or `constructor`.
	if (!/^[a-z0-9][a-z0-9_+#.-]{0,30}$/.test(word) || word in Object.prototype) return undefined;
	return highlighter.registered(word) ? word : undefined;
}

type HastNode = {type: string; value?: string; properties?: {className?: unknown}; children?: HastNode[]};

/**
 * `code` (sanitized) in `language` (a name the highlighter has): its lines of tagged spans.
 * Never throws: a highlighter that fails gives the text untagged.
 */
export function codeLines(highlighter: Highlighter, code: string, language: string): CodeLines {
	const lines: CodeLines = [[]];
	const add = (text: string, tone: CodeTone | undefined): void => {
		let from = 0;
		for (let newline = text.indexOf('\n'); ; newline = text.indexOf('\n', from)) {
			const piece = newline === -1 ? text.slice(from) : text.slice(from, newline);
			if (piece !== '') lines[lines.length - 1]!.push(tone === undefined ? {text: piece} : {text: piece, tone});
			if (newline === -1) return;
			lines.push([]);
			from = newline + 1;
		}
	};
	const walk = (node: HastNode, tone: CodeTone | undefined): void => {
		if (node.type === 'text') {
			add(node.value ?? '', tone);
			return;
		}
		const inner = toneOf(node.properties?.className) ?? tone;
		for (const child of node.children ?? []) walk(child, inner);
	};
	try {
		walk(highlighter.highlight(language, code) as HastNode, undefined);
	} catch {
		return code.split('\n').map(line => (line === '' ? [] : [{text: line}]));
	}
	return lines;
}

function toneOf(className: unknown): CodeTone | undefined {
	if (!Array.isArray(className)) return undefined;
	for (const name of className) {
		if (typeof name !== 'string' || !name.startsWith('hljs-')) continue;
		const word = name.slice(5).split('.')[0]!;
		const tone = tones[word];
		if (tone !== undefined) return tone;
	}
	return undefined;
}

/** The colour of each tone in SGR (print mode); the screen's are in ui/panes/code-style.ts. */
export function paintTone(paint: Paint, tone: CodeTone | undefined): (text: string) => string {
	switch (tone) {
		case undefined:
			return text => text;
		case 'keyword':
			return paint.magenta;
		case 'string':
			return paint.green;
		case 'comment':
		case 'meta':
			return paint.dim;
		case 'number':
			return paint.yellow;
		case 'title':
			return paint.blue;
		case 'type':
			return paint.cyan;
		case 'deletion':
			return paint.red;
	}
}

/** A line of spans as text with SGR colours: only SGR is added to the text. */
export function paintedLine(paint: Paint, spans: readonly CodeSpan[]): string {
	let out = '';
	for (const span of spans) out += paintTone(paint, span.tone)(span.text);
	return out;
}
