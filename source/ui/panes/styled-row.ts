/**
 * A row drawn as one Ink text holding its styled string, instead of a text per segment.
 *
 * A row of nested <Text>s costs a frame a React component per segment (each made again, with
 * a new style object and a new transform, on every render), and Ink then walks the nested
 * nodes and styles every segment again on every frame, though a streaming frame changes a row
 * or two. As one string, styled here the way Ink's <Text> styles a segment (the same chalk, the
 * same order: dim, colour, bold, italic, underline, inverse), a row is one node, and a row
 * whose string has not changed is skipped by React altogether (RowText is memoised on it).
 * Ink squashes nested texts into this very string, so the frames are the same
 * (test/ui/styled-row.test.tsx draws both).
 */
import chalk from 'chalk';
import {hyperlink} from '../../render/hyperlink.js';
import type {Styling} from '../components/ColorContext.js';
import type {Linker} from '../components/LinkContext.js';
import {classicPalette, type Palette} from './palette.js';
import {paletteText} from './palette-row.js';
import type {Segment} from './segments.js';

/**
 * The string Ink makes of `segments` drawn as nested <Text>s with `styling`. With a theme's palette, a colour is
 * the palette's, and dim text without a colour is drawn in the palette's dim colour (not SGR 2); with `linker`,
 * links as OSC 8.
 */
export function styledRow(
	segments: readonly Segment[],
	styling: Styling,
	palette: Palette = classicPalette,
	linker?: Linker,
): string {
	const themed = styling === 'color' && palette !== classicPalette;
	let out = '';
	for (const segment of segments) {
		let text = themed ? paletteText(segment, palette) : chalkText(segment, styling);
		// kitty's placeholders name their image by the foreground colour, whatever the styling.
		if (segment.image !== undefined) {
			segment.image.send?.();
			text = `\u001b[38;5;${segment.image.id}m${segment.text}\u001b[39m`;
		}
		if (linker !== undefined && segment.link !== undefined && text.length > 0) {
			const uri = linker(segment.link);
			if (uri !== undefined) text = hyperlink(uri, text);
		}
		out += text;
	}
	return out;
}

/** One segment styled by chalk, as Ink's <Text> styles it. */
function chalkText(segment: Segment, styling: Styling): string {
	let text = segment.text;
	if (styling !== 'none' && text.length > 0) {
		if (segment.dim) text = chalk.dim(text);
		if (styling === 'color' && segment.color) text = chalk[segment.color](text);
		if (segment.bold) text = chalk.bold(text);
		if (segment.italic) text = chalk.italic(text);
		if (segment.underline) text = chalk.underline(text);
		if (segment.inverse) text = chalk.inverse(text);
	}
	return text;
}

type Kept = Record<Styling, WeakMap<readonly Segment[], string>>;

/**
 * Body rows kept per palette, styling and segments array (apart with links: one linker a run): a layout's rows keep
 * their arrays until their item changes.
 */
const keptByPalette = new WeakMap<Palette, Kept>();
const keptLinkedByPalette = new WeakMap<Palette, Kept>();

/**
 * A body row's string after its blank gutter column, remembered for the same array of
 * segments: the very same string each frame, so that React's memo compares it by reference
 * (two equal strings made apart are compared character by character: in the CPU profile of a
 * long answer streaming, that comparison was a tenth of React's render).
 */
export function keptBodyRow(
	segments: readonly Segment[],
	styling: Styling,
	palette: Palette = classicPalette,
	linker?: Linker,
): string {
	const byPalette = linker === undefined ? keptByPalette : keptLinkedByPalette;
	let kept = byPalette.get(palette);
	if (kept === undefined) {
		kept = {color: new WeakMap(), attributes: new WeakMap(), none: new WeakMap()};
		byPalette.set(palette, kept);
	}
	const memo = kept[styling];
	let text = memo.get(segments);
	if (text === undefined) {
		text = ` ${styledRow(segments, styling, palette, linker)}`;
		memo.set(segments, text);
	}
	return text;
}
