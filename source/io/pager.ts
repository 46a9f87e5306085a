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

/**
 * less's prompt (-P) naming what is shown, then where in it the reader is: less would name
 * the temporary file. The title is free text: less's prompt characters in it are escaped,
 * and a `$` (which ends an option's string for less, with no portable escape) becomes `＄`.
 */
export function lessPrompt(title: string): string {
	const literal = title
		// eslint-disable-next-line no-control-regex
		.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
		.replace(/\$/g, '＄')
		.replace(/[?:.%\\]/g, char => `\\${char}`);
	return `${literal} ?e(END) :?pB%pB\\%..%t`;
}

/** Whether the pager command is less (then it is given a prompt). */
function isLess(command: string): boolean {
	const program = command.split(/\s+/)[0] ?? '';
	return path.basename(program) === 'less';
}

/**
 * Shows `text` (titled `title`) in `command` (settings.ts: $PAGER, else `less -R`) and returns when it closes:
 * undefined, or why it could not run.
 */
export function runPager(text: string, title: string, terminal: PagerTerminal, command: string): string | undefined {
	let dir: string | undefined;
	const raw = terminal.stdin.isTTY === true && terminal.stdin.isRaw;
	try {
		dir = mkdtempSync(path.join(tmpdir(), 'penguin-view-'));
		const file = path.join(dir, 'pane.txt');
		writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`, {mode: 0o600});
		if (raw) terminal.stdin.setRawMode(false);
		terminal.stdout.write(terminal.leave);
		// The command as the shell reads it ($PAGER may hold options), the file as its one argument;
		// less gets the prompt for every length of it (short, medium, long) as another.
		const prompt = isLess(command) ? ' -Ps"$2" -Pm"$2" -PM"$2"' : '';
		const result = spawnSync('/bin/sh', ['-c', `${command}${prompt} "$1"`, 'sh', file, lessPrompt(title)], {
			stdio: 'inherit',
		});
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
