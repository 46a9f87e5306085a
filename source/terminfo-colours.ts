/**
 * How many colours the terminal's terminfo entry says it takes (`colors`, as `tput colors` prints it), read from the
 * compiled entry (term(5)) where ncurses looks for it. The screen's depth (ui/panes/palette-choice.ts) reads it when
 * COLORTERM says nothing: a TERM such as `xterm-direct` (24-bit) or `xterm-kitty` (256) names no colours.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';

/** The `colors` number's place among a compiled entry's numbers. */
const colorsIndex = 13;

/** The folders ncurses reads entries from, in its order: $TERMINFO, ~/.terminfo, $TERMINFO_DIRS, the system's. */
export function terminfoFolders(env: NodeJS.ProcessEnv, home: string): string[] {
	const system = ['/etc/terminfo', '/lib/terminfo', '/usr/share/terminfo'];
	// An empty part of TERMINFO_DIRS stands for the system's folders.
	const listed = (env['TERMINFO_DIRS'] ?? '').split(':').flatMap(part => (part === '' ? [] : [part]));
	return [...(env['TERMINFO'] ? [env['TERMINFO']] : []), path.join(home, '.terminfo'), ...listed, ...system];
}

/** The `colors` of a compiled entry; undefined when it is not one, or has none. */
export function coloursOfEntry(entry: Uint8Array): number | undefined {
	if (entry.length < 12) return undefined;
	const view = new DataView(entry.buffer, entry.byteOffset, entry.byteLength);
	const short = (at: number): number => view.getInt16(at, true);
	const magic = short(0);
	// 0o432: numbers of 2 bytes; 0o1036 (ncurses 6.1's extended format): numbers of 4 bytes.
	const width = magic === 0o432 ? 2 : magic === 0o1036 ? 4 : 0;
	const [namesSize, boolCount, numberCount] = [short(2), short(4), short(6)];
	if (width === 0 || namesSize < 0 || boolCount < 0 || numberCount <= colorsIndex) return undefined;
	let at = 12 + namesSize + boolCount;
	// The numbers start on an even byte.
	at += at % 2;
	at += colorsIndex * width;
	if (at + width > entry.length) return undefined;
	const colours = width === 2 ? short(at) : view.getInt32(at, true);
	return colours > 0 ? colours : undefined;
}

/** The `colors` of `term`'s entry, from the first folder that has it; undefined when none has it. */
export async function terminfoColours(
	term: string | undefined,
	folders: readonly string[],
): Promise<number | undefined> {
	// A name is one path part: never a way out of the folders.
	if (!term || term.includes('/') || term.startsWith('.')) return undefined;
	// Linux files entries under their first letter; macOS under its hex code.
	const subfolders = [term[0]!, term.charCodeAt(0).toString(16)];
	for (const folder of folders)
		for (const sub of subfolders) {
			try {
				return coloursOfEntry(await readFile(path.join(folder, sub, term)));
			} catch {
				// Not in this folder: the next.
			}
		}
	return undefined;
}
