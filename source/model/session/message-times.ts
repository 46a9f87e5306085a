/**
 * A message's timestamp in epoch ms, as Date.parse reads it, for every message a model applies.
 * The harness writes each one with toISOString (`2026-12-02T10:00:00.050Z`), and most share
 * their day with the one before: such a timestamp is read from its digits on top of its day's
 * start, which Date.parse gives once per day. Any other form goes to Date.parse whole.
 * (Date.parse took about 2 % of print mode's time, once per message.)
 */

/** Reads timestamps; remembers the start of the last day it saw (one per model: no module state). */
export class MessageTimes {
	// The last day read from digits: its digits as a number (yyyymmdd), and its start in epoch ms.
	private day = -1;
	private dayStart = 0;

	/** Date.parse(timestamp), undefined for NaN or a non-string. */
	of(timestamp: string | undefined): number | undefined {
		if (typeof timestamp !== 'string') return undefined;
		const ms = this.fromDigits(timestamp);
		if (ms !== undefined) return ms;
		const parsed = Date.parse(timestamp);
		return Number.isNaN(parsed) ? undefined : parsed;
	}

	/** `YYYY-MM-DDTHH:MM:SS.mmmZ` with the time in range read from its digits; undefined for anything else. */
	private fromDigits(text: string): number | undefined {
		if (text.length !== 24 || text.charCodeAt(23) !== 0x5a || text.charCodeAt(10) !== 0x54) return undefined;
		if (text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d || text.charCodeAt(13) !== 0x3a || text.charCodeAt(16) !== 0x3a || text.charCodeAt(19) !== 0x2e) return undefined;
		const hours = twoDigits(text, 11);
		const minutes = twoDigits(text, 14);
		const seconds = twoDigits(text, 17);
		const millis = twoDigits(text, 20) * 10 + digit(text, 22);
		// Hour 24 (Date.parse reads 24:00 as the next day's midnight) and second 60 are left to it;
		// a digit that is not one (-1 000) makes a part negative.
		if (!(hours >= 0 && hours < 24 && minutes >= 0 && minutes < 60 && seconds >= 0 && seconds < 60 && millis >= 0)) return undefined;
		const century = twoDigits(text, 0);
		const year = twoDigits(text, 2);
		const month = twoDigits(text, 5);
		const date = twoDigits(text, 8);
		if (!(century >= 0 && year >= 0 && month >= 0 && date >= 0)) return undefined;
		const day = century * 1_000_000 + year * 10_000 + month * 100 + date;
		if (day !== this.day) {
			// Date.parse decides which days are days (it rolls 02-30 over to March, refuses 02-32).
			const start = Date.parse(`${text.slice(0, 10)}T00:00:00.000Z`);
			if (Number.isNaN(start)) return undefined;
			this.day = day;
			this.dayStart = start;
		}
		return this.dayStart + hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + millis;
	}
}

// A character that is not a digit reads as so negative that any sum with it is.
function digit(text: string, at: number): number {
	const value = text.charCodeAt(at) - 0x30;
	return value >= 0 && value <= 9 ? value : -1000;
}

function twoDigits(text: string, at: number): number {
	return digit(text, at) * 10 + digit(text, at + 1);
}
