// w's file (io/pane-file.ts): `~` as the home, a relative name from the program's folder, a new file never replaced
// unasked, overwrite and append when asked, a failure as one short cause.
import {mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {expandHome, writePaneFile} from '../../source/io/pane-file.js';

let folder = '';
beforeEach(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-pane-file-'));
	mkdirSync(path.join(folder, 'home'));
	mkdirSync(path.join(folder, 'cwd'));
});
afterEach(() => rmSync(folder, {recursive: true, force: true}));

test('~ and ~/… are the home folder; ~user and other names stay as typed', () => {
	expect(expandHome('~', '/home/u')).toBe('/home/u');
	expect(expandHome('~/a/b.txt', '/home/u')).toBe('/home/u/a/b.txt');
	expect(expandHome('~bob/x', '/home/u')).toBe('~bob/x');
	expect(expandHome('out~.txt', '/home/u')).toBe('out~.txt');
});

test('a new file is written with a final newline; an existing one is left alone until asked', () => {
	const where = {cwd: path.join(folder, 'cwd'), home: path.join(folder, 'home')};
	expect(writePaneFile('out.txt', '1\n2', 'new', where)).toEqual({kind: 'written', bytes: 4});
	expect(readFileSync(path.join(where.cwd, 'out.txt'), 'utf8')).toBe('1\n2\n');
	expect(writePaneFile('out.txt', 'other', 'new', where)).toEqual({kind: 'exists'});
	expect(readFileSync(path.join(where.cwd, 'out.txt'), 'utf8')).toBe('1\n2\n');
	writePaneFile('out.txt', '3\n', 'append', where);
	expect(readFileSync(path.join(where.cwd, 'out.txt'), 'utf8')).toBe('1\n2\n3\n');
	writePaneFile('out.txt', 'new', 'overwrite', where);
	expect(readFileSync(path.join(where.cwd, 'out.txt'), 'utf8')).toBe('new\n');
	writePaneFile('~/saved.txt', 'x', 'new', where);
	expect(readFileSync(path.join(where.home, 'saved.txt'), 'utf8')).toBe('x\n');
});

test('a folder that is not there, or a folder as the name, is one short cause', () => {
	const where = {cwd: path.join(folder, 'cwd'), home: path.join(folder, 'home')};
	expect(writePaneFile('nowhere/out.txt', 'x', 'new', where)).toEqual({
		kind: 'failed',
		why: 'no such file or directory',
	});
	expect(writePaneFile(where.home, 'x', 'overwrite', where)).toEqual({kind: 'failed', why: 'is a directory'});
});
