// |'s command (io/pane-pipe.ts): the pane's text on its standard input through the shell, the screen left before it
// and entered after, how it ended (exit status, not found, a reader that stops early is no failure).
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {runPipe} from '../../source/io/pane-pipe.js';

let folder = '';
beforeEach(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-pane-pipe-'));
});
afterEach(() => rmSync(folder, {recursive: true, force: true}));

/** Not a terminal: no key is waited for; what is written is kept in order. */
function fakeTerminal() {
	const written: string[] = [];
	const stdin = {isTTY: false} as unknown as NodeJS.ReadStream;
	const stdout = {write: (text: string) => written.push(text)} as unknown as NodeJS.WriteStream;
	return {written, terminal: {stdin, stdout, leave: 'LEAVE', enter: 'ENTER'}};
}

test(
	"the text is the command's standard input; the screen is " +
		'left before and entered after, the outcome said between',
	() => {
		const {written, terminal} = fakeTerminal();
		const out = path.join(folder, 'out.txt');
		const outcome = runPipe('1\n2\n3\n', `cat > '${out}'`, '/bin/sh', terminal, done => `exit ${done.status}`);
		expect(outcome).toEqual({status: 0, signal: null});
		expect(readFileSync(out, 'utf8')).toBe('1\n2\n3\n');
		expect(written[0]).toBe('LEAVE');
		expect(written[1]).toContain('exit 0: press a key to go back');
		expect(written.at(-1)).toContain('ENTER');
	},
);

test('a failing command, a missing one, and one that reads only the first line', () => {
	const {terminal} = fakeTerminal();
	expect(runPipe('x', 'exit 3', '/bin/sh', terminal, () => '').status).toBe(3);
	expect(runPipe('x', 'penguin-view-no-such-command-here 2>/dev/null', '/bin/sh', terminal, () => '').status).toBe(127);
	const big = `${'a line of text\n'.repeat(200_000)}`;
	expect(runPipe(big, 'head -1 >/dev/null', '/bin/sh', terminal, () => '')).toEqual({status: 0, signal: null});
	expect(runPipe('x', 'true', path.join(folder, 'no-shell'), terminal, () => '').error).toMatch(/ENOENT/);
});
