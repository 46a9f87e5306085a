/**
 * Redaction for exports: the user's home folder, the session's workspace, and strings that
 * look like credentials are replaced with marked placeholders (`[redacted:home]`,
 * `[redacted:api-key]`, …), and every replacement is counted by kind.
 *
 * Pure: the paths to hide come in as options (the caller reads os.homedir()). Patterns are
 * deliberately narrow (known key prefixes, header names, key=value shapes) so that ordinary
 * prose and code survive; a redacted export is meant to be shared, not to be a vault.
 */
import type {ModelInput} from '../model/input.js';
import type {SessionView} from '../model/view-model.js';
import {isRecord} from '../protocol/guards.js';
import {escapeRegExp} from '../model/regexp-escape.js';

/** What a placeholder stands for. */
export type RedactionKind =
	| 'private-key'
	| 'workspace'
	| 'home'
	| 'jwt'
	| 'api-key'
	| 'aws-key'
	| 'bearer'
	| 'basic-auth'
	| 'url-password'
	| 'cookie'
	| 'session-cookie'
	| 'secret';

/** How many strings were replaced, by kind (kinds with none are absent). */
export type RedactionCounts = Partial<Record<RedactionKind, number>>;

/** The paths a Redactor hides; both lists may be empty. */
export type RedactorOptions = {
	/** Home folders, e.g. os.homedir() and homes seen in the session's paths. */
	homes?: readonly string[];
	/** Workspace folders (and other session folders worth hiding as such). */
	workspaces?: readonly string[];
};

type Rule = {
	kind: RedactionKind;
	pattern: RegExp;
	/** The replacement for a match, or undefined to keep the match as it is. */
	replace: (match: string, groups: string[]) => string | undefined;
};

/** The placeholder for a kind: `[redacted:<kind>]`. */
export function placeholder(kind: RedactionKind): string {
	return `[redacted:${kind}]`;
}

// Characters a secret value may hold: stops at quotes, whitespace, separators and brackets, so
// a value inside JSON (even JSON escaped inside JSON) ends before its closing quote, and a
// placeholder (which starts with `[`) is never taken for a value.
const valueChars = String.raw`[^\s"'\x60,;&\\<>()\[\]{}$]`;

// A secret's name, as a whole part of a longer name: `key`, `API_KEY`, `access-token`, not `monkey`.
const secretWord = /(^|[_-])(api[_-]?key|apikey|key|token|secret|password|passwd|pwd|credentials?)([_-]|$)/i;

// Values that follow `password:` in schemas and docs without being passwords.
const notSecrets = new Set([
	'string',
	'required',
	'optional',
	'undefined',
	'boolean',
	'number',
	'object',
	'example',
	'password',
]);

const secretRules: Rule[] = [
	{
		kind: 'private-key',
		// An unterminated block (a truncated tool output) is hidden to the end of the string.
		pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
		replace: () => placeholder('private-key'),
	},
	{
		kind: 'jwt',
		pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g,
		replace: () => placeholder('jwt'),
	},
	{
		kind: 'api-key',
		// OpenAI/Anthropic (sk-…), Stripe, GitHub, Slack (xox?-), Google, Hugging Face, GitLab.
		pattern: new RegExp(
			String.raw`(?<![A-Za-z0-9_-])(?:sk-[A-Za-z0-9_-]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}` +
				String.raw`|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|xox[abposr]-[A-Za-z0-9-]{10,}` +
				String.raw`|AIza[0-9A-Za-z_-]{35}|hf_[A-Za-z0-9]{30,}|glpat-[A-Za-z0-9_-]{20,})`,
			'g',
		),
		replace: () => placeholder('api-key'),
	},
	{
		kind: 'aws-key',
		pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g,
		replace: () => placeholder('aws-key'),
	},
	{
		kind: 'bearer',
		pattern: /(?<![A-Za-z0-9])(Bearer\s+)([A-Za-z0-9._~+/-]+=*)/g,
		// "Bearer token" in prose is not a credential: ask for length, and a digit or great length.
		replace: (_match, [prefix, token]) =>
			token.length >= 12 && (/\d/.test(token) || token.length >= 24) ? `${prefix}${placeholder('bearer')}` : undefined,
	},
	{
		kind: 'basic-auth',
		// `Authorization: Basic …`: base64 of `user:password` (prose such as "Basic authentication"
		// does not decode to one).
		pattern: /(?<![A-Za-z0-9])(Basic\s+)([A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])/g,
		replace: (_match, [prefix, value]) =>
			isUserAndPassword(value) ? `${prefix}${placeholder('basic-auth')}` : undefined,
	},
	{
		kind: 'url-password',
		// The password of a URL's user-info (`postgres://admin:pw@db:5432/app`): the user stays, the password goes.
		pattern: /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:/?#@"'<>\\[\]]*:)([^\s/?#@"'<>\\[\]]+)(?=@)/g,
		replace: (_match, [prefix]) => `${prefix}${placeholder('url-password')}`,
	},
	{
		kind: 'cookie',
		// A header line: the whole value (several cookies) up to the line end or a quote.
		pattern: /(?<![A-Za-z0-9-])((?:Set-Cookie|Cookie|set-cookie|cookie)\s*:\s*)([^\r\n"'\\]+)/g,
		replace: (_match, [prefix, value]) => (value.includes('=') ? `${prefix}${placeholder('cookie')}` : undefined),
	},
	{
		kind: 'session-cookie',
		pattern: /(penguin_session=)([^;\s"'\\&]+)/g,
		replace: (_match, [prefix]) => `${prefix}${placeholder('session-cookie')}`,
	},
	{
		kind: 'secret',
		// An environment line (`DB_PASSWORD=…`, `export GITHUB_TOKEN=…`) whose name says secret, token, password or
		// key: its value goes whatever it looks like (a reference to another variable aside).
		pattern: /^([ \t]*(?:export[ \t]+)?([A-Za-z][A-Za-z0-9_]{0,63})[ \t]*=[ \t]*)(["']?)([^\s"'$]+)\3[ \t]*$/gm,
		replace: (_match, [prefix, name, quote]) =>
			envSecretName.test(name) ? `${prefix}${quote}${placeholder('secret')}${quote}` : undefined,
	},
	{
		kind: 'secret',
		// A name (api_key, GITHUB_TOKEN, "client-secret", …), then `:` or `=` with optional
		// quotes (escaped or not), then the value. The name and the gaps are bounded and the
		// name must start a word, so no input makes this scan quadratic; whether the name is a
		// secret's is decided in code.
		pattern: new RegExp(
			String.raw`(?<![A-Za-z0-9_-])([A-Za-z0-9_-]{3,64})(\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?)(${valueChars}+)`,
			'g',
		),
		replace: (_match, [name, separator, value]) => {
			const word = secretWord.exec(name)?.[2]?.toLowerCase();
			return word !== undefined && looksSecret(word, value) ? `${name}${separator}${placeholder('secret')}` : undefined;
		},
	},
];

// An environment variable's name that says it holds a secret: a whole part of it (`DB_PASSWORD`,
// `API_KEY`, not `MONKEY`).
const envSecretName = /(?:^|_)(?:SECRET|TOKEN|PASSWORD|PASSWD|PWD|KEY|APIKEY|CREDENTIALS?)(?:_|$)/i;

/** Whether base64 `value` decodes to `user:password` (printable, with a colon). */
function isUserAndPassword(value: string): boolean {
	let decoded: string;
	try {
		decoded = atob(value);
	} catch {
		return false;
	}
	return /^[\x20-\x7e]+$/.test(decoded) && decoded.indexOf(':') > 0;
}

// Passwords are secret whatever they look like; any other value must look like a random token.
function looksSecret(word: string, value: string): boolean {
	if (notSecrets.has(value.toLowerCase())) return false;
	if (word === 'password' || word === 'passwd' || word === 'pwd') return value.length >= 6;
	if (value.length < 16) return false;
	const classes = [/[a-z]/, /[A-Z]/, /\d/].filter(re => re.test(value)).length;
	return classes >= 2 && entropyBits(value) >= 3;
}

/** Shannon entropy of a string, in bits per character. */
export function entropyBits(text: string): number {
	const frequency = new Map<string, number>();
	for (const ch of text) frequency.set(ch, (frequency.get(ch) ?? 0) + 1);
	let bits = 0;
	for (const count of frequency.values()) {
		const p = count / text.length;
		bits -= p * Math.log2(p);
	}
	return bits;
}

// A trailing separator is dropped; `/`, a drive root and very short paths are never hidden
// (they would take every absolute path with them).
function usablePath(raw: string): string | undefined {
	const trimmed = raw.replace(/[/\\]+$/, '');
	if (trimmed.length < 3 || /^[A-Za-z]:$/.test(trimmed)) return undefined;
	return trimmed;
}

function pathRule(kind: 'home' | 'workspace', paths: readonly string[]): Rule | undefined {
	const usable = [...new Set(paths.map(usablePath).filter((p): p is string => p !== undefined))];
	if (usable.length === 0) return undefined;
	// Longest first, so a workspace inside another listed folder is taken whole.
	usable.sort((a, b) => b.length - a.length);
	// Whole path components only: `/home/ann` must not take `/home/anna` or `/x/home/ann`.
	const pattern = new RegExp(`(?<![A-Za-z0-9_.-])(?:${usable.map(escapeRegExp).join('|')})(?![A-Za-z0-9_.-])`, 'g');
	return {kind, pattern, replace: () => placeholder(kind)};
}

const samplesPerKind = 3;

/**
 * A found secret as an example may show it: its first few characters (a key's prefix, a
 * path's start) and its length, the rest never; control characters are left out.
 */
export function masked(text: string): string {
	const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
	const shown = clean.length <= 8 ? 2 : clean.length <= 16 ? 4 : 6;
	return `${clean.slice(0, shown)}… (${clean.length} characters)`;
}

/** Replaces home and workspace paths and secrets in strings, counting what it replaced. */
export class Redactor {
	private readonly rules: Rule[];
	private readonly tally = new Map<RedactionKind, number>();
	/** A few masked examples of what was replaced, by kind (--redact --dry-run shows them). */
	private readonly samples = new Map<RedactionKind, string[]>();

	constructor(options: RedactorOptions = {}) {
		const workspaces = pathRule('workspace', options.workspaces ?? []);
		const homes = pathRule('home', options.homes ?? []);
		// Private keys first (their base64 body would feed other rules), then paths (so a path
		// after `key=` is hidden as a path), then the other secrets.
		this.rules = [
			secretRules[0],
			...(workspaces ? [workspaces] : []),
			...(homes ? [homes] : []),
			...secretRules.slice(1),
		];
	}

	/** `text` with every match replaced by its placeholder. */
	redactString(text: string): string {
		let out = text;
		for (const rule of this.rules) {
			rule.pattern.lastIndex = 0;
			out = out.replace(rule.pattern, (match: string, ...rest: unknown[]) => {
				// The callback gets the groups, then the offset and the whole string (no named groups here).
				const groups = rest.slice(0, -2).map(value => (typeof value === 'string' ? value : ''));
				const replacement = rule.replace(match, groups);
				if (replacement === undefined) return match;
				this.tally.set(rule.kind, (this.tally.get(rule.kind) ?? 0) + 1);
				this.keepSample(rule.kind, match);
				return replacement;
			});
		}
		return out;
	}

	/** A deep copy of `value` with every string in it redacted (object keys are kept). */
	redactValue<T>(value: T): T {
		if (typeof value === 'string') return this.redactString(value) as T;
		if (Array.isArray(value)) return value.map(entry => this.redactValue(entry) as unknown) as T;
		if (isRecord(value)) {
			const copy: Record<string, unknown> = {};
			for (const [key, entry] of Object.entries(value)) copy[key] = this.redactValue(entry);
			return copy as T;
		}
		return value;
	}

	/** Up to three masked examples of each kind replaced so far. */
	examples(): Partial<Record<RedactionKind, string[]>> {
		return Object.fromEntries(this.samples) as Partial<Record<RedactionKind, string[]>>;
	}

	private keepSample(kind: RedactionKind, match: string): void {
		const list = this.samples.get(kind) ?? [];
		if (list.length >= samplesPerKind) return;
		const sample = masked(match);
		if (!list.includes(sample)) list.push(sample);
		this.samples.set(kind, list);
	}

	/** Replacements made so far, by kind. */
	counts(): RedactionCounts {
		return Object.fromEntries(this.tally) as RedactionCounts;
	}

	/** The number of replacements made so far. */
	total(): number {
		let sum = 0;
		for (const count of this.tally.values()) sum += count;
		return sum;
	}
}

// Home folders recognisable from the shape of a path, for sessions recorded on another machine.
const homeShapes = [/^\/home\/[^/]+/, /^\/Users\/[^/]+/, /^\/root(?=\/|$)/, /^[A-Za-z]:\\Users\\[^\\]+/];

/** The workspace and home folders a session's headers (its subagents' included) name. */
export function pathsOfView(view: SessionView): {homes: string[]; workspaces: string[]} {
	const homes = new Set<string>();
	const workspaces = new Set<string>();
	const visit = (session: SessionView, depth: number): void => {
		const {workspace, agentState} = session.header;
		if (workspace) workspaces.add(workspace);
		for (const folder of [workspace, agentState]) {
			if (!folder) continue;
			for (const shape of homeShapes) {
				const found = shape.exec(folder)?.[0];
				if (found) homes.add(found);
			}
		}
		// Depth bound: a view is a tree, but never trust a shape that came from outside.
		if (depth > 32) return;
		for (const item of session.items) {
			if (item.kind === 'subagent' && item.child) visit(item.child, depth + 1);
		}
	};
	visit(view, 0);
	return {homes: [...homes], workspaces: [...workspaces]};
}

/**
 * A store's input filter (model/session-store.ts's filterInputs) redacting every string of every input: --redact
 * outside --export.
 */
export function redactingInputs(redactor: Redactor): (inputs: readonly ModelInput[]) => ModelInput[] {
	return inputs => inputs.map(input => redactor.redactValue(input));
}

/** A Redactor for one session: its workspaces, the homes it names, and `home` (os.homedir()). */
export function redactorForView(view: SessionView, home?: string): Redactor {
	const found = pathsOfView(view);
	return new Redactor({homes: home ? [home, ...found.homes] : found.homes, workspaces: found.workspaces});
}

const labels: Record<RedactionKind, [string, string]> = {
	'private-key': ['private key', 'private keys'],
	workspace: ['workspace path', 'workspace paths'],
	home: ['home path', 'home paths'],
	jwt: ['JWT', 'JWTs'],
	'api-key': ['API key', 'API keys'],
	'aws-key': ['AWS access key', 'AWS access keys'],
	bearer: ['bearer token', 'bearer tokens'],
	'basic-auth': ['basic auth value', 'basic auth values'],
	'url-password': ['password in a URL', 'passwords in URLs'],
	cookie: ['cookie header', 'cookie headers'],
	'session-cookie': ['session cookie', 'session cookies'],
	secret: ['other secret', 'other secrets'],
};

/** Each kind found, in the labels' order, with its count as words (`3 home paths`), and how many in all. */
function foundKinds(counts: RedactionCounts): {found: Array<{kind: RedactionKind; words: string}>; total: number} {
	const found: Array<{kind: RedactionKind; words: string}> = [];
	let total = 0;
	for (const kind of Object.keys(labels) as RedactionKind[]) {
		const count = counts[kind] ?? 0;
		if (count === 0) continue;
		total += count;
		const [one, many] = labels[kind];
		found.push({kind, words: `${count} ${count === 1 ? one : many}`});
	}
	return {found, total};
}

/**
 * What --redact would hide, for --redact --dry-run: a line per kind with its count and masked
 * examples, then what to do next.
 */
export function describeDryRun(counts: RedactionCounts, examples: Partial<Record<RedactionKind, string[]>>): string[] {
	const {found, total} = foundKinds(counts);
	if (total === 0) return ['--redact would hide nothing: no home or workspace paths and no secrets found'];
	return [
		`--redact would hide ${total} ${total === 1 ? 'string' : 'strings'}:`,
		...found.flatMap(({kind, words}) => [
			`${placeholder(kind)}  ${words}, e.g.`,
			...(examples[kind] ?? []).map(example => `  ${example}`),
		]),
		'Nothing was exported: run again without --dry-run to write the redacted export.',
	];
}

/** "redacted 5 strings (3 home paths, 1 API key, 1 JWT)", for the user's stderr. */
export function describeRedactions(counts: RedactionCounts): string {
	const {found, total} = foundKinds(counts);
	if (total === 0) return 'redacted nothing: no home or workspace paths and no secrets found';
	return `redacted ${total} ${total === 1 ? 'string' : 'strings'} (${found.map(({words}) => words).join(', ')})`;
}
