// Code in colour on the screen: a read_file output, a written file, a ```ts fence and an edit_file diff, each coloured
// by its language once the highlighter is in; NO_COLOR draws none; escapes inside code stay harmless.
// (No static import of Ink here: its colour library must load after FORCE_COLOR is set.)
import {beforeAll, describe, expect, test} from 'vitest';
import type {Highlighter} from '../../source/render/code-colour.js';
import {makeHighlighter} from '../../source/render/load-highlighter.js';
import {waitForText} from '../support/wait-for.js';
import {msg, storeFrom} from './helpers.js';

let render: typeof import('ink-testing-library').render;
let App: typeof import('../../source/ui/components/App.js').App;
beforeAll(async () => {
	// Ink's colour library reads the environment when it loads: force it before loading Ink.
	process.env['FORCE_COLOR'] = '1';
	({render} = await import('ink-testing-library'));
	({App} = await import('../../source/ui/components/App.js'));
});

const call = (id: string, name: string, args: Record<string, unknown>, output: string, at = 1) => [
	msg(
		{
			type: 'tool_call',
			role: 'assistant',
			name,
			arguments: JSON.stringify(args),
			tool_call_id: id,
			stop_reason: 'completed',
		},
		`2026-12-02T14:00:0${at}.000Z`,
	),
	msg(
		{type: 'tool_call_output', role: 'user', output, tool_call_id: id, stop_reason: 'completed'},
		`2026-12-02T14:00:0${at + 1}.000Z`,
	),
];

/** `cat -n` as the upstream's read_file writes it. */
const numbered = (lines: string[]): string =>
	lines.map((line, i) => `${String(i + 1).padStart(6)}\t${line}`).join('\n');

const tsFile = [
	'const greeting: string = "hi"; // say it',
	'export function twice(n: number) {',
	'\treturn n * 2;',
	'}',
];

/** The SGR colours (30–37, 90) set in a frame's line holding `needle`. */
function coloursOn(frame: string, needle: string): Set<string> {
	const line = frame.split('\n').find(row => row.replace(/\u001b\[[0-9;]*m/g, '').includes(needle)) ?? '';
	return new Set([...line.matchAll(/\u001b\[(3[0-7]|90)m/g)].map(match => match[1]!));
}

async function frameOf(
	inputs: ReturnType<typeof call>,
	options: {
		color?: boolean;
		attributes?: boolean;
		load?: () => Promise<Highlighter>;
		until: string | RegExp | ((frame: string) => boolean);
	},
): Promise<string> {
	const store = storeFrom(inputs);
	const app = render(
		<App
			store={store}
			onQuit={() => {}}
			size={{columns: 100, rows: 30}}
			color={options.color ?? true}
			attributes={options.attributes}
			expand={['all']}
			clock={() => Date.parse('2026-12-02T14:01:00Z')}
			loadHighlighter={options.load ?? (async () => makeHighlighter())}
		/>,
	);
	try {
		return await waitForText(app.lastFrame, options.until, 'the expected frame');
	} finally {
		app.unmount();
	}
}

const coloured =
	(needle: string, least = 2) =>
	(frame: string) =>
		coloursOn(frame, needle).size >= least;

describe('code in colour on the screen', () => {
	test('a TypeScript read_file output: keyword, string and type each in a colour, the line numbers kept', async () => {
		const frame = await frameOf(call('r1', 'read_file', {file_path: 'src/greet.ts'}, numbered(tsFile)), {
			until: coloured('const greeting', 3),
		});
		const colours = coloursOn(frame, 'const greeting');
		expect(colours).toContain('35'); // const: a keyword
		expect(colours).toContain('32'); // "hi": a string
		const plain = frame.replace(/\u001b\[[0-9;]*m/g, '');
		expect(plain).toContain('     1  const greeting: string = "hi"; // say it');
		expect(plain).toContain('     3          return n * 2;');
	});

	test('a written file in its language; a file of no known language stays plain', async () => {
		const inputs = [
			...call(
				'w1',
				'write_file',
				{file_path: 'tool.py', content: 'def main():\n    return "ok"\n'},
				'Created tool.py (2 lines)',
			),
			...call('w2', 'write_file', {file_path: 'notes.unknownext', content: 'def not_code():'}, 'Created', 3),
		];
		const frame = await frameOf(inputs, {until: coloured('def main')});
		expect(coloursOn(frame, 'def main')).toContain('35');
		expect(coloursOn(frame, 'return "ok"')).toContain('32');
		expect(coloursOn(frame, 'def not_code')).toEqual(new Set());
	});

	test('a ```ts fence in a complete answer gets more than one colour', async () => {
		const answer = msg({
			type: 'text',
			role: 'assistant',
			text: 'Here:\n\n```ts\nconst total: number = 42; // the answer\n```\n\nDone.',
			stop_reason: 'completed',
		});
		const frame = await frameOf([answer], {until: coloured('const total')});
		const colours = coloursOn(frame, 'const total');
		expect(colours).toContain('35');
		expect(colours).toContain('33'); // 42
		expect(frame.replace(/\u001b\[[0-9;]*m/g, '')).toContain('const total: number = 42; // the answer');
	});

	test(
		'edit_file shows a diff of its old and new strings: the ' + 'shared lines once, the changed ones - red and + green',
		async () => {
			const args = {
				file_path: 'src/greet.ts',
				old_string: 'export function twice(n: number) {\n\treturn n * 2;\n}',
				new_string: 'export function twice(n: number) {\n\treturn n + n;\n}',
			};
			const frame = await frameOf(call('e1', 'edit_file', args, 'Replaced 1 occurrence'), {until: '+ '});
			const plain = frame.replace(/\u001b\[[0-9;]*m/g, '');
			expect(plain.match(/export function twice/g)).toHaveLength(1);
			expect(plain).toMatch(/^ *- +return n \* 2;/m);
			expect(plain).toMatch(/^ *\+ +return n \+ n;/m);
			expect(plain).not.toMatch(/[-+] export function/);
			expect(coloursOn(frame, 'return n * 2')).toEqual(new Set(['31']));
			expect(coloursOn(frame, 'return n + n')).toEqual(new Set(['32']));
		},
	);

	test(
		'NO_COLOR (attributes, no colour): no colour in code, the highlighter never loaded, the edit still a ' +
			'diff by its signs',
		async () => {
			let loads = 0;
			const load = async () => {
				loads++;
				return makeHighlighter();
			};
			const edit = {file_path: 'src/greet.ts', old_string: 'keep();\nold();', new_string: 'keep();\nnew();'};
			const inputs = [
				...call('r1', 'read_file', {file_path: 'src/greet.ts'}, numbered(tsFile)),
				...call('e1', 'edit_file', edit, 'Replaced 1 occurrence', 3),
			];
			const frame = await frameOf(inputs, {color: false, attributes: true, load, until: '+ new();'});
			expect(frame).not.toMatch(/\u001b\[(3\d|9\d|38;)/);
			expect(loads).toBe(0);
			// The diff still reads as one: its signs say what changed.
			const plain = frame.replace(/\u001b\[[0-9;]*m/g, '');
			expect(plain).toMatch(/^ +- old\(\);$/m);
			expect(plain.match(/keep\(\);/g)).toHaveLength(1);
		},
	);

	test('escapes inside code are removed before it is coloured: no clear, no title, no clipboard write', async () => {
		const hostile = [
			'const a = "\u001b[2J\u001b]0;pwned\u0007x"; // \u001b]52;c;ZXZpbA==\u0007 end',
			'let b = 1;\u001b[1A',
		];
		const frame = await frameOf(call('r1', 'read_file', {file_path: 'evil.ts'}, numbered(hostile)), {
			until: coloured('let b', 2),
		});
		// Only SGR is left in the frame (Ink's own cursor moves come after lastFrame).
		expect(frame.replace(/\u001b\[[0-9;]*m/g, '')).not.toContain('\u001b');
		expect(frame).not.toContain('pwned');
		const plain = frame.replace(/\u001b\[[0-9;]*m/g, '');
		expect(plain).toContain('const a = "x"; //  end');
		expect(coloursOn(frame, 'const a')).toContain('35');
	});
});
