/** One row of styled segments as Ink text; without colour, plain text and no attributes at all. */
import {Text} from 'ink';
import {useContext} from 'react';
import {ColorContext} from './ColorContext.js';
import type {Segment} from './segments.js';

export type RowLineProps = {segments: readonly Segment[]};

/** Draws a row; it is already cut to the width, so Ink never wraps it. */
export function RowLine({segments}: RowLineProps) {
	const color = useContext(ColorContext);
	if (segments.length === 0) return <Text> </Text>;
	if (!color) return <Text wrap="truncate-end">{segments.map(segment => segment.text).join('')}</Text>;
	return (
		<Text wrap="truncate-end">
			{segments.map((segment, index) => (
				<Text
					key={index}
					color={segment.color}
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
