// What the terminal is known to show, from the variables it sets: the tab's progress (OSC 9;4)
// only on the listed terminals and never on kitty (OSC 9 is a notification there); links
// everywhere but TERM=dumb, NO_COLOR and the terminals that print them; images by protocol.
import {expect, test} from 'vitest';
import {imageProtocolOf, linksSupported, progressSupported} from '../../source/render/terminal-features.js';

test('progress: Windows Terminal, ConEmu, ghostty, WezTerm 2025+, iTerm2 3.6.6+; never kitty nor others', () => {
	expect(progressSupported({WT_SESSION: 'abc'})).toBe(true);
	expect(progressSupported({ConEmuANSI: 'ON'})).toBe(true);
	expect(progressSupported({TERM_PROGRAM: 'ghostty'})).toBe(true);
	expect(progressSupported({TERM_PROGRAM: 'WezTerm', TERM_PROGRAM_VERSION: '20250210-094557-4c3bbc9e'})).toBe(true);
	// Its last release takes any OSC 9 for a notification; without a version (inside tmux) nothing is sent.
	expect(progressSupported({TERM_PROGRAM: 'WezTerm', TERM_PROGRAM_VERSION: '20240203-110809-5046fc22'})).toBe(false);
	expect(progressSupported({TERM_PROGRAM: 'tmux', WEZTERM_PANE: '0'})).toBe(false);
	expect(progressSupported({TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.6.6'})).toBe(true);
	expect(progressSupported({TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.5.14'})).toBe(false);
	expect(progressSupported({LC_TERMINAL: 'iTerm2', TERM_FEATURES: 'T3LrMSc7UUw9Ts3BFGsSyHNoSxF:P'})).toBe(true);
	expect(progressSupported({TERM: 'xterm-kitty', WT_SESSION: 'abc'})).toBe(false);
	expect(progressSupported({KITTY_WINDOW_ID: '1', TERM_PROGRAM: 'WezTerm'})).toBe(false);
	expect(progressSupported({TERM: 'xterm-256color'})).toBe(false);
	expect(progressSupported({TERM: 'dumb', WT_SESSION: 'abc'})).toBe(false);
});

test('links: off under TERM=dumb, NO_COLOR, on the Linux console, in Apple Terminal and Emacs', () => {
	expect(linksSupported({TERM: 'xterm-256color'})).toBe(true);
	expect(linksSupported({TERM: 'dumb'})).toBe(false);
	expect(linksSupported({TERM: 'xterm-256color', NO_COLOR: '1'})).toBe(false);
	expect(linksSupported({TERM: 'linux'})).toBe(false);
	expect(linksSupported({TERM_PROGRAM: 'Apple_Terminal'})).toBe(false);
	expect(linksSupported({INSIDE_EMACS: '29.1,vterm'})).toBe(false);
});

test("images: kitty's protocol in kitty and ghostty, iTerm2's in iTerm2 and WezTerm, none elsewhere", () => {
	expect(imageProtocolOf({TERM: 'xterm-kitty'})).toBe('kitty');
	expect(imageProtocolOf({TERM_PROGRAM: 'ghostty'})).toBe('kitty');
	expect(imageProtocolOf({TERM_PROGRAM: 'iTerm.app'})).toBe('iterm');
	expect(imageProtocolOf({TERM_PROGRAM: 'WezTerm'})).toBe('iterm');
	expect(imageProtocolOf({TERM: 'xterm-256color'})).toBeUndefined();
});
