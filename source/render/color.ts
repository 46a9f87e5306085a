/** SGR styling for our own labels, decided once: identity functions when colour is off. */

export type Paint = Record<
	'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'blue' | 'cyan' | 'magenta',
	(text: string) => string
>;

const codes: Record<keyof Paint, [number, number]> = {
	bold: [1, 22],
	dim: [2, 22],
	red: [31, 39],
	green: [32, 39],
	yellow: [33, 39],
	blue: [34, 39],
	cyan: [36, 39],
	magenta: [35, 39],
};

export function paint(enabled: boolean): Paint {
	const entries = Object.entries(codes).map(([name, [open, close]]) => [
		name,
		enabled ? (text: string) => `\u001B[${open}m${text}\u001B[${close}m` : (text: string) => text,
	]);
	return Object.fromEntries(entries) as Paint;
}

/**
 * Whether the screen may use bold, dim and inverse without colour: NO_COLOR and --no-color
 * take colour only (the attributes mark thinking, the focus, matches); TERM=dumb takes both.
 */
export function attributesWanted(env: NodeJS.ProcessEnv): boolean {
	return env['TERM'] !== 'dumb';
}

/** Whether the terminal can take a cursor-addressed screen: not TERM=dumb (there: plain lines, as in a pipe). */
export function screenCapable(env: NodeJS.ProcessEnv): boolean {
	return env['TERM'] !== 'dumb';
}

/**
 * Whether to colour a stream: `--color`/`--color=always` (true) and `--no-color`/`--color=never`
 * (false) decide, whatever the environment says, as ls's flag does; else never for NO_COLOR or
 * TERM=dumb; FORCE_COLOR (other than 0) turns it on in a pipe; otherwise only on a terminal.
 */
export function colorWanted(isTty: boolean, env: NodeJS.ProcessEnv, flag: boolean | undefined): boolean {
	if (flag !== undefined) return flag;
	if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
	const force = env['FORCE_COLOR'];
	if (force !== undefined) return force !== '0' && force !== 'false';
	if (env['TERM'] === 'dumb') return false;
	return isTty;
}
