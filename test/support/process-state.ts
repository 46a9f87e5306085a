/**
 * What Linux's /proc tells about a running program the tests started: how many bytes it has
 * read, and whether it has gone quiet. "Quiet" is the positive sign a test waits for when it
 * means "the program has handled everything it was given and now waits": every thread
 * asleep and no byte read or written over several checks in a row. A program that is merely
 * starved of CPU on a loaded machine is runnable, not asleep, so it does not pass for quiet.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {waitFor, type WaitOptions} from './wait-for.js';

/** The bytes `pid` has read (files, pipes, sockets) and written so far: `rchar` and `wchar` of /proc/<pid>/io. */
export function ioBytes(pid: number): {read: number; written: number} {
	const text = readFileSync(`/proc/${pid}/io`, 'utf8');
	const field = (name: string): number => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
	return {read: field('rchar'), written: field('wchar')};
}

/**
 * How many times the main thread of `pid` has gone to sleep and been woken (its voluntary
 * context switches): it grows each time the program wakes for a timer, a file event or I/O,
 * so a test can wait until a program has worked through several rounds of whatever it does.
 */
export function wakeups(pid: number): number {
	const text = readFileSync(`/proc/${pid}/status`, 'utf8');
	return Number(/^voluntary_ctxt_switches:\s+(\d+)$/m.exec(text)?.[1] ?? Number.NaN);
}

/** Waits until `pid` has read at least `bytes` in all (compare with `ioBytes(pid).read` taken before). */
export async function untilRead(pid: number, bytes: number, what: string, options: WaitOptions = {}): Promise<void> {
	await waitFor(() => ioBytes(pid).read >= bytes, what, {
		...options,
		show: options.show ?? (() => `bytes read: ${ioBytes(pid).read} of ${bytes}`),
	});
}

/** Whether every thread of `pid` is asleep (S: waiting for an event; I: idle kernel thread state). */
function allAsleep(pid: number): boolean {
	for (const thread of readdirSync(`/proc/${pid}/task`)) {
		let stat: string;
		try {
			stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
		} catch {
			continue; // The thread ended between the listing and the read.
		}
		// The state follows the command name, which is in parentheses and may hold spaces.
		const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
		if (state !== 'S' && state !== 'I') return false;
	}
	return true;
}

/** How many checks in a row must find the program asleep with nothing read or written. */
const quietChecks = 10;

/**
 * Waits until `pid` is quiet: asleep, with the same bytes read and written, `quietChecks`
 * checks in a row. Fails (after the usual deadline) if it never settles.
 */
export async function untilQuiet(pid: number, what: string, options: WaitOptions = {}): Promise<void> {
	let last = '';
	let streak = 0;
	await waitFor(
		() => {
			const io = ioBytes(pid);
			const now = `${io.read}/${io.written}`;
			streak = now === last && allAsleep(pid) ? streak + 1 : 0;
			last = now;
			return streak >= quietChecks;
		},
		`${what} (the program asleep, reading and writing nothing)`,
		{...options, show: options.show ?? (() => `bytes read/written: ${last}`)},
	);
}
