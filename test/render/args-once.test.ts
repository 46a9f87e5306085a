// A call's arguments are parsed once for print mode's summary and block: for any sequence of
// arguments, each reads as a fresh parse reads it.
import fc from 'fast-check';
import {afterEach, expect, test, vi} from 'vitest';
import {parseArgs, prettyArgs} from '../../source/render/tool-registry.js';
import {summarizeToolCall} from '../../source/render/tool-summary.js';

afterEach(() => {
	vi.restoreAllMocks();
	vi.resetModules();
	delete process.env.PENGUIN_VIEW_ARGS_ONCE;
});

const fresh = (args: string): unknown => {
	try {
		const value: unknown = JSON.parse(args);
		return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
	} catch {
		return undefined;
	}
};

const argsText = fc.oneof(
	fc.dictionary(fc.constantFrom('cmd', 'path', 'description', 'offset', 'x'), fc.oneof(fc.string(), fc.integer())).map(value => JSON.stringify(value)),
	fc.constantFrom('', ' ', '{', '[]', 'null', '{"cmd":"ls"}', '{"cmd":"ls"} '),
	fc.string(),
);

test('for any sequence of arguments, asked for once or twice in a row, each reads as a fresh parse', () => {
	fc.assert(
		fc.property(fc.array(fc.tuple(argsText, fc.boolean()), {maxLength: 12}), calls => {
			for (const [args, twice] of calls) {
				expect(parseArgs(args)).toEqual(fresh(args));
				if (twice) expect(prettyArgs(args)).toBe(fresh(args) ? JSON.stringify(fresh(args), null, 2) : args);
			}
		}),
		{numRuns: 300},
	);
});

test("a call's summary and then its block parse its arguments once", () => {
	const args = JSON.stringify({cmd: 'npm test', description: 'run the tests'});
	const parse = vi.spyOn(JSON, 'parse');
	expect(summarizeToolCall('exec_command', args).headline).toBe('$ npm test');
	expect(prettyArgs(args)).toContain('"cmd": "npm test"');
	expect(parse).toHaveBeenCalledTimes(1);
});

test('PENGUIN_VIEW_ARGS_ONCE=0 parses them each time, with the same results', async () => {
	process.env.PENGUIN_VIEW_ARGS_ONCE = '0';
	vi.resetModules();
	const registry = await import('../../source/render/tool-registry.js');
	const args = '{"path":"a.ts"}';
	const parse = vi.spyOn(JSON, 'parse');
	expect(registry.parseArgs(args)).toEqual({path: 'a.ts'});
	expect(registry.prettyArgs(args)).toBe('{\n  "path": "a.ts"\n}');
	expect(parse).toHaveBeenCalledTimes(2);
});
