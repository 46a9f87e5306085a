/** Small, pure formatters for numbers, sizes, durations and times. */

/** 950 → "950", 9120 → "9.1k", 1_250_000 → "1.3M". */
export function formatTokens(count: number): string {
	if (!Number.isFinite(count)) return '?';
	const abs = Math.abs(count);
	if (abs < 1000) return String(Math.round(count));
	// Print mode writes four counts on every request's line: whole ones without toFixed (about
	// 1,000 instructions a call), to the same digits.
	const whole = Number.isInteger(count) ? wholeTokens(abs) : undefined;
	if (whole !== undefined) return count < 0 ? `-${whole}` : whole;
	if (abs < 1_000_000) return `${trimZero((count / 1000).toFixed(abs < 10_000 ? 1 : 0))}k`;
	return `${trimZero((count / 1_000_000).toFixed(1))}M`;
}

/**
 * formatTokens of a whole `abs` from 1,000 up, rounded as toFixed rounds it: a tie (…50 tenths
 * of a thousand, …500, …50,000) is toFixed's to round from the exact value of the quotient, so
 * it is left to it (undefined); any other count is at least a unit of its last place from one,
 * far more than the quotient's error.
 */
function wholeTokens(abs: number): string | undefined {
	if (abs < 10_000) return abs % 100 === 50 ? undefined : tenthsText(Math.round(abs / 100), 'k');
	if (abs < 1_000_000) return abs % 1000 === 500 ? undefined : `${Math.round(abs / 1000)}k`;
	return abs >= 1e12 || abs % 100_000 === 50_000 ? undefined : tenthsText(Math.round(abs / 100_000), 'M');
}

/** 12 tenths → "1.2k", 20 → "2k" (with `zero`, "2.0k"). */
function tenthsText(tenths: number, unit: string, zero = false): string {
	const rest = tenths % 10;
	return rest === 0 && !zero ? `${tenths / 10}${unit}` : `${(tenths - rest) / 10}.${rest}${unit}`;
}

/** 34_000 → "33 KB", 900 → "900 B". */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
	return `${trimZero((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

/** 450 → "0.5 s", 83_000 → "1 m 23 s". */
export function formatDuration(ms: number): string {
	if (!Number.isFinite(ms) || ms < 0) return '';
	// Whole ms (a timestamp's difference) without toFixed, as formatTokens (a tie left to it).
	if (ms < 60_000)
		return Number.isInteger(ms) && ms % 100 !== 50
			? tenthsText(Math.round(ms / 100), ' s', true)
			: `${(ms / 1000).toFixed(1)} s`;
	const minutes = Math.floor(ms / 60_000);
	const seconds = Math.round((ms % 60_000) / 1000);
	if (minutes < 60) return `${minutes} m ${seconds} s`;
	return `${Math.floor(minutes / 60)} h ${minutes % 60} m`;
}

/** The local wall-clock time of an epoch ms, HH:MM:SS. */
export function formatClock(ms: number): string {
	// Print mode labels every line: built without arrays, ~150 ns a label.
	const d = new Date(ms);
	return `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}:${twoDigits(d.getSeconds())}`;
}

/**
 * formatClock, remembering the last second it formatted: print mode labels every entry, and
 * most share their second with the one before. (Time zones are offset by whole seconds, so
 * one second of epoch ms is one second of the local clock.)
 */
export class Clocks {
	private second = Number.NaN;
	private text = '';

	/** formatClock(ms). */
	of(ms: number): string {
		// Date keeps whole ms, within ±8.64e15: anything else is formatted each time.
		if (!Number.isInteger(ms) || Math.abs(ms) > maxTime) return formatClock(ms);
		const second = Math.floor(ms / 1000);
		if (second !== this.second) {
			this.second = second;
			this.text = formatClock(ms);
		}
		return this.text;
	}
}

const maxTime = 8.64e15;

function twoDigits(n: number): string {
	return n < 10 ? `0${n}` : `${n}`;
}

/**
 * 12345 → "12,345". Not toLocaleString: its first call sets up ICU's number formatting,
 * ~20 ms that the screen's first frame (which shows thinking lengths) should not wait for.
 */
export function formatCount(count: number): string {
	const digits = String(Math.trunc(count));
	return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** "1 line", "3 lines". */
export function plural(count: number, word: string, words = `${word}s`): string {
	return `${count} ${count === 1 ? word : words}`;
}

/** The number of lines a text shows (a trailing newline ends a line, it does not start one). */
export function lineCount(text: string): number {
	if (text === '') return 0;
	let count = 1;
	let index = text.indexOf('\n');
	while (index !== -1) {
		if (index !== text.length - 1) count++;
		index = text.indexOf('\n', index + 1);
	}
	return count;
}

/** A percentage of a whole, rounded, or undefined when there is no whole. */
export function percentOf(part: number, whole: number | undefined): number | undefined {
	if (whole === undefined || !(whole > 0)) return undefined;
	return Math.round((part / whole) * 100);
}

/** Shorten a text to one line of at most `max` characters, with an ellipsis. */
export function oneLine(text: string, max: number): string {
	// Most texts are on one line already, their words a space apart: a test spares the copy.
	const flat = notOneLine.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
	return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1))}…` : flat;
}

// White space that oneLine changes: a run of two, any but a space, a space at either end.
const notOneLine = /\s\s|[^\S ]|^ | $/;

function trimZero(text: string): string {
	return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** "just now", "42 s ago", "5 m ago", "3 h ago", "2 d ago". */
export function relativeTime(idleMs: number): string {
	if (idleMs < 10_000) return 'just now';
	if (idleMs < 60_000) return `${Math.floor(idleMs / 1000)} s ago`;
	if (idleMs < 3_600_000) return `${Math.floor(idleMs / 60_000)} m ago`;
	if (idleMs < 86_400_000) return `${Math.floor(idleMs / 3_600_000)} h ago`;
	return `${Math.floor(idleMs / 86_400_000)} d ago`;
}

/** A moment as `YYYY-MM-DD HH:MM` in local time, as a terminal user reads a clock ('?' when unknown). */
export function localMinute(ms: number): string {
	if (!Number.isFinite(ms)) return '?';
	const d = new Date(ms);
	const p = (n: number): string => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
