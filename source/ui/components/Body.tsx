/** The body: only the rows on screen, each after a gutter column that marks the focused pane. */
import {Box, Text} from 'ink';
import {useContext, useMemo} from 'react';
import {ColorContext, PaletteContext, type Styling} from './ColorContext.js';
import type {Palette} from '../panes/palette.js';
import {LinkContext, type Linker} from './LinkContext.js';
import {highlight} from '../panes/highlight.js';
import {searchPattern} from '../reading/search-match.js';
import {RowText} from './RowLine.js';
import {seg, segmentsWidth, type Row, type Segment} from '../panes/segments.js';
import {keptBodyRow, styledRow} from '../panes/styled-row.js';
import {glyph} from '../panes/theme.js';
import {usePageWarm} from '../hooks/use-page-warm.js';

export type BodyProps = {
	rows: readonly Row[];
	height: number;
	/** The index among `rows` that gets the focus mark, or -1. */
	focusRow: number;
	/** The search query to mark in the rows. */
	query?: string;
	/** The terminal's width: the focused row's bar spans it. */
	width?: number;
	/** The list beside the session has the keys: the rows are drawn dimmed, without the focus mark. */
	dimmed?: boolean;
	/** The rows of the pages either side of these, drawn ahead once the screen is still (use-page-warm.ts). */
	ahead?: () => ReadonlyArray<readonly Row[]>;
	/** Where the view is (use-page-warm.ts): the pages beside it are drawn ahead once for each place. */
	aheadAt?: readonly unknown[];
};

const blank = seg(' ');
const mark = seg(glyph.focus, {color: 'cyan', bold: true});

/**
 * The focused row as a highlight bar: inverse across the whole width (with or without colour),
 * a match inside it drawn the other way round so that it still stands out.
 */
export function focusBar(segments: readonly Segment[], width: number | undefined): Segment[] {
	const bar: Segment[] = segments.map(segment => ({...segment, inverse: !segment.inverse}));
	const room = width === undefined ? 0 : width - segmentsWidth(bar);
	if (room > 0) bar.push(seg(' '.repeat(room), {inverse: true}));
	return bar;
}

/** A row of the body as one styled string, after its gutter (RowLine's string for the same segments). */
function bodyRowText(
	row: Row | undefined,
	focused: boolean,
	pattern: RegExp | undefined,
	width: number | undefined,
	styling: Styling,
	palette: Palette,
	dimmed = false,
	linker: Linker | undefined = undefined,
): string {
	if (!row) return ' ';
	if (dimmed) return styledRow([blank, ...row.segments.map(segment => ({...segment, dim: true}))], styling, palette);
	const marked = highlight(row.segments, pattern);
	// A row neither focused nor holding a match: its string is kept with its segments.
	if (!focused && marked === row.segments) return keptBodyRow(row.segments, styling, palette, linker);
	const segments = [focused ? mark : blank, ...marked];
	return styledRow(focused ? focusBar(segments, width) : segments, styling, palette, linker);
}

/** Exactly `height` rows, so that the footer stays at the bottom: each one styled string (styled-row.ts). */
export function Body({rows, height, focusRow, query, width, dimmed, ahead, aheadAt = []}: BodyProps) {
	const styling = useContext(ColorContext);
	const palette = useContext(PaletteContext);
	const linker = useContext(LinkContext);
	const pattern = useMemo(() => {
		const compiled = query ? searchPattern(query) : undefined;
		return compiled instanceof RegExp ? compiled : undefined;
	}, [query]);
	// The strings the rows of the pages beside would be written as: made once the screen is still.
	const aheadLines =
		ahead &&
		((): string[] =>
			ahead().flatMap(page =>
				page.map(row => bodyRowText(row, false, pattern, width, styling, palette, dimmed, linker)),
			));
	usePageWarm(aheadLines, 0, [...aheadAt, query, width, dimmed, styling, palette]);
	const lines = [];
	for (let i = 0; i < height; i++)
		lines.push(
			<RowText key={i} text={bodyRowText(rows[i], i === focusRow, pattern, width, styling, palette, dimmed, linker)} />,
		);
	return <Box flexDirection="column">{lines}</Box>;
}

/** The rule between the session list and the session, `height` rows of dim `│`. */
export function SideRule({height}: {height: number}) {
	const styling = useContext(ColorContext);
	const palette = useContext(PaletteContext);
	const row = styledRow([{text: '│', dim: true}], styling, palette);
	return <Text>{Array.from({length: height}, () => row).join('\n')}</Text>;
}
