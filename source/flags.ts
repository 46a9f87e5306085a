/** The command line's flags, as cli.tsx parses them and main and server mode read them. */
export type Flags = {
	sse?: string;
	cookie?: string;
	header?: string[];
	user?: string;
	insecure: boolean;
	print: boolean;
	json: boolean;
	/** -f/--follow (true), --no-follow (false), or neither: the screen follows, print mode reads to the end. */
	follow?: boolean;
	color?: boolean;
	expand?: string[];
	replay?: string;
	list: boolean;
	/** The newest running session (else the newest), on disk or on a server; later ones are offered. */
	latest?: boolean;
	stats: boolean;
	export?: string;
	redact: boolean;
	/** --prices FILE: the price table, in place of the project's config or the server's models. */
	prices?: string;
	debug: boolean;
	/** False (--no-bell): the screen does not ring the bell when a call waits for approval. */
	bell?: boolean;
	/** --notify: a desktop notification (OSC 9/777) when another session waits, fails or finishes. */
	notify?: boolean;
	/** -S, --chop: long rows cut at the edge rather than wrapped (as less -S). */
	chop?: boolean;
	/** --mouse: the wheel scrolls, a click puts the cursor on a row. */
	mouse?: boolean;
	/** --read-only: a, r, Ctrl+X and > never act on the session. */
	readOnly?: boolean;
	/** --completions SHELL: print the completion script for bash, zsh or fish. */
	completions?: string;
};
