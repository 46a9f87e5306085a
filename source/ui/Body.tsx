/** The body: only the rows on screen, each after a gutter column that marks the focused pane. */
import {Box} from 'ink';
import {memo} from 'react';
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
		lines.push(<BodyRow key={i} row={rows[i]} focused={i === focusRow} query={query} />);
	}
	return <Box flexDirection="column">{lines}</Box>;
}

type BodyRowProps = {row: Row | undefined; focused: boolean; query: string | undefined};

/**
 * One row after its gutter. Drawn again only when its row, focus or query changed: a
 * streaming frame changes a row or two of the screen, and the layout hands the same Row
 * objects for rows that did not change (`PENGUIN_VIEW_ROW_MEMO=0` draws every row anyway).
 */
const BodyRow = memo(
	function BodyRow({row, focused, query}: BodyRowProps) {
		return <RowLine segments={row ? [focused ? mark : blank, ...highlight(row.segments, query)] : []} />;
	},
	(before, after) => rowMemo && before.row === after.row && before.focused === after.focused && before.query === after.query,
);

const rowMemo = process.env.PENGUIN_VIEW_ROW_MEMO !== '0';
