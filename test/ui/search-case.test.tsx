// Smart case (a lower-case query ignores case, a capital makes it exact) and every match in a row marked.
// (No static import of Ink here: its colour library must load after FORCE_COLOR is set.)
import {expect, test} from 'vitest';
import {highlight} from '../../source/ui/panes/highlight.js';
import {searchPattern} from '../../source/ui/reading/search-match.js';
import {seg} from '../../source/ui/panes/segments.js';
import {msg, storeFrom} from './helpers.js';
import {waitFor} from '../support/wait-for.js';

test('each occurrence in a row is split out and drawn inverse, across segments', () => {
	const pattern = (query: string): RegExp => searchPattern(query) as RegExp;
	const marked = highlight([seg('Echo echo '), seg('ECHO', {bold: true})], pattern('echo'));
	expect(marked.filter(part => part.inverse).map(part => part.text)).toEqual(['Echo', 'echo', 'ECHO']);
	// A capital makes the query exact.
	expect(
		highlight([seg('Echo echo ECHO')], pattern('Echo'))
			.filter(part => part.inverse)
			.map(part => part.text),
	).toEqual(['Echo']);
});

test('on the screen: `/echo` finds `ECHO` and `Echo` and marks them; `/Echo` finds only `Echo`', async () => {
	process.env['FORCE_COLOR'] = '1';
	const {render} = await import('ink-testing-library');
	const {App} = await import('../../source/ui/components/App.js');
	const store = storeFrom([
		msg({type: 'text', role: 'user', text: 'say ECHO then echo'}),
		msg({type: 'text', role: 'user', text: 'and Echo once'}),
	]);
	const app = render(<App store={store} onQuit={() => {}} size={{columns: 80, rows: 16}} color={false} attributes />);
	const until = async (check: (frame: string) => boolean): Promise<string> =>
		waitFor(
			() => {
				const frame = app.lastFrame() ?? '';
				return check(frame) ? frame : undefined;
			},
			'the frame',
			{show: () => app.lastFrame() ?? ''},
		);
	const plain = (text: string): string => text.replace(/\u001b\[[\d;]*m/g, '');
	await until(frame => plain(frame).includes('Echo once'));
	app.stdin.write('/');
	await until(frame => plain(frame).includes('Enter search'));
	app.stdin.write('echo\r');
	// Every match counts: two in the first message, one in the second.
	let frame = await until(frame => plain(frame).includes('match 1 of 3'));
	// The cursor's row holds match 1; the other row's match is drawn inverse (SGR 7), whatever its case.
	const other = frame.split('\n').find(line => plain(line).includes('and Echo once'))!;
	expect(other).toMatch(/\u001b\[7m(\u001b\[[\d;]*m)*Echo/);
	expect(other.match(/\u001b\[7m/g)).toHaveLength(1);
	app.stdin.write('n');
	await until(frame => plain(frame).includes('match 2 of 3'));
	app.stdin.write('n');
	frame = await until(frame => plain(frame).includes('match 3 of 3'));
	expect(plain(frame.split('\n').find(line => line.includes('›'))!)).toContain('and Echo once');
	app.stdin.write('/');
	await until(frame => plain(frame).includes('Enter search'));
	app.stdin.write('Echo\r');
	frame = await until(frame => plain(frame).includes('match 1 of 1'));
	expect(plain(frame.split('\n').find(line => line.includes('›'))!)).toContain('and Echo once');
	app.unmount();
});
