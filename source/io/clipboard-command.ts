/**
 * y's clipboard commands (wl-copy, xclip, xsel, pbcopy): found on PATH, run with the text on
 * their standard input and a time limit; and tmux's `set-clipboard`, asked once. Their output
 * is not read: xclip and wl-copy leave a process behind to serve the selection, which keeps any
 * pipe open.
 */
import {spawnSync} from 'node:child_process';
import {accessSync, constants, statSync} from 'node:fs';
import path from 'node:path';

/** A clipboard command has this long to take the text. */
const commandMs = 3000;

/** Where `name` is on `searchPath` (PATH's value) as an executable file, if anywhere. */
export function findOnPath(name: string, searchPath: string): string | undefined {
	for (const folder of searchPath.split(path.delimiter)) {
		if (folder === '') continue;
		const candidate = path.join(folder, name);
		try {
			accessSync(candidate, constants.X_OK);
			if (statSync(candidate).isFile()) return candidate;
		} catch {
			// Not here.
		}
	}
	return undefined;
}

/** Runs the command at `file` with `text` on its input: undefined when it took it, else why not (`xclip: exit 1`). */
export function runClipboardCommand(file: string, args: readonly string[], text: string): string | undefined {
	const name = path.basename(file);
	const result = spawnSync(file, args, {input: text, stdio: ['pipe', 'ignore', 'ignore'], timeout: commandMs});
	if (result.error) return `${name} failed: ${result.error.message}`;
	if (result.signal) return `${name} failed: ${result.signal === 'SIGTERM' ? 'no answer in 3 s' : result.signal}`;
	return result.status === 0 ? undefined : `${name} failed (exit ${result.status})`;
}

/** tmux's `set-clipboard` (on, external, off), asked of the tmux this program runs in; undefined if it did not say. */
export function tmuxClipboardSetting(): string | undefined {
	const result = spawnSync('tmux', ['show-options', '-gv', 'set-clipboard'], {encoding: 'utf8', timeout: commandMs});
	const value = result.status === 0 ? result.stdout.trim() : '';
	return /^[a-z]+$/.test(value) ? value : undefined;
}
