/** Durations for reports and exports, with milliseconds kept below a second (tool calls often take less). */

/** 239 → "239 ms", 2224 → "2.2 s", 83_000 → "1 m 23 s", 4_000_000 → "1 h 6 m". */
export function durationText(ms: number): string {
	if (!Number.isFinite(ms) || ms < 0) return '?';
	if (ms < 1000) return `${Math.round(ms)} ms`;
	if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
	const minutes = Math.floor(ms / 60_000);
	const seconds = Math.round((ms % 60_000) / 1000);
	if (minutes < 60) return `${minutes} m ${seconds} s`;
	return `${Math.floor(minutes / 60)} h ${minutes % 60} m`;
}
