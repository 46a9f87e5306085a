/**
 * The end of an exhaustive `switch`: called in its `default` with the value switched on,
 * which the compiler has narrowed to `never` when every case is handled. A new item kind or
 * payload type then fails to compile until each output says what it does with it, instead
 * of vanishing from one of them silently. Reached at run time only by a bug.
 */
export function assertNever(value: never, what: string): never {
	let shown: string;
	try {
		shown = JSON.stringify(value)?.slice(0, 80) ?? String(value);
	} catch {
		shown = String(value);
	}
	throw new Error(`unhandled ${what}: ${shown}`);
}
