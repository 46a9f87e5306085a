// The README is for users: short enough to read (≤ 450 lines), with the two set-up commands,
// and every document it links to is there.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

test('the README is at most 450 lines and keeps the two set-up commands', () => {
	expect(readme.split('\n').length).toBeLessThanOrEqual(450);
	expect(readme).toContain('npm install && npm start');
	expect(readme).toContain('npm install && npm test');
});

test('every file the README and docs/ link to exists', () => {
	const documents = [
		'README.md',
		...[
			'design',
			'glossary',
			'performance',
			'robustness',
			'screen',
			'print',
			'sse',
			'testing',
			'ink-measure-text',
			'stats-json',
			'themes',
			'terminal',
		].map(name => `docs/${name}.md`),
	];
	const missing: string[] = [];
	for (const document of documents) {
		const text = readFileSync(path.join(root, document), 'utf8');
		for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
			if (/^[a-z]+:/.test(target!)) continue;
			if (!existsSync(path.join(root, path.dirname(document), target!))) missing.push(`${document} → ${target}`);
		}
	}
	expect(missing).toEqual([]);
});
