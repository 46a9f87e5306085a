// --help and the man page both say, from the one flag table, every flag and what can be
// opened; the man page also every key of the `?` help; both stay readable (80 columns, roff escapes).
import {describe, expect, it} from 'vitest';
import {helpEntries} from '../../source/ui/screen/keymap.js';
import {flagEntries, operands, labelOfUse} from '../../source/flag-table.js';
import {helpText} from '../../source/command-line/help-text.js';
import {manPage, roffText} from '../../source/command-line/man-page.js';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pkg = {name: 'penguin-view', version: '9.8.7', description: 'A viewer.'};

describe('--help', () => {
	const help = helpText();

	it('lists every flag with its value and every thing that can be opened, each use on its own line', () => {
		for (const entry of flagEntries())
			expect(help).toMatch(new RegExp(`^  ${escapeRegex(labelOfUse(entry))}( |$)`, 'm'));
		for (const operand of operands) expect(help).toMatch(new RegExp(`^  ${escapeRegex(operand.name)}( |$)`, 'm'));
		expect(help).toContain('  --sse SERVER ');
		expect(help).toContain('  --no-follow ');
		expect(help).toContain('  --replay [SPEED] ');
	});

	it('fits 80 columns once the page has indented it by 2', () => {
		const long = help.split('\n').filter(line => line.length + 2 > 80);
		expect(long).toEqual([]);
	});
});

describe('the man page', () => {
	const page = manPage(pkg);

	it('names the program, its version and description', () => {
		expect(page).toMatch(/^\.TH PENGUIN\\-VIEW 1 "" "penguin\\-view 9\.8\.7"/);
		expect(page).toContain('penguin\\-view \\- A viewer.');
	});

	it('lists every flag, every thing that can be opened and every key of the ? help', () => {
		for (const entry of flagEntries())
			expect(page).toContain(
				`.B "${roffText(labelOfUse(entry)).replaceAll('"', '\\(dq')}"\n${roffText(entry.use.help)}\n`,
			);
		for (const operand of operands) expect(page).toContain(`.B "${roffText(operand.name)}"\n`);
		for (const entry of helpEntries())
			expect(page).toContain(`.B "${roffText(entry.keys)}"\n${roffText(entry.help)}\n`);
	});

	it('escapes what roff would read as its own: backslashes, hyphens, a leading dot, anything not ASCII', () => {
		expect(roffText('a\\b')).toBe('a\\eb');
		expect(roffText('--sse')).toBe('\\-\\-sse');
		expect(roffText('.hidden')).toBe('\\&.hidden');
		expect(roffText("'quote")).toBe("\\&'quote");
		expect(roffText('j ↓ …')).toBe('j \\[u2193] \\[u2026]');
	});
});
