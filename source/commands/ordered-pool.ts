/**
 * Work done a few at a time, its results handed on in the order of the work: what `--grep --sse` needs to ask a server
 * for a few sessions at once and still write them newest first, each as soon as those before it are written.
 */

/** Runs `work` on each item, at most `limit` at once; `onResult` gets each result in the items' order. */
export async function inOrderPool<T, R>(
	items: readonly T[],
	limit: number,
	work: (item: T) => Promise<R>,
	onResult: (result: R, item: T, index: number) => void,
): Promise<void> {
	const results = new Map<number, R>();
	let next = 0;
	let written = 0;
	const flush = (): void => {
		while (results.has(written)) {
			const result = results.get(written)!;
			results.delete(written);
			onResult(result, items[written]!, written);
			written++;
		}
	};
	const worker = async (): Promise<void> => {
		while (next < items.length) {
			const index = next++;
			results.set(index, await work(items[index]!));
			flush();
		}
	};
	await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
}
