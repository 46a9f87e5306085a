/**
 * v: a pane's whole text in the reader's pager ($PAGER, else `less -R`), the screen handed
 * over while it runs. The text (already sanitized) goes through a private temporary file,
 * removed after; the pager runs synchronously, so the screen reads no key meant for it.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export type PagerTerminal = {
	stdin: NodeJS.ReadStream;
	stdout: NodeJS.WriteStream;
	/** Written before the pager runs (the normal screen, the cursor shown). */
	leave: string;
	/** Written after (the screen's own again). */
	enter: string;
};

/** The pager command: $PAGER when set, else `less -R`. */
export function pagerCommand(env: NodeJS.ProcessEnv): string {
	const pager = env['PAGER']?.trim();
	return pager === undefined || pager === '' ? 'less -R' : pager;
}

/** Shows `text` in the pager and returns when it closes: undefined, or why it could not run. */
export function runPager(text: string, terminal: PagerTerminal, env: NodeJS.ProcessEnv = process.env): string | undefined {
	const command = pagerCommand(env);
	let dir: string | undefined;
	const raw = terminal.stdin.isTTY === true && terminal.stdin.isRaw;
	try {
		dir = mkdtempSync(path.join(tmpdir(), 'penguin-view-'));
		const file = path.join(dir, 'pane.txt');
		writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`, {mode: 0o600});
		if (raw) terminal.stdin.setRawMode(false);
		terminal.stdout.write(terminal.leave);
		// The command as the shell reads it ($PAGER may hold options), the file as its one argument.
		const result = spawnSync('/bin/sh', ['-c', `${command} "$1"`, 'sh', file], {stdio: 'inherit'});
		if (result.error) return `could not run the pager (${command}): ${result.error.message}`;
		if (result.status === 127) return `could not run the pager: ${command} was not found`;
		return undefined;
	} catch (error) {
		return `could not run the pager: ${error instanceof Error ? error.message : String(error)}`;
	} finally {
		try {
			terminal.stdout.write(terminal.enter);
			if (raw) terminal.stdin.setRawMode(true);
		} catch {
			// The terminal is gone: the screen ends on its own.
		}
		if (dir) rmSync(dir, {recursive: true, force: true});
	}
}
