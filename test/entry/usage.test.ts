// The entry's parts that need no source: the flags' words checked (entry/flag-checks.ts) and the
// running source, which the picker may swap and which is closed once (entry/running-source.ts).
import {expect, test} from 'vitest';
import {RunningSource} from '../../source/entry/running-source.js';
import {checkUsage, UsageError} from '../../source/entry/flag-checks.js';
import {flagsWith} from './flags.js';

test('--replay takes a speed, or gives back the trace it took as its value', () => {
	expect(checkUsage(['t.jsonl'], flagsWith({replay: '4'}))).toEqual({input: ['t.jsonl'], replaySpeed: 4, expand: []});
	expect(checkUsage(['t.jsonl'], flagsWith({replay: ''}))).toEqual({input: ['t.jsonl'], replaySpeed: 1, expand: []});
	expect(checkUsage([], flagsWith({replay: 't.jsonl'}))).toEqual({input: ['t.jsonl'], replaySpeed: 1, expand: []});
	expect(() => checkUsage([], flagsWith({replay: '0'}))).toThrow("--replay SPEED must be a number above 0, not '0'");
	expect(() => checkUsage(['t.jsonl'], flagsWith({replay: 'fast'}))).toThrow(UsageError);
});

test('--expand words are split at commas and checked', () => {
	expect(checkUsage([], flagsWith({expand: ['thinking, outputs', 'all']})).expand).toEqual([
		'thinking',
		'outputs',
		'all',
	]);
	expect(() => checkUsage([], flagsWith({expand: ['thinking,everything']}))).toThrow(
		"--expand takes thinking, outputs or all, not 'everything'",
	);
});

test('what cannot go together is bad usage, said in one line', () => {
	const cases: Array<[string[], Parameters<typeof flagsWith>[0], string]> = [
		[['a.jsonl', 'b.jsonl'], {}, 'one trace at a time, got 2: a.jsonl b.jsonl'],
		[['a.jsonl'], {sse: 'http://h/s'}, 'give either a trace or --sse URL, not both'],
		[[], {export: 'pdf'}, "--export takes md, json, sts or html, not 'pdf'"],
	];
	for (const [words, flags, message] of cases) {
		expect(() => checkUsage(words, flagsWith(flags)), message).toThrow(new UsageError(message));
	}
	expect(checkUsage([], flagsWith({export: 'md', redact: true}))).toEqual({input: [], expand: []});
	// --redact goes with print mode and --json too (main.ts refuses it on the screen only).
	expect(checkUsage([], flagsWith({redact: true}))).toEqual({input: [], expand: []});
});

test('the running source closes once, and the one the picker swapped in', async () => {
	const closed: string[] = [];
	const source = (name: string) => ({close: async () => void closed.push(name)});
	const running = new RunningSource(source('stream'));
	expect(running.original).toBe(true);
	await running.leave();
	running.follow(source('trace on disk'));
	expect(running.original).toBe(false);
	await Promise.all([running.close(), running.close()]);
	await running.close();
	expect(closed).toEqual(['stream', 'trace on disk']);
});
