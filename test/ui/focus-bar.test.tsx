// The cursor's row is a highlight bar (inverse across the whole width), with colour and with NO_COLOR's attributes
// alone.
// (No static import of Ink here: its colour library must load after FORCE_COLOR is set.)
import {expect, test} from 'vitest';
import {storeFrom, traceInputs} from './helpers.js';
import {waitFor} from '../support/wait-for.js';

test('k marks the cursor row with a bar as wide as the screen, with or without colour', async () => {
	process.env['FORCE_COLOR'] = '1';
	const {render} = await import('ink-testing-library');
	const {App} = await import('../../source/ui/components/App.js');
	const store = storeFrom(traceInputs('14-43-17-694155ee_001'));
	for (const color of [true, false]) {
		const app = render(<App store={store} onQuit={() => {}} size={{columns: 80, rows: 16}} color={color} attributes />);
		// Wait for the first frame, press k, wait for the frame that shows the focus.
		const until = async (check: (frame: string) => boolean): Promise<string> => {
			return waitFor(
				() => {
					const frame = app.lastFrame() ?? '';
					return check(frame) ? frame : undefined;
				},
				'the frame',
				{show: () => app.lastFrame() ?? ''},
			);
		};
		await until(frame => frame.includes('following'));
		app.stdin.write('kkk');
		const frame = await until(
			frame => frame.includes('paused') && /›✓ exec_command/.test(frame.replace(/\u001b\[[\d;]*m/g, '')),
		);
		const row = frame.split('\n').find(line => line.includes('›'))!;
		expect(row).toContain('\u001b[7m');
		// The bar reaches the right edge: the row's text is padded to the full width.
		expect(row.replace(/\u001b\[[\d;]*m/g, '')).toHaveLength(80);
		expect(row.replace(/\u001b\[[\d;]*m/g, '')).toMatch(/^›✓ exec_command {2}\$ sleep 2/);
		app.unmount();
	}
});
