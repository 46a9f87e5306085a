// The screen across an SSE resync: the store is rebuilt from history, and the pane the
// reader focused and opened is still focused and open, the view where it was.
import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {App} from '../../source/ui/components/App.js';
import {historyResponse, sseInputs} from '../helpers/recordings.js';
import {waitFor} from '../support/wait-for.js';

let unmount: (() => void) | undefined;
afterEach(() => {
	unmount?.();
	unmount = undefined;
});

/** Polls the frames until `check` holds (the screen draws on its own schedule). */
async function until(frame: () => string, check: (text: string) => boolean, what: string): Promise<void> {
	await waitFor(() => check(frame()), what, {show: frame});
}

const focused = (text: string): string | undefined => text.split('\n').find(line => line.startsWith('›'));

test(
	'a focused, opened thinking pane stays focused and open, ' +
		'and the view stays put, when history rebuilds the store',
	async () => {
		const store = new SessionStore({label: 'http://127.0.0.1:7364/api/sessions/s/stream', state: 'live'});
		store.apply(sseInputs('A-session-stream.jsonl'));
		const app = render(
			<App
				store={store}
				onQuit={() => undefined}
				size={{columns: 100, rows: 24}}
				color={false}
				home="/home/dev"
				clock={() => Date.parse('2026-12-02T14:50:00Z')}
			/>,
		);
		unmount = () => app.unmount();
		const frame = (): string => app.lastFrame() ?? '';
		await until(frame, text => text.includes('After compaction'), 'the stream on screen');
		// Up to the thinking of the last task (after the compaction), a pane head at a time, and open it.
		for (let i = 0; i < 10 && !/thinking/.test(focused(frame()) ?? ''); i++) {
			const was = focused(frame());
			app.stdin.write('{');
			await until(frame, text => focused(text) !== was, 'the focus to move');
		}
		expect(focused(frame())).toMatch(/^›▸ thinking/);
		app.stdin.write('\r');
		await until(frame, text => /^›▾ thinking/m.test(text), 'the thinking pane to open');
		const body = (text: string): string[] => text.split('\n').slice(3, -3);
		const before = body(frame());
		expect(before.join('\n')).toContain('The user wants a short explanation');

		// A resync: the view is rebuilt from the history of the whole session, which also holds
		// the second shard's start (the header then says context 2).
		const inputs: ModelInput[] = historyResponse('A-messages-final.json').messages.map(message => ({
			kind: 'message',
			message,
		}));
		store.rebuild(inputs);
		await until(frame, text => text.split('\n')[0]!.includes('context 2'), 'the rebuilt store on screen');
		expect(focused(frame())).toMatch(/^›▾ thinking/);
		const after = body(frame());
		expect(after.join('\n')).toContain('The user wants a short explanation');
		// The same pane at the top (history's durations differ a little from the stream's); what
		// history adds (the second context's start) comes in below it.
		expect(after[0]!.slice(0, 50)).toBe(before[0]!.slice(0, 50));
		expect(after.join('\n')).toContain('═══ context 2 · after compaction');
	},
);
