// Colour decided once: with colour the frame carries SGR styles, without colour (NO_COLOR, --no-color, TERM=dumb) it carries none.
// (No static import of Ink here: its colour library must load after FORCE_COLOR is set.)
import {expect, test} from 'vitest';
import {waitForText} from '../support/wait-for.js';
import {storeFrom, traceInputs} from './helpers.js';

test('colour on and off', async () => {
	// Ink's colour library reads the environment when it loads: force it before loading Ink.
	process.env['FORCE_COLOR'] = '1';
	const {render} = await import('ink-testing-library');
	const {App} = await import('../../source/ui/App.js');
	const store = storeFrom(traceInputs('14-43-17-694155ee_001'));
	const frame = async (color: boolean): Promise<string> => {
		const app = render(<App store={store} onQuit={() => {}} size={{columns: 80, rows: 16}} color={color} />);
		const text = await waitForText(app.lastFrame, 'exec_command', 'the first frame');
		app.unmount();
		return text;
	};
	const colored = await frame(true);
	expect(colored).toContain('\u001b[31m✗');
	expect(colored).toContain('\u001b[32m✓');
	const plain = await frame(false);
	expect(plain).not.toContain('\u001b');
	expect(plain).toContain('✗ exec_command');
});
