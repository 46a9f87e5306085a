// End to end: the built program in tmux given one session's stream URL (`…/api/sessions/<id>/stream`): the session is
// followed on that stream, and `s` lists that server's sessions (not this machine's data root, which does not exist).
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';
import {recordedRows, runningId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';

let home = '';
let pane: FaultTmux;
let server: PenguinServer;

beforeAll(async () => {
	home = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-stream-url-'));
	server = await startPenguinServer();
	pane = new FaultTmux(home, 'e2e-stream-url', 120, 32, {PENGUIN_HOME: path.join(home, 'no-data-here')});
}, 60_000);

afterAll(async () => {
	pane?.kill();
	await server?.close();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

test("a stream URL: the session on its stream, and s lists that server's sessions", async () => {
	pane.run(`clear && node ${builtCli} --sse ${server.origin}/api/sessions/${runningId}/stream`);
	await pane.until(text => text.includes('The approved command ran.'), 'the session over its stream', 15_000);
	pane.keys('s');
	const screen = await pane.until(
		text => text.includes('/ filter') && text.includes('9e1d35e9'),
		"the picker of the stream's server",
		15_000,
	);
	expect(screen).not.toContain('no such file');
	const rows = screen.split('\n').filter(line => /(idle|running|waiting \d+) +[0-9a-f]{8}/.test(line));
	expect(rows).toHaveLength(recordedRows().length);
	expect(rows.find(line => line.includes('a1f7cf26'))).toContain('a1f7cf26*');
	expect(server.requestsTo('/api/projects').length).toBeGreaterThan(0);
});
