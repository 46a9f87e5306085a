/**
 * Code in colour in print mode (with colour on only): an edit_file call's change as a diff
 * (`-` red, `+` green), a written file's text and an answer's fenced blocks in their
 * language's colours. Every text is sanitized first; only SGR is added to it.
 */
import type {Paint} from './color.js';
import {codeLines, languageOf, languageOfPath, paintedLine, type Highlighter} from './code-colour.js';
import {editDiff} from './edit-diff.js';
import {sanitize} from './sanitize.js';
import {parseArgs} from './tool-registry.js';
import {presenterFor} from './tool-summary.js';

/** Longer texts are written without colour (the highlighter's time grows with them). */
const maxChars = 256 * 1024;

/** A call's arguments as print mode writes them in colour, one string of lines; undefined: as without colour. */
export function printedCodeArgs(
	name: string,
	args: string,
	highlighter: Highlighter,
	paint: Paint,
): string | undefined {
	const parsed = parseArgs(args);
	if (parsed === undefined) return undefined;
	const parts = presenterFor(name).argumentParts(parsed, {name, tools: []});
	const code = parts.find(part => part.kind === 'diff' || (part.kind === 'text' && part.file !== undefined));
	if (code === undefined) return undefined;
	const lines: string[] = [];
	for (const part of parts) {
		if (part.kind === 'path') lines.push(paint.bold(sanitize(part.path)));
		else if (part.kind === 'diff') {
			for (const {sign, text} of editDiff(sanitize(part.removed), sanitize(part.added))) {
				lines.push(
					sign === '-' ? paint.red(`- ${text}`) : sign === '+' ? paint.green(`+ ${text}`) : paint.dim(`  ${text}`),
				);
			}
		} else if (part.kind === 'text') lines.push(...fileText(part.text, part.file, highlighter, paint));
	}
	return lines.join('\n');
}

function fileText(text: string, file: string | undefined, highlighter: Highlighter, paint: Paint): string[] {
	let clean = sanitize(text);
	if (clean.endsWith('\n')) clean = clean.slice(0, -1);
	const language = file === undefined || clean.length > maxChars ? undefined : languageOfPath(highlighter, file);
	if (language === undefined) return clean.split('\n');
	return codeLines(highlighter, clean, language).map(spans => paintedLine(paint, spans));
}

/**
 * A tool's output that is a file's text (read_file's `cat -n` lines), sanitized, with the code
 * in colour and the line numbers dim; undefined: the tool's output is no file, or its language
 * is not known.
 */
export function printedCodeOutput(
	name: string,
	args: string,
	clean: string,
	highlighter: Highlighter,
	paint: Paint,
): string | undefined {
	const parsed = parseArgs(args);
	const code = parsed && presenterFor(name).codeOutput(parsed);
	const language = code === undefined || clean.length > maxChars ? undefined : languageOfPath(highlighter, code.file);
	if (language === undefined) return undefined;
	const lines = (clean.endsWith('\n') ? clean.slice(0, -1) : clean).split('\n');
	if (!code!.numbered)
		return codeLines(highlighter, lines.join('\n'), language)
			.map(spans => paintedLine(paint, spans))
			.join('\n');
	// The number's cell: its digits, then spaces to the tab stop the sanitizer expanded the tab to.
	const cells = lines.map(line => {
		const number = /^ *\d+/.exec(line)?.[0];
		const width = number === undefined ? 0 : (Math.floor(number.length / 8) + 1) * 8;
		return number !== undefined && line.length >= width && line.slice(number.length, width).trim() === '' ? width : 0;
	});
	const bodies: string[] = [];
	for (let i = 0; i < lines.length; i++) if (cells[i]! > 0) bodies.push(lines[i]!.slice(cells[i]));
	if (bodies.length === 0) return undefined;
	const coloured = codeLines(highlighter, bodies.join('\n'), language);
	let next = 0;
	return lines
		.map((line, i) =>
			cells[i]! > 0 ? paint.dim(line.slice(0, cells[i])) + paintedLine(paint, coloured[next++] ?? []) : line,
		)
		.join('\n');
}

const fence = /^\s{0,3}(`{3,}|~{3,})\s*([^`\s]*)/;

/** Sanitized text with its fenced blocks whose info string names a language in colour. */
export function paintFences(clean: string, highlighter: Highlighter, paint: Paint): string {
	if (!clean.includes('```') && !clean.includes('~~~')) return clean;
	const lines = clean.split('\n');
	const out: string[] = [];
	for (let i = 0; i < lines.length; i++) {
		out.push(lines[i]!);
		const open = fence.exec(lines[i]!);
		if (!open) continue;
		let end = i + 1;
		for (; end < lines.length; end++) {
			const close = fence.exec(lines[end]!);
			if (close && close[1]!.startsWith(open[1]![0]!) && close[1]!.length >= open[1]!.length && close[2] === '') break;
		}
		const code = lines.slice(i + 1, end).join('\n');
		const language = code.length > maxChars ? undefined : languageOf(highlighter, open[2]!);
		out.push(
			...(language === undefined
				? lines.slice(i + 1, end)
				: codeLines(highlighter, code, language).map(spans => paintedLine(paint, spans))),
		);
		if (end < lines.length) out.push(lines[end]!);
		i = end;
	}
	return out.join('\n');
}
