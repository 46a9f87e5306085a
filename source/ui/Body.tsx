/** The body: only the rows on screen, each after a gutter column that marks the focused pane. */
import {Box} from 'ink';
import {highlight} from './highlight.js';
import {RowLine} from './RowLine.js';
import {seg, type Row} from './segments.js';
import {glyph} from './theme.js';

export type BodyProps = {
	rows: readonly Row[];
	height: number;
	/** The index among `rows` that gets the focus mark, or -1. */
	focusRow: number;
	/** The search query to mark in the rows. */
	query?: string;
};

const blank = seg(' ');
const mark = seg(glyph.focus, {color: 'cyan', bold: true});

/** Exactly `height` rows, so that the footer stays at the bottom. */
export function Body({rows, height, focusRow, query}: BodyProps) {
	const lines = [];
	for (let i = 0; i < height; i++) {
		const row = rows[i];
		lines.push(<RowLine key={i} segments={row ? [i === focusRow ? mark : blank, ...highlight(row.segments, query)] : []} />);
	}
	return <Box flexDirection="column">{lines}</Box>;
}
