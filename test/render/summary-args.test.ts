// The registry's `summaryArgs` (render/tool-registry.ts): a presenter that names the arguments its summary reads gives
// the same summary from those alone as from all of them, on random arguments. Print mode hands it those alone
// (fastpath/prerendered-args.ts), so a summary that read another would print another headline there.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {toolPresenters} from '../../source/render/tool-registry.js';

const value = fc.oneof(
	fc.string(),
	fc.constantFrom('src/a.ts', 'npm test', 'run it\nnow', ''),
	fc.integer({min: -5, max: 500}),
	fc.double(),
	fc.boolean(),
	fc.constant(null),
	fc.array(fc.string(), {maxLength: 2}),
);

// The arguments of the upstream's tools (packages/core/src/environment/tools/).
const toolArgs = [
	'cmd',
	'description',
	'workdir',
	'timeout',
	'file_path',
	'offset',
	'limit',
	'content',
	'old_string',
	'new_string',
	'replace_all',
	'source',
	'prompt',
];

const declared = [...toolPresenters].filter(([, presenter]) => presenter.summaryArgs);

describe('the arguments a summary reads', () => {
	test('some tools name them (print mode cuts those calls)', () => {
		expect(declared.map(([name]) => name)).toEqual(expect.arrayContaining(['exec_command', 'read_file']));
	});

	test.each(declared)('%s: its summary from the arguments it names is its summary from all', (name, presenter) => {
		const keys = presenter.summaryArgs!;
		// Every argument the upstream's tools take present or not (not only those named: a summary that read another
		// must show), beside others.
		const known = fc.record(Object.fromEntries(toolArgs.map(key => [key, value])), {requiredKeys: []});
		const others = fc.dictionary(fc.string(), value, {maxKeys: 3});
		const args = fc.tuple(others, known).map(([more, own]) => ({...more, ...own}));
		fc.assert(
			fc.property(args, all => {
				const named = Object.fromEntries(Object.entries(all).filter(([key]) => keys.includes(key)));
				const fromNamed = presenter.summary!(named, {name, tools: []});
				// Undefined: print mode reads that call the usual way.
				if (fromNamed !== undefined) expect(fromNamed).toStrictEqual(presenter.summary!(all, {name, tools: []}));
			}),
			{numRuns: 500},
		);
	});
});
