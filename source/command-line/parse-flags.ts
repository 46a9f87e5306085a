/**
 * The command line read with Node's own parser (node:util's parseArgs), driven by the flag
 * table: what to run (the words and the flags), or --help, --version, or what was wrong. Pure:
 * the words in, one answer out. parseArgs runs loose (`strict: false`) and hands back its
 * tokens, read here in order, so that every problem is said in the program's words, in one
 * line: an unknown flag, a value missing or given to a boolean, a flag given twice.
 */
import {parseArgs, type ParseArgsConfig} from 'node:util';
import {builtInFlags, type FlagSpec} from '../flag-table.js';
import type {ParsedFlags} from '../flags.js';

/** What the command line asks for. */
export type CommandLine<Table extends Record<string, FlagSpec>> =
	| {kind: 'run'; input: string[]; flags: ParsedFlags<Table>}
	/** --help or --version: `{kind: 'help'}`, `{kind: 'version'}`. */
	| {[Kind in keyof typeof builtInFlags]: {kind: Kind}}[keyof typeof builtInFlags]
	/** Bad usage, in words for bad-usage.ts's line (`unknown flag --x`). */
	| {kind: 'problem'; problem: string};

const kebab = (name: string): string => name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);
/** A word after a flag that is a value all the same: `-2`, `.5` (a speed that gets its own message). */
const negativeNumber = /^-(?:\d+|\d*\.\d+)(?:e[+-]?\d+)?$/i;
/** A word that is a flag, not a value: `--json`, `-f`, `--` (`-` alone is a value: standard input). */
const flagLike = (word: string): boolean => word.length > 1 && word.startsWith('-') && !negativeNumber.test(word);
/** The flags the parser answers itself: --help and --version. */
const answers = new Set<string>(Object.keys(builtInFlags));

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** Reads `argv` (the words after the program's name) by `table`. */
export function parseCommandLine<Table extends Record<string, FlagSpec>>(
	argv: readonly string[],
	table: Table,
): CommandLine<Table> {
	const byName = new Map(Object.entries(table).map(([key, spec]: [string, FlagSpec]) => [kebab(key), {key, spec}]));
	const options: NonNullable<ParseArgsConfig['options']> = {};
	for (const [name, {spec}] of byName)
		options[name] = {type: spec.type, ...(spec.shortFlag ? {short: spec.shortFlag} : {})};
	for (const name of answers) options[name] = {type: 'boolean'};
	const tokens = tokensOf([...argv], options, byName);

	const input: string[] = [];
	const flags: Record<string, boolean | string | string[]> = {};
	for (const token of tokens) {
		if (token.kind === 'positional') input.push(token.value);
		if (token.kind !== 'option') continue;
		if (answers.has(token.name)) {
			if (token.value !== undefined) return {kind: 'problem', problem: `${token.rawName} takes no value`};
			return {kind: token.name as keyof typeof builtInFlags};
		}
		// --no-NAME, for every boolean (allowNegative would do it, but only from Node 20.16).
		const negated = token.name.startsWith('no-') ? byName.get(token.name.slice(3)) : undefined;
		const flag = byName.get(token.name) ?? (negated?.spec.type === 'boolean' ? negated : undefined);
		if (flag === undefined) return {kind: 'problem', problem: `unknown flag ${token.rawName}`};
		const {key, spec} = flag;
		if (spec.type === 'boolean' && spec.inlineValues !== undefined && flag !== negated && token.inlineValue === true) {
			// `--color=always`: the value after `=` only (a word after `--color` is something to open).
			const [unset, on, off] = spec.inlineValues;
			const value = token.value ?? '';
			if (value !== unset && value !== on && value !== off)
				return {kind: 'problem', problem: `${token.rawName} takes ${unset}, ${on} or ${off}, not '${value}'`};
			if (value === unset) delete flags[key];
			else flags[key] = value === on;
			continue;
		}
		if (spec.type === 'boolean') {
			if (token.value !== undefined) return {kind: 'problem', problem: `${token.rawName} takes no value`};
			// Given twice, the last one counts: `--follow --no-follow` does not follow.
			flags[key] = flag !== negated;
			continue;
		}
		// An empty value (`--sse=`) names nothing: only --replay's may be left out.
		const value = token.value ?? '';
		if (value === '' && !optional(spec)) return {kind: 'problem', problem: `${token.rawName} needs a value`};
		if (spec.isMultiple) flags[key] = [...((flags[key] as string[] | undefined) ?? []), value];
		else if (key in flags) return {kind: 'problem', problem: `the flag --${kebab(key)} can only be set once`};
		else flags[key] = value;
	}
	for (const [key, spec] of Object.entries(table) as Array<[string, FlagSpec]>) {
		if (key in flags) continue;
		if (spec.isMultiple) flags[key] = [];
		else if (spec.default !== undefined) flags[key] = spec.default;
	}
	return {kind: 'run', input, flags: flags as ParsedFlags<Table>};
}

/** A flag whose value may be left out (`--replay`, `--replay 2`). */
function optional(spec: FlagSpec): boolean {
	return spec.uses.some(use => use.optional);
}

/**
 * parseArgs's tokens, with a string flag's value taken only when it is not a flag itself. The
 * parser gives a string flag the next word whatever it is (`--replay --json`: `--json`); such
 * a value is dropped: a flag whose value may be left out gets none (`--replay=`, and the word
 * is read again as a flag), and any other is given an empty one, refused as missing.
 */
function tokensOf(
	args: string[],
	options: ParseArgsConfig['options'],
	byName: ReadonlyMap<string, {spec: FlagSpec}>,
): Token[] {
	for (;;) {
		const {tokens} = parseArgs({args, options, strict: false, allowPositionals: true, tokens: true});
		const taken = tokens.find(
			(token): token is Extract<Token, {kind: 'option'}> =>
				token.kind === 'option' && token.inlineValue === false && token.value !== undefined && flagLike(token.value),
		);
		if (taken === undefined) return tokens;
		const spec = byName.get(taken.name)?.spec;
		if (spec !== undefined && optional(spec)) {
			args = args.toSpliced(taken.index, 1, `--${taken.name}=`);
			continue;
		}
		return tokens.map(token => (token === taken ? {...taken, value: undefined, inlineValue: undefined} : token));
	}
}
