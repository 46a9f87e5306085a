/**
 * Waiting in tests: always for a condition (a frame holding a text, a state, a file's content,
 * a process's output), never for a fixed time. A fixed sleep is either too short on a loaded
 * machine (the test fails) or longer than needed everywhere else (the suite is slow); a
 * condition is checked every few milliseconds and the wait ends as soon as it holds.
 *
 *   await waitFor(() => child.output().includes('ready'), 'the ready line', {show: child.output});
 *   const frame = await waitForText(app.lastFrame, /match 1 of 3/);
 *
 * When a test means "nothing happens", wait for a positive sign that the input was handled
 * (the frame that follows it, a marker, the connection closing) and then check that nothing
 * else changed; say so in a comment.
 */
import {setTimeout as pause} from 'node:timers/promises';

/**
 * Long enough for a loaded 2-core machine; shorter than vitest's 20 s test timeout, so a failure says what was awaited.
 */
export const waitLimitMs = 12_000;
/** How often a condition is checked again: a check is cheap, and the wait should end soon after it holds. */
const recheckMs = 5;

export type WaitOptions = {
	/** Give up after this long (default `waitLimitMs`). */
	timeoutMs?: number;
	/** How often to check again (default 5 ms); a costly check (a tmux capture, a process list) asks for less often. */
	everyMs?: number;
	/** What to add to the failure message: the last frame, the output so far. */
	show?: () => string;
};

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Checks `check` until it returns something truthy, and returns that. A check that throws
 * counts as "not yet" (its last error is in the failure message). Fails after the deadline
 * with `what`, and what `show` returns.
 */
export async function waitFor<T>(
	check: () => T | Promise<T>,
	what: string,
	options: WaitOptions | number = {},
): Promise<Truthy<T>> {
	const {
		timeoutMs = waitLimitMs,
		everyMs = recheckMs,
		show,
	} = typeof options === 'number' ? {timeoutMs: options} : options;
	const deadline = Date.now() + timeoutMs;
	let lastError: unknown;
	for (;;) {
		try {
			const value = await check();
			if (value) return value as Truthy<T>;
		} catch (error) {
			lastError = error;
		}
		if (Date.now() > deadline) {
			const reason =
				lastError === undefined
					? ''
					: `\nthe last check threw: ${lastError instanceof Error ? lastError.message : String(lastError)}`;
			const shown = show ? `\n--- what there was ---\n${show()}\n---` : '';
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${reason}${shown}`);
		}
		await pause(everyMs);
	}
}

/** A text, a pattern, or any test of the whole text. */
export type Expected = string | RegExp | ((text: string) => boolean);

/** Whether `text` holds `expected`. */
export function holds(text: string, expected: Expected): boolean {
	if (typeof expected === 'string') return text.includes(expected);
	if (expected instanceof RegExp) return expected.test(text);
	return expected(text);
}

/**
 * Waits until the text `read` returns (a frame, a process's output, a file) holds `expected`,
 * and returns that text. On failure the message shows the last text read.
 */
export async function waitForText(
	read: () => string | undefined,
	expected: Expected,
	what?: string,
	options: Omit<WaitOptions, 'show'> = {},
): Promise<string> {
	let last = '';
	const label = what ?? (typeof expected === 'function' ? 'the expected text' : `a text holding ${String(expected)}`);
	await waitFor(
		() => {
			last = read() ?? '';
			return holds(last, expected);
		},
		label,
		{...options, show: () => last},
	);
	return last;
}
