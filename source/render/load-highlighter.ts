/**
 * lowlight with highlight.js's common languages (37: TypeScript, Python, Go, Rust, shell,
 * JSON, YAML, SQL…), built when first asked for. Loaded only through a dynamic import of this
 * module, so the bundle keeps it in a chunk of its own (≈340 kB) that a run without code to
 * colour never reads, and whose `all` languages are left out.
 */
import {common, createLowlight} from 'lowlight';
import type {Highlighter} from './code-colour.js';

/** A new highlighter with the common languages. */
export function makeHighlighter(): Highlighter {
	return createLowlight(common);
}
