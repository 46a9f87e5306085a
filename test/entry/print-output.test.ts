// Running an output on a store, in-process (entry/print-output.ts, entry/screen-output.ts): print
// mode and --json write the session as it comes and end with it, closing the source; --stats
// writes one document once the session is whole; a stream's actions stop once it is left.
import {PassThrough} from 'node:stream';
import {expect, test} from 'vitest';
import {
	runPrintOutput,
	runWholeOutput,
	whenSessionEnds,
	type PrintOutputOptions,
	type Writer,
} from '../../source/entry/print-output.js';
import {RunningSource} from '../../source/entry/running-source.js';
import {actionsWhile} from '../../source/entry/screen-output.js';
import type {SessionActions} from '../../source/io/sse/actions.js';
import {SessionStore} from '../../source/model/session-store.js';
import {safeWriter} from '../../source/output/safe-writer.js';
import '../support/utc.js';
import {traceInputs} from '../ui/helpers.js';
import {flagsWith} from './flags.js';

/** An output's options on a fresh store, with what is written and said kept. */
function outputOn(
	flags = flagsWith(),
	store = new SessionStore({label: 'trace.jsonl', state: 'reading'}, {recordFinalized: true}),
) {
	const sink = new PassThrough();
	let written = '';
	sink.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
	let closed = 0;
	const said: string[] = [];
	const options: PrintOutputOptions = {
		flags,
		store,
		running: new RunningSource({close: () => void closed++}),
		opened: {source: {close: () => undefined}, pricesReady: async () => undefined},
		out: safeWriter(sink),
		ended: whenSessionEnds(store),
		say: text => said.push(text),
		dataRoot: '/nowhere',
	};
	return {options, store, said, written: () => written, closed: () => closed};
}

test('print mode writes the session as it comes, and ends with it: the source closed, exit code 0', async () => {
	const run = outputOn();
	const printer: Writer = await import('../../source/output/printer.js');
	const done = runPrintOutput(run.options, printer, {color: false});
	run.store.apply(traceInputs('14-43-17-694155ee_001'));
	run.store.apply([{kind: 'end'}]);
	expect(await done).toBe(0);
	expect(run.written()).toMatch(/^\[14:43:17\] you\n {2}\[fake:tools\] Inspect the workspace/m);
	expect(run.written()).toContain('exec_command');
	expect(run.store.status.state).toBe('ended');
	expect(run.closed()).toBe(1);
	expect(run.said).toEqual([]);
});

test('--json writes one JSON line a message, and a failed source is exit code 1', async () => {
	const run = outputOn(flagsWith({json: true}), new SessionStore({label: 'trace.jsonl', state: 'reading'}));
	const done = runPrintOutput(run.options, await import('../../source/output/json-writer.js'), {color: false});
	run.store.apply(traceInputs('14-43-17-694155ee_001'));
	run.store.setStatus({state: 'failed', message: 'cut short'});
	run.store.apply([{kind: 'end'}]);
	expect(await done).toBe(1);
	const lines = run.written().trim().split('\n');
	expect(lines.length).toBeGreaterThan(5);
	for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
});

test('--stats waits for the whole session, then writes one table', async () => {
	const run = outputOn(
		flagsWith({stats: true}),
		new SessionStore({label: 'trace.jsonl', state: 'reading'}, {keepItems: true}),
	);
	const done = runWholeOutput(run.options);
	run.store.apply(traceInputs('14-43-17-694155ee_001'));
	expect(run.written()).toBe('');
	run.store.apply([{kind: 'end'}]);
	expect(await done).toBe(0);
	expect(run.written()).toMatch(/requests/i);
	expect(run.closed()).toBe(1);
});

test("a stream's actions go out only while it is the session shown", async () => {
	const sent: unknown[] = [];
	const actions: SessionActions = {
		send: async request => {
			sent.push(request);
			return {ok: true, status: 200};
		},
	};
	let live = true;
	const guarded = actionsWhile(actions, () => live);
	const request = {kind: 'interrupt'} as unknown as Parameters<SessionActions['send']>[0];
	expect(await guarded.send(request)).toEqual({ok: true, status: 200});
	live = false;
	expect(await guarded.send(request)).toEqual({
		ok: false,
		reason: 'the stream was left for a session on disk, which cannot be acted on',
	});
	expect(sent).toHaveLength(1);
});
