/** The header: the session, where it runs, its title and live state, and a rule below. */
import {Box} from 'ink';
import {RowLine} from './RowLine.js';
import {seg} from '../panes/segments.js';
import {headerRows, type HeaderInput} from '../screen/status-line.js';

export type HeaderProps = HeaderInput & {rule: boolean};

/** Two rows and an optional rule. */
export function Header(props: HeaderProps) {
	const rows = headerRows(props);
	return (
		<Box flexDirection="column">
			{rows.map((segments, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: a header row is its position, nothing moves
				<RowLine key={index} segments={segments} />
			))}
			{props.rule ? <RowLine segments={[seg('─'.repeat(props.width), {dim: true})]} /> : null}
		</Box>
	);
}
