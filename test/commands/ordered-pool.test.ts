// Work a few at a time, written in order (`--grep` in worker threads, `--grep --sse`): the first item not yet written
// writes its pieces at once; a later one's wait until those before it are written, then come before its result.
import {expect, test} from 'vitest';
import {inOrderPool} from '../../source/commands/ordered-pool.js';

test("the head's pieces are written as they come; a later item's are kept until it is the head", async () => {
	const out: string[] = [];
	const finish: Array<() => void> = [];
	const emit: Array<(text: string) => void> = [];
	const pool = inOrderPool(
		['a', 'b', 'c'],
		2,
		(item, piece) =>
			new Promise<string>(resolve => {
				emit.push(piece);
				finish.push(() => resolve(`${item} done`));
			}),
		result => out.push(result),
		text => out.push(text),
	);
	await Promise.resolve();
	// a and b run; b finds something first: kept, for a is not written yet.
	emit[1]!('b1');
	emit[0]!('a1');
	expect(out).toEqual(['a1']);
	// b ends before a: still kept.
	finish[1]!();
	await Promise.resolve();
	expect(out).toEqual(['a1']);
	emit[0]!('a2');
	finish[0]!();
	// a's result, then b's kept piece and its result; c starts.
	await new Promise(resolve => setImmediate(resolve));
	expect(out).toEqual(['a1', 'a2', 'a done', 'b1', 'b done']);
	emit[2]!('c1');
	expect(out.at(-1)).toBe('c1');
	finish[2]!();
	await pool;
	expect(out).toEqual(['a1', 'a2', 'a done', 'b1', 'b done', 'c1', 'c done']);
});

test('stops taking work once told to', async () => {
	let started = 0;
	let stop = false;
	await inOrderPool(
		[1, 2, 3, 4],
		1,
		async () => {
			started++;
			stop = true;
			return 0;
		},
		() => {},
		() => {},
		() => stop,
	);
	expect(started).toBe(1);
});
