// How y copies (clipboard-choice.ts): a clipboard command only at the reader's own desktop (no SSH; Wayland, X or
// macOS) and only one that is installed, else OSC 52; and the footer's line says which, or how to let tmux pass it.
import {expect, test} from 'vitest';
import {clipboardMethod, copyDoneMessage} from '../../source/ui/screen/clipboard-choice.js';
import {clipboardEnvFrom, type ClipboardEnv} from '../../source/settings.js';

const plain: ClipboardEnv = {remote: false, wayland: false, x11: false, macos: false, path: '/usr/bin'};
const installed =
	(...names: string[]) =>
	(name: string): string | undefined =>
		names.includes(name) ? `/usr/bin/${name}` : undefined;
const chosen = (env: Partial<ClipboardEnv>, ...names: string[]): string => {
	const method = clipboardMethod({...plain, ...env}, installed(...names));
	return method.kind === 'command' ? `${method.path} ${method.command.args.join(' ')}`.trim() : 'osc52';
};

test('at a desktop, the installed command of that desktop', () => {
	expect(chosen({wayland: true}, 'wl-copy', 'xclip')).toBe('/usr/bin/wl-copy');
	expect(chosen({x11: true}, 'wl-copy', 'xclip')).toBe('/usr/bin/xclip -selection clipboard');
	expect(chosen({x11: true}, 'xsel')).toBe('/usr/bin/xsel --clipboard --input');
	expect(chosen({macos: true}, 'pbcopy')).toBe('/usr/bin/pbcopy');
	// Wayland without wl-copy: X's command, through XWayland, when DISPLAY is set too.
	expect(chosen({wayland: true, x11: true}, 'xclip')).toBe('/usr/bin/xclip -selection clipboard');
});

test('OSC 52 over SSH (a command would copy on the far machine), with no desktop, or with no command installed', () => {
	expect(chosen({remote: true, wayland: true, x11: true}, 'wl-copy', 'xclip')).toBe('osc52');
	expect(chosen({}, 'wl-copy', 'xclip', 'xsel', 'pbcopy')).toBe('osc52');
	expect(chosen({x11: true})).toBe('osc52');
	expect(chosen({wayland: true}, 'pbcopy')).toBe('osc52');
});

test(
	'the facts come from the environment once: ' + 'SSH_CONNECTION or SSH_TTY, WAYLAND_DISPLAY, DISPLAY, the platform',
	() => {
		expect(clipboardEnvFrom({SSH_TTY: '/dev/pts/3', DISPLAY: ':0', PATH: '/bin'}, 'linux')).toEqual({
			remote: true,
			wayland: false,
			x11: true,
			macos: false,
			path: '/bin',
		});
		expect(clipboardEnvFrom({SSH_CONNECTION: '', WAYLAND_DISPLAY: 'wayland-0'}, 'darwin')).toEqual({
			remote: false,
			wayland: true,
			x11: false,
			macos: true,
			path: '',
		});
	},
);

test('the footer says what happened: copied with a command, sent by OSC 52, or how to let tmux pass it', () => {
	const copy = {text: `${Array.from({length: 300}, (_, i) => i + 1).join('\n')}\n`, what: 'the output of exec_command'};
	expect(copyDoneMessage(copy, {kind: 'command', name: 'wl-copy'})).toBe(
		'copied the output of exec_command (300 lines, 1 KB) with wl-copy',
	);
	expect(copyDoneMessage(copy, {kind: 'osc52'})).toBe(
		"sent the output of exec_command (300 lines, 1 KB) to the terminal's clipboard (OSC 52)",
	);
	expect(copyDoneMessage(copy, {kind: 'osc52', tmuxClipboard: 'on'})).toBe(
		"sent the output of exec_command (300 lines, 1 KB) to the terminal's clipboard (OSC 52)",
	);
	expect(copyDoneMessage(copy, {kind: 'osc52', tmuxClipboard: 'external'})).toBe(
		'not copied: tmux drops OSC 52; tmux set -g set-clipboard on (now external)',
	);
	expect(copyDoneMessage(copy, {kind: 'osc52', failed: 'xclip failed (exit 1)'})).toBe(
		"xclip failed (exit 1): sent the output of exec_command (300 lines, 1 KB) to the terminal's clipboard (OSC 52)",
	);
});
