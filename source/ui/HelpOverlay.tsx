/** The help overlay, in place of the body: every command and its keys, from the keymap. */
import {Box} from 'ink';
import {helpEntries} from './keymap.js';
import {RowLine} from './RowLine.js';
import {seg, segmentsWidth, truncateSegments, type Segment} from './segments.js';

export type HelpOverlayProps = {width: number; height: number};

/** Every entry in one column when they fit, else in two on a wide screen (cut to fit); always exactly `height` rows. */
export function HelpOverlay({width, height}: HelpOverlayProps) {
	const entries = helpEntries();
	const keyWidth = Math.max(...entries.map(entry => entry.keys.length)) + 2;
	const line = (entry: {keys: string; help: string}, room: number): Segment[] =>
		truncateSegments([seg(` ${entry.keys.padEnd(keyWidth)}`, {color: 'cyan'}), seg(entry.help)], room);
	const rows: Segment[][] = [];
	const twoColumns = entries.length > height && width >= 80;
	const half = Math.ceil(entries.length / 2);
	// The title goes first when room is short: the footer says how to close the help too.
	if ((twoColumns ? half : entries.length) + 2 <= height) rows.push([seg(' keys', {bold: true}), seg('   any key closes this help', {dim: true})], []);
	if (twoColumns) {
		// Two columns, the first filled first: the order still reads down.
		const column = Math.floor(width / 2);
		for (let i = 0; i < half; i++) {
			const left = line(entries[i]!, column - 1);
			const right = entries[half + i] ? line(entries[half + i]!, width - column) : [];
			rows.push([...left, seg(' '.repeat(Math.max(1, column - segmentsWidth(left)))), ...right]);
		}
	} else {
		for (const entry of entries) rows.push(line(entry, width));
	}
	const lines = [];
	for (let i = 0; i < height; i++) lines.push(<RowLine key={i} segments={rows[i] ?? []} />);
	return <Box flexDirection="column">{lines}</Box>;
}
