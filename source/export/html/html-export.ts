/**
 * `--export html`: a session as one self-contained page. Styles and the script are inline and
 * named by hash in the page's Content-Security-Policy, which allows nothing else: no request
 * leaves the page (images are the trace's own data URLs). The page is written in pieces as
 * its items are rendered, each item's held texts read back only for it, as the Markdown
 * export does: memory is bounded by an item, not by the session.
 */
import {createHash} from 'node:crypto';
import type {PriceTable} from '../../cost/prices.js';
import {shown, type TextReader} from '../../model/held-text.js';
import type {Item, SessionView} from '../../model/view-model.js';
import type {Highlighter} from '../../render/code-colour.js';
import {htmlText} from './html-code.js';
import {headerHtml, ledgerHtml, pageTitle} from './html-head.js';
import {type ItemContext, ItemsHtml} from './html-items.js';
import {markdownToHtml} from './html-markdown.js';
import {playerScript} from './html-player.js';
import {pageStyle} from './html-style.js';

/** How writeHtml reads and writes. */
export type HtmlStream = {
	prices?: PriceTable;
	/** Colours code; without it code is plain. */
	highlighter?: Highlighter;
	/** Reads back the texts the model held on disk (io/held-texts.ts): one item's at a time. */
	texts?: TextReader;
	/** Each item as shown, its texts read, before it is written (--redact). */
	prepare?: (item: Item) => Item;
	/** Takes the page piece by piece; awaited (a pipe that is full makes it wait). */
	write: (text: string) => Promise<void> | void;
};

// About how much text is gathered before it is written: the page is never whole in memory.
const pieceChars = 1 << 20;

/** The policy: the page's own style and script by their hashes, data-URL images, nothing else. */
export function contentSecurityPolicy(): string {
	const hash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
	return [
		"default-src 'none'",
		`style-src ${hash(pageStyle)}`,
		`script-src ${hash(playerScript)}`,
		'img-src data:',
		"base-uri 'none'",
		"form-action 'none'",
	].join('; ');
}

/** The page of `view` (and its known subagents), written piece by piece to `stream.write`. */
export async function writeHtml(view: SessionView, stream: HtmlStream): Promise<void> {
	const markdown = markdownToHtml(stream.highlighter);
	const top = (item: Item): Item => {
		const whole = shown(item, stream.texts) as Item;
		return stream.prepare ? stream.prepare(whole) : whole;
	};
	const context = (prepare: (item: Item) => Item): ItemContext => ({
		markdown,
		highlighter: stream.highlighter,
		prepare,
		nestedSession: (child, depth, prefix) => {
			const items = new ItemsHtml(
				child,
				context(item => item),
				depth,
				prefix,
			);
			const body = child.items.map(item => items.html(item)).join('');
			return `${headerHtml(child, stream.prices, depth)}<div class="nested">${body}</div>`;
		},
	});
	const items = new ItemsHtml(view, context(top), 0, '');
	let pending = pageStart(view, stream.prices);
	for (const item of view.items) {
		pending += items.html(item);
		if (pending.length >= pieceChars) {
			await stream.write(pending);
			pending = '';
		}
	}
	pending += `</main>\n${ledgerHtml(view, stream.prices)}${pageEnd()}`;
	await stream.write(pending);
}

function pageStart(view: SessionView, prices: PriceTable | undefined): string {
	return (
		'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
		`<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">\n` +
		'<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
		'<meta name="referrer" content="no-referrer">\n' +
		'<meta name="generator" content="penguin-view">\n' +
		`<title>${htmlText(pageTitle(view))}</title>\n<style>${pageStyle}</style>\n</head>\n<body>\n` +
		headerHtml(view, prices, 0) +
		'<nav id="toolbar" hidden><button type="button" id="play">Play</button>' +
		'<label>Speed <select id="speed">' +
		speeds
			.map(speed => `<option value="${speed}"${speed === 1 ? ' selected' : ''}>${speedText(speed)}</option>`)
			.join('') +
		'</select></label><input type="range" id="position" min="0" value="0" aria-label="Position">' +
		'<span id="player-status"></span>' +
		'<button type="button" id="unfold-all">Unfold all</button><button type="button" id="fold-all">Fold all</button>' +
		'<a href="#context-table">Context and cost</a></nav>\n<main>\n'
	);
}

const speeds = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];

function speedText(speed: number): string {
	return speed === 0.25 ? '¼×' : speed === 0.5 ? '½×' : `${speed}×`;
}

function pageEnd(): string {
	const footer = '<footer class="quiet">Exported by penguin-view.</footer>\n';
	return `${footer}<script>${playerScript}</script>\n</body>\n</html>\n`;
}
