/** The --help text, made from the flag table, and the page --help prints (the package's description above it). */
import {configEntries} from '../config-keys.js';
import {exitCodes, flagEntries, operands, sections, usageLines, labelOfUse} from '../flag-table.js';

// The page indents the text by 2: the lines here fit 78 columns, so the help fits 80.
const width = 78;
const column = 20;

/** Words of `text` in lines of at most `size` columns (a longer word stands alone). */
export function wrapWords(text: string, size: number): string[] {
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(' ')) {
		if (line && line.length + 1 + word.length > size) {
			lines.push(line);
			line = word;
		} else line = line ? `${line} ${word}` : word;
	}
	return [...lines, line];
}

/** A name in the first column and its text wrapped beside it (under it, when the name is long). */
function row(name: string, text: string): string[] {
	const lines = wrapWords(text, width - 2 - column);
	const pad = ' '.repeat(column);
	if (name.length > column - 2) return [`  ${name}`, ...lines.map(line => `  ${pad}${line}`)];
	return lines.map((line, index) => `  ${index === 0 ? name.padEnd(column) : pad}${line}`);
}

/** The whole --help text. */
export function helpText(): string {
	const out = ['Usage', ...usageLines.map(line => `  $ penguin-view ${line}`)];
	const entries = flagEntries();
	for (const section of sections) {
		out.push('', section.title);
		for (const operand of operands.filter(candidate => candidate.section === section.id))
			out.push(...row(operand.name, operand.help));
		for (const entry of entries.filter(candidate => candidate.spec.section === section.id))
			out.push(...row(labelOfUse(entry), entry.use.help));
	}
	out.push('', 'Config file');
	for (const entry of configEntries()) out.push(...row(entry.name, entry.help));
	out.push('', 'Exit codes', `  ${exitCodes.map(({code, meaning}) => `${code} ${meaning}`).join(' · ')}`);
	return `${out.join('\n')}\n`;
}

/**
 * What --help prints: the package's description, then the help, each indented by 2 (empty lines left empty) after an
 * empty line.
 */
export function helpPage(description: string): string {
	const indented = helpText()
		.trimEnd()
		.split('\n')
		.map(line => (line.trim() === '' ? line : `  ${line}`));
	return `\n  ${description}\n\n${indented.join('\n')}\n\n`;
}
