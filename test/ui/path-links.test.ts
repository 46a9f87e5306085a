// Which words of a command or its output name a file under the workspace: relative ones taken
// under it, absolute ones only inside it, never above it by `..`; a grep's `:12:text` and the
// punctuation around a path left out of the link.
import {expect, test} from 'vitest';
import {pathPieces, workspacePath} from '../../source/ui/panes/path-links.js';

test('paths under the workspace, and nothing outside it', () => {
	expect(workspacePath('src/a.ts', '/w/proj')).toBe('/w/proj/src/a.ts');
	expect(workspacePath('./src/../b.md', '/w/proj/')).toBe('/w/proj/b.md');
	expect(workspacePath('notes.txt', '/w/proj')).toBe('/w/proj/notes.txt');
	expect(workspacePath('/w/proj/x/y', '/w/proj')).toBe('/w/proj/x/y');
	expect(workspacePath('/w/project2/y', '/w/proj')).toBeUndefined();
	expect(workspacePath('../proj2/a.ts', '/w/proj')).toBeUndefined();
	expect(workspacePath('/etc/passwd', '/w/proj')).toBeUndefined();
	expect(workspacePath('hello', '/w/proj')).toBeUndefined();
	expect(workspacePath('src/a.ts', '/')).toBeUndefined();
});

test("a grep line's file is the link, its line and text are not; brackets and commas stay outside", () => {
	expect(pathPieces({text: 'src/a.ts:12:const x'}, '/w')).toEqual([
		{text: 'src/a.ts', link: '/w/src/a.ts'},
		{text: ':12:const x'},
	]);
	expect(pathPieces({text: '(./b.md),', bold: true}, '/w')).toEqual([
		{text: '(', bold: true},
		{text: './b.md', bold: true, link: '/w/b.md'},
		{text: '),', bold: true},
	]);
	expect(pathPieces({text: 'done.'}, '/w')).toEqual([{text: 'done.'}]);
});
