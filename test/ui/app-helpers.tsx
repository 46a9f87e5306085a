// Helpers for the ink-testing-library frame tests: render the App on a small fixed terminal, press keys, wait for
// frames.
import {useInput} from 'ink';
import {render} from 'ink-testing-library';
import {useEffect, useState} from 'react';
import type {ReplayControl} from '../../source/io/replay.js';
import type {SessionStore} from '../../source/model/session-store.js';
import {App} from '../../source/ui/components/App.js';
import type {SessionSwitcher} from '../../source/server/session-switcher.js';
import {waitFor, waitForText, type Expected} from '../support/wait-for.js';

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

/**
 * Beside the App, a listener that tells when the screen has taken a key. Ink hands each key to
 * every input handler at once, and React draws the state both set in one commit; this
 * component's effects run after the App's for that commit (effects run in the order of the
 * tree). So once it has counted a key, the App has drawn what the key did and run the effects
 * it set off, even for a key that changes nothing on screen. `ready`: the handlers listen
 * (they subscribe in effects, after the first frame).
 */
type InputSeen = {ready: boolean; keys: number; commits: number};

function InputProbe({seen}: {seen: InputSeen}) {
	const [keys, setKeys] = useState(0);
	useInput(() => setKeys(count => count + 1));
	useEffect(() => {
		seen.keys = keys;
		seen.commits++;
		seen.ready = true;
	});
	return null;
}

export type Screen = {
	frame: () => string;
	/** The body rows only (between the header's and the footer's rules), without the blank ones below. */
	body: () => string[];
	/**
	 * Writes each key as a terminal would and waits until the screen has handled it (not for anything it sets off later:
	 * use `until`).
	 */
	press: (...sequence: string[]) => Promise<void>;
	/** Waits until the frame holds `expected` (a text, a pattern, a test of the frame) and returns that frame. */
	until: (expected: Expected, what?: string) => Promise<string>;
	quits: () => number;
	rerender: (size: {columns: number; rows: number}) => Promise<void>;
	unmount: () => void;
};

/** The App for `store` on a `columns`×`rows` terminal, without colour, with a fixed clock. */
export async function mount(
	store: SessionStore,
	options: {
		columns?: number;
		rows?: number;
		expand?: string[];
		now?: () => number;
		sessions?: SessionSwitcher;
		replay?: ReplayControl;
		/** Bold, dim, inverse without colour (the frame then holds their escape sequences). */
		attributes?: boolean;
	} = {},
): Promise<Screen> {
	let quits = 0;
	const now = options.now ?? (() => Date.parse('2026-12-02T14:50:00Z'));
	const seen: InputSeen = {ready: false, keys: 0, commits: 0};
	const element = (size: {columns: number; rows: number}) => (
		<>
			<App
				store={store}
				onQuit={() => quits++}
				size={size}
				color={false}
				attributes={options.attributes === true}
				home="/home/dev"
				clock={now}
				expand={options.expand}
				sessions={options.sessions}
				replay={options.replay}
			/>
			<InputProbe seen={seen} />
		</>
	);
	const app = render(element({columns: options.columns ?? 80, rows: options.rows ?? 16}));
	const frame = (): string => app.lastFrame() ?? '';
	await waitFor(() => seen.ready, 'the screen to listen for keys', {show: frame});
	return {
		frame,
		body: () => {
			const lines = frame().split('\n').slice(3, -3);
			while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
			return lines;
		},
		async press(...sequence) {
			if (sequence.length === 0) throw new Error('press() needs a key; to wait for the store, use until()');
			for (const key of sequence) {
				const before = seen.keys;
				app.stdin.write(key);
				// Keys that arrive together are handled in one go; a lone Esc a moment later (Ink waits
				// to see whether more of an escape sequence follows).
				await waitFor(() => seen.keys > before, `the screen to take the key ${JSON.stringify(key)}`, {show: frame});
			}
		},
		until: (expected, what) => waitForText(frame, expected, what),
		quits: () => quits,
		async rerender(size) {
			const before = seen.commits;
			app.rerender(element(size));
			await waitFor(() => seen.commits > before, 'the screen to draw at the new size', {show: frame});
		},
		unmount: () => app.unmount(),
	};
}
