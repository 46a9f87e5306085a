/**
 * O: a call's file opened in the reader's editor ($VISUAL, else $EDITOR, else vi, as less's
 * `v`) at a line, `+LINE FILE` as vi, vim, nano, emacs and micro read it; the screen handed
 * over while it runs, as the pager's is (pager.ts). A file that is not on this machine (a
 * trace read from elsewhere) is not opened: the footer says so.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, statSync} from 'node:fs';
import type {PagerTerminal} from './pager.js';

/** An edit's place: its old and new text (the new text's first line that differs from the old is where it opens). */
export type EditedText = {old: string; new: string};

/** Files larger than this are opened at their top rather than read for an edit's line. */
const readLimit = 8 * 1024 * 1024;

/** The 1-based line of `file` where `edit`'s first changed line is now; undefined when the new text is not found. */
export function editedLine(content: string, edit: EditedText): number | undefined {
	if (edit.new === '') return undefined;
	const at = content.indexOf(edit.new);
	if (at === -1) return undefined;
	const oldLines = edit.old.split('\n');
	const newLines = edit.new.split('\n');
	let same = 0;
	while (same < newLines.length - 1 && newLines[same] === oldLines[same]) same++;
	return content.slice(0, at).split('\n').length + same;
}

/** Where in `file` to open: the line given, else an edit's line read from the file, else none. */
function lineOf(file: string, place: {line?: number; edit?: EditedText}): number | undefined {
	if (place.line !== undefined) return place.line;
	if (place.edit === undefined) return undefined;
	try {
		if (statSync(file).size > readLimit) return undefined;
		return editedLine(readFileSync(file, 'utf8'), place.edit);
	} catch {
		return undefined;
	}
}

/** Opens `file` in `editor` and returns the footer's line once it closes. */
export function openInEditor(
	file: string,
	place: {line?: number; edit?: EditedText},
	terminal: PagerTerminal,
	editor: string,
	shown: string,
): string {
	if (file.includes('\0') || !existsSync(file)) return `not opened: ${shown} is not on this machine`;
	const line = lineOf(file, place);
	const raw = terminal.stdin.isTTY === true && terminal.stdin.isRaw;
	try {
		if (raw) terminal.stdin.setRawMode(false);
		terminal.stdout.write(terminal.leave);
		// The editor as the shell reads it ($EDITOR may hold options); the line and the file as arguments.
		const args = line === undefined ? ['"$2"'] : ['"$1"', '"$2"'];
		const result = spawnSync('/bin/sh', ['-c', `${editor} ${args.join(' ')}`, 'sh', `+${line ?? 1}`, file], {
			stdio: 'inherit',
		});
		if (result.error) return `could not run the editor (${editor}): ${result.error.message}`;
		if (result.status === 127) return `could not run the editor: ${editor} was not found`;
		return `back from ${editor}: ${shown}${line === undefined ? '' : `:${line}`}`;
	} catch (error) {
		return `could not run the editor: ${error instanceof Error ? error.message : String(error)}`;
	} finally {
		try {
			terminal.stdout.write(terminal.enter);
			if (raw) terminal.stdin.setRawMode(true);
		} catch {
			// The terminal is gone: the screen ends on its own.
		}
	}
}
