/** The footer's last row: the search prompt while typing, else a message or the key hints. */
import {RowLine} from './RowLine.js';
import {footerPrompt} from '../screen/status-line.js';

export type SearchPromptProps = {
	editing: boolean;
	draft: string;
	message?: string;
	query?: string;
	width: number;
	/** The footer hints the keys that act on the session (a, r, Ctrl+X, >). */
	acting?: boolean;
	/** A replay plays: the hints are its keys' (the keymap's replay commands). */
	replaying?: boolean;
};

/** One row. */
export function SearchPrompt(props: SearchPromptProps) {
	return <RowLine segments={footerPrompt(props)} />;
}
