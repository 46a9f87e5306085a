/**
 * w: a pane's text written to a file the reader names. `~` is the home folder as a shell
 * expands it and a relative name is read from the folder the program started in; an existing
 * file is never replaced unasked (`new` fails on it, as the screen then asks, as less does).
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describeFsError} from './session-locator.js';

/** How the file is opened: only if it is not there, replaced, or added to. */
export type PaneFileMode = 'new' | 'overwrite' | 'append';

/** What came of it: written (with its size), there already (mode `new`), or why not. */
export type PaneFileOutcome = {kind: 'written'; bytes: number} | {kind: 'exists'} | {kind: 'failed'; why: string};

/** `~` and `~/…` as the home folder; `~user` and anything else as typed. */
export function expandHome(name: string, home: string): string {
	if (name === '~') return home;
	return name.startsWith('~/') ? path.join(home, name.slice(2)) : name;
}

/** Writes `text` (a newline added when it has none at its end, as an editor saves) to `name`. */
export function writePaneFile(
	name: string,
	text: string,
	mode: PaneFileMode,
	where: {cwd: string; home: string},
	binary = false,
): PaneFileOutcome {
	const target = path.resolve(where.cwd, expandHome(name, where.home));
	// An image's base64 is written as its bytes, as they are; a text ends with its line's end.
	const data = binary ? Buffer.from(text, 'base64') : Buffer.from(text.endsWith('\n') ? text : `${text}\n`);
	try {
		writeFileSync(target, data, {flag: mode === 'new' ? 'wx' : mode === 'append' ? 'a' : 'w'});
		return {kind: 'written', bytes: data.length};
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return {kind: 'exists'};
		return {kind: 'failed', why: describeFsError(error)};
	}
}
