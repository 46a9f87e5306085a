/** The help overlay, in place of the body: every command and its keys, from the keymap. */
import {Box} from 'ink';
import {helpEntries} from './keymap.js';
import {RowLine} from './RowLine.js';
import {seg, truncateSegments, type Segment} from './segments.js';

export type HelpOverlayProps = {width: number; height: number};

/** As many entries as fit; always exactly `height` rows. */
export function HelpOverlay({width, height}: HelpOverlayProps) {
	const entries = helpEntries();
	const keyWidth = Math.max(...entries.map(entry => entry.keys.length)) + 2;
	const rows: Segment[][] = [[seg(' keys', {bold: true}), seg('   any key closes this help', {dim: true})], []];
	for (const entry of entries) {
		rows.push(truncateSegments([seg(` ${entry.keys.padEnd(keyWidth)}`, {color: 'cyan'}), seg(entry.help)], width));
	}
	const lines = [];
	for (let i = 0; i < height; i++) lines.push(<RowLine key={i} segments={rows[i] ?? []} />);
	return <Box flexDirection="column">{lines}</Box>;
}
