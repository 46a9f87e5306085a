/**
 * A hidden switch for the fault-injection tests (test/faults/): with the environment
 * variable `PENGUIN_VIEW_FAULT` set to one of the kinds below (settings.ts reads it), the
 * program fails on purpose in that way, so a test can prove that every way of dying restores
 * the terminal and exits with one line and code 1. Unset (or any other value), nothing here
 * does anything.
 *
 * - `render`: a component throws while rendering, shortly after the screen is up;
 * - `handler`: the screen's key handler throws on the next key;
 * - `rejection`: a promise rejects with nobody to handle it, shortly after start;
 * - `exception`: a timer callback throws, shortly after start.
 */

/** The faults the switch can inject. */
export type FaultKind = 'render' | 'handler' | 'rejection' | 'exception';

const kinds: readonly FaultKind[] = ['render', 'handler', 'rejection', 'exception'];

/** The fault a value of PENGUIN_VIEW_FAULT asks for; undefined for any other. */
export function faultKindOf(value: string | undefined): FaultKind | undefined {
	return kinds.find(kind => kind === value);
}

/** How long after start (or after the screen is up) a delayed fault fires, in ms. */
export const faultDelayMs = 400;

/** The error an injected fault throws. */
export function injectedFault(kind: FaultKind): Error {
	return new Error(`injected fault (${kind})`);
}

/** Arms the process-level faults (`rejection`, `exception`): a timer that fails on purpose. */
export function armProcessFault(wanted: FaultKind | undefined): void {
	if (wanted === 'rejection') {
		setTimeout(() => {
			void Promise.reject(injectedFault('rejection'));
		}, faultDelayMs);
	} else if (wanted === 'exception') {
		setTimeout(() => {
			throw injectedFault('exception');
		}, faultDelayMs);
	}
}
