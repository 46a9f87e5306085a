/** The body's row: the session list, a rule, the session's part (without a list: the session's part alone). */
import {Box} from 'ink';
import {SideRule} from './Body.js';
import type {ReactNode} from 'react';

export type BesideRowProps = {
	/** The list beside the session, or undefined (the session takes the row). */
	list: ReactNode;
	/** The session's part's width and the body's height. */
	width: number;
	height: number;
	children: ReactNode;
};

/** The list and the session side by side with a rule between, or the session alone. */
export function BesideRow({list, width, height, children}: BesideRowProps) {
	if (!list) return <>{children}</>;
	return (
		<Box flexDirection="row">
			{list}
			<SideRule height={height} />
			<Box flexDirection="column" width={width}>
				{children}
			</Box>
		</Box>
	);
}
