/** One row of styled segments as Ink text; without colour, the attributes alone; with neither, plain text. */
import {Text} from 'ink';
import {memo, useContext} from 'react';
import {ColorContext, PaletteContext} from './ColorContext.js';
import type {Segment} from '../panes/segments.js';
import {styledRow} from '../panes/styled-row.js';

export type RowLineProps = {segments: readonly Segment[]};

/** A row already styled (styled-row.ts): one Ink text, drawn again only when its string changes. */
export const RowText = memo(function RowText({text}: {text: string}) {
	return <Text wrap="truncate-end">{text}</Text>;
});

/** Draws a row (header, footer, help) as one styled text; it is already cut to the width, so Ink never wraps it. */
export function RowLine({segments}: RowLineProps) {
	const styling = useContext(ColorContext);
	const palette = useContext(PaletteContext);
	return <RowText text={segments.length === 0 ? ' ' : styledRow(segments, styling, palette)} />;
}
