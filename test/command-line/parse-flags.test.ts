// The command line as the program reads it (command-line/parse-flags.ts over node:util's parseArgs, driven by the flag
// table): every form a user types, and each mistake as one usage problem.
import {describe, expect, it} from 'vitest';
import {flags as table} from '../../source/flag-table.js';
import {parseCommandLine} from '../../source/command-line/parse-flags.js';
import {checkUsage} from '../../source/entry/flag-checks.js';

const parse = (...argv: string[]) => parseCommandLine(argv, table);

/** The words and flags of a command line that runs (anything else fails the test). */
function run(...argv: string[]) {
	const line = parse(...argv);
	if (line.kind !== 'run') throw new Error(`not a run: ${JSON.stringify(line)}`);
	return line;
}

describe('flags as typed', () => {
	it('with none, booleans with a default have it, the others stay unset, lists are empty', () => {
		const {input, flags} = run();
		expect(input).toEqual([]);
		expect(flags).toMatchObject({print: false, json: false, bell: true, readOnly: false, expand: [], header: []});
		// --follow's default depends on the output (main.ts): left unset, not false.
		expect(flags.follow).toBeUndefined();
		// So is colour's (auto): the terminal and the environment decide (render/color.ts).
		expect(flags.color).toBeUndefined();
		expect(flags.sse).toBeUndefined();
		expect(flags.replay).toBeUndefined();
	});

	it('-f and --follow follow, --no-follow does not, and the last of them counts', () => {
		expect(run('-f', 't.jsonl')).toMatchObject({input: ['t.jsonl'], flags: {follow: true}});
		expect(run('--follow').flags.follow).toBe(true);
		expect(run('--no-follow', 't.jsonl')).toMatchObject({input: ['t.jsonl'], flags: {follow: false}});
		expect(run('--follow', '--no-follow').flags.follow).toBe(false);
		expect(run('--no-follow', '-f').flags.follow).toBe(true);
	});

	it('--no-color and --no-bell turn off what is on by default; a boolean given twice is still on', () => {
		expect(run('--no-color').flags.color).toBe(false);
		expect(run('--no-bell').flags.bell).toBe(false);
		expect(run('--json', '--json').flags.json).toBe(true);
	});

	it(
		'--color takes auto, always or never after = only, as ' + 'ls: bare is always, --no-color never, the last counts',
		() => {
			expect(run('--color').flags.color).toBe(true);
			expect(run('--color=always').flags.color).toBe(true);
			expect(run('--color=never').flags.color).toBe(false);
			expect(run('--color=auto').flags.color).toBeUndefined();
			expect(run().flags.color).toBeUndefined();
			expect(run('--no-color', '--color=always').flags.color).toBe(true);
			expect(run('--color=always', '--color=auto').flags.color).toBeUndefined();
			// A word after it is something to open, as `ls --color always` lists a file named always.
			expect(run('--color', 'always')).toMatchObject({input: ['always'], flags: {color: true}});
			expect(parse('--color=sometimes')).toEqual({
				kind: 'problem',
				problem: "--color takes auto, always or never, not 'sometimes'",
			});
			expect(parse('--no-color=always')).toEqual({kind: 'problem', problem: '--no-color takes no value'});
		},
	);

	it('a two-word flag is typed with a hyphen and read in camel case', () => {
		expect(run('--read-only').flags.readOnly).toBe(true);
	});

	it('a value after a space or after =', () => {
		expect(run('--sse', 'http://localhost:7364').flags.sse).toBe('http://localhost:7364');
		expect(run('--sse=http://localhost:7364').flags.sse).toBe('http://localhost:7364');
		expect(run('--cookie=-starts-with-a-dash').flags.cookie).toBe('-starts-with-a-dash');
		expect(run('--prices', '-').flags.prices).toBe('-');
	});

	it('--expand and --header repeat; --expand a,b is one value, split by the usage check', () => {
		expect(run('--expand', 'thinking', '--expand=outputs').flags.expand).toEqual(['thinking', 'outputs']);
		expect(run('--header', 'A: 1', '--header', 'B: 2').flags.header).toEqual(['A: 1', 'B: 2']);
		const {input, flags} = run('--expand', 'thinking,outputs');
		expect(flags.expand).toEqual(['thinking,outputs']);
		expect(checkUsage(input, flags).expand).toEqual(['thinking', 'outputs']);
	});

	it('words anywhere are what to open; after -- even words that look like flags; - is standard input', () => {
		expect(run('a', '--json', 'b')).toMatchObject({input: ['a', 'b'], flags: {json: true}});
		expect(run('--', '-x', '--json')).toMatchObject({input: ['-x', '--json'], flags: {json: false}});
		expect(run('-').input).toEqual(['-']);
	});
});

describe('--replay [SPEED]', () => {
	/** What the usage check makes of the line: the speed and the trace. */
	const played = (...argv: string[]) => {
		const {input, flags} = run(...argv);
		const {replaySpeed, input: trace} = checkUsage(input, flags);
		return {replaySpeed, trace};
	};

	it('alone, at the end or before another flag: speed 1', () => {
		expect(played('t.jsonl', '--replay')).toEqual({replaySpeed: 1, trace: ['t.jsonl']});
		expect(played('--replay', '--print', 't.jsonl')).toEqual({replaySpeed: 1, trace: ['t.jsonl']});
		expect(run('--replay', '--print', 't.jsonl').flags.print).toBe(true);
		expect(played('--replay', '--', 't.jsonl')).toEqual({replaySpeed: 1, trace: ['t.jsonl']});
	});

	it('with a number after it: that speed; after = too', () => {
		expect(played('--replay', '2', 't.jsonl')).toEqual({replaySpeed: 2, trace: ['t.jsonl']});
		expect(played('--replay=0.5', 't.jsonl')).toEqual({replaySpeed: 0.5, trace: ['t.jsonl']});
	});

	it('with a trace after it: the trace, at speed 1', () => {
		expect(played('--replay', 't.jsonl')).toEqual({replaySpeed: 1, trace: ['t.jsonl']});
	});

	it('a negative number is its value, refused by the usage check', () => {
		expect(run('--replay', '-2', 't.jsonl').flags.replay).toBe('-2');
		expect(() => played('--replay', '-2', 't.jsonl')).toThrow("--replay SPEED must be a number above 0, not '-2'");
	});
});

describe('mistakes: one problem, in order of the words', () => {
	it('an unknown flag, named as typed', () => {
		expect(parse('--bogus', 'x')).toEqual({kind: 'problem', problem: 'unknown flag --bogus'});
		expect(parse('--bogus=1')).toEqual({kind: 'problem', problem: 'unknown flag --bogus'});
		expect(parse('-z')).toEqual({kind: 'problem', problem: 'unknown flag -z'});
		expect(parse('-fz')).toEqual({kind: 'problem', problem: 'unknown flag -z'});
		expect(parse('--no-such-thing')).toEqual({kind: 'problem', problem: 'unknown flag --no-such-thing'});
		// --no- turns off a boolean only, and only by its own name.
		expect(parse('--no-sse')).toEqual({kind: 'problem', problem: 'unknown flag --no-sse'});
		expect(parse('--readOnly')).toEqual({kind: 'problem', problem: 'unknown flag --readOnly'});
		expect(parse('--f')).toEqual({kind: 'problem', problem: 'unknown flag --f'});
	});

	it('a flag that is not repeatable, given twice', () => {
		expect(parse('--sse', 'http://a', '--sse', 'http://b')).toEqual({
			kind: 'problem',
			problem: 'the flag --sse can only be set once',
		});
		expect(parse('--replay', '1', '--replay', '2')).toEqual({
			kind: 'problem',
			problem: 'the flag --replay can only be set once',
		});
	});

	it('a flag that needs a value, without one: at the end, before another flag, or empty', () => {
		expect(parse('--sse')).toEqual({kind: 'problem', problem: '--sse needs a value'});
		expect(parse('--sse', '--json')).toEqual({kind: 'problem', problem: '--sse needs a value'});
		expect(parse('--cookie', '--', 'x')).toEqual({kind: 'problem', problem: '--cookie needs a value'});
		expect(parse('--cookie=')).toEqual({kind: 'problem', problem: '--cookie needs a value'});
		expect(parse('--expand')).toEqual({kind: 'problem', problem: '--expand needs a value'});
		expect(parse('--replay', '--sse', '--json')).toEqual({kind: 'problem', problem: '--sse needs a value'});
	});

	it('a boolean given a value', () => {
		expect(parse('--json=yes')).toEqual({kind: 'problem', problem: '--json takes no value'});
		expect(parse('--no-follow=1')).toEqual({kind: 'problem', problem: '--no-follow takes no value'});
	});

	it('the first mistake is the one said', () => {
		expect(parse('--bogus', '--sse')).toEqual({kind: 'problem', problem: 'unknown flag --bogus'});
		expect(parse('--bogus', '--help')).toEqual({kind: 'problem', problem: 'unknown flag --bogus'});
	});
});

describe('--help and --version', () => {
	it('are answered wherever they are, before what follows them', () => {
		expect(parse('--help')).toEqual({kind: 'help'});
		expect(parse('t.jsonl', '--help')).toEqual({kind: 'help'});
		expect(parse('--help', '--bogus')).toEqual({kind: 'help'});
		expect(parse('--version')).toEqual({kind: 'version'});
		expect(parse('--json', '--version', 't.jsonl')).toEqual({kind: 'version'});
	});

	it('after -- they are words; with a value they are a mistake', () => {
		expect(run('--', '--help').input).toEqual(['--help']);
		expect(parse('--help=me')).toEqual({kind: 'problem', problem: '--help takes no value'});
	});
});
