/**
 * File paths in a command and its output, marked as links: a word that looks like a path (`/abs/file`,
 * `src/a.ts:12:3`, `./x`, `notes.md`), taken under the session's workspace when relative, becomes a segment whose
 * `link` is the absolute path, when that path is inside the workspace. Whether the file is there on this machine is
 * the screen's question (io/link-targets.ts), asked only for rows it draws. Pure.
 */
import type {Segment} from './segments.js';

/** Quotes and brackets before a path, and punctuation after it, left out of the link. */
const opening = '("\'`[<';
const closing = ')"\'`]>,;.!?';
/** A word that may name a file: with a slash, or a name with an extension. */
const pathLike = /^(?:\.{0,2}\/|[\w@+-][\w.@+-]*\/)[\w./@+-]*$|^[\w@+-][\w.@+-]*\.[A-Za-z0-9]{1,8}$/;
/** Where a path's `:12`, `:12:3` or grep's `:12:text` begins; or a `:` that ends it. */
const lineSuffix = /:\d.*$|:$/;

/** `path` with `.` and `..` resolved and repeated slashes made one; undefined when it climbs above the root. */
function normalized(absolute: string): string | undefined {
	const out: string[] = [];
	for (const part of absolute.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..') {
			if (out.pop() === undefined) return undefined;
		} else out.push(part);
	}
	return `/${out.join('/')}`;
}

/** The absolute path inside `workspace` that `word` names, or undefined. */
export function workspacePath(word: string, workspace: string): string | undefined {
	if (word.length > 1024 || !pathLike.test(word)) return undefined;
	const root = normalized(workspace);
	if (root === undefined || root === '/') return undefined;
	const full = normalized(word.startsWith('/') ? word : `${root}/${word}`);
	return full !== undefined && full.startsWith(`${root}/`) ? full : undefined;
}

/** `piece` (one word) cut so that a path in it under `workspace` is a segment of its own with `link` set. */
export function pathPieces(piece: Segment, workspace: string): Segment[] {
	const text = piece.text;
	// Most words name no file: those with neither a dot nor a slash are let through at once.
	if (!text.includes('/') && !text.includes('.')) return [piece];
	let start = 0;
	let end = text.length;
	while (start < end && opening.includes(text[start]!)) start++;
	while (end > start && closing.includes(text[end - 1]!)) end--;
	const before = text.slice(0, start);
	const middle = text.slice(start, end);
	const after = text.slice(end);
	const suffix = lineSuffix.exec(middle)?.[0] ?? '';
	const word = middle.slice(0, middle.length - suffix.length);
	const target = workspacePath(word, workspace);
	if (target === undefined) return [piece];
	const out: Segment[] = [];
	if (before) out.push({...piece, text: before});
	out.push({...piece, text: word, link: target});
	if (suffix || after) out.push({...piece, text: suffix + after});
	return out;
}
