/** The screen's colours for code: a tone (render/code-colour.ts) as a segment's style. */
import type {CodeSpan, CodeTone} from '../../render/code-colour.js';
import {seg, type Segment, type Style} from './segments.js';

const toneStyles: Readonly<Record<CodeTone, Style>> = {
	keyword: {color: 'magenta'},
	string: {color: 'green'},
	comment: {dim: true, italic: true},
	meta: {dim: true},
	number: {color: 'yellow'},
	title: {color: 'blue'},
	type: {color: 'cyan'},
	deletion: {color: 'red'},
};

/** A line of code spans as segments; `base` (a thinking pane's dim) under each span's own style. */
export function codeSegments(spans: readonly CodeSpan[], base: Style = {}): Segment[] {
	return spans.map(span => seg(span.text, span.tone === undefined ? base : {...base, ...toneStyles[span.tone]}));
}
