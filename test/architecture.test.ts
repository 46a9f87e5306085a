/**
 * The shape of source/, checked over the imports of every module (type-only ones too): each
 * module belongs to one layer, and a layer imports only the layers written beside it in
 * `layers` below (every other arrow is a never-arrow); the pure layers touch no Node module;
 * no two modules import each other round a loop; no module grows past 500 lines; none defines
 * accessors (a long text is read explicitly, see model/held-text.ts); the pure layers hold no
 * module state and read no clock, chance or environment of their own (hiddenStateIn below).
 * docs/design.md draws it.
 */
import {builtinModules} from 'node:module';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', 'source');
const builtins = new Set(builtinModules);

/** Every module under source/, as a path relative to it (`io/sse/client.ts`). */
function modules(): string[] {
	return readdirSync(root, {recursive: true, encoding: 'utf8'})
		.filter(file => /\.tsx?$/.test(file))
		.map(file => file.split(path.sep).join('/'))
		.sort();
}

// `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`, type-only ones too.
const importPattern = new RegExp(
	String.raw`(?:^|[\s;])(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]` +
		String.raw`|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)`,
	'g',
);

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

/**
 * The layers, lowest first: each may import only layers before it in this order, and of those
 * only the ones written beside it (besides its own and `shared`). Any arrow not written here is
 * one that must never be drawn: model → ui, render → io, io → ui, server → ui, ui → output,
 * output → ui, … docs/design.md's table lists the same layers in the same order (checked
 * below). The entry (main.ts, cli.tsx) wires them all together.
 */
export const layers = {
	/** Helpers every layer may use (assertNever). */
	shared: [],
	/** The upstream's messages: types, guards, parsing a line. */
	protocol: [],
	/** Prices and the harness's arithmetic of cost: a price table, tokens to dollars, dollars as text. */
	cost: ['protocol'],
	/** Messages into the view model: the reducer, the store, the timeline. */
	model: ['cost', 'protocol'],
	/** Text of the view model as the terminal shows it: widths, colours, tool summaries, plain lines. */
	render: ['cost', 'model', 'protocol'],
	/** Print mode's and search's fast path: the WebAssembly kernels, their glue, the cuts (docs/fast-path.md). */
	fastpath: ['render', 'model', 'protocol'],
	/** Files, streams, the network, timers: the sources of messages. */
	io: ['fastpath', 'render', 'model', 'cost', 'protocol'],
	/** Markdown, JSON and STS exports of a session. */
	export: ['render', 'model', 'cost', 'protocol'],
	/** Print mode and --json: a store written to stdout. */
	output: ['fastpath', 'export', 'render', 'model', 'cost', 'protocol'],
	/**
	 * The process itself: its flags (the table, their type, where each is read), settings read once, crash path and fault
	 * switch.
	 */
	process: ['render', 'model', 'protocol'],
	/** Saved logins: the file that keeps them, which one a request carries, the login subcommands. */
	login: ['process', 'io', 'render', 'protocol'],
	/** A whole server: its API, its session list, server mode. */
	server: ['process', 'login', 'output', 'io', 'export', 'render', 'model', 'cost', 'protocol'],
	/** The screen (Ink). */
	ui: ['process', 'server', 'io', 'render', 'model', 'cost', 'protocol'],
	/**
	 * One-shot commands (--list on disk or on a server, --stats, --export, subagents). `--list` on a
	 * terminal draws the picker's rows (ui/views/session-columns.ts), so that a list and the picker
	 * read alike: the commands come after the screen.
	 */
	commands: ['ui', 'server', 'process', 'output', 'io', 'export', 'render', 'model', 'cost', 'protocol'],
	/**
	 * The command line described once: the flag table, --help, the man page, completions (the keys from ui/screen/keymap).
	 */
	'command-line': ['ui', 'process'],
	/**
	 * main.ts, cli.tsx and entry/: flags to a source (entry/open-source.ts) and an output on its store
	 * (entry/screen-output.ts, entry/print-output.ts).
	 */
	entry: [
		'command-line',
		'commands',
		'ui',
		'server',
		'login',
		'process',
		'output',
		'export',
		'io',
		'fastpath',
		'render',
		'model',
		'cost',
		'protocol',
	],
} as const satisfies Record<string, readonly string[]>;

export type Layer = keyof typeof layers;

/** The layer of a module under source/ (`io/sse/client.ts` → io); undefined for one no layer claims. */
export function layerOf(file: string): Layer | undefined {
	const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : undefined;
	if (folder !== undefined)
		return folder in layers && folder !== 'shared' && folder !== 'process' ? (folder as Layer) : undefined;
	const top: Record<string, Layer> = {
		'assert-never.ts': 'shared',
		'flags.ts': 'process',
		'flag-table.ts': 'process',
		'flag-readers.ts': 'process',
		'crash.ts': 'process',
		'settings.ts': 'process',
		'bad-usage.ts': 'process',
		'fault.ts': 'process',
		'config-keys.ts': 'process',
		'terminfo-colours.ts': 'process',
		'main.ts': 'entry',
		'cli.tsx': 'entry',
		'start.ts': 'entry',
	};
	return top[file];
}

/** The layers as docs/design.md's table lists them, in its order, each with what it may import. */
function designOrder(): string[] {
	const design = readFileSync(path.resolve(root, '..', 'docs', 'design.md'), 'utf8');
	const table = design.slice(design.indexOf('| layer | where | may import |'));
	const rows = table.split('\n').slice(2);
	const end = rows.findIndex(row => !row.startsWith('|'));
	return rows.slice(0, end < 0 ? undefined : end).map(row => {
		const [, layer, , imports] = row.split('|').map(cell => cell.trim());
		return `${layer}: ${imports === '—' ? '' : imports}`;
	});
}

/** Layers that must stay pure: no Node module at all (no files, network, processes or clocks of their own). */
const pure: ReadonlySet<Layer> = new Set(['protocol', 'cost', 'model', 'render']);

/** Every import that breaks the layers, as `from → to (why)`; also every module no layer claims. */
export function layerBreaks(edges: ReadonlyMap<string, readonly string[]>): string[] {
	const breaks: string[] = [];
	for (const [file, targets] of edges) {
		const from = layerOf(file);
		if (from === undefined) {
			breaks.push(`${file}: in no layer (add it to layerOf)`);
			continue;
		}
		for (const target of targets) {
			if (edges.has(target)) {
				const to = layerOf(target);
				if (to === undefined || to === from || to === 'shared') continue;
				if (!(layers[from] as readonly string[]).includes(to))
					breaks.push(`${file} → ${target} (${from} never imports ${to})`);
			} else if (pure.has(from) && (target.startsWith('node:') || builtins.has(target))) {
				breaks.push(`${file} → ${target} (${from} is pure: no Node module)`);
			}
		}
	}
	return breaks;
}

/**
 * What a pure module holds or reads that its arguments do not say: a module-level `let`/`var`;
 * a module-level `const` that the module changes (a collection's set/add/delete/clear, an
 * array's push/pop/shift/unshift/splice, a field or index assigned); an exported Map, Set,
 * WeakMap or WeakSet not typed Readonly (another module could change it); `process.env`;
 * `Date.now()`, `new Date()` without an argument, `Math.random()`. A scan of the text, comments
 * taken out: a module-level name is one declared at the start of a line; a local of the same
 * name changed inside a function counts too (rename it). Each finding is `file: what`.
 */
export function hiddenStateIn(file: string, source: string): string[] {
	// Comments out (a `//` after a colon or a quote is a URL's, kept).
	const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
	const found: string[] = [];
	for (const match of text.matchAll(/^(?:export\s+)?(let|var)\s+(\w+)/gm))
		found.push(`${file}: module-level ${match[1]} ${match[2]}`);
	for (const match of text.matchAll(
		/^(export\s+)?const\s+(\w+)\s*(?::\s*([^=]+?))?\s*=\s*(new\s+(Map|Set|WeakMap|WeakSet)\b)?/gm,
	)) {
		const [, exported, name, type, , collection] = match;
		const changed = new RegExp(
			`\\b${name}\\s*(?:\\.\\s*(?:set|add|delete|clear|push|pop|shift|unshift|splice)\\s*\\(|(?:\\.` +
				`\\s*\\w+|\\[[^\\]]*\\])\\s*(?:[-+*/%|&]|\\?\\?)?=(?!=))`,
		);
		if (changed.test(text)) found.push(`${file}: module-level ${name} is changed`);
		else if (exported && collection && !type?.startsWith('Readonly'))
			found.push(`${file}: ${name} is an exported ${collection} not typed Readonly${collection}`);
	}
	const reads: Array<[RegExp, string]> = [
		[/\bprocess\.env\b/, 'reads process.env'],
		[/\bDate\.now\s*\(/, 'reads the clock (Date.now())'],
		[/\bnew\s+Date\s*\(\s*\)/, 'reads the clock (new Date())'],
		[/\bMath\.random\s*\(/, 'draws Math.random()'],
	];
	for (const [pattern, what] of reads) if (pattern.test(text)) found.push(`${file}: ${what}`);
	return found;
}

/**
 * Findings that are no hidden state, each with why: a global regular expression's lastIndex is
 * set before each exec, in the same synchronous call, so no call sees another's.
 */
const allowedState: Readonly<Record<string, string>> = {
	'render/sanitize.ts: module-level special is changed': 'lastIndex, set before each exec',
	'render/sanitize.ts: module-level stringEnd is changed': 'lastIndex, set before each exec',
};

/**
 * Module state the pure layers still hold, each finding with why it stays for now. Every entry
 * must still be found (the list only shrinks); anything else found fails the test.
 */
const knownState: Readonly<Record<string, string>> = {};

describe('the architecture', () => {
	const edges = graph();

	it('finds the modules and their imports', () => {
		// The checks below would pass over nothing if the walk found nothing.
		expect(edges.size).toBeGreaterThan(100);
		expect(edges.get('main.ts')).toContain('model/session-store.ts');
	});

	it('orders the layers: each imports only layers before it, in the order docs/design.md gives', () => {
		const order = Object.keys(layers);
		const later = order.flatMap((layer, index) =>
			(layers[layer as Layer] as readonly string[])
				.filter(allowed => order.indexOf(allowed) < 0 || order.indexOf(allowed) >= index)
				.map(allowed => `${layer} → ${allowed}`),
		);
		expect(later).toEqual([]);
		const written = order
			.filter(layer => layer !== 'shared')
			.map(layer => `${layer}: ${layers[layer as Layer].join(', ')}`);
		expect(designOrder()).toEqual(written);
	});

	it('gives every module a name no other module in source/ has', () => {
		const byName = new Map<string, string[]>();
		for (const file of modules())
			byName.set(path.posix.basename(file), [...(byName.get(path.posix.basename(file)) ?? []), file]);
		expect([...byName.values()].filter(files => files.length > 1)).toEqual([]);
	});

	it('keeps every folder under source/ui/ to at most 30 files', () => {
		const counts = new Map<string, number>();
		for (const file of modules().filter(file => file.startsWith('ui/'))) {
			counts.set(path.posix.dirname(file), (counts.get(path.posix.dirname(file)) ?? 0) + 1);
		}
		expect(counts.size).toBeGreaterThan(1);
		expect([...counts].filter(([, count]) => count > 30)).toEqual([]);
	});

	it('places every module in a layer, and every import goes down an arrow of `layers`', () => {
		expect(layerBreaks(edges)).toEqual([]);
	});

	it('reports a planted import along each never-arrow, and none along an allowed one', () => {
		// One synthetic module per layer, as the real tree names them.
		const sample: Record<Layer, string> = {
			shared: 'assert-never.ts',
			protocol: 'protocol/x.ts',
			cost: 'cost/x.ts',
			model: 'model/x.ts',
			render: 'render/x.ts',
			fastpath: 'fastpath/x.ts',
			io: 'io/x.ts',
			export: 'export/x.ts',
			output: 'output/x.ts',
			commands: 'commands/x.ts',
			process: 'fault.ts',
			login: 'login/x.ts',
			'command-line': 'command-line/x.ts',
			server: 'server/x.ts',
			ui: 'ui/x.tsx',
			entry: 'main.ts',
		};
		const names = Object.keys(layers) as Layer[];
		let planted = 0;
		for (const from of names) {
			for (const to of names) {
				const edges = new Map<string, string[]>([
					[sample[from], [sample[to]]],
					[sample[to], []],
				]);
				const allowed = from === to || to === 'shared' || (layers[from] as readonly string[]).includes(to);
				if (!allowed) planted++;
				expect(layerBreaks(edges), `${from} → ${to}`).toEqual(
					allowed ? [] : [`${sample[from]} → ${sample[to]} (${from} never imports ${to})`],
				);
			}
		}
		// The arrows that must never be drawn, named: the table above must not allow any of them.
		const never: Array<[Layer, Layer]> = [
			['protocol', 'model'],
			['protocol', 'cost'],
			['cost', 'model'],
			['cost', 'io'],
			['model', 'render'],
			['model', 'io'],
			['model', 'ui'],
			['render', 'io'],
			['render', 'ui'],
			['render', 'fastpath'],
			['fastpath', 'io'],
			['fastpath', 'output'],
			['io', 'ui'],
			['io', 'output'],
			['io', 'commands'],
			['io', 'server'],
			['io', 'entry'],
			['export', 'output'],
			['output', 'ui'],
			['ui', 'output'],
			['ui', 'commands'],
			['server', 'ui'],
			['ui', 'entry'],
			['server', 'entry'],
		];
		for (const [from, to] of never)
			expect((layers[from] as readonly string[]).includes(to), `${from} → ${to}`).toBe(false);
		expect(planted).toBeGreaterThanOrEqual(never.length);
		// The pure layers reach no Node module; a layer with I/O may.
		for (const layer of ['protocol', 'cost', 'model', 'render'] as const) {
			for (const module of ['node:fs', 'fs/promises', 'node:child_process', 'node:http']) {
				expect(layerBreaks(new Map([[sample[layer], [module]]])), `${layer} → ${module}`).toEqual([
					`${sample[layer]} → ${module} (${layer} is pure: no Node module)`,
				]);
			}
		}
		expect(layerBreaks(new Map([['io/x.ts', ['node:fs']]]))).toEqual([]);
		// A module in a new top-level place must be given a layer first.
		expect(
			layerBreaks(
				new Map([
					['widgets/x.ts', []],
					['stray.ts', []],
				]),
			),
		).toEqual(['widgets/x.ts: in no layer (add it to layerOf)', 'stray.ts: in no layer (add it to layerOf)']);
	});

	it('keeps the server and the screen apart: the types they share have one home, below the screen', () => {
		const between = [...edges].flatMap(([file, targets]) =>
			targets
				.filter(target => layerOf(file) === 'server' && layerOf(target) === 'ui')
				.map(target => `${file} → ${target}`),
		);
		expect(between).toEqual([]);
	});

	it('has no import cycle', () => {
		expect(findCycle(edges)).toBeUndefined();
	});

	it('finds a cycle when there is one', () => {
		expect(
			findCycle(
				new Map([
					['a.ts', ['b.ts']],
					['b.ts', ['c.ts']],
					['c.ts', ['a.ts']],
				]),
			),
		).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
		expect(
			findCycle(
				new Map([
					['a.ts', ['b.ts', 'c.ts']],
					['b.ts', ['c.ts']],
					['c.ts', []],
				]),
			),
		).toBeUndefined();
	});

	it(
		'defines no accessors on objects: a field of an item is a value, never a getter that reads a file ' +
			'behind its reader',
		() => {
			const accessorMaker =
				/\bObject\.defineProperty\b|\bObject\.defineProperties\b|\bReflect\.defineProperty\b|__defineGetter__/;
			const offending = [...edges.keys()].filter(file =>
				accessorMaker.test(readFileSync(path.join(root, file), 'utf8')),
			);
			expect(offending).toEqual([]);
		},
	);

	it('keeps the pure layers free of hidden state: no module state, clock, chance or environment of their own', () => {
		const found = [...edges.keys()]
			.filter(file => pure.has(layerOf(file)!))
			.flatMap(file => hiddenStateIn(file, readFileSync(path.join(root, file), 'utf8')));
		expect(found.filter(finding => !(finding in knownState) && !(finding in allowedState))).toEqual([]);
		// The listed ones are still there: one removed comes off its list.
		expect(
			[...Object.keys(knownState), ...Object.keys(allowedState)].filter(finding => !found.includes(finding)),
		).toEqual([]);
	});

	it('finds hidden state of each kind planted in a module', () => {
		const planted = [
			'let cache = 0;',
			'export let count = 0;',
			'const seen = new Map<string, number>();\nexport function see(key: string): void {\n\tseen.set(key, 1);\n}',
			"const last = {second: 0, text: ''};\nexport function keep(second: number): void {\n\tlast.second = second;\n}",
			'const queue: string[] = [];\nexport const put = (x: string): number => queue.push(x);',
			"export const table = new Map<string, number>([['a', 1]]);",
			"export const on = process.env.PENGUIN_VIEW_X !== '0';",
			'export const now = (): number => Date.now();',
			'export const today = (): string => new Date().toISOString();',
			'export const token = (): string => String(Math.random());',
		];
		expect(planted.map(text => hiddenStateIn('model/x.ts', text))).toEqual([
			['model/x.ts: module-level let cache'],
			['model/x.ts: module-level let count'],
			['model/x.ts: module-level seen is changed'],
			['model/x.ts: module-level last is changed'],
			['model/x.ts: module-level queue is changed'],
			['model/x.ts: table is an exported Map not typed ReadonlyMap'],
			['model/x.ts: reads process.env'],
			['model/x.ts: reads the clock (Date.now())'],
			['model/x.ts: reads the clock (new Date())'],
			['model/x.ts: draws Math.random()'],
		]);
		// What is allowed: constants never changed, a Readonly table, a date of a given moment,
		// state inside a function or an object, and the words in a comment.
		const fine = [
			"const names = new Set(['a']);\nexport const known = (x: string): boolean => names.has(x);",
			"export const table: ReadonlyMap<string, number> = new Map([['a', 1]]);",
			'export const at = (ms: number): string => new Date(ms).toISOString();',
			'export function count(items: string[]): number {\n\tlet n = 0;\n\tfor (const item of items) n += ' +
				'item.length;\n\treturn n;\n}',
			'export class Counter {\n\tprivate seen = new Map<string, number>();\n\tadd(key: string): void ' +
				'{\n\t\tthis.seen.set(key, 1);\n\t}\n}',
			'// Date.now() and process.env are read by the entry, not here.\nexport const x = 1; /* let y */',
			"export const url = 'http://example.com'; // Math.random()",
		];
		expect(fine.flatMap(text => hiddenStateIn('model/x.ts', text))).toEqual([]);
	});

	it('reads the environment in one place: settings.ts, read once by the entry (cli.tsx), handed down', () => {
		// load-screen.ts hides CI from Ink while Ink loads (Ink decides at load whether it draws
		// at all, ui/components/load-screen.ts says why): it writes the variables back, and reads no setting.
		const readers = new Set(['settings.ts', 'cli.tsx', 'ui/components/load-screen.ts']);
		const readsEnv =
			/\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*['"]env['"]\s*\]|\{[^}]*\benv\b[^}]*\}\s*from\s*['"](?:node:)?process['"]/;
		const offending = [...edges.keys()].filter(
			file =>
				!readers.has(file) &&
				readsEnv.test(readFileSync(path.join(root, file), 'utf8').replace(/^\s*(?:\/\/|\*).*$/gm, '')),
		);
		expect(offending).toEqual([]);
		// The check sees each way of reaching the environment, and not a word in a comment.
		for (const text of ['const a = process.env.X;', "process['env']", "import {env} from 'node:process';"])
			expect(readsEnv.test(text), text).toBe(true);
		expect(readsEnv.test(' * PENGUIN_VIEW_X in process.env'.replace(/^\s*(?:\/\/|\*).*$/gm, ''))).toBe(false);
	});

	it('keeps the entry thin: main.ts at most 200 lines, each part of it in entry/ under 200', () => {
		const lines = (file: string): number => readFileSync(path.join(root, file), 'utf8').split('\n').length;
		expect(lines('main.ts')).toBeLessThanOrEqual(200);
		const parts = [...edges.keys()].filter(file => file.startsWith('entry/'));
		expect(parts.length).toBeGreaterThan(3);
		expect(parts.filter(file => lines(file) > 200)).toEqual([]);
	});

	it('keeps every module under 500 lines', () => {
		// json-block-wasm.ts is generated (the WebAssembly kernel as bytes, from json-block.wat).
		const generated = new Set(['fastpath/json-block-wasm.ts']);
		const long = [...edges.keys()]
			.filter(file => !generated.has(file))
			.map(file => ({file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length}))
			.filter(({lines}) => lines > 500)
			.map(({file, lines}) => `${file}: ${lines} lines`);
		expect(long).toEqual([]);
	});
});
