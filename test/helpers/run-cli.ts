/** Runs the built program (dist/cli.js) as a user would, from a pipe. */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {fileURLToPath} from 'node:url';

export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export type CliResult = {code: number | null; stdout: string; stderr: string};

const baseEnv = (): NodeJS.ProcessEnv => {
	const env: NodeJS.ProcessEnv = {...process.env, TZ: 'UTC', CI: 'false'};
	delete env['FORCE_COLOR'];
	delete env['NO_COLOR'];
	return env;
};

/** Run to completion (with a deadline) and collect the output. */
export async function runCli(
	args: string[],
	options: {env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; uid?: number} = {},
): Promise<CliResult> {
	const child = startCli(args, options.env, options.uid);
	if (options.input !== undefined) child.stdin.end(options.input);
	else child.stdin.end();
	return waitForExit(child, options.timeoutMs ?? 10_000);
}

/** Start the program and keep it running; read `output()` as it grows. */
export function startCli(
	args: string[],
	env: NodeJS.ProcessEnv = {},
	uid?: number,
): ChildProcessWithoutNullStreams & {output(): string; errors(): string} {
	const child = spawn(process.execPath, [cliPath, ...args], {
		env: {...baseEnv(), ...env},
		...(uid === undefined ? {} : {uid, gid: uid}),
	}) as ChildProcessWithoutNullStreams & {output(): string; errors(): string};
	let stdout = '';
	let stderr = '';
	child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
	child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
	child.output = () => stdout;
	child.errors = () => stderr;
	return child;
}

export async function waitForExit(child: ReturnType<typeof startCli>, timeoutMs: number): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`the program did not exit within ${timeoutMs} ms; stdout so far:\n${child.output()}`));
		}, timeoutMs);
		child.on('close', code => {
			clearTimeout(timer);
			resolve({code, stdout: child.output(), stderr: child.errors()});
		});
	});
}

/** Waits for a condition (see test/support/wait-for.ts); kept here for the tests that import it from this module. */
export {waitFor} from '../support/wait-for.js';
