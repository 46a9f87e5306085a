// The colours TERM's terminfo entry names (source/terminfo-colours.ts), which pick the screen's depth when COLORTERM
// says nothing: `xterm-direct` is 24-bit, `xterm-kitty` 256, though neither name says so.
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {coloursOfEntry, terminfoColours, terminfoFolders} from '../source/terminfo-colours.js';
import {depthOf} from '../source/ui/panes/palette-choice.js';
import {needTool} from './support/optional-tool.js';
import {makeTempDir, removeTempDir} from './support/io-fixtures.js';
import {terminfoEntry, writeTerminfoEntry} from './support/terminfo-entry.js';

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) removeTempDir(dir);
});

test('an entry of 16-bit numbers and one of 32-bit numbers (ncurses 6.1) are read', () => {
	expect(coloursOfEntry(terminfoEntry('xterm-kitty', 256))).toBe(256);
	expect(coloursOfEntry(terminfoEntry('xterm-direct', 0x1_00_00_00))).toBe(0x1_00_00_00);
	// Odd and even lengths of names: the numbers start on an even byte either way.
	expect(coloursOfEntry(terminfoEntry('ab', 8))).toBe(8);
});

test('anything else is no answer, never a throw', () => {
	expect(coloursOfEntry(new Uint8Array())).toBeUndefined();
	expect(coloursOfEntry(Buffer.from('not a terminfo entry at all'))).toBeUndefined();
	// Cut short: the numbers are missing.
	expect(coloursOfEntry(terminfoEntry('xterm-kitty', 256).slice(0, 30))).toBeUndefined();
});

test('found in $TERMINFO, ~/.terminfo, $TERMINFO_DIRS, then the system folders; never outside them', async () => {
	const folder = makeTempDir('penguin-view-terminfo-');
	dirs.push(folder);
	writeTerminfoEntry(folder, 'xterm-direct', 0x1_00_00_00);
	const folders = terminfoFolders({TERMINFO: folder}, '/home/u');
	expect(folders.slice(0, 2)).toEqual([folder, path.join('/home/u', '.terminfo')]);
	expect(terminfoFolders({TERMINFO_DIRS: `/a::/b`}, '/h')).toEqual([
		'/h/.terminfo',
		'/a',
		'/b',
		'/etc/terminfo',
		'/lib/terminfo',
		'/usr/share/terminfo',
	]);
	expect(await terminfoColours('xterm-direct', folders)).toBe(0x1_00_00_00);
	expect(await terminfoColours('no-such-terminal', folders)).toBeUndefined();
	expect(await terminfoColours('../x/xterm-direct', folders)).toBeUndefined();
	expect(await terminfoColours(undefined, folders)).toBeUndefined();
});

test('the depth from the entry: 2^24 colours is 24-bit, 256 is 256, COLORTERM first', () => {
	expect(depthOf({TERM: 'xterm-direct'}, 0x1_00_00_00)).toBe('rgb');
	expect(depthOf({TERM: 'xterm-kitty'}, 256)).toBe('256');
	expect(depthOf({TERM: 'xterm'}, 8)).toBe('16');
	expect(depthOf({TERM: 'xterm', COLORTERM: 'truecolor'}, 8)).toBe('rgb');
});

test("as tput reads this machine's own xterm-256color entry", async ctx => {
	needTool(ctx, 'tput', "the system's terminfo entries");
	const expected = Number(execFileSync('tput', ['-T', 'xterm-256color', 'colors'], {encoding: 'utf8'}).trim());
	expect(await terminfoColours('xterm-256color', terminfoFolders({}, '/nonexistent'))).toBe(expected);
});
