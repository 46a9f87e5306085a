// A compiled terminfo entry (term(5)) with a name and a `colors` number, written where ncurses would look
// ($TERMINFO/<first letter>/<name>): what `tic` makes of `name|…, colors#N,`, without needing tic.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** The bytes of an entry: 16-bit numbers (magic 0o432), or 32-bit ones (0o1036) for colours past 32767. */
export function terminfoEntry(name: string, colours: number): Uint8Array {
	const wide = colours > 0x7f_ff;
	const width = wide ? 4 : 2;
	const names = Buffer.from(`${name}|made by a test\0`, 'latin1');
	// Two booleans (so that the numbers must be padded to an even byte when the names are of odd length).
	const bools = Buffer.from([1, 0]);
	const numberCount = 14;
	const header = Buffer.alloc(12);
	header.writeInt16LE(wide ? 0o1036 : 0o432, 0);
	header.writeInt16LE(names.length, 2);
	header.writeInt16LE(bools.length, 4);
	header.writeInt16LE(numberCount, 6);
	header.writeInt16LE(0, 8);
	header.writeInt16LE(0, 10);
	const pad = Buffer.alloc((names.length + bools.length) % 2);
	const numbers = Buffer.alloc(numberCount * width, 0xff);
	if (wide) numbers.writeInt32LE(colours, 13 * width);
	else numbers.writeInt16LE(colours, 13 * width);
	return Buffer.concat([header, names, bools, pad, numbers]);
}

/** Writes `name`'s entry into the terminfo folder `folder` (under its first letter). */
export function writeTerminfoEntry(folder: string, name: string, colours: number): void {
	mkdirSync(path.join(folder, name[0]!), {recursive: true});
	writeFileSync(path.join(folder, name[0]!, name), terminfoEntry(name, colours));
}
