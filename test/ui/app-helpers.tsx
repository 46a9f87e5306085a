// Helpers for the ink-testing-library frame tests: render the App on a small fixed terminal and press keys.
import {render} from 'ink-testing-library';
import type {SessionStore} from '../../source/model/store.js';
import {App} from '../../source/ui/App.js';
import type {SessionSwitcher} from '../../source/ui/picker.js';

/** Long enough for a coalesced store frame (33 ms) and Ink's escape-key flush. */
export const settle = (ms = 60): Promise<void> => new Promise(resolve => setTimeout(resolve, ms));

/** Raw key sequences as a terminal sends them. */
export const keys = {
	up: '\u001b[A',
	down: '\u001b[B',
	pageUp: '\u001b[5~',
	pageDown: '\u001b[6~',
	home: '\u001b[H',
	end: '\u001b[F',
	enter: '\r',
	escape: '\u001b',
	backspace: '\u007f',
	ctrl: (letter: string): string => String.fromCharCode(letter.charCodeAt(0) - 96),
};

export type Screen = {
	frame: () => string;
	/** The body rows only (between the header's and the footer's rules), without the blank ones below. */
	body: () => string[];
	press: (...sequence: string[]) => Promise<void>;
	quits: () => number;
	rerender: (size: {columns: number; rows: number}) => Promise<void>;
	unmount: () => void;
};

/** The App for `store` on a `columns`×`rows` terminal, without colour, with a fixed clock. */
export async function mount(
	store: SessionStore,
	options: {columns?: number; rows?: number; expand?: string[]; now?: () => number; sessions?: SessionSwitcher} = {},
): Promise<Screen> {
	let quits = 0;
	const now = options.now ?? (() => Date.parse('2026-12-02T14:50:00Z'));
	const element = (size: {columns: number; rows: number}) => (
		<App store={store} onQuit={() => quits++} size={size} color={false} home="/home/dev" clock={now} expand={options.expand} sessions={options.sessions} />
	);
	const app = render(element({columns: options.columns ?? 80, rows: options.rows ?? 16}));
	await settle();
	const frame = (): string => app.lastFrame() ?? '';
	return {
		frame,
		body: () => {
			const lines = frame().split('\n').slice(3, -3);
			while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
			return lines;
		},
		async press(...sequence) {
			for (const key of sequence) {
				app.stdin.write(key);
				await settle(30);
			}
			await settle();
		},
		quits: () => quits,
		async rerender(size) {
			app.rerender(element(size));
			await settle();
		},
		unmount: () => app.unmount(),
	};
}
