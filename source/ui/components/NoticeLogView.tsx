/** The notice log (M), in place of the body: its rows from `top`, the newest at the bottom until scrolled. */
import {Box} from 'ink';
import type {Segment} from '../panes/segments.js';
import {RowLine} from './RowLine.js';

export type NoticeLogViewProps = {rows: readonly Segment[][]; height: number; top?: number};

/** Exactly `height` rows of the log. */
export function NoticeLogView({rows, height, top}: NoticeLogViewProps) {
	const last = Math.max(0, rows.length - height);
	const from = Math.min(top ?? last, last);
	const lines = [];
	for (let i = 0; i < height; i++) lines.push(<RowLine key={i} segments={rows[from + i] ?? []} />);
	return <Box flexDirection="column">{lines}</Box>;
}
