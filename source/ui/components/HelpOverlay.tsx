/** The help overlay, in place of the body: every command and its keys, from the keymap, scrolled to `top`. */
import {Box} from 'ink';
import {helpLines, helpTop} from '../screen/help-lines.js';
import {RowLine} from './RowLine.js';

export type HelpOverlayProps = {width: number; height: number; top?: number};

/** Exactly `height` rows of the help, from row `top` (j/k scroll it). */
export function HelpOverlay({width, height, top = 0}: HelpOverlayProps) {
	const rows = helpLines(width);
	const from = helpTop(top, rows.length, height);
	const lines = [];
	for (let i = 0; i < height; i++) lines.push(<RowLine key={i} segments={rows[from + i] ?? []} />);
	return <Box flexDirection="column">{lines}</Box>;
}
