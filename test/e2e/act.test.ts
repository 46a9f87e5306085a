// End to end, in tmux: the built program follows the fake server built from the real approval
// recording (test/support/acting-server.ts), which holds its stream at the approval_request until
// the approval POST arrives. Allow, deny, stop, steer, every refusal, --read-only, and a trace file.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, test} from 'vitest';
import {approvalCallId, startActingServer, type ActingServer} from '../support/acting-server.js';
import {builtCli, FaultTmux, removeFolder} from '../support/fault-tmux.js';
import {waitFor} from '../support/wait-for.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const trace = path.join(root, 'test', 'fixtures', 'traces', 'session-2026-12-02-14-43-17-694155ee_001.jsonl');
const cookieValue = 'c00kie-never-shown-7f3a';
const question = 'allow exec_command $ echo approved-run? y/n';

let server: ActingServer | undefined;
let pane: FaultTmux | undefined;
let folder = '';

afterEach(async () => {
	pane?.kill();
	pane = undefined;
	await server?.close();
	server = undefined;
	removeFolder(folder);
});

/** Polls a condition of the test's own (what the server saw). */
async function until(check: () => boolean, what: string): Promise<void> {
	await waitFor(check, what, {everyMs: 50, show: () => pane?.text() ?? ''});
}

/** The program on the acting server's stream, in a tmux pane (100×30 unless told), once the call waits. */
async function follow(
	extra: string[] = [],
	options: Parameters<typeof startActingServer>[0] = {},
	width = 100,
): Promise<{server: ActingServer; pane: FaultTmux}> {
	server = await startActingServer({requireCookie: `penguin_session=${cookieValue}`, ...options});
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-act-'));
	pane = new FaultTmux(folder, 'act', width);
	pane.run(`clear && node ${builtCli} --sse ${server.streamUrl} --cookie ${cookieValue} ${extra.join(' ')}`);
	await pane.until(
		text => text.includes(' waiting for approval ') && text.includes('echo approved-run'),
		'the call waiting',
	);
	return {server, pane};
}

/** The row of the call. */
const callRow = (text: string): string =>
	text.split('\n').find(line => line.includes('exec_command') && line.includes('echo approved-run')) ?? '';
/** The footer's last row (the frame is one row shorter than the pane). */
const footer = (pane: FaultTmux): string => pane.rows().at(-2) ?? '';

describe('allow and deny', () => {
	test(
		'the call waits; a asks, y sends allow; the call ' + 'shows allowing… until the decision, then completes',
		async () => {
			const {server, pane} = await follow([], {holdDecision: true});
			expect(footer(pane)).toContain('a/r allow/deny');
			pane.keys('a');
			await pane.until(() => footer(pane).includes(question), 'the question in the footer');
			expect(server.actions).toEqual([]);
			pane.keys('y');
			await until(() => server.actions.length === 1, 'the approval POST');
			expect(server.actions[0]!.path).toBe(`/approvals/${approvalCallId}`);
			expect(server.actions[0]!.body).toEqual({decision: 'allow'});
			await pane.until(text => callRow(text).includes('allowing…'), 'allowing… on the call');
			server.release();
			await pane.until(
				text => text.includes('The approved command ran.') && !text.includes('waiting for approval'),
				'the run going on',
			);
			expect(callRow(pane.text())).toMatch(/✓ exec_command/);
			expect(callRow(pane.text())).not.toContain('allowing…');
			expect(pane.text()).not.toContain(cookieValue);
		},
	);

	test('r asks, y sends deny, and the call is denied', async () => {
		const {server, pane} = await follow();
		pane.keys('r');
		await pane.until(() => footer(pane).includes('deny exec_command $ echo approved-run? y/n'), 'the question');
		pane.keys('y');
		await until(() => server.actions.length === 1, 'the POST');
		expect(server.actions[0]!.body).toEqual({decision: 'deny'});
		await pane.until(text => callRow(text).includes('denied'), 'the call denied');
	});
});

test('Ctrl+X asks, y sends the abort', async () => {
	const {server, pane} = await follow();
	pane.keys('C-x');
	await pane.until(() => footer(pane).includes('stop the run? y/n'), 'the question');
	expect(server.actions).toEqual([]);
	pane.keys('y');
	await until(() => server.actions.length === 1, 'the POST');
	expect(server.actions[0]!.path).toBe('/abort');
	await pane.until(() => footer(pane).includes('stop sent: the run is stopping'), 'the notice');
});

test('> opens a prompt; Enter sends the text; it is pending until the server echoes it', async () => {
	const {server, pane} = await follow();
	pane.keys('>');
	await pane.until(() => footer(pane).includes('steer ›'), 'the prompt');
	pane.keys('-l', 'look at the tests first');
	await pane.until(() => footer(pane).includes('steer › look at the tests first'), 'the draft');
	pane.keys('Enter');
	await until(() => server.actions.length === 1, 'the POST');
	expect(server.actions[0]!.path).toBe('/steer');
	expect(server.actions[0]!.body).toEqual({text: 'look at the tests first'});
	await pane.until(
		text => text.includes('steering not yet read by the agent: “look at the tests first”'),
		'the pending row',
	);
	await server.echoSteering('look at the tests first');
	await pane.until(
		text => !text.includes('not yet read by the agent') && text.includes('look at the tests first'),
		'the echo in the session',
	);
});

test(
	'every refusal is one notice and the call waits again: 404 (decided already), 400, 403, 409, then the ' +
		'server gone',
	async () => {
		const refusals = [
			{
				status: 404,
				json: {error: {code: 'approval_not_found', message: 'Approval does not exist or has already been decided.'}},
			},
			{status: 400, json: {error: {code: 'bad_request', message: 'decision must be one of allow / deny.'}}},
			{status: 403, json: {error: {code: 'forbidden', message: `Forbidden for ${cookieValue}.`}}},
			{status: 409, json: {error: {code: 'conflict', message: 'Already decided.'}}},
		];
		// Wide enough for the whole notice.
		const {server, pane} = await follow(['--debug'], {answers: refusals}, 200);
		const expected = [
			'the server answered 404: Approval does not exist or has already been decided.',
			'the server answered 400: decision must be one of allow / deny.',
			'the server answered 403: Forbidden for <redacted>.',
			'the server answered 409: Already decided.',
		];
		for (const [index, said] of expected.entries()) {
			pane.keys('a');
			await pane.until(() => footer(pane).includes(question), 'the question');
			pane.keys('y');
			await until(() => server.actions.length === index + 1, `POST ${index + 1}`);
			await pane.until(
				() => footer(pane).includes(`could not allow exec_command $ echo approved-run: ${said}`),
				`notice ${index + 1}`,
			);
			await pane.until(text => callRow(text).includes(' waiting for approval '), 'the call waiting again');
			expect(
				pane
					.text()
					.split('\n')
					.filter(line => line.includes('could not allow')),
			).toHaveLength(1);
		}
		expect(pane.text()).not.toContain(cookieValue);
		// The server goes away: the stream reconnects in vain, and an answer cannot be sent.
		await server.close();
		await pane.until(text => text.includes('reconnecting'), 'the header reconnecting');
		pane.keys('r');
		await pane.until(() => footer(pane).includes('deny exec_command $ echo approved-run? y/n'), 'the question');
		pane.keys('y');
		await pane.until(
			() =>
				/could not deny exec_command \$ echo approved-run: connection refused by 127\.0\.0\.1:\d+/.test(footer(pane)),
			'the network notice',
		);
		await pane.until(text => callRow(text).includes(' waiting for approval '), 'the call waiting still');
	},
);

test('--read-only: the keys do nothing, and the footer does not offer them', async () => {
	const {server, pane} = await follow(['--read-only']);
	expect(footer(pane)).not.toContain('allow/deny');
	pane.keys('a');
	pane.keys('y');
	pane.keys('C-x');
	pane.keys('y');
	pane.keys('>');
	// A key the screen answers visibly: the help; everything before it has been read by then.
	pane.keys('?');
	await pane.until(text => text.includes('Esc or ? closes'), 'the help');
	expect(pane.text()).not.toContain('? y/n');
	expect(pane.text()).not.toContain('steer ›');
	expect(server.actions).toEqual([]);
});

test('on a trace file the keys say why they do nothing', async () => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-act-'));
	pane = new FaultTmux(folder, 'act');
	const screen = pane;
	screen.run(`clear && node ${builtCli} ${trace}`);
	await screen.until(text => text.includes('you  [fake:tools]'), 'the session');
	expect(footer(screen)).not.toContain('allow/deny');
	screen.keys('a');
	await screen.until(() => footer(screen).includes('act on a live session only'), 'why');
	expect(screen.text()).not.toContain('? y/n');
});
