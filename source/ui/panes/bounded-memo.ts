/**
 * A function of a text with its answers remembered, for the measures Ink repeats on every
 * frame (ink-width.ts, ink-sanitize.ts): a frame's rows are mostly the rows of the frame
 * before, so a lookup answers them. At most `limit` answers are kept; when full, all are
 * dropped at once (cheaper than ordering them, and rows come and go with scrolling anyway).
 */
export function boundedMemo<T>(limit: number, compute: (text: string) => T): (text: string) => T {
	const kept = new Map<string, T>();
	return text => {
		let answer = kept.get(text);
		if (answer === undefined) {
			if (kept.size >= limit) kept.clear();
			answer = compute(text);
			kept.set(text, answer);
		}
		return answer;
	};
}
