// A growing 200 kB answer costs a frame what its tail costs: the frame makes Row objects only
// for the rows that changed (the Layouter's keepRows) and reads only the text's end, from its
// pieces (ui/panes/streamed-text.ts), and either way the frames are the same as those made anew from
// the whole text. Counted, not timed.
import fc from 'fast-check';
import {afterEach, describe, expect, test} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import {allPanes, Layouter, type Pane} from '../../source/ui/panes/layout.js';
import {openStateFrom, toggleGroup, type OpenState} from '../../source/ui/panes/open-state.js';
import {growingMarkdown} from '../../source/ui/panes/pane-text.js';
import {rowText, seg} from '../../source/ui/panes/segments.js';
import {lastChars} from '../../source/ui/panes/streamed-text.js';
import {msg, testNow} from './helpers.js';

const partial = (type: string, event: string, text: string): ReturnType<typeof msg> =>
	msg({type, role: 'assistant', event_type: event, [type === 'partial_thinking' ? 'thinking' : 'text']: text});

const words = 'the agent streams its answer word by word while the viewer keeps up and the reader scrolls'.split(' ');
/** About `length` characters of paragraphs of forty words, as the bench's firehose sends. */
function paragraphs(length: number): string {
	let out = '';
	for (let i = 0; out.length < length; i++) out += `${words[i % words.length]}${(i + 1) % 40 === 0 ? '.\n\n' : ' '}`;
	return out;
}

const kinds: Array<[string, OpenState]> = [
	['partial_text', openStateFrom()],
	['partial_thinking', toggleGroup(openStateFrom(), 'thinking')],
];

/** The streaming pane, frame after frame, as deltas of a word (and a paragraph now and then) come. */
function* frames(type: string, open: OpenState, layouter = new Layouter()): Generator<Pane> {
	const model = new SessionModel();
	model.apply(partial(type, 'start', ''), testNow);
	model.apply(partial(type, 'delta', paragraphs(200_000)), testNow);
	yield allPanes(layouter.layout(model.view, 80, open, testNow)).at(-1)!;
	for (let delta = 1; delta <= 120; delta++) {
		model.apply(partial(type, 'delta', delta % 40 === 0 ? 'end.\n\n' : `${words[delta % words.length]} `), testNow);
		yield allPanes(layouter.layout(model.view, 80, open, testNow)).at(-1)!;
	}
}

/** String methods that read a string's characters. */
const readers = [
	'at',
	'charAt',
	'charCodeAt',
	'codePointAt',
	'endsWith',
	'includes',
	'indexOf',
	'lastIndexOf',
	'match',
	'matchAll',
	'normalize',
	'replace',
	'replaceAll',
	'search',
	'slice',
	'split',
	'startsWith',
	'substring',
	'trim',
	'trimEnd',
] as const;
const restore: Array<() => void> = [];
afterEach(() => {
	for (const undo of restore.splice(0)) undo();
});

/** Counts calls of string methods (and regular expressions) on a string of `length` characters or more. */
function countLongReads(length: number): {count: number} {
	const seen = {count: 0};
	const prototype = String.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
	for (const name of readers) {
		const original = prototype[name]!;
		prototype[name] = function (this: string, ...args: unknown[]) {
			if (this.length >= length) seen.count++;
			return original.apply(this, args);
		};
		restore.push(() => (prototype[name] = original));
	}
	for (const name of ['exec', 'test'] as const) {
		const original = RegExp.prototype[name] as (text: string) => unknown;
		(RegExp.prototype as unknown as Record<string, unknown>)[name] = function (this: RegExp, text: string) {
			if (String(text).length >= length) seen.count++;
			return original.call(this, text);
		};
		restore.push(() => ((RegExp.prototype as unknown as Record<string, unknown>)[name] = original));
	}
	return seen;
}

describe('a growing 200 kB answer, frame after frame', () => {
	test('makes rows only for its tail: the rows of its complete lines are the same Row objects', () => {
		for (const [type, open] of kinds) {
			let previous: Pane | undefined;
			let most = 0;
			for (const pane of frames(type, open)) {
				if (previous) {
					expect(pane.rows.length).toBeGreaterThan(2000);
					const kept = new Set(previous.rows);
					most = Math.max(most, pane.rows.filter(row => !kept.has(row)).length);
				}
				previous = pane;
			}
			// The thinking pane's heading, the rows of the line that just ended (a paragraph of forty
			// words wraps over three or four), the blank row after it, the growing row: not 2,000.
			expect(most, type).toBeGreaterThan(0);
			expect(most, type).toBeLessThanOrEqual(8);
		}
	});

	test('reads only the end of its text, never the whole 200 kB', () => {
		for (const [type, open, label] of [
			...kinds.map(([type, open]) => [type, open, 'open'] as const),
			['partial_thinking', openStateFrom(), 'closed'] as const,
		]) {
			let first = true;
			let seen = {count: 0};
			for (const pane of frames(type, open)) {
				expect(pane.rows.length).toBeGreaterThan(0);
				// The first frame lays the whole text out, once; from then on, only its end.
				if (first) seen = countLongReads(50_000);
				first = false;
			}
			expect(seen.count, `${type}, ${label}`).toBe(0);
			for (const undo of restore.splice(0)) undo();
		}
	});

	test('the frames are the same with the rows kept or made anew, for any deltas', () => {
		const chunk = fc.constantFrom(
			'word ',
			'longer words ',
			'\n',
			'\n\n',
			'**bold** ',
			'`code` ',
			'```\n',
			'- item ',
			'# head',
			'é漢字 ',
			'x'.repeat(90),
		);
		fc.assert(
			fc.property(
				fc.array(fc.array(chunk, {minLength: 1, maxLength: 4}), {minLength: 1, maxLength: 30}),
				fc.integer({min: 10, max: 90}),
				(deltas, width) => {
					for (const [type, open] of kinds) {
						const model = new SessionModel();
						const keeping = new Layouter(undefined, true);
						const making = new Layouter(undefined, false);
						model.apply(partial(type, 'start', ''), testNow);
						for (const parts of [...deltas, []]) {
							if (parts.length > 0) model.apply(partial(type, 'delta', parts.join('')), testNow);
							else model.apply(partial(type, 'stop', ''), testNow);
							const kept = allPanes(keeping.layout(model.view, width, open, testNow));
							const made = allPanes(making.layout(model.view, width, open, testNow));
							expect(kept.map(pane => pane.rows.map(row => [row.itemId, rowText(row.segments), row.segments]))).toEqual(
								made.map(pane => pane.rows.map(row => [row.itemId, rowText(row.segments), row.segments])),
							);
						}
					}
				},
			),
			{numRuns: 60},
		);
	});
});

describe('a streaming text read from its pieces', () => {
	test('lays out the rows its whole text gives, frame after frame, for any deltas and widths', () => {
		const chunk = fc.constantFrom(
			'word ',
			'longer words ',
			'\n',
			'\n\n',
			'**bold** ',
			'`code` ',
			'```\n',
			'- item ',
			'# head',
			'é漢字 ',
			'\t',
			'x'.repeat(90),
			'y'.repeat(3000),
		);
		fc.assert(
			fc.property(
				fc.array(fc.array(chunk, {minLength: 1, maxLength: 4}), {minLength: 1, maxLength: 30}),
				fc.integer({min: 10, max: 90}),
				(deltas, width) => {
					const pieces: string[] = [];
					let fromPieces: unknown;
					let fromText: unknown;
					for (const parts of deltas) {
						pieces.push(parts.join(''));
						const text = pieces.join('');
						const input = {width, open: true, full: false, now: testNow, tools: []};
						const read = growingMarkdown({text, pieces}, true, {...input, memo: fromPieces}, {dim: true}, [seg('  ')]);
						const whole = growingMarkdown({text}, true, {...input, memo: fromText}, {dim: true}, [seg('  ')]);
						fromPieces = read.memo;
						fromText = whole.memo;
						expect(read.rows).toEqual(whole.rows);
						for (const count of [0, 1, 7, 80, text.length + 5])
							expect(lastChars(pieces, count)).toBe(text.slice(Math.max(0, text.length - count)));
					}
				},
			),
			{numRuns: 80},
		);
	});
});
