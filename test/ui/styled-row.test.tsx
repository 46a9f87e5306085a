// Rows drawn as one styled Ink text each (styled-row.ts) give the very frames the nested texts
// gave, for any rows, styles, focus, search and width, frame after frame; with
// PENGUIN_VIEW_ROW_TEXT=0 the screen draws nested texts as before.
// (No static import of Ink or of the screen's modules: Ink's colour library must load after
// FORCE_COLOR is set, and each way is its own copy of the modules, loaded with its switches.)
import fc from 'fast-check';
import {expect, test, vi} from 'vitest';
import type {Row, Segment} from '../../source/ui/segments.js';
import type {Styling} from '../../source/ui/ColorContext.js';

process.env['FORCE_COLOR'] = '1';
const {render} = await import('ink-testing-library');

type Modules = {
	Body: typeof import('../../source/ui/Body.js').Body;
	RowLine: typeof import('../../source/ui/RowLine.js').RowLine;
	ColorContext: typeof import('../../source/ui/ColorContext.js').ColorContext;
	styled: typeof import('../../source/ui/styled-row.js');
};

/** The screen's modules loaded afresh with `switches` in the environment. */
async function loadWith(switches: Record<string, string | undefined>): Promise<Modules> {
	const before = Object.fromEntries(Object.keys(switches).map(name => [name, process.env[name]]));
	for (const [name, value] of Object.entries(switches)) {
		if (value === undefined) delete process.env[name];
		else process.env[name] = value;
	}
	vi.resetModules();
	try {
		return {
			Body: (await import('../../source/ui/Body.js')).Body,
			RowLine: (await import('../../source/ui/RowLine.js')).RowLine,
			ColorContext: (await import('../../source/ui/ColorContext.js')).ColorContext,
			styled: await import('../../source/ui/styled-row.js'),
		};
	} finally {
		for (const [name, value] of Object.entries(before)) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	}
}

const nested = await loadWith({PENGUIN_VIEW_ROW_TEXT: '0'});
const perRow = await loadWith({PENGUIN_VIEW_ROW_TEXT: undefined});

const colors = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'gray', 'white'] as const;
// Words of every width: ASCII, wide CJK, emoji (a sequence too), accents, the screen's marks.
const word = fc.oneof(fc.constantFrom('word', ' ', 'a b', '漢字', '한', 'é', 'e\u0301', '👍', '👩‍💻', '✓', '▌', '│ ', '·', 'needle', 'NEEDLE'), fc.string({maxLength: 6}).map(text => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')));
const segment: fc.Arbitrary<Segment> = fc.record(
	{
		text: fc.array(word, {maxLength: 5}).map(words => words.join('')),
		color: fc.constantFrom(...colors),
		dim: fc.boolean(),
		bold: fc.boolean(),
		italic: fc.boolean(),
		underline: fc.boolean(),
		inverse: fc.boolean(),
	},
	{requiredKeys: ['text']},
);
const segments = fc.array(segment, {maxLength: 6});
const styling = fc.constantFrom<Styling>('color', 'attributes', 'none');

test('the body draws the same frames as nested texts, for any rows, focus, search and width, frame after frame', () => {
	// Rows shared between frames (as a layout's are), so that rows remembered are drawn again.
	const pool = fc.array(segments.map((list): Row => ({itemId: 1, segments: list})), {minLength: 1, maxLength: 8});
	const frameProps = (rows: Row[]) =>
		fc.record({
			picks: fc.array(fc.nat({max: rows.length - 1}), {maxLength: 7}),
			height: fc.integer({min: 1, max: 8}),
			focusRow: fc.integer({min: -1, max: 7}),
			query: fc.option(fc.constantFrom('needle', 'e', '漢', 'word'), {nil: undefined}),
		});
	fc.assert(
		fc.property(
			pool.chain(rows => fc.tuple(fc.constant(rows), fc.array(frameProps(rows), {minLength: 1, maxLength: 4}))),
			fc.integer({min: 4, max: 40}),
			styling,
			([rows, sequence], width, style) => {
				const draw = (modules: Modules, props: (typeof sequence)[number]) => (
					<modules.ColorContext.Provider value={style}>
						<modules.Body rows={props.picks.map(i => rows[i]!)} height={props.height} focusRow={props.focusRow} query={props.query} width={width} />
					</modules.ColorContext.Provider>
				);
				const apps = [nested, perRow].map(modules => ({modules, app: render(draw(modules, sequence[0]!))}));
				try {
					for (const [index, props] of sequence.entries()) {
						if (index > 0) for (const {modules, app} of apps) app.rerender(draw(modules, props));
						const [expected, ...others] = apps.map(({app}) => app.lastFrame());
						for (const frame of others) expect(frame).toBe(expected);
					}
				} finally {
					for (const {app} of apps) app.unmount();
				}
			},
		),
		{numRuns: 60},
	);
});

test('a row of segments (header, footer, help) draws as its nested texts do', () => {
	fc.assert(
		fc.property(fc.array(segments, {minLength: 1, maxLength: 3}), fc.integer({min: 4, max: 40}), styling, (rows, width, style) => {
			const draw = (modules: Modules, list: Segment[]) => (
				<modules.ColorContext.Provider value={style}>
					<modules.RowLine segments={list} />
				</modules.ColorContext.Provider>
			);
			const apps = [nested, perRow].map(modules => ({modules, app: render(draw(modules, rows[0]!))}));
			try {
				for (const [index, list] of rows.entries()) {
					if (index > 0) for (const {modules, app} of apps) app.rerender(draw(modules, list));
					expect(apps[1]!.app.lastFrame()).toBe(apps[0]!.app.lastFrame());
				}
			} finally {
				for (const {app} of apps) app.unmount();
			}
			void width;
		}),
		{numRuns: 100},
	);
});

test('PENGUIN_VIEW_ROW_TEXT=0 turns it off', () => {
	expect(nested.styled.rowTextEnabled).toBe(false);
	expect(perRow.styled.rowTextEnabled).toBe(true);
});
