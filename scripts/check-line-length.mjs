// The lint step's second half: no line in the code the formatter covers is longer than 120
// characters. Biome's formatter wraps code at that width but leaves a long comment, string or
// regular expression as it is; this names each such line (`file:line: N characters`) and exits 1.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const limit = 120;
const root = path.resolve(import.meta.dirname, '..');
// The formatter's own exclusions (biome.json): generated code and recorded fixtures.
const skipped = new Set([
	'source/fastpath/json-block-wasm.ts',
	'source/fastpath/args-block-wasm.ts',
	'source/fastpath/byte-scan-wasm.ts',
]);

const files = ['source', 'test', 'bench', 'scripts'].flatMap(folder =>
	readdirSync(path.join(root, folder), {recursive: true, encoding: 'utf8'})
		.map(file => path.posix.join(folder, file.split(path.sep).join('/')))
		.filter(file => /\.(tsx?|mjs)$/.test(file) && !file.includes('/fixtures/') && !skipped.has(file)),
);
const long = [];
for (const file of files) {
	const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
	lines.forEach((line, index) => {
		if (line.length > limit) long.push(`${file}:${index + 1}: ${line.length} characters`);
	});
}
for (const line of long) console.log(line);
console.log(
	long.length === 0
		? `every line at most ${limit} characters (${files.length} files)`
		: `${long.length} lines longer than ${limit} characters`,
);
process.exitCode = long.length === 0 ? 0 : 1;
