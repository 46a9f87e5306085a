// Search by bytes (model/byte-search.ts, io/held-scan.ts): the same verdicts and the same matches as reading every held
// text back (the reference), on random texts and queries; fewer texts read; what a followed trace adds scanned once.
import {appendFileSync, closeSync, openSync, readFileSync, writeFileSync} from 'node:fs';
import fc from 'fast-check';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {byteKernel, jsKernel} from '../../source/fastpath/byte-kernel.js';
import {HeldTextStore} from '../../source/io/held-texts.js';
import {
	heldPatternScan,
	heldScan,
	Offsets,
	type ChangedLines,
	type HeldScan,
	type ScanFiles,
} from '../../source/io/held-scan.js';
import type {HeldText} from '../../source/model/held-text.js';
import type {ScanKernel} from '../../source/model/byte-search.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {filterTest} from '../../source/ui/reading/pane-filter.js';
import {LiveMatches} from '../../source/ui/reading/search-count.js';
import {findMatches, itemMatcher, matcher, searchText} from '../../source/ui/reading/search.js';
import {matchCounter, matchRanges, searchPattern} from '../../source/ui/reading/search-match.js';
import {sanitize} from '../../source/render/sanitize.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {inputsOf, line, meta, writeShard} from '../perf/trace-maker.js';

let dir: string;
beforeEach(() => {
	dir = makeTempDir('penguin-view-search-bytes-');
});
afterEach(() => removeTempDir(dir));

// What makes bytes and text differ: JSON escapes (and the letters that end them), controls sanitize applies, case,
// characters lower-casing to ASCII.
const pieces = [
	'a',
	'b',
	'k',
	'i',
	's',
	'A',
	'B',
	'K',
	'I',
	'S',
	'İ',
	'\u212a',
	'é',
	'É',
	'ß',
	'Σ',
	'ς',
	'中',
	'😀',
	' ',
	'"',
	'\\',
	'/',
	'u',
	'n',
	't',
	'r',
	'f',
	'0',
	'1',
	'[',
	'm',
	';',
	'\n',
	'\r',
	'\r\n',
	'\t',
	'\b',
	'\f',
	'\u0000',
	'\u001b',
	'\u001b[31m',
	'\u001b[0m',
	'\u001b[2K',
	'\u001b]0;t\u0007',
	'\u007f',
	'\u0085',
	'\u009b',
	'\u200e',
	'\u202e',
	'\u2066',
	'\u061c',
	'ab',
	'ka',
];
// Short texts of few pieces, so that a query taken from one often meets what sanitize changes.
const dense = [
	'a',
	'b',
	'ab\rA',
	'A',
	'k',
	'K',
	'i',
	'İ',
	'\u212a',
	' ',
	'"',
	'\\',
	'\u001b[0m',
	'\u001b]0;t\u0007',
	'\r',
	'\r\n',
	'\t',
	'\b',
	'\f',
	'\u0000',
	'\u007f',
	'\u0085',
	'\u200e',
	'\u2066',
];
const text = fc.oneof(
	fc.array(fc.constantFrom(...pieces), {maxLength: 40}).map(parts => parts.join('')),
	fc.array(fc.constantFrom(...dense), {maxLength: 6}).map(parts => parts.join('')),
);
const query = fc.oneof(
	fc
		.array(fc.constantFrom(...pieces.filter(piece => piece !== '\n' && piece !== '\r\n')), {minLength: 1, maxLength: 4})
		.map(parts => parts.join('')),
	fc.constantFrom('a', 'ab', 'AB', 'k', 'K', 'i', 'ia', 'é', '"a', 'a\\', 'b a', 'a/b', 'u0', 'zzz', 'a\nb'),
	// Expressions with no literal, which the bytes are tested with as written (model/written-as-is.ts) where they can be.
	fc.constantFrom(
		'[ab]{2}',
		'[a-k][01]',
		'[A-K]+',
		'[ab][ x]+[ab]',
		'[m0-9;[]{2}',
		'[uU][0-9]',
		'[ab]\\d',
		'[a-z].[a-z]',
	),
);
/** A piece of what some entry shows (its sanitized text), its case changed or not: queries that do match. */
const shownPiece = fc.record({
	entry: fc.nat(),
	start: fc.nat(),
	length: fc.integer({min: 1, max: 4}),
	case: fc.constantFrom('same', 'upper', 'lower'),
});
function pieceOf(
	entries: Entry[],
	{entry, start, length, case: kind}: {entry: number; start: number; length: number; case: string},
): string {
	const shown = sanitize(entries[entry % entries.length]!.text);
	const at = shown.length === 0 ? 0 : start % shown.length;
	const piece = shown.slice(at, at + length);
	return kind === 'upper' ? piece.toUpperCase() : kind === 'lower' ? piece.toLowerCase() : piece;
}
type Entry = {kind: 'user' | 'assistant' | 'thinking' | 'call'; text: string; args: string};
const entry = fc.record({
	kind: fc.constantFrom('user', 'assistant', 'thinking', 'call'),
	text,
	args: text,
}) as fc.Arbitrary<Entry>;

function trace(entries: Entry[]): string {
	let lines = meta();
	entries.forEach(({kind, text, args}, n) => {
		if (kind === 'user' || kind === 'assistant') lines += line('model_msg', {type: 'text', role: kind, text});
		else if (kind === 'thinking') lines += line('model_msg', {type: 'thinking', role: 'assistant', thinking: text});
		else {
			lines += line('model_msg', {
				type: 'tool_call',
				role: 'assistant',
				name: 'exec_command',
				arguments: args,
				tool_call_id: `c${n}`,
			});
			lines += line('model_msg', {
				type: 'tool_call_output',
				role: 'user',
				output: text,
				tool_call_id: `c${n}`,
				stop_reason: 'completed',
			});
		}
	});
	return lines;
}

/**
 * `lines` as a writer with ensure_ascii writes them: every character beyond ASCII a `\u` escape, and here `a` and `k`
 * in strings too (any writer may escape any character), some with capital hex digits.
 */
function asciiOnly(lines: string): string {
	const escaped = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
	return lines.replace(/"(?:[^"\\]|\\.)*"/g, literal =>
		literal.replace(/\\u[0-9a-fA-F]{4}|\\.|[^\\]/g, token =>
			token === 'a'
				? escaped(token)
				: token === 'k'
					? escaped(token).toUpperCase().replace('\\U', '\\u')
					: /[^\x00-\x7f]/.test(token)
						? escaped(token)
						: token,
		),
	);
}

function load(inputs: ModelInput[], store: HeldTextStore): SessionModel {
	const model = new SessionModel({holdText: store.hold});
	store.observe(inputs);
	model.applyAll(inputs, 0);
	return model;
}

/** Every item's verdict by the byte search and by the reference, and the filter's and the count's. */
function expectSame(model: SessionModel, store: HeldTextStore, queries: string[]): void {
	for (const q of queries) {
		const reference = matcher(q);
		const test = itemMatcher(q, store);
		const expected = model.view.items.map(item => reference(searchText(item, store)));
		expect({q, verdicts: model.view.items.map(item => test(item))}).toEqual({q, verdicts: expected});
		// Search (/) counts an expression's matches in each pane's line: the byte search skips only texts that hold none.
		const everyText = {read: store.read.bind(store)};
		expect({q, found: findMatches(model.view, q, store)}).toEqual({q, found: findMatches(model.view, q, everyText)});
		// `match i of N`: each item's count, from the bytes where they tell, as reading the text counts it.
		const counted = matchCounter(q, store);
		const read = matchCounter(q, everyText);
		expect({q, counts: model.view.items.map(item => counted(item))}).toEqual({
			q,
			counts: model.view.items.map(item => read(item)),
		});
		// The filter's words are split at spaces; one word is tested as search tests it.
		const filter = /\s/.test(q) ? undefined : filterTest(q, store);
		if (filter) expect(model.view.items.map(item => filter(item))).toEqual(expected);
	}
}

test('in a trace, the byte search finds exactly what reading every held text finds', () => {
	fc.assert(
		fc.property(
			fc.array(entry, {minLength: 1, maxLength: 12}),
			fc.array(query, {minLength: 1, maxLength: 4}),
			fc.array(shownPiece, {minLength: 1, maxLength: 6}),
			fc.boolean(),
			(entries, random, shown, ascii) => {
				const queries = [...random, ...shown.map(piece => pieceOf(entries, piece))];
				const store = new HeldTextStore({threshold: 1});
				const written = ascii ? asciiOnly(trace(entries)) : trace(entries);
				const model = load(inputsOf(writeShard(dir, 1, written)), store);
				expectSame(model, store, queries);
				store.close();
			},
		),
		{numRuns: 300},
	);
	// Many runs of a whole model each: minutes on a loaded machine, where the default timeout is too short.
}, 180_000);

test('in the spill file (a live stream), the byte search finds exactly what reading every held text finds', () => {
	fc.assert(
		fc.property(
			fc.array(entry, {minLength: 1, maxLength: 12}),
			fc.array(query, {minLength: 1, maxLength: 4}),
			fc.array(shownPiece, {minLength: 1, maxLength: 6}),
			(entries, random, shown) => {
				const queries = [...random, ...shown.map(piece => pieceOf(entries, piece))];
				const store = new HeldTextStore({threshold: 1, spill: true});
				const streamed = inputsOf(writeShard(dir, 1, trace(entries)))
					.slice(1)
					.map(input => (input.kind === 'message' ? {kind: 'message' as const, message: input.message} : input));
				const model = load(streamed, store);
				expectSame(model, store, queries);
				store.close();
			},
		),
		{numRuns: 300},
	);
	// Many runs of a whole model each: minutes on a loaded machine, where the default timeout is too short.
}, 180_000);

test('a search for a word no held text holds reads none of them back', () => {
	const entries: Entry[] = Array.from({length: 50}, (_, n) => ({
		kind: 'call',
		text: `output ${n} of the command\n`.repeat(40),
		args: '{"cmd":"ls"}',
	}));
	const store = new HeldTextStore();
	const model = load(inputsOf(writeShard(dir, 1, trace(entries))), store);
	expect(store.held).toBe(50);
	expect(findMatches(model.view, 'nowhere', store)).toEqual([]);
	expect(store.reads).toBe(0);
	expect(findMatches(model.view, 'output 7 of', store)).toHaveLength(1);
	// The one that holds it has its matches counted in its bytes: none is read back.
	expect(store.reads).toBe(0);
	// An expression: only the texts holding the literal every match holds ("output 4": outputs 4 and 40–49) are read
	// back, and counted by reading; before, every text was.
	expect(findMatches(model.view, 'output 4[0-9] of', store)).toHaveLength(10);
	expect(store.reads).toBe(11);
	expect(findMatches(model.view, 'output 7 of (the|a) command', store)).toHaveLength(1);
	expect(store.reads).toBe(12);
	store.close();
});

test(
	'a word in many held texts is counted from the bytes; ' + 'only the texts the bytes cannot decide are read back',
	() => {
		// Every output holds "step"; one in ten "Step" in capitals; one in ten a colour, which sanitize removes whole, one
		// in ten a backspace, which it applies.
		const prefix = (n: number): string => (n % 10 === 3 ? '\u001b[1m' : n % 10 === 7 ? 'x\b' : '');
		const entries: Entry[] = Array.from({length: 60}, (_, n) => ({
			kind: n % 3 === 0 ? 'thinking' : 'call',
			text: `${prefix(n)}${n % 10 === 5 ? 'Step' : 'step'} ${n} of the plan\n`.repeat(20),
			args: '{"cmd":"make"}',
		}));
		const store = new HeldTextStore();
		const inputs = inputsOf(writeShard(dir, 1, trace(entries)));
		const model = load(inputs, store);
		expect(store.held).toBe(60);
		// The reference: every held text read back (by a reader of its own).
		const other = new HeldTextStore();
		other.observe(inputs);
		const reference = findMatches(model.view, 'step', {read: (held, item) => other.read(held, item)});
		other.close();
		expect(findMatches(model.view, 'step', store)).toEqual(reference);
		expect(reference).toHaveLength(60);
		store.close();
		// A capital: the texts with the word as written are counted in their bytes; only those with an escape the bytes
		// cannot judge are read back: the backspaces, not the colours (which join nothing into "Step").
		const fresh = new HeldTextStore();
		fresh.observe(inputs);
		expect(findMatches(model.view, 'Step', fresh)).toHaveLength(6);
		expect(fresh.reads).toBe(6);
		fresh.close();
	},
);

test('a word in nearly every held text is counted in its bytes: none read back, the total as reading gives', () => {
	// Matches next to escapes (a quote, a backslash, a newline: none changed by sanitize), in either case, side by side.
	const entries: Entry[] = Array.from({length: 40}, (_, n) => ({
		kind: n % 4 === 0 ? 'thinking' : n % 4 === 1 ? 'assistant' : 'call',
		text: `"envelope" \\envelope\nENVELOPEenvelope ${n}\n`.repeat(20 + n),
		args: '{}',
	}));
	const store = new HeldTextStore();
	const inputs = inputsOf(writeShard(dir, 1, trace(entries)));
	const model = load(inputs, store);
	expect(store.held).toBe(40);
	const live = new LiveMatches(store);
	const total = live.total(live.matches(model.view, 'envelope'));
	expect(store.reads).toBe(0);
	let expected = 0;
	for (let n = 0; n < 40; n++) expected += 4 * (20 + n);
	expect(total).toBe(expected);
	// `n` is in every `\\n` of the bytes, never a match there: counted as reading the texts counts it.
	const other = new HeldTextStore();
	other.observe(inputs);
	const read = matchCounter('n', {read: (held, item) => other.read(held, item)});
	const counted = matchCounter('n', store);
	expect(model.view.items.map(item => counted(item))).toEqual(model.view.items.map(item => read(item)));
	expect(store.reads).toBe(0);
	other.close();
	store.close();
});

test('a query with a space reads back no text whose tabs cannot make it (a tab only becomes spaces)', () => {
	// Code with tabs in every output; one holds the words the query has, apart.
	const entries: Entry[] = Array.from({length: 40}, (_, n) => ({
		kind: 'call',
		text: `${n === 7 ? 'make\tcheck' : 'func main()'}\n\tfmt.Println(${n})\n`.repeat(10),
		args: '{}',
	}));
	const store = new HeldTextStore();
	const model = load(inputsOf(writeShard(dir, 1, trace(entries))), store);
	expect(findMatches(model.view, 'go vet', store)).toEqual([]);
	expect(store.reads).toBe(0);
	// Its tab may make the space (it does not here: the tab after `make` is four spaces): that one is read.
	expect(findMatches(model.view, 'make check', store)).toEqual([]);
	expect(store.reads).toBe(1);
	store.close();
});

test('an expression with no literal reads back the texts its bytes match, or whose tabs or controls may', () => {
	// Fifty outputs; one holds a build number, one a tab between two words, one a backspace that makes a number.
	const text = (n: number): string =>
		n === 11 ? 'Build1234 done\n' : n === 22 ? 'make\tcheck\n' : n === 33 ? 'Bx\build777\n' : `output ${n}\n`;
	const entries: Entry[] = Array.from({length: 50}, (_, n) => ({kind: 'call', text: text(n).repeat(80), args: '{}'}));
	const store = new HeldTextStore();
	const model = load(inputsOf(writeShard(dir, 1, trace(entries))), store);
	expect(store.held).toBe(50);
	const found = findMatches(model.view, '[A-Z][a-z]+[0-9]{3}', store);
	// At most the build number's output and the backspace's (sanitize may make a match there); no other is read back.
	expect(store.reads).toBeLessThanOrEqual(2);
	expect(found).toHaveLength(2);
	const everyText = {read: store.read.bind(store)};
	expect(found).toEqual(findMatches(model.view, '[A-Z][a-z]+[0-9]{3}', everyText));
	// A tab becomes spaces: its output may hold `e  c`, and is read.
	expect(findMatches(model.view, '[a-z][ x]{2,}[a-z]', store)).toEqual(
		findMatches(model.view, '[a-z][ x]{2,}[a-z]', everyText),
	);
	expect(findMatches(model.view, '[a-z][ x]{2,}[a-z]', store)).toHaveLength(1);
	store.close();
});

test('a followed trace: what arrives is counted, and only the new bytes are scanned', () => {
	const output = (n: number): string => `step ${n} done\n`.repeat(30);
	const entries: Entry[] = Array.from({length: 20}, (_, n) => ({kind: 'call', text: output(n), args: '{}'}));
	const file = writeShard(dir, 1, trace(entries));
	const store = new HeldTextStore();
	const model = new SessionModel({holdText: store.hold});
	const first = inputsOf(file);
	store.observe(first);
	model.applyAll(first, 0);
	const live = new LiveMatches(store);
	expect(live.matches(model.view, 'step 2')).toHaveLength(1);
	const scanned = store.scanned;
	const before = first.length;
	const added =
		line('model_msg', {
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: '{}',
			tool_call_id: 'late',
		}) +
		line('model_msg', {
			type: 'tool_call_output',
			role: 'user',
			output: output(2),
			tool_call_id: 'late',
			stop_reason: 'completed',
		});
	appendFileSync(file, added);
	model.applyAll(inputsOf(file).slice(before), 0);
	expect(live.matches(model.view, 'step 2')).toHaveLength(2);
	expect(store.scanned - scanned).toBe(Buffer.byteLength(added));
	store.close();
});

test('a trace replaced in place: an expression with no literal is looked for again in the new bytes', () => {
	const entries = (build: number): Entry[] =>
		Array.from({length: 20}, (_, n) => ({
			kind: 'call',
			text: (n === build ? 'Build555 done\n' : `step ${n} done\n`).repeat(30),
			args: '{}',
		}));
	const file = writeShard(dir, 1, trace(entries(-1)));
	const store = new HeldTextStore();
	const first = load(inputsOf(file), store);
	expect(findMatches(first.view, '[A-Z][a-z]+[0-9]{3}', store)).toEqual([]);
	// The same file written again (a rotation, a copy over it): the store reopens it, the model is read again.
	writeShard(dir, 1, trace(entries(5)));
	store.reopen();
	const again = load(inputsOf(file), store);
	expect(findMatches(again.view, '[A-Z][a-z]+[0-9]{3}', store)).toHaveLength(1);
	store.close();
});

test('a pattern with no literal in the spill file, read a little at a time as it grows: kept if it matches', () => {
	const texts = fc.array(fc.array(fc.constantFrom('ab', 'b', 'A', '1', 'é', ' ', '\n', 'x'), {maxLength: 12}), {
		minLength: 1,
		maxLength: 12,
	});
	fc.assert(
		fc.property(texts, fc.integer({min: 4, max: 40}), (parts, size) => {
			const bodies = parts.map(part => part.join(''));
			const file = `${dir}/spill-${size}`;
			writeFileSync(file, bodies.join(''));
			const starts: number[] = [];
			let at = 0;
			for (const body of bodies) {
				starts.push(at);
				at += Buffer.byteLength(body);
			}
			const fd = openSync(file, 'r');
			// The first half of the texts written first, as a stream spills them: asked about, then the rest.
			let known = Math.ceil(starts.length / 2);
			const files: ScanFiles = {
				kernel: () => byteKernel(),
				count: () => undefined,
				shard: () => undefined,
				spill: () => ({fd, size: starts[known] ?? at, starts: starts.slice(0, known), changed: new Set()}),
				changed: () => ({scanned: 0, lines: new Offsets()}),
			};
			const scan = heldPatternScan(/[ab]{2}[1x]/g, files, {chunk: size, ahead: size})!;
			scan.verdict({spill: starts[known - 1]!, bytes: 0, lines: 0}, 'output');
			known = starts.length;
			const said = starts.map(start => scan.verdict({spill: start, bytes: 0, lines: 0}, 'output'));
			// Empty texts share a start with the next: what one says, both say.
			const expected = starts.map(start =>
				bodies.some((body, n) => starts[n] === start && /[ab]{2}[1x]/.test(body)) ? 'maybe' : 'no',
			);
			expect(said).toEqual(expected);
			closeSync(fd);
		}),
		{numRuns: 300},
	);
});

test('the WebAssembly kernel finds what its JavaScript twin finds', () => {
	const interesting = [
		0x5c, 0x75, 0x62, 0x66, 0x72, 0x74, 0x6e, 0x7f, 0xc2, 0xd8, 0xe2, 0xc4, 0x41, 0x5a, 0x61, 0x7a, 0x40, 0x5b, 0x80,
		0x9c, 0x0a,
	];
	const bytes = fc.array(fc.oneof(fc.constantFrom(...interesting), fc.integer({min: 0, max: 255})), {maxLength: 80});
	fc.assert(
		fc.property(bytes, fc.constantFrom(0, 2), (values, flags) => {
			const wasm = byteKernel();
			const js = jsKernel();
			const chunk = wasm.chunk(values.length);
			chunk.set(values);
			const plain = Buffer.from(values);
			expect(Buffer.from(wasm.lower(chunk))).toEqual(js.lower(plain));
			const stops = (kernel: ScanKernel, data: Buffer): number[] => {
				const found: number[] = [];
				for (let at = kernel.special(data, 0, flags); at < data.length; at = kernel.special(data, at + 1, flags))
					found.push(at);
				return found;
			};
			expect(stops(wasm, chunk)).toEqual(stops(js, plain));
		}),
		{numRuns: 500},
	);
	// The anchor's search: every place found, in either case or in this one, whatever the needle's length against the
	// sixteen bytes tested at once.
	const letters = fc.array(fc.constantFrom(0x61, 0x62, 0x41, 0x42, 0x5c, 0x22, 0x0a, 0x7a, 0x5a, 0x40), {
		maxLength: 90,
	});
	fc.assert(
		fc.property(
			letters,
			fc.array(fc.constantFrom(0x61, 0x62, 0x5c, 0x22, 0x7a), {minLength: 1, maxLength: 20}),
			fc.boolean(),
			(values, needleValues, fold) => {
				const wasm = byteKernel();
				const js = jsKernel();
				const chunk = wasm.chunk(values.length);
				chunk.set(values);
				const needle = Buffer.from(needleValues);
				const places = (find: (from: number) => number, length: number): number[] => {
					const found: number[] = [];
					for (let at = find(0); at < length; at = find(at + 1)) found.push(at);
					return found;
				};
				expect(places(wasm.finder(chunk, needle, fold), chunk.length)).toEqual(
					places(js.finder(Buffer.from(values), needle, fold), values.length),
				);
				// The count of a field's matches (not inside an escape, not overlapping), over any stretch.
				const from = Math.min(values.length, needleValues.length);
				expect(wasm.count(chunk, needle, fold, from, values.length)).toBe(
					js.count(Buffer.from(values), needle, fold, from, values.length),
				);
			},
		),
		{numRuns: 1000},
	);
});

test(
	'scanned in small chunks, asked out of order (a text far ahead first), by queries sharing what sanitize ' +
		'changes: the same verdicts',
	() => {
		const files = (file: string): ScanFiles => {
			const fd = openSync(file, 'r');
			const changed = new Map<number, ChangedLines>();
			return {
				kernel: () => byteKernel(),
				count: () => undefined,
				shard: () => fd,
				spill: () => undefined,
				changed: (_index, key) => {
					if (!changed.has(key)) changed.set(key, {scanned: 0, lines: new Offsets()});
					return changed.get(key)!;
				},
			};
		};
		fc.assert(
			fc.property(
				fc.array(entry, {minLength: 1, maxLength: 30}),
				fc.array(query, {minLength: 1, maxLength: 4}),
				fc.array(fc.nat(), {minLength: 1, maxLength: 8}),
				fc.integer({min: 64, max: 600}),
				(entries, queries, firsts, size) => {
					const file = writeShard(dir, 1, trace(entries));
					const held = inputsOf(file).flatMap(input =>
						input.kind === 'message' && input.at ? [{shard: 1, offset: input.at.offset}] : [],
					);
					// Some texts first (far ahead of the scan, or not), then every one in order.
					const order = [...firsts.map(n => held[n % held.length]!), ...held];
					const reference = files(file);
					const small = files(file);
					const fields = ['output', 'text', 'thinking'] as const;
					const said = (scan: HeldScan, text: HeldText): string =>
						fields.map(field => scan.verdict(text, field)).join(' ');
					for (const q of queries) {
						const whole = heldScan(q, reference);
						const sliced = heldScan(q, small, {chunk: size, ahead: size});
						if (!whole || !sliced) continue;
						const expected = new Map(held.map(text => [text.offset, said(whole, text)]));
						for (const text of order)
							expect({q, offset: text.offset, said: said(sliced, text)}).toEqual({
								q,
								offset: text.offset,
								said: expected.get(text.offset),
							});
					}
					// An expression with no literal: in any chunks, `no` only for a text that holds no match once read (where
					// most lines of a chunk may match, each is read: chunks of other sizes may say `maybe` elsewhere).
					const content = readFileSync(file);
					for (const q of queries) {
						const pattern = searchPattern(q);
						const sliced = pattern instanceof RegExp && heldPatternScan(pattern, small, {chunk: size, ahead: size});
						if (!sliced) continue;
						for (const text of order) {
							const line = content.toString('utf8', text.offset, content.indexOf(10, text.offset));
							const payload = JSON.parse(line).payload;
							for (const field of fields) {
								const value: unknown = payload[field];
								const holds =
									typeof value === 'string' &&
									value.split('\n').some(piece => matchRanges(sanitize(piece), pattern).length > 0);
								if (holds)
									expect({q, offset: text.offset, field, said: sliced.verdict(text, field)}).not.toMatchObject({
										said: 'no',
									});
							}
						}
					}
					closeSync(reference.shard(1)!);
					closeSync(small.shard(1)!);
				},
			),
			{numRuns: 200},
		);
	},
);
