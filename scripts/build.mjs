#!/usr/bin/env node
/**
 * The build: source/ (already type-checked by tsc) bundled into dist/ with esbuild.
 *
 * Why a bundle: Node 20 has no compile cache for ES modules, and each module it loads costs
 * a resolve, a read and a compile. Loading ~40 files of ours and the dependencies' own made
 * start-up about 35 ms slower than loading one file per entry (measured with
 * bench/first-frame.mjs on the 100 MB trace: best 174 → 136 ms). Code split at the dynamic
 * imports stays in its own chunk, so the screen's Ink is still loaded only when a screen
 * opens, and print mode never loads it.
 */
import {readFile} from 'node:fs/promises';
import {readFileSync, realpathSync, rmSync} from 'node:fs';
import {createRequire, isBuiltin} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {applyEdits} from './build-edits.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;

/**
 * Work a dependency does as soon as it loads, made lazy in the bundle: each edit swaps a value
 * built at load for one built on first use, and changes nothing else. The versions are pinned
 * (~); an edit that no longer applies exactly once stops the build (scripts/build-edits.mjs).
 *
 * - string-width builds an Intl.Segmenter (~14 ms: ICU's break data) and its RGI emoji
 *   expression (~14 ms: the `v` flag expands every emoji sequence) when it loads. Print mode
 *   loads it before printing, but measures with it only text with tabs or carriage returns
 *   beside something not ASCII: most traces never do. (Only penguin-view's own copy: Ink's
 *   copies are other versions, and the screen measures with them at once anyway.)
 */
const lazyEdits = [
	{
		package: 'string-width',
		file: 'index.js',
		edits: [
			[
				'const segmenter = new Intl.Segmenter();',
				'let segmenter;\nconst segmenterOf = () => (segmenter ??= new Intl.Segmenter());',
			],
			[
				'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
				'let rgiEmojiRegex;\nconst rgiEmojiOf = () => (rgiEmojiRegex ??= /^\\p{RGI_Emoji}$/v);',
			],
			['segmenter.segment(string)', 'segmenterOf().segment(string)'],
			['rgiEmojiRegex.test(segment)', 'rgiEmojiOf().test(segment)'],
		],
		// Any use left of the values now built on first use would find them undefined.
		gone: [/\bsegmenter\./, /\brgiEmojiRegex\./],
	},
];

/**
 * Each file is the one penguin-view itself resolves (not a copy nested in another package, of
 * another version), by its real path: esbuild hands plugins real paths, so a node_modules
 * that is a symlink (pnpm, workspaces, npm link) is found all the same. A file that was
 * bundled without its edits stops the build.
 */
const lazyOnLoad = {
	name: 'lazy-on-load',
	setup(builder) {
		const edited = new Set();
		const targets = lazyEdits.map(({package: name, file, edits, gone}) => {
			const main = fileURLToPath(import.meta.resolve(name));
			const directory = main.slice(
				0,
				main.lastIndexOf(`${path.sep}node_modules${path.sep}${name}${path.sep}`) +
					`${path.sep}node_modules${path.sep}${name}${path.sep}`.length,
			);
			return {name, path: realpathSync(path.join(directory, file)), edits, gone};
		});
		for (const target of targets) {
			const exact = new RegExp(`^${target.path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
			builder.onLoad({filter: exact}, async args => {
				const contents = applyEdits(target.name, await readFile(args.path, 'utf8'), target.edits, target.gone);
				edited.add(target.path);
				return {contents, loader: 'js'};
			});
		}
		builder.onEnd(result => {
			if (result.errors.length > 0) return;
			const missed = targets.filter(target => !edited.has(target.path)).map(target => target.path);
			if (missed.length > 0)
				throw new Error(
					`scripts/build.mjs: bundled without its edits (not loaded from where it resolves): ` +
						`${missed.join(', ')}; update lazyEdits`,
				);
		});
	},
};

/**
 * Ink's Output.get, which turns a frame into the string written, remembers rows between
 * frames (source/ui/components/ink-output.ts; Ink's own get stays beside it, the reference its test compares with). Ink
 * is pinned (~): if output.js no longer has what is replaced, the build stops and says so.
 */
const inkOutput = {
	name: 'ink-output',
	setup(builder) {
		const rows = `${root}source/ui/components/ink-output.ts`;
		const edits = [
			[
				"import { styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';",
				`import { styledCharsFromTokens, styledCharsToString, tokenize, } from ` +
					`'@alcalzone/ansi-tokenize';\nimport { inkRowsFor } from ${JSON.stringify(rows)};\nconst ` +
					`penguinViewRows = inkRowsFor({ tokenize, styledCharsFromTokens, styledCharsToString, sliceAnsi, ` +
					`stringWidth });`,
			],
			['    get() {\n', '    get() {\n        return penguinViewRows(this);\n    }\n    getUncached() {\n'],
		];
		let edited = false;
		builder.onLoad({filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]output\.js$/}, async args => {
			const contents = applyEdits('ink/build/output.js', await readFile(args.path, 'utf8'), edits);
			edited = true;
			return {contents, loader: 'js'};
		});
		builder.onEnd(result => {
			if (result.errors.length === 0 && !edited)
				throw new Error('scripts/build.mjs: ink/build/output.js was not bundled: update inkOutput');
		});
	},
};

/**
 * Ink measures with string-width every row of every frame (see source/ui/components/ink-width.ts): its
 * imports of string-width, and widest-line's (which Ink calls on each text node), are pointed
 * at a measure that answers printable ASCII by its length and remembers the rest. The build
 * stops if no import was redirected (Ink or widest-line changed how they measure).
 */
const inkWidth = {
	name: 'ink-width',
	setup(builder) {
		const measure = `${root}source/ui/components/ink-width.ts`;
		const redirected = new Set();
		builder.onResolve({filter: /^string-width$/}, args => {
			if (!/[\\/]node_modules[\\/](ink|widest-line)[\\/]/.test(args.importer)) return undefined;
			redirected.add(args.importer.replaceAll('\\', '/'));
			return {path: measure};
		});
		builder.onEnd(result => {
			if (result.errors.length > 0) return;
			const wanted = ['ink/build/output.js', 'widest-line/index.js'];
			const missing = wanted.filter(file => ![...redirected].some(importer => importer.endsWith(file)));
			if (missing.length > 0)
				throw new Error(`scripts/build.mjs: ${missing.join(', ')} no longer import string-width: update inkWidth`);
		});
	},
};

/**
 * Two of Ink's caches. Its sanitizeAnsi, which every text node's text goes through on every
 * frame, remembers its answers (source/ui/components/ink-sanitize.ts; Ink's own stays inside it, as the
 * fallback). Its measureText remembers every text it ever measured, in a Map never emptied:
 * while an answer streams, each frame's changed rows (the body's text, when its rows are one
 * text: 3–6 kB a frame, 500 MB an hour) stayed there for good; it is emptied when it holds
 * 1,024. The build stops if either file no longer has what is replaced, or was not bundled.
 */
const inkCaches = {
	name: 'ink-caches',
	setup(builder) {
		const remember = `${root}source/ui/components/ink-sanitize.ts`;
		const files = {
			'sanitize-ansi.js': [
				['export default sanitizeAnsi;', 'export default rememberSanitized(sanitizeAnsi);'],
				[
					'const sgrParametersRegex',
					`import { rememberSanitized } from ${JSON.stringify(remember)};\nconst sgrParametersRegex`,
				],
			],
			'measure-text.js': [
				[
					'    cache.set(text, dimensions);',
					'    if (cache.size >= 1024) cache.clear();\n    cache.set(text, dimensions);',
				],
			],
		};
		const edited = new Set();
		builder.onLoad(
			{filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/](sanitize-ansi|measure-text)\.js$/},
			async args => {
				const name = path.basename(args.path);
				const contents = applyEdits(`ink/build/${name}`, await readFile(args.path, 'utf8'), files[name]);
				edited.add(name);
				return {contents, loader: 'js'};
			},
		);
		builder.onEnd(result => {
			const missed = Object.keys(files).filter(name => !edited.has(name));
			if (result.errors.length === 0 && missed.length > 0)
				throw new Error(`scripts/build.mjs: ink/build/${missed.join(', ')} not bundled: update inkCaches`);
		});
	},
};

/**
 * The page --help prints (source/command-line/help-text.ts), made here once: made at every
 * start it cost ~1.7 ms, for a text shown only by --help. Bundled in memory and loaded from
 * there, as scripts/build-man.mjs does the man page.
 */
async function helpPageOfBuild(description) {
	const bundled = await build({
		absWorkingDir: root,
		entryPoints: ['source/command-line/help-text.ts'],
		bundle: true,
		write: false,
		format: 'esm',
		platform: 'node',
		target: 'node20',
		logLevel: 'warning',
	});
	const {helpPage} = await import(
		`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].contents).toString('base64')}`
	);
	return helpPage(description);
}

/**
 * What the program shows of package.json: its version, its description (in --help), and the command's name as the
 * process title (what ps and top show).
 */
function packageFields() {
	const {name, version, description, bin} = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
	return {version, description, title: Object.keys(bin ?? {})[0] ?? name};
}
const packageJson = packageFields();

/**
 * One chunk for what the entry loads. esbuild puts each module in the chunk of the set of
 * entry points (the dynamic imports included) that reach it: the entry's own modules were
 * split over ~28 chunks by which of the ~25 dynamically imported modules also use them, and
 * Node loads each file of a static import on every start (a real path, a package scope, an
 * open, a read, a compile): 0.5–1 ms a file, ~30 ms for the 28 against ~13 ms for their code
 * as one file. Every module our code imports dynamically is loaded only after the entry's
 * modules have run, so it is given an import of them (in the bundle only: at run time they
 * are already loaded, and nothing runs again): every entry module is then reached by the same
 * set, and lands in one chunk. The modules the entry reaches, and the dynamic imports, are
 * read from a first build's metafile; a module that the entry also imports statically is left
 * as it is (an import of the entry from it would make a cycle). A package's module imported
 * dynamically (smol-toml, chokidar, Ink's devtools) is given the same imports: else the code
 * it shares with the entry (esbuild's runtime, get-east-asian-width) stays in a file of its
 * own that every start loads (~0.5 ms a file). Those must be ES modules (an import added to
 * CommonJS would change its format): the build stops on one that is not.
 */
function sharedEntryImports(metafile) {
	const entry = 'source/cli.tsx';
	const reached = new Set([entry]);
	const queue = [entry];
	while (queue.length > 0) {
		for (const edge of metafile.inputs[queue.pop()]?.imports ?? []) {
			if (edge.kind !== 'import-statement' || reached.has(edge.path)) continue;
			reached.add(edge.path);
			queue.push(edge.path);
		}
	}
	const dynamic = new Set(
		Object.values(metafile.inputs).flatMap(input =>
			input.imports.filter(edge => edge.kind === 'dynamic-import').map(edge => edge.path),
		),
	);
	// What the entry imports of ours (not a package's module).
	const imports = metafile.inputs[entry].imports
		.filter(edge => edge.kind === 'import-statement' && edge.path.startsWith('source/'))
		.map(edge => path.join(root, edge.path));
	const bundled = [...dynamic].filter(file => metafile.inputs[file] !== undefined && !reached.has(file));
	const commonJs = bundled.filter(file => !file.startsWith('source/') && metafile.inputs[file].format !== 'esm');
	if (commonJs.length > 0)
		throw new Error(
			`scripts/build.mjs: imported dynamically but not an ES module: ${commonJs.join(', ')}; update sharedEntryImports`,
		);
	const targets = bundled.map(file => realpathSync(path.join(root, file)));
	if (targets.length === 0 || imports.length === 0)
		throw new Error('scripts/build.mjs: no dynamic import or no entry import found: update sharedEntryImports');
	// Every module the entry loads, by its real path (builtinsByRequire takes the built-ins these import).
	const entryModules = new Set(
		[...reached]
			.filter(file => metafile.inputs[file] !== undefined && !file.includes(':'))
			.map(file => realpathSync(path.join(root, file))),
	);
	return {targets: new Set(targets), imports, entryModules};
}

const shared = {targets: new Set(), imports: [], entryModules: new Set()};
const sharedEntry = {
	name: 'shared-entry',
	setup(builder) {
		builder.onLoad({filter: /[\\/]source[\\/].*\.tsx?$/}, async args => {
			if (!shared.targets.has(args.path)) return undefined;
			const added = shared.imports.map(file => `import ${JSON.stringify(file)};`).join('\n');
			return {
				contents: `${await readFile(args.path, 'utf8')}\n${added}\n`,
				loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
			};
		});
		builder.onLoad({filter: /[\\/]node_modules[\\/].*\.m?js$/}, async args => {
			if (!shared.targets.has(args.path)) return undefined;
			const added = shared.imports.map(file => `import ${JSON.stringify(file)};`).join('\n');
			return {contents: `${await readFile(args.path, 'utf8')}\n${added}\n`, loader: 'js'};
		});
	},
};

/**
 * Node's own modules taken with process.getBuiltinModule (Node 20.16+; require before that)
 * rather than by an ES import. An ES import of a built-in makes its module namespace, which
 * reads every export once: node:fs's ReadStream and WriteStream are getters that load Node's
 * whole streams stack (~20 modules), node:util's load its MIME parser, and on Node 24 fs.F_OK
 * and its kin are getters that print a deprecation warning. `import … from 'node:fs'` alone
 * cost a start ~7 M instructions on Node 20 and ~14 M on Node 24, for streams print mode never
 * makes. Each built-in imported is bundled as a small module that reads off the object only the
 * names the bundle imports (each read is marked pure, so esbuild drops the others), once, when
 * the chunk loads. (process.getBuiltinModule(x) is the object require(x) gives.) Only the
 * imports of the modules the entry loads are taken so (the first build finds them): they all
 * land in the entry's chunk, while a built-in that only the screen or a command imports,
 * shared by two of their chunks, would otherwise be a file of its own loaded beside them.
 */
const builtinsByRequire = {
	name: 'builtins-by-require',
	setup(builder) {
		const nodeRequire = createRequire(import.meta.url);
		builder.onResolve({filter: /^[a-z_:/]+$/}, args => {
			if (!isBuiltin(args.path) || !shared.entryModules.has(args.importer)) return undefined;
			// An import() is left to Node: loaded when it is needed, never a chunk of its own.
			if (args.kind !== 'import-statement') return {path: args.path, external: true};
			return {path: args.path.startsWith('node:') ? args.path : `node:${args.path}`, namespace: 'node-builtin'};
		});
		builder.onLoad({filter: /.*/, namespace: 'node-builtin'}, args => {
			const names = Object.getOwnPropertyNames(nodeRequire(args.path)).filter(
				name => name !== 'default' && bindable(name),
			);
			const name = JSON.stringify(args.path);
			const lines = [
				`const builtin = process.getBuiltinModule?.(${name}) ?? require(${name});`,
				'const pick = name => builtin[name];',
				'export default builtin;',
				...names.map(name => `export const ${name} = /* @__PURE__ */ pick(${JSON.stringify(name)});`),
			];
			return {contents: `${lines.join('\n')}\n`, loader: 'js'};
		});
	},
};

/** `name` can be the name of a constant (not a reserved word). */
function bindable(name) {
	try {
		new Function(`const ${name} = 0;`);
		return true;
	} catch {
		return false;
	}
}

const options = {
	absWorkingDir: root,
	// dist/cli.js is source/start.ts: Node's compile cache on, then the program (source/cli.tsx, imported from there).
	entryPoints: [{in: 'source/start.ts', out: 'cli'}],
	outdir,
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	jsx: 'automatic',
	chunkNames: 'chunks/[name]-[hash]',
	// Ink loads the React devtools only when DEV=true, and lists them as optional: left out.
	external: ['react-devtools-core'],
	// Some bundled dependencies are CommonJS and call require(); an ES module has none.
	// Made on the first require(): making it cost every start ~2 M instructions, and print mode never requires.
	banner: {
		js:
			"import {createRequire as penguinViewCreateRequire} from 'node:module'; let penguinViewRequire; const " +
			'require = id => (penguinViewRequire ??= penguinViewCreateRequire(import.meta.url))(id);',
	},
	legalComments: 'linked',
	// What the entry shows of package.json (--version, the process title); the page --help prints;
	// and React's production build: its development build (what React runs without NODE_ENV)
	// renders about twice as slowly and measures itself on every render. The program sets no
	// variable of its own environment (settings.ts reads it, once).
	define: {
		// Each field its own string: an object would be a module of its own that every module (dist/cli.js too) imports and
		// runs first.
		'PENGUIN_VIEW_PACKAGE.version': JSON.stringify(packageJson.version),
		'PENGUIN_VIEW_PACKAGE.title': JSON.stringify(packageJson.title),
		PENGUIN_VIEW_HELP: JSON.stringify(await helpPageOfBuild(packageJson.description)),
		'process.env.NODE_ENV': '"production"',
	},
	logLevel: 'warning',
	plugins: [builtinsByRequire, lazyOnLoad, inkWidth, inkOutput, inkCaches, sharedEntry],
};

rmSync(outdir, {recursive: true, force: true});
const first = await build({...options, write: false, metafile: true});
Object.assign(shared, sharedEntryImports(first.metafile));
await build(options);

/**
 * The worker thread of `--grep` (source/commands/grep-worker.ts): a file of its own with all it needs inside it, so
 * that the program's chunks stay as the entry's start wants them; source/commands/grep-threads.ts finds it beside them.
 * None of the edits above: it draws nothing, and its start is paid once a thread.
 */
await build({
	...options,
	entryPoints: [{in: 'source/commands/grep-worker.ts', out: 'grep-worker'}],
	splitting: false,
	plugins: [],
});
