// The README's key table is the keymap's, row for row: a key added, changed or dropped in
// source/ui/screen/keymap.ts fails here with the table to paste (the help overlay and the footer hints
// come from the same keymap).
import {readFileSync} from 'node:fs';
import {expect, it} from 'vitest';
import {helpEntries} from '../../source/ui/screen/keymap.js';

it("has the keymap as the README's key table, in its order", () => {
	const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').split('\n');
	const header = readme.indexOf('| keys | what they do |');
	expect(header, "the key table's header row").toBeGreaterThan(-1);
	const end = readme.findIndex((line, i) => i > header && !line.startsWith('|'));
	const table = readme.slice(header, end).join('\n');
	const wanted = [
		'| keys | what they do |',
		'| --- | --- |',
		...helpEntries().map(entry => `| ${entry.keys.replaceAll('|', '\\|')} | ${entry.help} |`),
	].join('\n');
	expect(table).toBe(wanted);
});
