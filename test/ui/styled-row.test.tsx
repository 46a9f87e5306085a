// Rows drawn as one styled Ink text each (styled-row.ts) give the very frames nested texts
// (a text per segment, drawn here as the reference) give, for any rows, styles, focus, search
// and width, frame after frame.
// (No static import of Ink or of the screen's modules: Ink's colour library must load after
// FORCE_COLOR is set.)
import fc from 'fast-check';
import {expect, test} from 'vitest';
import type {Row, Segment} from '../../source/ui/panes/segments.js';
import type {Styling} from '../../source/ui/components/ColorContext.js';

process.env['FORCE_COLOR'] = '1';
const {render} = await import('ink-testing-library');
const {Box, Text} = await import('ink');
const {useContext} = await import('react');
const {ColorContext} = await import('../../source/ui/components/ColorContext.js');
const {Body, focusBar} = await import('../../source/ui/components/Body.js');
const {RowLine} = await import('../../source/ui/components/RowLine.js');
const {highlight} = await import('../../source/ui/panes/highlight.js');
const {searchPattern} = await import('../../source/ui/reading/search-match.js');
const {seg} = await import('../../source/ui/panes/segments.js');
const {glyph} = await import('../../source/ui/panes/theme.js');

type BodyProps = Parameters<typeof Body>[0];

/** The reference: a row as nested texts, a text per segment, as Ink's <Text> styles each. */
function NestedRowLine({segments}: {segments: readonly Segment[]}) {
	const styling = useContext(ColorContext);
	if (segments.length === 0) return <Text> </Text>;
	if (styling === 'none') return <Text wrap="truncate-end">{segments.map(segment => segment.text).join('')}</Text>;
	return (
		<Text wrap="truncate-end">
			{segments.map((segment, index) => (
				<Text
					// biome-ignore lint/suspicious/noArrayIndexKey: a segment is its position in the row
					key={index}
					color={styling === 'color' ? segment.color : undefined}
					dimColor={segment.dim}
					bold={segment.bold}
					italic={segment.italic}
					underline={segment.underline}
					inverse={segment.inverse}
				>
					{segment.text}
				</Text>
			))}
		</Text>
	);
}

/** The reference body: the gutter, the matches and the focus bar, each row nested texts. */
function NestedBody({rows, height, focusRow, query, width}: BodyProps) {
	const lines = [];
	for (let i = 0; i < height; i++) {
		const row = rows[i];
		const segments = row
			? [
					i === focusRow ? seg(glyph.focus, {color: 'cyan', bold: true}) : seg(' '),
					...highlight(row.segments, query ? (searchPattern(query) as RegExp) : undefined),
				]
			: [];
		lines.push(<NestedRowLine key={i} segments={row && i === focusRow ? focusBar(segments, width) : segments} />);
	}
	return <Box flexDirection="column">{lines}</Box>;
}

type Modules = {Body: typeof Body; RowLine: typeof RowLine};
const nested: Modules = {Body: NestedBody, RowLine: NestedRowLine};
const perRow: Modules = {Body, RowLine};

const colors = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'gray', 'white'] as const;
// Words of every width: ASCII, wide CJK, emoji (a sequence too), accents, the screen's marks.
const word = fc.oneof(
	fc.constantFrom(
		'word',
		' ',
		'a b',
		'漢字',
		'한',
		'é',
		'e\u0301',
		'👍',
		'👩‍💻',
		'✓',
		'▌',
		'│ ',
		'·',
		'needle',
		'NEEDLE',
	),
	fc.string({maxLength: 6}).map(text => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')),
);
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
	const pool = fc.array(
		segments.map((list): Row => ({itemId: 1, segments: list})),
		{minLength: 1, maxLength: 8},
	);
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
					<ColorContext.Provider value={style}>
						<modules.Body
							rows={props.picks.map(i => rows[i]!)}
							height={props.height}
							focusRow={props.focusRow}
							query={props.query}
							width={width}
						/>
					</ColorContext.Provider>
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
		fc.property(
			fc.array(segments, {minLength: 1, maxLength: 3}),
			fc.integer({min: 4, max: 40}),
			styling,
			(rows, width, style) => {
				const draw = (modules: Modules, list: Segment[]) => (
					<ColorContext.Provider value={style}>
						<modules.RowLine segments={list} />
					</ColorContext.Provider>
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
			},
		),
		{numRuns: 100},
	);
});
