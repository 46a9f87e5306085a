/**
 * Ink's frames for a terminal that draws iTerm2's inline images (iTerm2, WezTerm). iTerm2 draws
 * a picture at the cursor, and a row written again loses it; Ink (6.8, log-update's standard
 * mode) erases and writes every row of every frame. So Ink writes to this stream instead: each
 * frame (`eraseLines` then the rows) goes out as the rows that changed since the last one alone,
 * each at its place (`CSI row;1H`), the placeholders blank; then every picture wholly on the
 * screen whose rows were written or which moved is drawn over its cells (render/iterm-placement.ts).
 * A picture that stays put under rows that did not change is not written again.
 */
import {blankPlaceholders, imagePlacements, itermPlaced} from '../../render/iterm-placement.js';

/** A picture the panes drew: its base64 PNG and its rows. */
export type Picture = {data: string; rows: number};

/** The stream Ink writes to, and what tells it the terminal's screen was wiped (a hand-over, a resize). */
export type ItermFrames = {stdout: NodeJS.WriteStream; forget: () => void; stop: () => void};

const clearScreen = '\u001b[2J\u001b[3J\u001b[H';
/** log-update's `eraseLines(n)`: erase a row and go up, n times, then to the first column. */
const eraseLines = /^(?:\u001b\[2K(?:\u001b\[1A)?)*(?:\u001b\[G)?/;

/**
 * Ink's frames on `stdout`, with the pictures `pictureOf` knows drawn over their placeholders; inside tmux
 * (`tmuxOrigin`: where the pane starts on the outer terminal, asked again after a resize) through its passthrough.
 */
export function itermFrames(
	stdout: NodeJS.WriteStream,
	pictureOf: (id: number) => Picture | undefined,
	tmuxOrigin?: () => {row: number; column: number},
): ItermFrames {
	let shown: string[] = [];
	let drawn = new Set<string>();
	let tmux = tmuxOrigin?.();
	const forget = (): void => {
		shown = [];
		drawn = new Set();
	};
	const resized = (): void => {
		forget();
		tmux = tmuxOrigin?.();
	};
	const pictures = (lines: string[], written: (row: number) => boolean): string => {
		let out = '';
		const now = new Set<string>();
		for (const place of imagePlacements(lines, id => pictureOf(id)?.rows)) {
			const picture = pictureOf(place.id)!;
			const key = `${place.id}@${place.row},${place.column}:${place.columns}x${place.rows}`;
			now.add(key);
			let rewritten = !drawn.has(key);
			for (let row = place.row; row < place.row + place.rows && !rewritten; row++) rewritten = written(row);
			if (rewritten) out += itermPlaced(picture.data, decodedBytes(picture.data), place, tmux);
		}
		drawn = now;
		return out;
	};
	const frame = (text: string): string => {
		if (text.startsWith(clearScreen)) {
			const lines = text.slice(clearScreen.length).split('\n');
			shown = lines;
			return clearScreen + lines.map(blankPlaceholders).join('\n') + pictures(lines, () => true);
		}
		const erase = eraseLines.exec(text)![0];
		const rows = text.slice(erase.length);
		if (rows === '') {
			// log-update's clear: the frame is gone from the screen.
			if (erase !== '') forget();
			return text;
		}
		if (!rows.endsWith('\n')) return text;
		const lines = rows.split('\n');
		const changed = new Set<number>();
		let out = '';
		for (let row = 0; row < Math.max(lines.length, shown.length); row++) {
			if (lines[row] === shown[row]) continue;
			changed.add(row);
			out += `\u001b[${row + 1};1H${blankPlaceholders(lines[row] ?? '')}\u001b[K`;
		}
		shown = lines;
		// Where log-update leaves the cursor: under the frame's last row.
		return `${out}\u001b[${lines.length};1H${pictures(lines, row => changed.has(row))}`;
	};
	const write = (chunk: unknown, ...rest: unknown[]): boolean => {
		const text = typeof chunk === 'string' ? frame(chunk) : chunk;
		return (stdout.write as (...args: unknown[]) => boolean)(text, ...rest);
	};
	const inkStdout = new Proxy(stdout, {
		get(target, key) {
			if (key === 'write') return write;
			const value: unknown = Reflect.get(target, key, target);
			return typeof value === 'function' ? value.bind(target) : value;
		},
	});
	stdout.on('resize', resized);
	return {stdout: inkStdout, forget, stop: () => stdout.off('resize', resized)};
}

/** The bytes base64 `data` decodes to. */
function decodedBytes(data: string): number {
	const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
	return Math.floor((data.length * 3) / 4) - padding;
}
