// Which standard inputs count as a trace when no path is given: a FIFO and a non-empty regular file do; /dev/null, an
// empty file and a closed descriptor do not (the child_process socket case runs in test/cli/open-any.test.ts).
import {execFileSync} from 'node:child_process';
import {closeSync, openSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {stdinCarriesTrace} from '../../source/io/piped-input.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

let dir = '';
const opened: number[] = [];
const openFd = (file: string, flags: string): number => {
	const fd = openSync(file, flags);
	opened.push(fd);
	return fd;
};

beforeEach(() => {
	dir = makeTempDir('penguin-view-stdin-');
});

afterEach(() => {
	for (const fd of opened.splice(0)) closeSync(fd);
	removeTempDir(dir);
});

describe('stdinCarriesTrace', () => {
	it('takes a pipe and a file with something in it', () => {
		const fifo = path.join(dir, 'pipe');
		execFileSync('mkfifo', [fifo]);
		// Read-write: opening a FIFO that way does not wait for a writer.
		expect(stdinCarriesTrace(openFd(fifo, 'r+'))).toBe(true);
		const file = path.join(dir, 'trace.jsonl');
		writeFileSync(file, '{}\n');
		expect(stdinCarriesTrace(openFd(file, 'r'))).toBe(true);
	});

	it('leaves /dev/null, an empty file and a closed descriptor alone', () => {
		expect(stdinCarriesTrace(openFd('/dev/null', 'r'))).toBe(false);
		const empty = path.join(dir, 'empty');
		writeFileSync(empty, '');
		expect(stdinCarriesTrace(openFd(empty, 'r'))).toBe(false);
		// No descriptor of that number is open (a closed stdin): EBADF.
		expect(stdinCarriesTrace(9999)).toBe(false);
	});
});
