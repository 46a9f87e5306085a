// The README's key table says what the keymap says: every command, its keys and its help.
import {readFileSync} from 'node:fs';
import {expect, it} from 'vitest';
import {helpEntries} from '../../source/ui/keymap.js';

it('lists every key of the keymap in the README', () => {
	const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
	for (const entry of helpEntries()) expect(readme).toContain(`| ${entry.keys.replaceAll('|', '\\|')} | ${entry.help} |`);
});
