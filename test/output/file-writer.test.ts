// Stdout as a file or /dev/null, written without process.stdout: which descriptors qualify, and a failed write ending
// output quietly as the safe writer does.
import {closeSync, openSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {fileWriter, writesInPlace} from '../../source/output/file-writer.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const dir = makeTempDir('penguin-view-file-writer-');
afterAll(() => removeTempDir(dir));

describe('writesInPlace', () => {
	it('takes a regular file and /dev/null', () => {
		const file = openSync(path.join(dir, 'out.txt'), 'w');
		const devNull = openSync('/dev/null', 'w');
		try {
			expect(writesInPlace(file)).toBe(true);
			expect(writesInPlace(devNull)).toBe(true);
		} finally {
			closeSync(file);
			closeSync(devNull);
		}
	});

	it('leaves a directory, another device and a descriptor not open to process.stdout', () => {
		const folder = openSync(dir, 'r');
		const zero = openSync('/dev/zero', 'r');
		try {
			expect(writesInPlace(folder)).toBe(false);
			expect(writesInPlace(zero)).toBe(false);
		} finally {
			closeSync(folder);
			closeSync(zero);
		}
		expect(writesInPlace(987_654)).toBe(false);
	});
});

describe('fileWriter', () => {
	it('writes text and bytes in order, each before write returns, and says each is done', async () => {
		const file = path.join(dir, 'written.txt');
		const fd = openSync(file, 'w');
		const out = fileWriter(fd);
		const done: string[] = [];
		out.write('one ·\n', () => done.push('one'));
		out.write(Buffer.from('two ══\n'), () => done.push('two'));
		expect(readFileSync(file, 'utf8')).toBe('one ·\ntwo ══\n');
		expect(done).toEqual(['one', 'two']);
		await out.flush();
		closeSync(fd);
		expect(out.isClosed()).toBe(false);
	});

	it(
		'a failed write (a full disk, a reader gone) ends output quietly: closed, nothing more written, every ' +
			'chunk still done',
		async () => {
			const calls: string[] = [];
			const out = fileWriter(1, (_fd, data) => {
				calls.push(String(data));
				throw Object.assign(new Error('ENOSPC: no space left on device, write'), {code: 'ENOSPC'});
			});
			const done: string[] = [];
			expect(() => out.write('first\n', () => done.push('first'))).not.toThrow();
			out.write('second\n', () => done.push('second'));
			await out.closed;
			expect(out.isClosed()).toBe(true);
			expect(calls).toEqual(['first\n']);
			expect(done).toEqual(['first', 'second']);
			await expect(out.flush()).resolves.toBeUndefined();
		},
	);
});
