/**
 * What the user and the model wrote, as Markdown rendered to safe HTML by markdown-it: raw
 * HTML in the text is shown as text (`html: false`), a link whose address is `javascript:`,
 * `vbscript:`, `file:` or a non-image `data:` stays text (markdown-it's own check), an image
 * becomes a label with its address (the page loads nothing), tables are tables. The text is
 * sanitized first: a terminal escape is shown as a visible marker, never passed on.
 */
import MarkdownIt from 'markdown-it';
import type {Highlighter} from '../../render/code-colour.js';
import {sanitize} from '../../render/sanitize.js';
import {codeSpans, escapeMarkup} from './html-code.js';

/** A renderer for one export: Markdown text to HTML. */
export type MarkdownToHtml = (text: string) => string;

/** A Markdown renderer whose fenced code is coloured by `highlighter` (when given). */
export function markdownToHtml(highlighter?: Highlighter): MarkdownToHtml {
	const md = new MarkdownIt('default', {
		html: false,
		linkify: false,
		typographer: false,
		highlight: (code, language) =>
			`<pre class="code"><code>${codeSpans(code, language.split(/\s/)[0] || undefined, highlighter)}</code></pre>`,
	});
	const rules = md.renderer.rules;
	rules.image = (tokens, index) => {
		const token = tokens[index]!;
		const address = token.attrGet('src') ?? '';
		const alt = token.children ? token.children.map(child => child.content).join('') : token.content;
		const label = `image${alt ? ` “${escapeMarkup(alt)}”` : ''}`;
		return `<span class="image-label">${label}: <code>${escapeMarkup(String(address))}</code></span>`;
	};
	rules.link_open = (tokens, index, options, _env, self) => {
		// A shared page's links open elsewhere and tell the other site nothing.
		tokens[index]!.attrSet('rel', 'noopener noreferrer nofollow');
		return self.renderToken(tokens, index, options);
	};
	// A wide table scrolls in its own box on a narrow screen, as code does.
	rules.table_open = () => '<div class="table"><table>\n';
	rules.table_close = () => '</table></div>\n';
	return text => md.render(sanitize(text));
}
