// OSC 8 links as the built program writes them, in tmux: a read_file path in the workspace is a
// link to file://HOST/path; none with --no-links or NO_COLOR (the same text on the screen), nor
// under TERM=dumb (plain text, print mode).
import {writeFileSync} from 'node:fs';
import {hostname} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {makeTempDir} from '../support/io-fixtures.js';
import {builtCli, FaultTmux, removeFolder} from '../support/fault-tmux.js';

const traceName = 'session-2026-12-02-16-00-00-aaaabbbb_001.jsonl';
let dir = '';
let tmux: FaultTmux;

beforeAll(() => {
	dir = makeTempDir('penguin-view-links-program-');
	writeFileSync(path.join(dir, 'notes.txt'), 'hello\n');
	const line = (type: string, payload: Record<string, unknown>): string =>
		JSON.stringify({timestamp: '2026-12-02T16:00:00.000Z', type, payload});
	const trace = [
		line('session_meta', {session_id: 'session-2026-12-02-16-00-00-aaaabbbb', workspace: dir}),
		line('model_msg', {type: 'text', role: 'user', text: 'read it'}),
		line('model_msg', {
			type: 'tool_call',
			role: 'assistant',
			name: 'read_file',
			arguments: JSON.stringify({file_path: 'notes.txt'}),
			tool_call_id: 'c1',
		}),
		line('model_msg', {type: 'tool_call_output', role: 'user', output: 'hello', tool_call_id: 'c1'}),
	];
	writeFileSync(path.join(dir, traceName), `${trace.join('\n')}\n`);
	tmux = new FaultTmux(dir, 'links', 100, 30);
	tmux.run(`cd '${dir}'`);
});

afterAll(() => {
	tmux?.kill();
	removeFolder(dir);
});

/** What the program wrote, from its start to its exit, and the screen's text while it ran. */
async function run(command: string, screen = true): Promise<{raw: string; text: string}> {
	await tmux.clear();
	tmux.record();
	tmux.run(`${command}; echo "rc=$?"`);
	const text = await tmux.until(pane => pane.includes('read_file') && pane.includes('notes.txt'), 'the call');
	if (screen) tmux.keys('q');
	await tmux.untilShell();
	await tmux.until(pane => /^rc=\d+$/m.test(pane), 'the exit code');
	tmux.stopRecording();
	return {raw: tmux.raw(), text};
}

describe('links from the built program', () => {
	it('a read_file path in the workspace is a file:// link naming this host', async () => {
		const {raw} = await run(`node ${builtCli} ${traceName}`);
		expect(raw).toContain(`\u001b]8;;file://${hostname()}${dir}/notes.txt\u001b\\`);
	});

	for (const [what, command] of [
		['--no-links', `node ${builtCli} --no-links ${traceName}`],
		['NO_COLOR', `NO_COLOR=1 node ${builtCli} ${traceName}`],
	] as const) {
		it(`none with ${what}`, async () => {
			const {raw, text} = await run(command);
			expect(raw).not.toContain('\u001b]8;');
			expect(text).toContain('notes.txt');
		});
	}

	it('none with TERM=dumb (plain text, no screen)', async () => {
		const {raw, text} = await run(`TERM=dumb node ${builtCli} ${traceName}`, false);
		expect(raw).not.toContain('\u001b]8;');
		expect(text).toContain('"file_path": "notes.txt"');
	});
});
