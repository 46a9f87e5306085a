// End to end: `--grep … --sse SERVER` in tmux (80×24) shows how far it got on stderr while a session's trace is still
// on its way (`searched N of M sessions…`), and wipes that line once every session is done.
import {createServer, type ServerResponse} from 'node:http';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';
import {startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {fixtureLines} from '../support/io-fixtures.js';

const newer = 'session-2026-12-03-13-34-52-9a1ca335';
const older = 'session-2026-12-03-13-33-22-345be00c';
const events = (file: string): unknown[] => fixtureLines(file).map(line => JSON.parse(line) as unknown);

let home = '';
let pane: FaultTmux;
let server: PenguinServer;
// The oldest session's trace list is sent here, where the answer waits until the test lets it go.
const waiting: ServerResponse[] = [];
const holder = createServer((_request, response) => {
	waiting.push(response);
});

beforeAll(async () => {
	home = mkdtempSync(path.join(tmpdir(), 'penguin-view-grep-progress-'));
	await new Promise<void>(resolve => holder.listen(0, '127.0.0.1', resolve));
	const port = (holder.address() as {port: number}).port;
	server = await startPenguinServer({
		traces: {[newer]: events('session-2026-12-02-14-43-17-694155ee_001.jsonl')},
		redirect: where => (where === `/api/sessions/${older}/traces` ? `http://127.0.0.1:${port}/held` : undefined),
	});
	pane = new FaultTmux(home, 'e2e-grep-progress', 80, 24);
}, 60_000);

afterAll(async () => {
	pane?.kill();
	for (const response of waiting) response.destroy();
	holder.close();
	await server?.close();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

test('a progress line on the terminal while a trace is on its way, wiped at the end', async () => {
	await pane.clear();
	pane.run(`node ${builtCli} --grep slow-done -c --sse ${server.origin}; echo "ex""it=$?"`);
	// The sessions before the held one in the list's order are done; it and those after it wait.
	const during = await pane.until(
		text => /searched \d+ of \d+ sessions…/.test(text) && waiting.length > 0,
		'the progress line',
	);
	const [, done, total] = /searched (\d+) of (\d+) sessions…/.exec(during)!;
	expect(Number(done)).toBeLessThan(Number(total));
	expect(during).not.toMatch(/^exit=/m);
	waiting.shift()!.writeHead(503).end();
	const after = await pane.until(text => /^exit=\d/m.test(text), 'the search ended');
	// Each result on a line of its own, never after the progress line.
	expect(after).toMatch(new RegExp(`^${newer}:3$`, 'm'));
	expect(after).not.toContain('searched');
	// The held session is named on stderr, and the exit code says a session could not be read.
	expect(after).toContain(older);
	expect(after).toMatch(/^exit=2$/m);
});
