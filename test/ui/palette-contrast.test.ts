// Every pair of colours the screen draws reads on the backgrounds of its theme: WCAG contrast of at least 4.5 for
// text and 3 for dim text, against #000000 and #1e1e1e (dark) and #ffffff and #fdf6e3 (light), in 24-bit, 256 and
// the 16 basic colours (as xterm draws them by default). A role drawn as a badge (its own background) is checked
// against that background alone; drawn inverse (the focus bar, a search match) a pair is the same two colours.
import {expect, test} from 'vitest';
import {
	paletteColours,
	palette,
	roles,
	xterm256Index,
	xtermBasic,
	type Depth,
	type Rgb,
	type Role,
	type Theme,
} from '../../source/ui/panes/palette.js';
import {styledRow} from '../../source/ui/panes/styled-row.js';
import {contrast} from '../../source/ui/panes/palette-choice.js';
import type {Color} from '../../source/ui/panes/segments.js';
import {codeSegments} from '../../source/ui/panes/code-style.js';
import type {CodeTone} from '../../source/render/code-colour.js';

const backgrounds: Record<Theme, Record<string, Rgb>> = {
	dark: {'#000000': [0, 0, 0], '#1e1e1e': [0x1e, 0x1e, 0x1e]},
	light: {'#ffffff': [255, 255, 255], '#fdf6e3': [0xfd, 0xf6, 0xe3]},
};
const depths: Depth[] = ['rgb', '256', '16'];
const needed = (role: Role): number => (role === 'dim' ? 3 : 4.5);

test('xterm default RGB of the 16 basic colours, as the test reads them', () => {
	expect(xtermBasic).toHaveLength(16);
	expect(xtermBasic[1]).toEqual([0xcd, 0, 0]);
	expect(xtermBasic[12]).toEqual([0x5c, 0x5c, 0xff]);
});

for (const theme of ['dark', 'light'] as const) {
	for (const depth of depths) {
		test(`${theme}, ${depth} colours: every role reads on every background of the theme`, () => {
			const colours = paletteColours(theme, depth);
			const low: string[] = [];
			for (const role of roles) {
				const {fg, bg} = colours[role];
				const grounds = bg === undefined ? Object.entries(backgrounds[theme]) : [['its badge', bg] as const];
				for (const [name, ground] of grounds) {
					const ratio = contrast(fg, ground);
					if (ratio < needed(role)) low.push(`${role} on ${name}: ${ratio.toFixed(2)}`);
				}
			}
			expect(low).toEqual([]);
		});
	}
}

test('the 256-colour palette draws the same RGB as the 24-bit one (xterm-256 colours only)', () => {
	const cube = [0, 95, 135, 175, 215, 255];
	const rgbOf256 = (index: number): Rgb => {
		if (index >= 232) return [8 + 10 * (index - 232), 8 + 10 * (index - 232), 8 + 10 * (index - 232)];
		const n = index - 16;
		return [cube[Math.floor(n / 36)]!, cube[Math.floor(n / 6) % 6]!, cube[n % 6]!];
	};
	for (const theme of ['dark', 'light'] as const) {
		const rich = paletteColours(theme, 'rgb');
		const sgr = palette(theme, '256').sgr;
		for (const role of roles) {
			const index = xterm256Index(rich[role].fg);
			expect(sgr[role].open).toBe(`38;5;${index}`);
			expect(rgbOf256(index)).toEqual(rich[role].fg);
		}
	}
});

test('dim text is drawn in a colour of its own in every palette, never SGR 2', () => {
	for (const theme of ['dark', 'light'] as const)
		for (const depth of depths) {
			const {sgr} = palette(theme, depth);
			const row = styledRow([{text: 'rule', dim: true}], 'color', palette(theme, depth));
			expect(row).toBe(`\u001B[${sgr.dim.open}mrule\u001B[${sgr.dim.close}m`);
			expect(row).not.toContain('\u001B[2m');
		}
});

test('every colour a row or the code highlighter names is a role of the palette', () => {
	const everyColor: Record<Color, true> = {
		red: true,
		green: true,
		yellow: true,
		blue: true,
		magenta: true,
		cyan: true,
		gray: true,
		white: true,
	};
	for (const color of Object.keys(everyColor)) expect(roles).toContain(color);
	const tones: Record<CodeTone, true> = {
		keyword: true,
		string: true,
		comment: true,
		meta: true,
		number: true,
		title: true,
		type: true,
		deletion: true,
	};
	const spans = (Object.keys(tones) as CodeTone[]).map(tone => ({text: tone, tone}));
	for (const segment of codeSegments(spans)) expect(roles).toContain(segment.color ?? (segment.dim ? 'dim' : ''));
});
