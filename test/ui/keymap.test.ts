// The keymap table: every key maps to its command, help and footer hints are generated from the same table, Ctrl+R is
// free.
import {describe, expect, test} from 'vitest';
import {
	commandFor,
	commands,
	footerHintLine,
	footerHints,
	helpEntries,
	type Binding,
	type KeyPress,
} from '../../source/ui/screen/keymap.js';

const press = (binding: Binding): [string, KeyPress] =>
	binding.key !== undefined ? ['', {[binding.key]: true}] : [binding.input!, {ctrl: binding.ctrl}];

describe('keymap', () => {
	test('every binding gives its own command, and no two commands share one', () => {
		const seen = new Set<string>();
		for (const command of commands) {
			for (const binding of command.keys) {
				const [input, key] = press(binding);
				expect(commandFor(input, key, command.replay === true)).toBe(command.id);
				// The replay's keys are a layer of their own, on top while a replay plays.
				const id =
					`${command.replay ? 'replay:' : ''}${binding.key ?? ''}|${binding.input ?? ''}|` +
					`${binding.ctrl ? 'ctrl' : ''}`;
				expect(seen.has(id)).toBe(false);
				seen.add(id);
			}
		}
	});

	test('p pauses a replay while one plays; space pages, replay or not; + and - are free then', () => {
		expect(commandFor('p', {}, true)).toBe('replay-pause');
		expect(commandFor('p', {})).toBeUndefined();
		expect(commandFor(' ', {}, true)).toBe('page-down');
		expect(commandFor(' ', {})).toBe('page-down');
		expect(commandFor('+', {}, true)).toBe('replay-faster');
		expect(commandFor('+', {})).toBeUndefined();
		expect(commandFor('\r', {return: true}, true)).toBe('toggle');
	});

	test('the keys the issue names', () => {
		const expected: Array<[string, KeyPress, string]> = [
			['j', {}, 'focus-next'],
			['', {downArrow: true}, 'focus-next'],
			['k', {}, 'focus-prev'],
			['', {upArrow: true}, 'focus-prev'],
			['\r', {return: true}, 'toggle'],
			[' ', {}, 'page-down'],
			['f', {ctrl: true}, 'page-down'],
			['b', {ctrl: true}, 'page-up'],
			['e', {ctrl: true}, 'scroll-down'],
			['y', {ctrl: true}, 'scroll-up'],
			['}', {}, 'next-pane'],
			['{', {}, 'prev-pane'],
			['t', {}, 'toggle-thinking'],
			['o', {}, 'toggle-outputs'],
			['d', {ctrl: true}, 'half-down'],
			['u', {ctrl: true}, 'half-up'],
			['d', {}, 'half-down'],
			['u', {}, 'half-up'],
			['', {pageDown: true}, 'page-down'],
			['', {pageUp: true}, 'page-up'],
			['f', {}, 'page-down'],
			['b', {}, 'page-up'],
			['g', {}, 'top'],
			['G', {shift: true}, 'bottom'],
			['', {home: true}, 'top'],
			['', {end: true}, 'bottom'],
			['e', {}, 'next-problem'],
			['E', {shift: true}, 'prev-problem'],
			['/', {}, 'search'],
			['n', {}, 'next-match'],
			['N', {shift: true}, 'prev-match'],
			['', {escape: true, meta: true}, 'escape'],
			['F', {shift: true}, 'follow'],
			['T', {shift: true}, 'timeline'],
			['s', {}, 'sessions'],
			['?', {}, 'help'],
			['q', {}, 'quit'],
			['c', {ctrl: true}, 'quit'],
		];
		for (const [input, key, id] of expected) expect(commandFor(input, key), `${input} ${JSON.stringify(key)}`).toBe(id);
	});

	test('Ctrl+R and unknown keys do nothing', () => {
		expect(commandFor('r', {ctrl: true})).toBeUndefined();
		expect(commandFor('z', {})).toBeUndefined();
	});

	test('the help overlay lists every command with all its keys, from the table', () => {
		const entries = helpEntries();
		expect(entries).toHaveLength(commands.length);
		expect(entries[0]).toEqual({keys: 'j ↓', help: 'the cursor a row down (across panes, as in vim)'});
		expect(entries.find(entry => entry.keys === 'q Ctrl+C')?.help).toBe(
			'quit (in the help, the notice log, the timeline: close it)',
		);
	});

	test('footer hints: commands sharing a word share a hint', () => {
		expect(footerHints()).toEqual([
			'j/k move',
			'Enter open',
			't thinking',
			'o outputs',
			'␣ page',
			'e next problem',
			'/ search',
			'F follow',
			'T timeline',
			's sessions',
			'? help',
			'q quit',
		]);
		const hinted = commands.filter(command => command.footer).map(command => command.id);
		expect(hinted).toContain('help');
	});

	test(
		'during a replay the hints follow the keymap: its ' + 'pause and speed keys, and the key that still opens a pane',
		() => {
			const hints = footerHints(false, true);
			// Each hint is a key that gives that command in replay mode.
			const pause = commands.find(command => command.id === 'replay-pause')!.keys[0]!;
			expect(commandFor(...press(pause), true)).toBe('replay-pause');
			expect(hints).toContain(`${pause.label} pause`);
			expect(hints).toContain('+/- speed');
			const open = hints.find(hint => hint.endsWith(' open'))!;
			const [label] = open.split(' ');
			const binding = commands.find(command => command.id === 'toggle')!.keys.find(key => key.label === label)!;
			expect(commandFor(...press(binding), true)).toBe('toggle');
			// Outside a replay, no replay keys.
			expect(footerHints().some(hint => hint.endsWith(' pause') || hint.endsWith(' speed'))).toBe(false);
		},
	);

	test('narrow footers drop hints before help and quit', () => {
		const line = footerHintLine(40);
		expect(line.length).toBeLessThanOrEqual(40);
		expect(line.endsWith('? help · q quit')).toBe(true);
		expect(line.startsWith('j/k move')).toBe(true);
	});
});
