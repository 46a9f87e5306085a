/**
 * Bad usage, said the same way whoever finds it (the flag parser, main's checks): one line
 * `penguin-view: … (try --help)` on stderr, exit code 2.
 */
import {sanitize} from './render/sanitize.js';

/** The exit code of bad usage. */
export const usageExitCode = 2;

/** The line that says what was wrong with the command line. */
export function usageLine(problem: string): string {
	return `penguin-view: ${sanitize(problem)} (try --help)\n`;
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`);

/**
 * The first flag of `parsed` (the parser's result, unknown flags kept) that is not `known`,
 * written as it was typed on `argv` when it can be found there.
 */
export function unknownFlag(parsed: Record<string, unknown>, known: ReadonlySet<string>, argv: readonly string[]): string | undefined {
	const name = Object.keys(parsed).find(key => !known.has(key));
	if (name === undefined) return undefined;
	const long = `--${kebab(name)}`;
	const typed = argv.find(arg => arg === long || arg.startsWith(`${long}=`) || arg === `--no-${kebab(name)}` || arg === `--${name}` || arg.startsWith(`--${name}=`));
	if (typed !== undefined) return typed.split('=')[0];
	return name.length === 1 ? `-${name}` : long;
}

/** What the flag parser threw (`The flag --sse can only be set once.`), as a usage problem. */
export function parserProblem(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.replace(/\.$/, '').replace(/^The /, 'the ');
}
