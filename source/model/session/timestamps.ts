/**
 * A message's timestamp as epoch ms, as `Date.parse` reads it. Traces write many lines a
 * second in the same form (`2026-12-02T10:00:00.123Z`): the part up to the second is parsed
 * once and the milliseconds added, which saves a `Date.parse` on most lines of a large trace.
 */
export class Timestamps {
	private second: string | undefined;
	private secondMs = Number.NaN;

	/** Epoch ms, or undefined when `timestamp` is not a string Date.parse reads. */
	read(timestamp: string | undefined): number | undefined {
		if (typeof timestamp !== 'string') return undefined;
		const ms = isPlainMillis(timestamp) ? this.secondOf(timestamp) + millisOf(timestamp) : Date.parse(timestamp);
		return Number.isNaN(ms) ? undefined : ms;
	}

	/** Date.parse of the text's second, `.000Z` (NaN when it does not read as a time). */
	private secondOf(timestamp: string): number {
		const second = timestamp.slice(0, 19);
		if (second !== this.second) {
			this.second = second;
			this.secondMs = Date.parse(`${second}.000Z`);
		}
		return this.secondMs;
	}
}

/**
 * `YYYY-MM-DDTHH:MM:SS.sssZ`, digits where digits go, and not hour 24: Date.parse reads it as
 * its second plus those milliseconds, or as NaN with its second (hour 24 is valid only at .000,
 * so it goes the usual way).
 */
function isPlainMillis(text: string): boolean {
	if (text.length !== 24) return false;
	for (let i = 0; i < 24; i++) {
		const code = text.charCodeAt(i);
		const shape = isoShape.charCodeAt(i);
		if (shape === 0x64 /* d */ ? !(code >= 48 && code <= 57) : code !== shape) return false;
	}
	return !(text.charCodeAt(11) === 0x32 && text.charCodeAt(12) === 0x34);
}

// `d` stands for a digit.
const isoShape = 'dddd-dd-ddTdd:dd:dd.dddZ';

function millisOf(text: string): number {
	return (text.charCodeAt(20) - 48) * 100 + (text.charCodeAt(21) - 48) * 10 + (text.charCodeAt(22) - 48);
}
