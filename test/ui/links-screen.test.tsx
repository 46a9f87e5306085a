// OSC 8 links on the screen, as the terminal gets them: a file tool's path on this machine and
// a web address in a text are links; a path whose name holds escapes (ESC ] 8, BEL, ST, C1 ST)
// cannot end the link or start one of its own; nothing is a link without the links option.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {SessionStore} from '../../source/model/session-store.js';
import {msg} from '../helpers/recordings.js';
import {waitFor} from '../helpers/run-cli.js';
import {fakeTerminal} from '../support/fake-terminal.js';
import {loadScreenUnderCi} from '../support/screen-under-ci.js';

const {runScreen} = await loadScreenUnderCi();

const workspace = mkdtempSync(path.join(tmpdir(), 'penguin-view-links-'));
afterAll(() => rmSync(workspace, {recursive: true, force: true}));
writeFileSync(path.join(workspace, 'notes.txt'), 'hello\n');
// A file name that tries to close the link early and open another one.
const hostileDir = path.join(workspace, 'evil\u001b]8;;http:');
mkdirSync(hostileDir);
const hostileName = 'x\u0007\u001b\\\u009c.txt';
writeFileSync(path.join(hostileDir, hostileName), 'x\n');
const hostile = `${hostileDir}//${hostileName}`;

function storeWithCalls(): SessionStore {
	const store = new SessionStore({label: 'trace', state: 'ended'});
	const call = (id: string, name: string, args: Record<string, unknown>) => [
		msg('model_msg', {type: 'tool_call', role: 'assistant', name, arguments: JSON.stringify(args), tool_call_id: id}),
		msg('model_msg', {type: 'tool_call_output', role: 'user', output: 'ok', tool_call_id: id}),
	];
	store.apply([
		msg('event_msg', {type: 'session_meta', session_id: 'session-links', workspace}),
		msg('model_msg', {type: 'text', role: 'user', text: 'read https://example.com/docs?a=1 please'}),
		...call('c1', 'read_file', {file_path: 'notes.txt'}),
		...call('c2', 'read_file', {file_path: hostile}),
		...call('c3', 'read_file', {file_path: '/nowhere/on/this/machine.txt'}),
	]);
	return store;
}

/** Every OSC 8 opening written: its target, up to the ST that ends it. */
function linkTargets(written: string): string[] {
	return [...written.matchAll(/\u001b\]8;;([^\u001b]*)\u001b\\/g)].map(match => match[1]!).filter(Boolean);
}

async function screenText(links: {host: string} | undefined): Promise<string> {
	const terminal = fakeTerminal(100, 20);
	const running = runScreen(storeWithCalls(), {
		color: true,
		stdin: terminal.stdin,
		stdout: terminal.stdout,
		patchConsole: false,
		links,
	});
	await waitFor(() => terminal.written().includes('machine.txt'), 'the calls on the screen');
	terminal.keys.write('q');
	await running;
	return terminal.written();
}

test('a file on this machine and a web address are OSC 8 links; a file elsewhere is not', async () => {
	const written = await screenText({host: 'box'});
	const targets = new Set(linkTargets(written));
	expect(targets).toContain(`file://box${workspace}/notes.txt`);
	expect(targets).toContain('https://example.com/docs?a=1');
	expect([...targets].some(target => target.includes('nowhere'))).toBe(false);
});

test('a hostile file name cannot end its link early nor carry an escape into the target', async () => {
	const written = await screenText({host: 'box'});
	const targets = linkTargets(written);
	const evil = targets.find(target => target.includes('evil'));
	expect(evil).toBe(`file://box${workspace}/evil%1B%5D8;;http://x%07%1B%5C%C2%9C.txt`);
	for (const target of targets) expect(target).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
	// Every link opened is closed: openings with a target and closings pair up.
	const opened = targets.length;
	const closed = written.split('\u001b]8;;\u001b\\').length - 1;
	expect(closed).toBe(opened);
	// No target but the ones the panes made: the name's own `]8;;http:` never became a link.
	expect(targets.every(target => target.startsWith('file://box/') || target.startsWith('https://'))).toBe(true);
});

test('no link at all without the links option (--no-links, NO_COLOR, TERM=dumb)', async () => {
	const written = await screenText(undefined);
	expect(written).not.toContain('\u001b]8;');
	expect(written).toContain('notes.txt');
});

test("a command's paths and its output's are links when the file is in the workspace on this machine", async () => {
	mkdirSync(path.join(workspace, 'sub'), {recursive: true});
	writeFileSync(path.join(workspace, 'sub', 'deep.md'), '# deep\n');
	const store = new SessionStore({label: 'trace', state: 'ended'});
	const cmd = 'grep -n hello notes.txt src/missing.ts /etc/hostname';
	store.apply([
		msg('event_msg', {type: 'session_meta', session_id: 'session-paths', workspace}),
		msg('model_msg', {
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: JSON.stringify({cmd}),
			tool_call_id: 'c1',
		}),
		msg('model_msg', {
			type: 'tool_call_output',
			role: 'user',
			output: 'notes.txt:1:hello\nsee (./sub/deep.md), ../outside.txt and /etc/hostname',
			tool_call_id: 'c1',
		}),
	]);
	const terminal = fakeTerminal(100, 20);
	const running = runScreen(store, {
		color: true,
		stdin: terminal.stdin,
		stdout: terminal.stdout,
		patchConsole: false,
		links: {host: 'box'},
	});
	await waitFor(() => terminal.written().includes('hostname'), 'the call on the screen');
	terminal.keys.write('o');
	await waitFor(() => terminal.written().includes('deep.md'), 'its output');
	terminal.keys.write('q');
	await running;
	const written = terminal.written();
	const targets = linkTargets(written);
	// notes.txt in the command and in the output; the rest of the grep line is not in the link.
	expect(written).toContain(
		`$ grep -n hello \u001b]8;;file://box${workspace}/notes.txt\u001b\\notes.txt\u001b]8;;\u001b\\ src/`,
	);
	expect(written).toContain(`file://box${workspace}/notes.txt\u001b\\notes.txt\u001b]8;;\u001b\\:1:hello`);
	expect(written).toContain(`file://box${workspace}/sub/deep.md\u001b\\./sub/deep.md\u001b]8;;\u001b\\),`);
	// Not there, outside the workspace, or above it: text.
	expect(targets.some(target => /missing|hostname|outside/.test(target))).toBe(false);
});
