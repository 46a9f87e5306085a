// --notify's escapes: OSC 9 and OSC 777 in one write, tmux's passthrough inside tmux, and trace text that cannot end
// them early.
import {describe, expect, it} from 'vitest';
import {notificationSequence, oscText} from '../../source/render/notify.js';

const ESC = '\u001b';

describe('notificationSequence', () => {
	it('OSC 9 and OSC 777, each ended by ST', () => {
		expect(notificationSequence('penguin-view', '⏸ 84946371 waits: exec_command $ rm -rf build', {tmux: false})).toBe(
			`${ESC}]9;penguin-view: ⏸ 84946371 waits: exec_command $ rm -rf build${ESC}\\` +
				`${ESC}]777;notify;penguin-view;⏸ 84946371 waits: exec_command $ rm -rf build${ESC}\\`,
		);
	});

	it('inside tmux each goes through its passthrough, every ESC inside doubled', () => {
		const wrapped = notificationSequence('penguin-view', 'done', {tmux: true});
		expect(wrapped).toBe(
			`${ESC}Ptmux;${ESC}${ESC}]9;penguin-view: done${ESC}${ESC}\\${ESC}\\` +
				`${ESC}Ptmux;${ESC}${ESC}]777;notify;penguin-view;done${ESC}${ESC}\\${ESC}\\`,
		);
	});

	it('text from a trace cannot end the sequence or start one of its own', () => {
		const hostile = `rm -rf build\u0007${ESC}]0;owned${ESC}\\\u009c\nnext line`;
		const out = notificationSequence('penguin-view', hostile, {tmux: false});
		// Only the four bytes of our own two sequences' starts and ends are escapes.
		expect(out.split(ESC)).toHaveLength(5);
		expect(out).not.toContain('\u0007');
		expect(out).not.toContain('\u009c');
		expect(out).not.toContain('\n');
		expect(oscText('a;b')).toBe('a;b');
	});
});
