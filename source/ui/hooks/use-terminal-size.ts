/** The terminal's size from Ink's stdout, kept current on resize; tests pass a fixed size. */
import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

export type TerminalSize = {columns: number; rows: number};

/** Columns and rows of the terminal (80×24 when the stream does not say). */
export function useTerminalSize(fixed?: TerminalSize): TerminalSize {
	const {stdout} = useStdout();
	const read = (): TerminalSize => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
	const [size, setSize] = useState(read);
	useEffect(() => {
		if (fixed) return undefined;
		const onResize = (): void => setSize(read());
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout, fixed]);
	return fixed ?? size;
}
