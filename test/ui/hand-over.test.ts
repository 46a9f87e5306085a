// | and w as pure steps (hand-over.ts): the footer's prompt edited as a shell line, Enter asking the program, an
// existing
// file asked about (o overwrite, a append, anything else keeps it), and the one line said after, sanitized.
import {expect, test} from 'vitest';
import {
	handOverAnswer,
	handOverHint,
	handOverKey,
	pipedMessage,
	startHandOver,
	writtenMessage,
	type HandOverAsk,
	type HandOverPrompt,
} from '../../source/ui/screen/hand-over.js';

type State = {handPrompt?: HandOverPrompt; handAsk?: HandOverAsk; message?: string};
const pane = {text: '1\n2\n3', what: 'the output of exec_command'};

/** Types each character, then the given special keys. */
function typed(state: State, text: string): State {
	return [...text].reduce((next, char) => handOverKey(next, char, {}), state);
}

test(
	'| opens a prompt; typing, Backspace, Ctrl+W and Ctrl+U ' +
		"edit it; Enter asks for the command with the pane's text",
	() => {
		let state = startHandOver<State>({}, 'pipe', pane);
		expect(handOverHint(state.handPrompt!)).toBe('|▌   Enter pipe the pane to this command · ↑ the last · Esc cancel');
		state = typed(state, 'grep -c 2 x');
		state = handOverKey(state, '', {backspace: true});
		expect(state.handPrompt).toMatchObject({draft: 'grep -c 2 '});
		state = handOverKey(state, 'w', {ctrl: true});
		expect(state.handPrompt).toMatchObject({draft: 'grep -c '});
		state = typed(state, '3');
		state = handOverKey(state, '\r', {return: true});
		expect(state.handPrompt).toBeUndefined();
		expect(state.handAsk).toEqual({seq: 1, kind: 'pipe', command: 'grep -c 3', text: '1\n2\n3'});
		expect(handOverKey(startHandOver<State>({}, 'pipe', pane), 'u', {ctrl: true}).handPrompt).toMatchObject({
			draft: '',
		});
	},
);

test("↑ brings back the last command piped to (or the last file written), as a shell's history", () => {
	const asked = handOverKey(typed(startHandOver<State>({}, 'pipe', pane), 'wc -l'), '\r', {return: true});
	const again = handOverKey(startHandOver(asked, 'pipe', pane), '', {upArrow: true});
	expect(again.handPrompt).toMatchObject({kind: 'pipe', draft: 'wc -l'});
	// The file prompt has no command to recall.
	expect(handOverKey(startHandOver(asked, 'write', pane), '', {upArrow: true}).handPrompt).toMatchObject({draft: ''});
});

test('Esc, or Enter on nothing, closes the prompt and asks nothing; a pane with no text says so', () => {
	const open = typed(startHandOver({}, 'write', pane), 'out.txt');
	expect(handOverKey(open, '', {escape: true})).toEqual({handPrompt: undefined});
	expect(handOverKey(startHandOver({}, 'pipe', pane), '\r', {return: true})).toEqual({handPrompt: undefined});
	expect(startHandOver<State>({}, 'pipe', undefined).message).toBe('nothing to pipe in this pane');
	expect(startHandOver<State>({}, 'write', undefined).message).toBe('nothing to write in this pane');
});

test('w asks for a new file; one that is there is asked about: o overwrites, a appends, any other key keeps it', () => {
	const asked = handOverKey(typed(startHandOver({}, 'write', pane), '~/out.txt'), '\r', {return: true});
	expect(asked.handAsk).toEqual({seq: 1, kind: 'write', name: '~/out.txt', text: '1\n2\n3', mode: 'new'});
	const question = handOverAnswer(asked, asked.handAsk!, {exists: true});
	expect(handOverHint(question.handPrompt!)).toBe(
		'~/out.txt exists: o overwrite · a append · any other key: do not write',
	);
	expect(handOverKey(question, 'o', {}).handAsk).toMatchObject({seq: 2, mode: 'overwrite'});
	expect(handOverKey(question, 'a', {}).handAsk).toMatchObject({seq: 2, mode: 'append'});
	const kept = handOverKey(question, 'n', {});
	expect(kept.handAsk).toBe(asked.handAsk);
	expect(kept.message).toBe('not written: ~/out.txt is as it was');
	expect(handOverAnswer(asked, asked.handAsk!, {message: 'wrote 3 lines (6 B) to ~/out.txt'}).message).toBe(
		'wrote 3 lines (6 B) to ~/out.txt',
	);
});

test('the line said after: what was written, how the command ended, what failed', () => {
	expect(
		writtenMessage('out.txt', `${Array.from({length: 300}, (_, i) => i + 1).join('\n')}\n`, {
			kind: 'written',
			bytes: 1193,
		}),
	).toBe('wrote 300 lines (1 KB) to out.txt');
	expect(writtenMessage('out.txt', 'a', {kind: 'written', bytes: 2}, true)).toBe('added 1 line (2 B) to out.txt');
	expect(writtenMessage('/x/out.txt', 'a', {kind: 'failed', why: 'no such file or directory'})).toBe(
		'could not write /x/out.txt: no such file or directory',
	);
	expect(pipedMessage('wc -l', {status: 0, signal: null})).toBe('| wc -l: exit 0');
	expect(pipedMessage('grep nothing', {status: 1, signal: null})).toBe('| grep nothing: exit 1');
	expect(pipedMessage('nosuch', {status: 127, signal: null})).toBe('| nosuch: exit 127 (command not found)');
	expect(pipedMessage('sleep 9', {status: null, signal: 'SIGINT'})).toBe('| sleep 9: killed by SIGINT');
	expect(pipedMessage('x', {status: null, signal: null, error: 'spawn /bin/nosh ENOENT'})).toBe(
		'| x: could not run it: spawn /bin/nosh ENOENT',
	);
});

test('what was typed reaches the footer without its escapes', () => {
	const state = typed(startHandOver({}, 'pipe', pane), 'cat');
	const withEscape = {...state, handPrompt: {...state.handPrompt!, draft: 'cat \u001b]0;title\u0007'}} as State;
	expect(handOverHint(withEscape.handPrompt!)).not.toMatch(/[\u0000-\u001f]/);
	expect(pipedMessage('cat \u001b[31m', {status: 0, signal: null})).not.toMatch(/[\u0000-\u001f]/);
	// Control characters typed in the prompt are never kept.
	expect(handOverKey(state, '\u001b[31m', {}).handPrompt).toMatchObject({draft: 'cat[31m'});
});
