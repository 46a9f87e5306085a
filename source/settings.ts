/** What the run reads from its environment besides the flags, read once at the entry and handed down. */
import {homedir} from 'node:os';
import path from 'node:path';

export type Settings = {
	/** Where the saved logins live (`$XDG_CONFIG_HOME/penguin-view`, else `~/.config/penguin-view`). */
	configDir: string;
	/** The directory relative paths are read from. */
	cwd: string;
	now: () => number;
	/** PENGUIN_VIEW_COOKIE: the session cookie, as `--cookie` gives it. */
	envCookie?: string;
	/** TMUX is set: escapes meant for the outer terminal (--notify) go through tmux's passthrough. */
	insideTmux?: boolean;
};

/** The settings of this process. */
export function readSettings(env: NodeJS.ProcessEnv): Settings {
	return {configDir: configDirFrom(env, homedir()), cwd: process.cwd(), now: Date.now, envCookie: env['PENGUIN_VIEW_COOKIE'], insideTmux: (env['TMUX'] ?? '') !== ''};
}

/** The config directory: `$XDG_CONFIG_HOME/penguin-view`, else `~/.config/penguin-view` (a relative XDG_CONFIG_HOME is ignored, as the XDG spec asks). */
export function configDirFrom(env: NodeJS.ProcessEnv, home: string): string {
	const xdg = env['XDG_CONFIG_HOME'];
	const base = xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, '.config');
	return path.join(base, 'penguin-view');
}
