// The settings of a run (source/settings.ts): every variable the program reads, read once from
// the environment it is given; each switch on unless set to 0.
import path from 'node:path';
import {expect, test} from 'vitest';
import {defaultSwitches, readSettings} from '../source/settings.js';

test('with nothing set: the defaults, every switch on', () => {
	const settings = readSettings({}, '/home/u', '/work');
	expect(settings).toMatchObject({
		configDir: path.join('/home/u', '.config', 'penguin-view'),
		cwd: '/work',
		dataRoot: path.join('/home/u', '.penguin', 'data'),
		pager: 'less -R',
		shell: '/bin/sh',
		home: '/home/u',
		terminal: {},
		switches: defaultSwitches,
	});
	expect(settings.envCookie).toBeUndefined();
	expect(settings.password).toBeUndefined();
	expect(settings.historyAnswerMs).toBeUndefined();
	expect(settings.fault).toBeUndefined();
	// No config.toml read: every key at the program's default.
	expect(settings.config).toEqual({values: {}, problems: []});
});

test('each variable is read into its setting', () => {
	const settings = readSettings(
		{
			XDG_CONFIG_HOME: '/etc/xdg',
			PENGUIN_HOME: '/srv/penguin',
			PENGUIN_VIEW_COOKIE: 'c',
			PENGUIN_PASSWORD: 'p',
			TERM: 'dumb',
			NO_COLOR: '1',
			FORCE_COLOR: '0',
			COLORFGBG: '0;15',
			COLORTERM: 'truecolor',
			PAGER: ' most ',
			SHELL: '/usr/bin/fish',
			PENGUIN_VIEW_HISTORY_MS: '2000',
			PENGUIN_VIEW_FAULT: 'render',
			PENGUIN_VIEW_KERNEL: '0',
			PENGUIN_VIEW_TAIL_FIRST: '0',
			PENGUIN_VIEW_KEYS_AT_ONCE: '0',
			PENGUIN_VIEW_QUIET_OFFSCREEN: '0',
			PENGUIN_VIEW_WARM_MS: '600000',
			PENGUIN_VIEW_GREP_THREADS: '3',
		},
		'/home/u',
		'/work',
	);
	expect(settings).toMatchObject({
		configDir: path.join('/etc/xdg', 'penguin-view'),
		dataRoot: '/srv/penguin',
		envCookie: 'c',
		password: 'p',
		terminal: {TERM: 'dumb', NO_COLOR: '1', FORCE_COLOR: '0', COLORFGBG: '0;15', COLORTERM: 'truecolor'},
		pager: 'most',
		shell: '/usr/bin/fish',
		historyAnswerMs: 2000,
		fault: 'render',
		switches: {
			kernel: false,
			tailFirst: false,
			keysAtOnce: false,
			quietOffscreen: false,
			warmMs: 600_000,
			grepThreads: 3,
		},
	});
});

test('values that mean nothing leave the default', () => {
	const settings = readSettings(
		{
			PENGUIN_VIEW_HISTORY_MS: '-5',
			PENGUIN_VIEW_FAULT: 'bogus',
			PENGUIN_VIEW_WARM_MS: 'soon',
			PENGUIN_VIEW_GREP_THREADS: 'many',
			PENGUIN_VIEW_KERNEL: 'no',
			PENGUIN_HOME: '',
			PAGER: '',
		},
		'/home/u',
		'/',
	);
	expect(settings.historyAnswerMs).toBeUndefined();
	expect(settings.fault).toBeUndefined();
	expect(settings.switches).toEqual(defaultSwitches);
	expect(settings.dataRoot).toBe(path.join('/home/u', '.penguin', 'data'));
	expect(settings.pager).toBe('less -R');
});
