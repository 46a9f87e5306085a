// O (io/editor-open.ts, ui/screen/edit-ask.ts): the focused call's file opened in the reader's
// editor at its line — a read at its offset, an edit at its first changed line, a relative path
// under the session's workspace — the screen left before and entered after; a file not on this
// machine is not opened, and the footer says so.
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {editedLine, openInEditor} from '../../source/io/editor-open.js';
import type {ToolCallItem} from '../../source/model/view-model.js';
import {editAsk} from '../../source/ui/screen/edit-ask.js';

let folder = '';
beforeEach(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-editor-'));
});
afterEach(() => rmSync(folder, {recursive: true, force: true}));

function fakeTerminal() {
	const written: string[] = [];
	const stdin = {isTTY: false} as unknown as NodeJS.ReadStream;
	const stdout = {write: (text: string) => written.push(text)} as unknown as NodeJS.WriteStream;
	return {written, terminal: {stdin, stdout, leave: 'LEAVE', enter: 'ENTER'}};
}

/** An editor that notes its arguments. */
function recordingEditor(): {editor: string; args: () => string} {
	const log = path.join(folder, 'args.txt');
	const editor = path.join(folder, 'editor.sh');
	writeFileSync(editor, `#!/bin/sh\necho "$@" > '${log}'\n`);
	chmodSync(editor, 0o755);
	return {editor, args: () => readFileSync(log, 'utf8').trim()};
}

const call = (name: string, args: Record<string, unknown>): ToolCallItem =>
	({kind: 'tool_call', id: 1, rev: 1, name, args: JSON.stringify(args), state: 'done', images: []}) as never;

test('a read opens at its offset, an edit at its first changed line, a write at the top', () => {
	expect(editAsk(call('read_file', {file_path: 'a.ts', offset: 40}), '/w', 1)).toEqual({
		seq: 1,
		kind: 'edit',
		file: '/w/a.ts',
		place: {line: 40},
	});
	expect(editAsk(call('write_file', {file_path: '/x/b.ts', content: ''}), '/w', 2)).toMatchObject({
		file: '/x/b.ts',
		place: {},
	});
	expect(
		editAsk(call('edit_file', {file_path: 'c.ts', old_string: 'a\nb', new_string: 'a\nB'}), '/w', 3),
	).toMatchObject({file: '/w/c.ts', place: {edit: {old: 'a\nb', new: 'a\nB'}}});
	expect(editAsk(call('exec_command', {cmd: 'ls'}), '/w', 4)).toBeUndefined();
	// The new text's first line that differs from the old one, where it is in the file now.
	expect(editedLine('one\ntwo\na\nB\nend\n', {old: 'a\nb', new: 'a\nB'})).toBe(4);
	expect(editedLine('one\n', {old: 'x', new: 'y'})).toBeUndefined();
});

test('the editor gets +LINE and the file; the screen is left before and entered after', () => {
	const {editor, args} = recordingEditor();
	const file = path.join(folder, 'notes.txt');
	writeFileSync(file, 'hello\nthere\nend\n');
	const {written, terminal} = fakeTerminal();
	const message = openInEditor(file, {edit: {old: 'world', new: 'there'}}, terminal, editor, 'notes.txt');
	expect(args()).toBe(`+2 ${file}`);
	expect(message).toBe(`back from ${editor}: notes.txt:2`);
	expect(written).toEqual(['LEAVE', 'ENTER']);
});

test('a file not on this machine is not opened, and the line says why', () => {
	const {editor} = recordingEditor();
	const {written, terminal} = fakeTerminal();
	const message = openInEditor('/home/someone/else/a.ts', {line: 3}, terminal, editor, '/home/someone/else/a.ts');
	expect(message).toBe('not opened: /home/someone/else/a.ts is not on this machine');
	expect(written).toEqual([]);
});
