// The flags are one table (source/flag-table.ts): the Flags type is made from it, and a flag
// added there alone fails to compile until source/flag-readers.ts names its readers, which must
// be the modules that read it.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {flags} from '../source/flag-table.js';
import {flagReaders} from '../source/flag-readers.js';

const root = path.resolve(import.meta.dirname, '..', 'source');

/** Each flag's readers as the code has them: the modules that read `flags.<name>` (the table itself aside). */
function readersInCode(): Record<string, string[]> {
	const found: Record<string, string[]> = {};
	const files = readdirSync(root, {recursive: true, encoding: 'utf8'})
		.filter(file => /\.tsx?$/.test(file))
		.sort();
	for (const file of files) {
		const name = file.split(path.sep).join('/');
		if (name === 'flag-table.ts' || name === 'flag-readers.ts') continue;
		const text = readFileSync(path.join(root, file), 'utf8');
		for (const [, flag] of text.matchAll(/\bflags\??\.([a-zA-Z]+)\b/g)) {
			if (!(flag! in flags)) continue;
			found[flag!] = [...new Set([...(found[flag!] ?? []), name])].sort();
		}
	}
	return found;
}

/** The type errors of flag-readers.ts when flag-table.ts reads as `table`. */
function errorsWithTable(table: string): string[] {
	const options: ts.CompilerOptions = {
		strict: true,
		noEmit: true,
		module: ts.ModuleKind.NodeNext,
		moduleResolution: ts.ModuleResolutionKind.NodeNext,
		target: ts.ScriptTarget.ES2022,
		skipLibCheck: true,
		types: [],
	};
	const host = ts.createCompilerHost(options);
	const tableFile = path.join(root, 'flag-table.ts');
	const read = host.readFile.bind(host);
	host.readFile = file => (path.resolve(file) === tableFile ? table : read(file));
	const getSource = host.getSourceFile.bind(host);
	host.getSourceFile = (file, language, ...rest) =>
		path.resolve(file) === tableFile ? ts.createSourceFile(file, table, language) : getSource(file, language, ...rest);
	const program = ts.createProgram([path.join(root, 'flag-readers.ts')], options, host);
	return ts
		.getPreEmitDiagnostics(program)
		.map(
			diagnostic =>
				`${path.basename(diagnostic.file?.fileName ?? '?')}: ` +
				`${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
		);
}

describe('the flags, written once', () => {
	it('names, for each flag, exactly the modules that read it', () => {
		const written = Object.fromEntries(Object.entries(flagReaders).map(([flag, files]) => [flag, [...files].sort()]));
		const inCode = readersInCode();
		for (const flag of Object.keys(flags)) inCode[flag] ??= [];
		expect(written).toEqual(inCode);
	});

	it('fails to compile when a flag is added to the table alone', () => {
		const table = readFileSync(path.join(root, 'flag-table.ts'), 'utf8');
		expect(errorsWithTable(table)).toEqual([]);
		const added = table.replace(
			'export const flags = {',
			"export const flags = {\n\tsparkle: {type: 'boolean', default: false, section: 'options', uses: " +
				"[{help: 'a new flag'}]},",
		);
		expect(added).not.toBe(table);
		const errors = errorsWithTable(added);
		expect(errors.join('\n')).toMatch(/flag-readers\.ts: .*sparkle/);
	});
});
