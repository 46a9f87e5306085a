/**
 * Code, diffs and tool outputs as HTML: every character of trace text sanitized (no control
 * sequence survives) and escaped (never markup), code tagged by tone for the page's colours,
 * an output cut to the screen's head and tail with the size of what was left out said.
 */
import type {Highlighter} from '../../render/code-colour.js';
import {codeLines, languageOf, languageOfPath} from '../../render/code-colour.js';
import type {DiffLine} from '../../render/edit-diff.js';
import {formatBytes, plural} from '../../render/format.js';
import {countLines, headTail, outputCut} from '../../render/output-lines.js';
import {sanitize} from '../../render/sanitize.js';

/** Text made safe to place between tags or in a quoted attribute: controls shown, markup escaped. */
export function htmlText(text: string): string {
	return escapeMarkup(sanitize(text));
}

/** `<`, `>`, `&` and quotes as character references. */
export function escapeMarkup(text: string): string {
	return text.replace(/[&<>"']/g, ch => `&#${ch.charCodeAt(0)};`);
}

/** Code in a `<pre>`, coloured when `language` names one the highlighter has. */
export function codeBlock(code: string, language: string | undefined, highlighter?: Highlighter): string {
	return `<pre class="code"><code>${codeSpans(code, language, highlighter)}</code></pre>`;
}

/** The inside of a code block: spans with a tone class each, or plain escaped text. */
export function codeSpans(code: string, language: string | undefined, highlighter?: Highlighter): string {
	const clean = sanitize(code);
	const known = highlighter && language ? languageOf(highlighter, language) : undefined;
	if (!highlighter || !known) return escapeMarkup(clean);
	return codeLines(highlighter, clean, known)
		.map(line =>
			line
				.map(span =>
					span.tone === undefined
						? escapeMarkup(span.text)
						: `<span class="t-${span.tone}">${escapeMarkup(span.text)}</span>`,
				)
				.join(''),
		)
		.join('\n');
}

/** The language of a file by its path, for the highlighter. */
export function pathLanguage(path: string, highlighter?: Highlighter): string | undefined {
	return highlighter ? languageOfPath(highlighter, path) : undefined;
}

/** An edit's lines, removed in red and added in green. */
export function diffBlock(lines: readonly DiffLine[]): string {
	const rows = lines.map(line => {
		const tone = line.sign === '+' ? 'd-add' : line.sign === '-' ? 'd-del' : 'd-ctx';
		return `<span class="${tone}">${escapeMarkup(`${line.sign} ${sanitize(line.text)}`)}</span>`;
	});
	return `<pre class="code diff"><code>${rows.join('\n')}</code></pre>`;
}

/**
 * A tool's output as the screen shows it: its first and last lines, a line saying how many
 * lines (and bytes) lie between, each kept line cut at the screen's length.
 */
export function outputBlock(output: string, language: string | undefined, highlighter?: Highlighter): string {
	const total = countLines(output).count;
	const parts = headTail(output, total, outputCut.head, outputCut.tail);
	const cap = (lines: string[]): string =>
		lines.map(line => (line.length > outputCut.lineChars ? `${line.slice(0, outputCut.lineChars)}…` : line)).join('\n');
	const head = codeSpans(cap(parts.head), language, highlighter);
	if (parts.hidden === 0) return `<pre class="code output"><code>${head}</code></pre>`;
	const shownChars = parts.head.join('\n').length + parts.tail.join('\n').length + 2;
	const hiddenBytes = Math.max(0, output.length - shownChars);
	const cut =
		`<span class="cut">… ${plural(parts.hidden, 'line')} (${formatBytes(hiddenBytes)}) not shown: ` +
		'the whole output is in the trace …</span>';
	const tail = codeSpans(cap(parts.tail), language, highlighter);
	return `<pre class="code output"><code>${head}\n${cut}\n${tail}</code></pre>`;
}
