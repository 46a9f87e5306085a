/**
 * Web addresses in a text, marked as links: a word holding `http://` or `https://` is cut into
 * the address (its segment's `link` set to it) and what is around it. wrap.ts asks it for each
 * word it wraps, so that every text the panes wrap (answers, outputs, arguments) has its URLs
 * linked; whether a link is drawn is the screen's choice (LinkContext).
 */
import {urlPattern} from '../../render/hyperlink.js';
import {pathPieces} from './path-links.js';
import type {Segment} from './segments.js';

/**
 * `piece` (one word of a segment) cut so that each URL in it is a segment of its own with `link` set; with
 * `workspace` (a command and its output), a file path in it under the workspace too.
 */
export function linkedPieces(piece: Segment, workspace?: string): Segment[] {
	if (piece.link !== undefined) return [piece];
	if (!piece.text.includes('://')) return workspace === undefined ? [piece] : pathPieces(piece, workspace);
	const out: Segment[] = [];
	let at = 0;
	for (const match of piece.text.matchAll(urlPattern)) {
		const start = match.index;
		if (start > at) out.push({...piece, text: piece.text.slice(at, start)});
		out.push({...piece, text: match[0], link: match[0]});
		at = start + match[0].length;
	}
	if (out.length === 0) return [piece];
	if (at < piece.text.length) out.push({...piece, text: piece.text.slice(at)});
	return out;
}
