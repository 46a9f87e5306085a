/**
 * Work done a few at a time, its results handed on in the order of the work: what `--grep` needs to search a few
 * sessions at once (on a server, or in worker threads) and still write them newest first. The first item not yet
 * handed on (the head) may hand on pieces as it goes, each written at once; a later item's pieces wait until it is
 * the head.
 */

/** Runs `work` on each item, at most `limit` at once; `onResult` gets each result in the items' order. */
export async function inOrderPool<T, R>(
	items: readonly T[],
	limit: number,
	work: (item: T, piece: (text: string) => void) => Promise<R>,
	onResult: (result: R, item: T, index: number) => void,
	onPiece: (text: string) => void = () => {},
	stopped: () => boolean = () => false,
): Promise<void> {
	const results = new Map<number, R>();
	const kept = new Map<number, string[]>();
	let next = 0;
	let written = 0;
	const flush = (): void => {
		while (results.has(written)) {
			const result = results.get(written)!;
			results.delete(written);
			onResult(result, items[written]!, written);
			written++;
			for (const text of kept.get(written) ?? []) onPiece(text);
			kept.delete(written);
		}
	};
	const worker = async (): Promise<void> => {
		while (next < items.length && !stopped()) {
			const index = next++;
			const piece = (text: string): void => {
				if (index === written) {
					onPiece(text);
					return;
				}
				let list = kept.get(index);
				if (!list) kept.set(index, (list = []));
				list.push(text);
			};
			results.set(index, await work(items[index]!, piece));
			flush();
		}
	};
	await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
}
