/**
 * The command line as data, written once: every flag (its type, short form, value names,
 * the values it takes and what it does), what can be opened, the usage lines and the exit
 * codes. The parser reads the command line by it (parse-flags.ts); --help, the man page and the
 * shell completions are made from it.
 */

/** The --help and man page sections, in their order. */
export const sections = [
	{id: 'open', title: 'What to open'},
	{id: 'options', title: 'Options'},
	{id: 'sessions', title: 'Sessions, figures, sharing'},
	{id: 'search', title: 'Searching every session'},
	{id: 'sse', title: 'Following a live session (SSE)'},
	{id: 'logins', title: 'Saved logins'},
	{id: 'about', title: 'Help and shell completions'},
] as const;

export type SectionId = (typeof sections)[number]['id'];

/** One way to read a flag's value, with what it does then (--sse URL and --sse SERVER). */
export type FlagUse = {
	/** The value's name (`URL`); none for a boolean. */
	readonly value?: string;
	/** The value may be left out (`--replay [SPEED]`). */
	readonly optional?: boolean;
	/** A boolean's false, typed `--no-NAME`. */
	readonly negated?: boolean;
	/** The value comes after `=` only (`--color=never`), as ls reads its `--color`. */
	readonly inline?: boolean;
	readonly help: string;
};

export type FlagSpec = {
	readonly type: 'string' | 'boolean';
	/** One letter, typed as `-x`. */
	readonly shortFlag?: string;
	readonly isMultiple?: boolean;
	/** The value when the flag is not given (a boolean's, or a string's from config.toml: config-keys.ts). */
	readonly default?: boolean | string;
	readonly section: SectionId;
	readonly uses: readonly FlagUse[];
	/** The only values it takes: completions offer them, anything else is bad usage. */
	readonly values?: readonly string[];
	/** The value may be a comma-separated list of `values` (`thinking,outputs`). */
	readonly list?: boolean;
	/** Completions offer file names for the value. */
	readonly fileValue?: boolean;
	/** A boolean that also takes one of these after `=` (`--color=always`): true, false or unset (the first). */
	readonly inlineValues?: readonly [unset: string, on: string, off: string];
};

/** The flags, keyed by the camel-case name the program reads (`readOnly` is `--read-only`). */
export const flags = {
	latest: {
		type: 'boolean',
		default: false,
		section: 'open',
		uses: [
			{
				help:
					'the newest running session (else the newest), on disk or on a server; a session that starts later ' +
					'is offered (L switches)',
			},
		],
	},
	print: {
		type: 'boolean',
		default: false,
		section: 'options',
		uses: [{help: 'plain text, each item once it is complete (the default when stdout is not a terminal)'}],
	},
	json: {
		type: 'boolean',
		default: false,
		section: 'options',
		uses: [{help: 'write the session as JSON Lines of complete messages'}],
	},
	// No default: the screen follows unless --no-follow, print mode only with -f (main.ts).
	follow: {
		type: 'boolean',
		shortFlag: 'f',
		section: 'options',
		uses: [
			{
				help:
					'keep following a trace in print mode, as tail -f (print mode otherwise reads to the end and exits; ' +
					'the screen follows, a pipe on standard input is read until it closes, --sse follows)',
			},
			{negated: true, help: 'show what is there now and exit'},
		],
	},
	replay: {
		type: 'string',
		section: 'options',
		fileValue: true,
		uses: [{value: 'SPEED', optional: true, help: 'play a finished trace with its original timing (SPEED 1)'}],
	},
	expand: {
		type: 'string',
		isMultiple: true,
		section: 'options',
		values: ['thinking', 'outputs', 'all'],
		list: true,
		uses: [{value: 'LIST', help: 'open by default: thinking, outputs, all (repeatable, or a,b)'}],
	},
	color: {
		type: 'boolean',
		section: 'options',
		inlineValues: ['auto', 'always', 'never'],
		uses: [
			{
				value: 'WHEN',
				optional: true,
				inline: true,
				help:
					'auto (the default: on a terminal, unless NO_COLOR or TERM=dumb; FORCE_COLOR=1 in a pipe), always (|' +
					' less -R), never; --color alone is always, and either wins over NO_COLOR and FORCE_COLOR',
			},
			{negated: true, help: 'no colour, as --color=never'},
		],
	},
	theme: {
		type: 'string',
		section: 'options',
		values: ['auto', 'dark', 'light'],
		uses: [
			{
				value: 'THEME',
				help:
					"the screen's colours: auto (the default: the terminal's background, asked with OSC 11, else " +
					'COLORFGBG, else dark), dark or light',
			},
		],
	},
	bell: {
		type: 'boolean',
		default: true,
		section: 'options',
		uses: [{negated: true, help: 'no terminal bell when a tool call starts to wait for approval'}],
	},
	notify: {
		type: 'boolean',
		default: false,
		section: 'options',
		uses: [
			{
				help:
					'a desktop notification (OSC 9 and 777, through tmux too) when another session waits for approval, ' +
					'fails or finishes',
			},
		],
	},
	links: {
		type: 'boolean',
		default: true,
		section: 'options',
		uses: [
			{
				negated: true,
				help:
					'no OSC 8 links on file paths and URLs (off anyway under NO_COLOR, TERM=dumb and where the terminal ' +
					'shows their bytes)',
			},
		],
	},
	images: {
		type: 'boolean',
		default: true,
		section: 'options',
		uses: [
			{
				negated: true,
				help:
					'images as labels only, not drawn inline (kitty graphics protocol: kitty, ghostty; ' +
					"iTerm2's inline images: iTerm2, WezTerm; through tmux too)",
			},
		],
	},
	progress: {
		type: 'boolean',
		default: true,
		section: 'options',
		uses: [
			{
				negated: true,
				help:
					"no progress signal in the terminal's tab (OSC 9;4: Windows Terminal, ConEmu, ghostty, WezTerm, " +
					'iTerm2 3.6.6+)',
			},
		],
	},
	chop: {
		type: 'boolean',
		default: false,
		shortFlag: 'S',
		section: 'options',
		uses: [
			{
				help:
					'long rows cut at the edge rather than wrapped, as less -S (→ ← $ 0 move sideways; S on the screen' +
					' toggles it)',
			},
		],
	},
	mouse: {
		type: 'boolean',
		default: false,
		section: 'options',
		uses: [{help: 'the wheel scrolls, a click puts the cursor on the row (Shift selects text then)'}],
	},
	debug: {
		type: 'boolean',
		default: false,
		section: 'options',
		uses: [{help: 'print the stack of an unexpected error'}],
	},
	list: {
		type: 'boolean',
		default: false,
		section: 'sessions',
		uses: [
			{
				help:
					'the sessions under $PENGUIN_HOME, newest first (fitted to a terminal, every field whole in a pipe; ' +
					"--json: JSON Lines); with --sse SERVER, the server's sessions",
			},
		],
	},
	grep: {
		type: 'string',
		section: 'search',
		uses: [
			{
				value: 'PATTERN',
				help:
					'search every session under the folders or sessions named (else $PENGUIN_HOME; --sse SERVER: its ' +
					'sessions) as grep: a JavaScript regular expression, smart case; one line per match, newest session ' +
					'first; exit 0 found, 1 none, 2 a session could not be read (docs/grep.md)',
			},
		],
	},
	ignoreCase: {
		type: 'boolean',
		default: false,
		shortFlag: 'i',
		section: 'search',
		uses: [{help: 'with --grep, ignore case (else a capital in the pattern makes it exact)'}],
	},
	fixedStrings: {
		type: 'boolean',
		default: false,
		shortFlag: 'F',
		section: 'search',
		uses: [{help: 'with --grep, the pattern is a plain string, not an expression'}],
	},
	filesWithMatches: {
		type: 'boolean',
		default: false,
		shortFlag: 'l',
		section: 'search',
		uses: [{help: 'with --grep, the id of each session that matches, and nothing else'}],
	},
	count: {
		type: 'boolean',
		default: false,
		shortFlag: 'c',
		section: 'search',
		uses: [{help: 'with --grep, SESSION-ID:N for each session that matches (N: its matching lines)'}],
	},
	since: {
		type: 'string',
		section: 'search',
		uses: [
			{value: 'DATE', help: 'with --grep, sessions started at or after DATE (2026-12-02, 2026-12-02-14-30; local)'},
		],
	},
	until: {
		type: 'string',
		section: 'search',
		uses: [{value: 'DATE', help: 'with --grep, sessions started at or before DATE (a day: all of it)'}],
	},
	stats: {
		type: 'boolean',
		default: false,
		section: 'sessions',
		uses: [
			{
				help:
					'requests, retries, tool calls by name, tokens, longest steps; with --json one JSON object' +
					' (docs/stats-json.md)',
			},
		],
	},
	export: {
		type: 'string',
		section: 'sessions',
		values: ['md', 'json', 'sts', 'html'],
		uses: [
			{
				value: 'FORMAT',
				help:
					"md (a readable transcript), json (the view model), sts (the Hub's Session Trace format) or html" +
					' (one self-contained page with a player, docs/html-export.md)',
			},
		],
	},
	redact: {
		type: 'boolean',
		default: false,
		section: 'sessions',
		uses: [
			{
				help:
					"hide the home folder (with --export the workspace too) and credentials: passwords in a URL's" +
					' user-info, Authorization Bearer and Basic values, API keys (sk-, sk-ant-, ghp_, github_pat_, xox[bap]-,' +
					' AKIA, AIza), JWTs, PEM private key blocks, NAME=value lines whose name says secret, token, password or' +
					' key; in print mode, --json, --stats and --export',
			},
		],
	},
	dryRun: {
		type: 'boolean',
		default: false,
		section: 'sessions',
		uses: [
			{
				help:
					'with --redact and --export: list what would be redacted, by kind, with counts and masked examples,' +
					' and export nothing',
			},
		],
	},
	prices: {
		type: 'string',
		section: 'sessions',
		fileValue: true,
		uses: [
			{
				value: 'FILE',
				help:
					"prices from FILE (TOML or JSON, [[models]] with pricing, as a project's .project_config.toml) " +
					"instead of the project's own; a model with no price (or a project with no config) shows tokens only, " +
					'its cost unknown (—), and --stats and the notice log (M) say why',
			},
		],
	},
	sse: {
		type: 'string',
		section: 'sse',
		uses: [
			{
				value: 'URL',
				help:
					"http(s)://HOST/api/sessions/<id>/stream; on the server's own machine use localhost, not 127.0.0.1 " +
					'(its preview host, which answers 401 to every API call)',
			},
			{
				value: 'SERVER',
				help: "http(s)://HOST:PORT (or the web app's …/chat/<id>): pick any of the server's sessions, kept live",
			},
		],
	},
	cookie: {
		type: 'string',
		section: 'sse',
		uses: [{value: 'VALUE', help: 'the penguin_session cookie (or PENGUIN_VIEW_COOKIE)'}],
	},
	header: {
		type: 'string',
		isMultiple: true,
		section: 'sse',
		uses: [{value: '"N: v"', help: 'an extra request header (repeatable)'}],
	},
	user: {
		type: 'string',
		section: 'sse',
		uses: [{value: 'NAME', help: 'log in as NAME (password from PENGUIN_PASSWORD, or asked)'}],
	},
	insecure: {
		type: 'boolean',
		default: false,
		section: 'sse',
		uses: [{help: 'accept a TLS certificate the system does not trust'}],
	},
	readOnly: {
		type: 'boolean',
		default: false,
		section: 'sse',
		uses: [{help: 'never act on the session: a (allow), r (deny), Ctrl+X (stop) and > (steer) do nothing'}],
	},
	completions: {
		type: 'string',
		section: 'about',
		values: ['bash', 'zsh', 'fish'],
		uses: [{value: 'SHELL', help: 'print a completion script for bash, zsh or fish, and exit'}],
	},
} as const satisfies Record<string, FlagSpec>;

/** The flags the parser answers itself (parse-flags.ts): listed with the others in the documents. */
export const builtInFlags = {
	help: {type: 'boolean', section: 'about', uses: [{help: 'this help, and exit'}]},
	version: {type: 'boolean', section: 'about', uses: [{help: 'the version, and exit'}]},
} as const satisfies Record<string, FlagSpec>;

/** What can be named on the command line (things to open, subcommands), in --help's words, by section. */
export const operands: ReadonlyArray<{section: SectionId; name: string; help: string}> = [
	{
		section: 'open',
		name: 'trace',
		help:
			'a trace file, any shard: the whole session is shown, then followed; a file of any other name (a ' +
			'copy, a --json recording) alone; a gzip file (.gz or not) read to its end',
	},
	{section: 'open', name: 'session-id', help: 'looked up under $PENGUIN_HOME (default ~/.penguin/data)'},
	{section: 'open', name: 'folder', help: 'a traces folder or a data root: its newest session'},
	{section: 'open', name: '-', help: 'read a trace from standard input'},
	{
		section: 'open',
		name: '+/PATTERN',
		help: "after a session: open it searching PATTERN, on its first match (less's +/)",
	},
	{
		section: 'open',
		name: '(nothing)',
		help: 'a pipe or a file on standard input, else the newest session under $PENGUIN_HOME',
	},
	{
		section: 'logins',
		name: 'login URL --user NAME',
		help:
			"log in (password from PENGUIN_PASSWORD, or asked) and save the server's cookie in " +
			'$XDG_CONFIG_HOME/penguin-view (default ~/.config/penguin-view, mode 0600); every request to that ' +
			'server then carries it until it expires, unless --cookie, PENGUIN_VIEW_COOKIE or --user is given',
	},
	{section: 'logins', name: 'login', help: 'the saved logins and when each expires'},
	{
		section: 'logins',
		name: 'logout URL',
		help: 'end the session on the server and forget the login (a file named login or logout alone opens; ./login always)',
	},
	{section: 'about', name: '?', help: 'on the screen: every key, and what it does (q quits)'},
];

/** The subcommands: the first words of the `logins` section's entries. */
export function subcommands(): string[] {
	return [
		...new Set(operands.filter(operand => operand.section === 'logins').map(operand => operand.name.split(' ')[0]!)),
	];
}

/** The usage lines, each after the program's name. */
export const usageLines: readonly string[] = [
	'[trace | session-id | folder | -]',
	'--sse http://localhost:7364/api/sessions/<id>/stream',
	'--sse http://localhost:7364 [--list | --latest]',
	'--grep PATTERN [-i -F -l -c --json] [folder | session …]',
	'login http://localhost:7364 --user NAME',
	'logout http://localhost:7364',
];

export const exitCodes: ReadonlyArray<{code: number; meaning: string}> = [
	{code: 0, meaning: 'done or interrupted'},
	{code: 1, meaning: 'the source failed'},
	{code: 2, meaning: 'bad usage'},
];

/** One use of a flag as the documents show it: `--sse URL` and `--sse SERVER` are two. */
export type FlagEntry = {key: string; spec: FlagSpec; use: FlagUse; long: string; short?: string};

/** Every use of every flag, built-in ones last, with its names as typed (`--no-follow`, `--read-only`). */
export function flagEntries(): FlagEntry[] {
	return [...Object.entries(flags), ...Object.entries(builtInFlags)].flatMap(([key, spec]: [string, FlagSpec]) =>
		spec.uses.map(use => {
			const name = key.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);
			if (use.negated) return {key, spec, use, long: `--no-${name}`};
			return {key, spec, use, long: `--${name}`, ...(spec.shortFlag ? {short: `-${spec.shortFlag}`} : {})};
		}),
	);
}

/** A use as --help and the man page name it: `--replay [SPEED]`, `-f, --follow`. */
export function labelOfUse({use, long, short}: FlagEntry): string {
	const names = short ? `${short}, ${long}` : long;
	if (!use.value) return names;
	if (use.inline) return use.optional ? `${names}[=${use.value}]` : `${names}=${use.value}`;
	return use.optional ? `${names} [${use.value}]` : `${names} ${use.value}`;
}
