/**
 * The shape README's "How it is built" draws, checked over the imports of every module
 * under source/: the pure core touches no files, io never reaches up into the screen, the
 * output or the commands, no two modules import each other round a loop, no module
 * grows past 500 lines, and none defines accessors (a long text is read explicitly, see
 * model/held-text.ts).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', 'source');

/** Every module under source/, as a path relative to it (`io/sse/client.ts`). */
function modules(): string[] {
	return readdirSync(root, {recursive: true, encoding: 'utf8'})
		.filter(file => /\.tsx?$/.test(file))
		.map(file => file.split(path.sep).join('/'))
		.sort();
}

// `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`, type-only ones too.
const importPattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** What `file` imports: modules under source/ as relative paths, anything else as written. */
function importsOf(file: string, text: string): string[] {
	const found: string[] = [];
	for (const match of text.matchAll(importPattern)) {
		const specifier = match[1] ?? match[2] ?? match[3]!;
		if (!specifier.startsWith('.')) {
			found.push(specifier);
			continue;
		}
		const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
		found.push(resolved.replace(/\.js$/, ''));
	}
	return found;
}

function graph(): Map<string, string[]> {
	const files = modules();
	const byStem = new Map(files.map(file => [file.replace(/\.tsx?$/, ''), file]));
	const edges = new Map<string, string[]>();
	for (const file of files) {
		const text = readFileSync(path.join(root, file), 'utf8');
		edges.set(
			file,
			importsOf(file, text).map(target => byStem.get(target) ?? target),
		);
	}
	return edges;
}

/** One import loop among the modules, as the chain of files round it; undefined when there is none. */
export function findCycle(edges: ReadonlyMap<string, readonly string[]>): string[] | undefined {
	const state = new Map<string, 'open' | 'done'>();
	const stack: string[] = [];
	const visit = (file: string): string[] | undefined => {
		state.set(file, 'open');
		stack.push(file);
		for (const next of edges.get(file) ?? []) {
			if (!edges.has(next)) continue;
			if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
			if (state.get(next) === undefined) {
				const cycle = visit(next);
				if (cycle) return cycle;
			}
		}
		stack.pop();
		state.set(file, 'done');
		return undefined;
	};
	for (const file of edges.keys()) {
		if (state.get(file) !== undefined) continue;
		const cycle = visit(file);
		if (cycle) return cycle;
	}
	return undefined;
}

const fileSystem = new Set(['fs', 'fs/promises', 'node:fs', 'node:fs/promises']);

describe('the architecture', () => {
	const edges = graph();

	it('finds the modules and their imports', () => {
		// The checks below would pass over nothing if the walk found nothing.
		expect(edges.size).toBeGreaterThan(100);
		expect(edges.get('main.ts')).toContain('model/store.ts');
	});

	it('keeps the model and the protocol free of files and of io', () => {
		const offending = [...edges]
			.filter(([file]) => file.startsWith('model/') || file.startsWith('protocol/'))
			.flatMap(([file, targets]) => targets.filter(target => target.startsWith('io/') || fileSystem.has(target)).map(target => `${file} → ${target}`));
		expect(offending).toEqual([]);
	});

	it('never has io reach up into the screen, the output, the commands or main', () => {
		const offending = [...edges]
			.filter(([file]) => file.startsWith('io/'))
			.flatMap(([file, targets]) => targets.filter(target => /^(ui|output|commands)\//.test(target) || target === 'main.ts').map(target => `${file} → ${target}`));
		expect(offending).toEqual([]);
	});

	it('has no import cycle', () => {
		expect(findCycle(edges)).toBeUndefined();
	});

	it('finds a cycle when there is one', () => {
		expect(findCycle(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']]]))).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
		expect(findCycle(new Map([['a.ts', ['b.ts', 'c.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]))).toBeUndefined();
	});

	it('defines no accessors on objects: a field of an item is a value, never a getter that reads a file behind its reader', () => {
		const accessorMaker = /\bObject\.defineProperty\b|\bObject\.defineProperties\b|\bReflect\.defineProperty\b|__defineGetter__/;
		const offending = [...edges.keys()].filter(file => accessorMaker.test(readFileSync(path.join(root, file), 'utf8')));
		expect(offending).toEqual([]);
	});

	it('keeps every module under 500 lines', () => {
		// json-block-wasm.ts is generated (the WebAssembly kernel as bytes, from json-block.wat).
		const generated = new Set(['render/json-block-wasm.ts']);
		const long = [...edges.keys()]
			.filter(file => !generated.has(file))
			.map(file => ({file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length}))
			.filter(({lines}) => lines > 500)
			.map(({file, lines}) => `${file}: ${lines} lines`);
		expect(long).toEqual([]);
	});
});
