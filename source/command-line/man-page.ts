/**
 * The man page, penguin-view.1, made at build time (scripts/build-man.mjs) from the flag
 * table that makes --help and the keymap that makes the `?` help: nothing in it is written
 * twice.
 */
import {helpEntries} from '../ui/screen/keymap.js';
import {configEntries} from '../config-keys.js';
import {exitCodes, flagEntries, operands, sections, usageLines, labelOfUse} from '../flag-table.js';

export type ManPackage = {name: string; version: string; description: string};

/**
 * Text as roff reads it: a backslash escaped, a hyphen a minus (so flags can be copied and
 * searched), anything not ASCII as a named Unicode escape (groff and mandoc both read them,
 * whatever the locale), and a line that would start with a control character guarded.
 */
export function roffText(text: string): string {
	const escaped = [...text.replaceAll('\\', '\\e').replaceAll('-', '\\-')]
		.map(char => {
			const code = char.codePointAt(0)!;
			return code < 0x80 ? char : `\\[u${code.toString(16).toUpperCase().padStart(4, '0')}]`;
		})
		.join('');
	return /^[.']/.test(escaped) ? `\\&${escaped}` : escaped;
}

/** A tagged paragraph: the tag in bold (one quoted argument: it may hold spaces and quotes), the text under it. */
const item = (tag: string, text: string): string[] => [
	'.TP',
	`.B "${roffText(tag).replaceAll('"', '\\(dq')}"`,
	roffText(text),
];

/** The whole page, in roff's man macros. */
export function manPage(pkg: ManPackage): string {
	const name = roffText(pkg.name);
	const entries = flagEntries();
	const out = [
		`.TH ${name.toUpperCase()} 1 "" "${name} ${roffText(pkg.version)}" "User Commands"`,
		// No hyphenation: a flag split across lines cannot be searched for.
		'.nh',
		// Ragged right: justified lines put two spaces between words where they please (and a search for a phrase then
		// misses).
		'.ad l',
		'.SH NAME',
		`${name} \\- ${roffText(pkg.description)}`,
		'.SH SYNOPSIS',
		...usageLines.flatMap((line, index) => [...(index > 0 ? ['.br'] : []), `.B ${name}`, roffText(line)]),
		'.SH DESCRIPTION',
		roffText(pkg.description),
	];
	for (const section of sections) {
		out.push(`.SH ${roffText(section.title.toUpperCase())}`);
		for (const operand of operands.filter(candidate => candidate.section === section.id))
			out.push(...item(operand.name, operand.help));
		for (const entry of entries.filter(candidate => candidate.spec.section === section.id))
			out.push(...item(labelOfUse(entry), entry.use.help));
	}
	out.push('.SH CONFIG FILE');
	for (const entry of configEntries()) out.push(...item(entry.name, entry.help));
	out.push('.SH KEYS', roffText('On the screen (? shows the same):'));
	for (const entry of helpEntries()) out.push(...item(entry.keys, entry.help));
	out.push('.SH EXIT STATUS');
	for (const {code, meaning} of exitCodes) out.push(...item(String(code), meaning));
	return `${out.join('\n')}\n`;
}
