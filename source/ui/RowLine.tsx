/** One row of styled segments as Ink text; without colour, plain text and no attributes at all. */
import {Text} from 'ink';
import {memo, useContext} from 'react';
import {ColorContext} from './ColorContext.js';
import type {Segment} from './segments.js';

export type RowLineProps = {segments: readonly Segment[]};

/**
 * Draws a row; it is already cut to the width, so Ink never wraps it. The header's and
 * footer's rows are made again on every frame, mostly the same: a row whose segments say the
 * same as last time is not drawn again (Ink would otherwise update its text nodes and measure
 * them again). `PENGUIN_VIEW_ROW_MEMO=0` draws every row.
 */
export const RowLine = memo(DrawRow, (before, after) => rowMemo && sameSegments(before.segments, after.segments));

const rowMemo = process.env.PENGUIN_VIEW_ROW_MEMO !== '0';

function sameSegments(a: readonly Segment[], b: readonly Segment[]): boolean {
	if (a === b) return true;
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) {
		const x = a[i]!;
		const y = b[i]!;
		if (
			x !== y &&
			(x.text !== y.text ||
				x.color !== y.color ||
				x.dim !== y.dim ||
				x.bold !== y.bold ||
				x.italic !== y.italic ||
				x.underline !== y.underline ||
				x.inverse !== y.inverse)
		) {
			return false;
		}
	}
	return true;
}

function DrawRow({segments}: RowLineProps) {
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
