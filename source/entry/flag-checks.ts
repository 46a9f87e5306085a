/** The flags' words checked before anything is opened: bad usage is one line and exit code 2 (main.ts). */
import {flags as flagTable} from '../flag-table.js';
import type {Flags} from '../flags.js';

/** Thrown for bad usage: printed with a hint, exit code 2. */
export class UsageError extends Error {}

const expandChoices = new Set<string>(flagTable.expand.values);
const exportFormats = new Set<string>(flagTable.export.values);
const themes = new Set<string>(flagTable.theme.values);
/** What reads as a number (`0`, `-2`, `.5`, `1e3`, `Infinity`), as opposed to a path. */
const numberLike = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$|^[-+]?(?:Infinity|NaN)$/i;

/** What the words on the command line ask for, once checked. */
export type Usage = {
	/** The trace named (none, or one). */
	input: string[];
	/** --replay's speed. */
	replaySpeed?: number;
	/** --expand's words, each one of the choices. */
	expand: string[];
	/** `+/PATTERN` (less's convention): the search the screen opens with, on its first match. */
	search?: string;
};

/** The usage of `input` and `flags`; throws UsageError for what cannot be run. */
export function checkUsage(words: readonly string[], flags: Flags): Usage {
	// The flags only --grep reads (it is run before these checks).
	const grepOnly: Array<[unknown, string]> = [
		[flags.ignoreCase, '-i'],
		[flags.fixedStrings, '-F'],
		[flags.filesWithMatches, '-l'],
		[flags.count, '-c'],
		[flags.since, '--since'],
		[flags.until, '--until'],
	];
	const given = grepOnly.find(([value]) => value !== undefined && value !== false);
	if (given) throw new UsageError(`${given[1]} goes with --grep PATTERN`);
	const input = words.filter(word => !word.startsWith('+/'));
	const searches = words.filter(word => word.startsWith('+/')).map(word => word.slice(2));
	if (searches.length > 1) throw new UsageError(`one +/PATTERN at a time, got ${searches.length}`);
	let replaySpeed: number | undefined;
	if (flags.replay !== undefined) {
		const speed = Number(flags.replay === '' ? 1 : flags.replay);
		if (Number.isFinite(speed) && speed > 0) replaySpeed = speed;
		// A number, or a word beside a trace: a speed that cannot be played.
		else if (numberLike.test(flags.replay.trim()) || input.length > 0)
			throw new UsageError(`--replay SPEED must be a number above 0, not '${flags.replay}'`);
		else {
			// `--replay trace.jsonl` reads the path as the flag's value: take it back.
			input.unshift(flags.replay);
			replaySpeed = 1;
		}
	}
	if (input.length > 1) throw new UsageError(`one trace at a time, got ${input.length}: ${input.join(' ')}`);
	const expand = (flags.expand ?? [])
		.flatMap(value => value.split(','))
		.map(value => value.trim())
		.filter(Boolean);
	const badExpand = expand.find(value => !expandChoices.has(value));
	if (badExpand) throw new UsageError(`--expand takes thinking, outputs or all, not '${badExpand}'`);
	if (flags.sse && input.length > 0) throw new UsageError('give either a trace or --sse URL, not both');
	if (flags.export !== undefined && !exportFormats.has(flags.export))
		throw new UsageError(`--export takes md, json, sts or html, not '${flags.export}'`);
	if (flags.dryRun && (!flags.redact || flags.export === undefined))
		throw new UsageError('--dry-run lists what --redact would hide in an export: add --redact and --export FORMAT');
	if (flags.theme !== undefined && !themes.has(flags.theme))
		throw new UsageError(`--theme takes auto, dark or light, not '${flags.theme}'`);
	return {input, replaySpeed, expand, ...(searches[0] ? {search: searches[0]} : {})};
}
