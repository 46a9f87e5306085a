// Colour decided once: with colour the frame carries SGR styles; without colour (NO_COLOR, --no-color) only the
// attributes (bold, inverse); TERM=dumb none.
// (No static import of Ink here: its colour library must load after FORCE_COLOR is set.)
import {expect, test} from 'vitest';
import {waitForText} from '../support/wait-for.js';
import {storeFrom, traceInputs} from './helpers.js';

test('colour on and off', async () => {
	// Ink's colour library reads the environment when it loads: force it before loading Ink.
	process.env['FORCE_COLOR'] = '1';
	const {render} = await import('ink-testing-library');
	const {App} = await import('../../source/ui/components/App.js');
	const store = storeFrom(traceInputs('14-43-17-694155ee_001'));
	const frame = async (color: boolean, attributes = color): Promise<string> => {
		const app = render(
			<App store={store} onQuit={() => {}} size={{columns: 80, rows: 16}} color={color} attributes={attributes} />,
		);
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
	// NO_COLOR: no colour, but bold (the header's name) and the rest of the attributes stay.
	const mono = await frame(false, true);
	expect(mono).toContain('\u001b[1m');
	expect(mono).not.toMatch(/\u001b\[(3\d|9\d|38;)/);
	expect(mono.replace(/\u001b\[\d+m/g, '')).toContain('✗ exec_command');
});
