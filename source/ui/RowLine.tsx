/** One row of styled segments as Ink text; without colour, the attributes alone; with neither, plain text. */
import {Text} from 'ink';
import {memo, useContext} from 'react';
import {ColorContext} from './ColorContext.js';
import type {Segment} from './segments.js';
import {rowTextEnabled, styledRow} from './styled-row.js';

export type RowLineProps = {segments: readonly Segment[]};

/** A row already styled (styled-row.ts): one Ink text, drawn again only when its string changes. */
export const RowText = memo(function RowText({text}: {text: string}) {
	return <Text wrap="truncate-end">{text}</Text>;
});

/** Draws a row; it is already cut to the width, so Ink never wraps it. */
export function RowLine({segments}: RowLineProps) {
	const styling = useContext(ColorContext);
	if (segments.length === 0) return rowTextEnabled ? <RowText text=" " /> : <Text> </Text>;
	if (rowTextEnabled) return <RowText text={styledRow(segments, styling)} />;
	if (styling === 'none') return <Text wrap="truncate-end">{segments.map(segment => segment.text).join('')}</Text>;
	return (
		<Text wrap="truncate-end">
			{segments.map((segment, index) => (
				<Text
					key={index}
					color={styling === 'color' ? segment.color : undefined}
					dimColor={segment.dim}
					bold={segment.bold}
					italic={segment.italic}
					underline={segment.underline}
					inverse={segment.inverse}
				>
					{segment.text}
				</Text>
			))}
		</Text>
	);
}
