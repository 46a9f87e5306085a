// y and Y: the focused pane's whole text, or a call's arguments, handed to the clipboard writer (OSC 52), with the
// footer's confirmation.
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, test} from 'vitest';
import {shown} from '../../source/model/held-text.js';
import {copyOf, osc52} from '../../source/ui/screen/copy-text.js';
import {App} from '../../source/ui/components/App.js';
import {msg, storeFrom, traceInputs, viewFrom} from './helpers.js';
import {waitFor} from '../support/wait-for.js';

let unmount: (() => void) | undefined;
afterEach(() => {
	unmount?.();
	unmount = undefined;
});

async function until<T>(get: () => T | undefined, what: string): Promise<T> {
	return (
		await waitFor(() => {
			const value = get();
			return value === undefined ? undefined : {value};
		}, what)
	).value;
}

function screen(columns = 100) {
	const copies: string[] = [];
	const store = storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl');
	const app = render(
		<App
			store={store}
			onQuit={() => {}}
			size={{columns, rows: 20}}
			color={false}
			home="/home/dev"
			clock={() => Date.parse('2026-12-02T14:50:00Z')}
			copy={text => void copies.push(text)}
		/>,
	);
	unmount = () => app.unmount();
	const frame = (): string => app.lastFrame() ?? '';
	const footer = (): string => frame().split('\n').at(-1) ?? '';
	const press = (key: string): void => {
		app.stdin.write(key);
	};
	return {copies, frame, footer, press};
}

describe('y and Y', () => {
	test('y on a command copies every line of its output, without gutters; the footer says so', async () => {
		const s = screen();
		await until(() => (s.frame().includes('following') ? true : undefined), 'the first frame');
		// To the `seq 1 300` call (its output is 300 lines, the pane shows head and tail): search finds it.
		s.press('/');
		await until(() => (s.footer().includes('▌') ? true : undefined), 'the prompt');
		s.press('seq 1 300\r');
		await until(() => (s.footer().includes('match 1 of') ? true : undefined), 'the match');
		expect(
			s
				.frame()
				.split('\n')
				.find(line => line.startsWith('›')),
		).toContain('seq 1 300');
		s.press('y');
		const footer = await until(() => (s.footer().includes('copied') ? s.footer() : undefined), 'the confirmation');
		expect(footer).toContain('copied the output of exec_command (300 lines');
		await until(() => (s.copies.length === 1 ? true : undefined), 'the copy');
		expect(s.copies[0]!.split('\n').slice(0, 3)).toEqual(['1', '2', '3']);
		expect(s.copies[0]).toContain('\n300');
		expect(s.copies[0]).not.toContain('│');
		s.press('Y');
		await until(() => (s.copies.length === 2 ? true : undefined), 'the second copy');
		// Y on a command copies the command itself, not the JSON of its arguments.
		expect(s.copies[1]).toBe('seq 1 300');
		// The footer's line comes once the copy is done.
		await until(
			() => (s.footer().includes('copied the command (1 line') ? true : undefined),
			'the second confirmation',
		);
	});

	test('Y on a pane that is not a call says so and copies nothing', async () => {
		const s = screen();
		await until(() => (s.frame().includes('following') ? true : undefined), 'the first frame');
		// Following: the last pane on screen is the answer.
		s.press('Y');
		await until(() => (s.footer().includes('not one') ? true : undefined), 'the refusal');
		expect(s.copies).toEqual([]);
	});
});

describe('what is copied', () => {
	test('Y on a call other than a command copies its arguments as JSON, as before', () => {
		const view = viewFrom([
			msg({
				type: 'tool_call',
				role: 'assistant',
				name: 'read_file',
				arguments: '{"file_path":"/tmp/a.ts"}',
				tool_call_id: 'r1',
				stop_reason: 'completed',
			}),
		]);
		const copy = copyOf(shown(view.items.find(item => item.kind === 'tool_call')!, undefined), true)!;
		expect(JSON.parse(copy.text)).toEqual({file_path: '/tmp/a.ts'});
		expect(copy.what).toBe('the arguments of read_file');
	});

	test('a trace text with escapes is copied without them; OSC 52 carries it base64-encoded', () => {
		const view = viewFrom([
			msg({type: 'text', role: 'assistant', text: 'red \u001b[31mword\u001b[0m and \u001b]52;c;ZXZpbA==\u0007 done'}),
		]);
		const copy = copyOf(shown(view.items.find(item => item.kind === 'assistant_text')!, undefined))!;
		expect(copy.text).toBe('red word and  done');
		const sequence = osc52(copy.text);
		expect(sequence).toBe(`\u001b]52;c;${Buffer.from('red word and  done').toString('base64')}\u0007`);
	});
});
