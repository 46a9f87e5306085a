// End to end, in tmux at 80×24: the built program follows a session on a server (the fake server built from a real
// server's recording of a session with a subagent); C shows the title request the server billed and the trace does not
// hold as a row of its own, the view's total the server's figure, as the footer says; T says it too.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {builtCli, FaultTmux, wholeFrame} from '../support/fault-tmux.js';
import {costChildId, costEvents, costModels, costParentId, costRows, costUsage} from '../support/cost-recording.js';
import {startPenguinServer, type PenguinServer} from '../support/penguin-server.js';

let pane: FaultTmux | undefined;
let server: PenguinServer | undefined;
let home = '';
const rowsOf = (screen: string): string[] => screen.split('\n');

afterEach(async () => {
	pane?.kill();
	await server?.close();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
	[pane, server, home] = [undefined, undefined, ''];
});

test('C at 80×24 on a server’s session: the title request a row of its own, the total the server’s', async () => {
	home = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-title-'));
	server = await startPenguinServer({
		rows: costRows,
		usage: () => costUsage(),
		models: costModels(),
		traces: {[costParentId]: costEvents(costParentId), [costChildId]: costEvents(costChildId)},
	});
	pane = new FaultTmux(home, 'title-row', 80, 24, {PENGUIN_HOME: path.join(home, 'data'), TZ: 'UTC'});
	pane.run(`clear && node ${builtCli} --sse ${server.origin}/chat/${costParentId}`);
	// The footer's figure is the server's once its usage came.
	await pane.until(screen => wholeFrame(screen) && screen.includes('$0.0285'), 'the session with the server’s cost');
	pane.keys('C');
	// The subagent's trace and the server's sums may still be coming in when C is pressed (a loaded machine): the view
	// fills in as they do, and its total comes to the server's.
	const opened = await pane.until(
		screen =>
			wholeFrame(screen) && (rowsOf(screen).find(row => row.includes('context & cost')) ?? '').includes('$0.0285'),
		'the context view with the server’s total',
	);
	// The view opens on the newest request; the title, asked for as the task started, is the first row (g).
	expect(rowsOf(opened)[3]).toMatch(/^ {2}context & cost {2}5 requests · 9\.4k tokens billed · \$0\.0285/);
	pane.keys('g');
	const view = await pane.until(
		screen => wholeFrame(screen) && screen.includes('+1 request not in the trace: title'),
		'the context view with the title row',
	);
	const rows = view.split('\n');
	expect(rows).toHaveLength(24);
	expect(rows.every(row => row.length <= 80)).toBe(true);
	// Its own row: the tokens and cost the server's sums hold beyond the trace's (1,040 fresh and 15 out: $0.0044).
	expect(rows.find(row => row.includes('+1 request not in the trace: title'))).toMatch(/1\.1k tokens +\$0\.0044/);
	// The view's total, the footer's and the header's: the server's figure.
	expect(rows.find(row => row.includes('context & cost'))).toContain('$0.0285');
	// C back to the session, T the timeline.
	pane.keys('C');
	pane.keys('T');
	const timeline = await pane.until(screen => wholeFrame(screen) && screen.includes(' timeline '), 'the timeline');
	expect(timeline).toContain('+1 request not in the trace: title');
});
