// y with a clipboard command on PATH (clipboard-writer.ts): a fake wl-copy gets the text on its standard input and the
// footer names it; a failing one leaves the copy to OSC 52, said so; without a desktop only OSC 52 is written.
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {clipboardWriter} from '../../source/ui/screen/clipboard-writer.js';
import {osc52} from '../../source/ui/screen/copy-text.js';

let folder = '';
beforeEach(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-clipboard-'));
});
afterEach(() => rmSync(folder, {recursive: true, force: true}));

/** A fake clipboard command `name` in `folder`: it keeps what it reads in `<name>.got`, and exits with `status`. */
function fakeCommand(name: string, status = 0): string {
	const file = path.join(folder, name);
	writeFileSync(file, `#!/bin/sh\ncat > '${file}.got'\nexit ${status}\n`);
	chmodSync(file, 0o755);
	return `${file}.got`;
}

const env = {remote: false, wayland: true, x11: false, macos: false};

test('at a Wayland desktop, wl-copy on PATH gets the text and the footer names it; no escape is written', () => {
	const got = fakeCommand('wl-copy');
	const written: string[] = [];
	const copy = clipboardWriter({
		env: {...env, path: `/nonexistent${path.delimiter}${folder}`},
		insideTmux: false,
		write: sequence => written.push(sequence),
	});
	expect(copy('one\ntwo\n', 'the answer')).toBe('copied the answer (2 lines, 8 B) with wl-copy');
	expect(readFileSync(got, 'utf8')).toBe('one\ntwo\n');
	expect(written).toEqual([]);
});

test('a clipboard command that fails: OSC 52 instead, and the footer says both', () => {
	fakeCommand('wl-copy', 1);
	const written: string[] = [];
	const copy = clipboardWriter({
		env: {...env, path: folder},
		insideTmux: false,
		write: sequence => written.push(sequence),
	});
	expect(copy('x', 'the answer')).toBe(
		"wl-copy failed (exit 1): sent the answer (1 line, 1 B) to the terminal's clipboard (OSC 52)",
	);
	expect(written).toEqual([osc52('x')]);
});

test('over SSH the command on PATH is not used: OSC 52', () => {
	const got = fakeCommand('wl-copy');
	const written: string[] = [];
	const copy = clipboardWriter({
		env: {...env, remote: true, path: folder},
		insideTmux: false,
		write: sequence => written.push(sequence),
	});
	expect(copy('x', 'the answer')).toBe("sent the answer (1 line, 1 B) to the terminal's clipboard (OSC 52)");
	expect(written).toEqual([osc52('x')]);
	expect(() => readFileSync(got)).toThrow();
});
