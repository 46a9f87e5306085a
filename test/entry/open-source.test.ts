// Opening the source the flags name, in-process (entry/open-source.ts, entry/open-trace.ts): a
// trace named, the newest session under the data root, what is missing said in one line; and
// the picker's switcher over the data root (entry/disk-switcher.ts) leaving one source for another.
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {noPrices} from '../../source/cost/prices.js';
import {diskSwitcher} from '../../source/entry/disk-switcher.js';
import {openSource, type SourceOptions} from '../../source/entry/open-source.js';
import {RunningSource} from '../../source/entry/running-source.js';
import type {ListEntry} from '../../source/io/session-entries.js';
import {TraceCheck} from '../../source/model/json-lines-gate.js';
import {SessionStore} from '../../source/model/session-store.js';
import {readSettings} from '../../source/settings.js';
import {shardLabel} from '../../source/ui/screen/status-line.js';
import {makeRoot, placeShard, retry, rotated, tools} from '../commands/data-root.js';
import {waitFor} from '../support/wait-for.js';
import {flagsWith} from './flags.js';

const roots: Array<{remove: () => void}> = [];
const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
	for (const stop of stops.splice(0)) await stop();
	for (const root of roots.splice(0)) root.remove();
});

/** Print mode's options for `input` under `dataRoot`, with what is said kept in `said`. */
function printOptions(dataRoot: string, input: string[], flags = flagsWith()): SourceOptions & {said: string[]} {
	const store = new SessionStore({label: '', state: 'connecting'}, {keepItems: true});
	const settings = readSettings({PENGUIN_HOME: dataRoot}, '/home/nobody', dataRoot);
	const said: string[] = [];
	const fileOptions = {store, dataRoot, follow: false, hold: false, children: false};
	return {
		input,
		flags,
		settings,
		store,
		screen: false,
		follow: false,
		streamFollow: false,
		pricesOf: async () => ({prices: noPrices, missing: true}),
		fileOptions,
		check: new TraceCheck(),
		onError: text => said.push(text),
		say: text => said.push(text),
		firstFrame: {expand: [], color: false},
		cleanup: [],
		said,
	};
}

test('a trace named is read into the store, labelled with its file', async () => {
	const root = makeRoot();
	roots.push(root);
	const file = placeShard(tools, root.dateDir());
	const options = printOptions(root.root, [file]);
	const opened = await openSource(options);
	if ('exitCode' in opened) throw new Error(`not opened: ${options.said.join('; ')}`);
	stops.push(async () => opened.source.close());
	expect(options.store.status.label).toBe(path.basename(file));
	expect(opened.folder).toBe(root.dateDir());
	await waitFor(() => options.store.view.ended, 'the end of the trace');
	expect(options.store.view.items.some(item => item.kind === 'tool_call')).toBe(true);
	expect(options.said).toEqual([]);
});

test('--latest opens the newest session under the data root', async () => {
	const root = makeRoot();
	roots.push(root);
	placeShard(tools, root.dateDir(), 1, Date.parse('2026-12-02T10:00:00Z'));
	const newest = placeShard(retry, root.dateDir(), 1, Date.parse('2026-12-02T12:00:00Z'));
	const options = printOptions(root.root, [], flagsWith({latest: true}));
	const opened = await openSource(options);
	if ('exitCode' in opened) throw new Error(`not opened: ${options.said.join('; ')}`);
	stops.push(async () => opened.source.close());
	expect(options.store.status.label).toBe(path.basename(newest));
});

test('a replay of a session of two shards names the shard being played, not the newest', async () => {
	const root = makeRoot();
	roots.push(root);
	const first = placeShard(rotated, root.dateDir(), 1);
	placeShard(rotated, root.dateDir(), 2);
	const options = {...printOptions(root.root, [first]), replaySpeed: 1};
	const opened = await openSource(options);
	if ('exitCode' in opened) throw new Error(`not opened: ${options.said.join('; ')}`);
	stops.push(async () => opened.source.close());
	await waitFor(() => options.store.view.items.length > 0, 'the replay started');
	const {view, status} = options.store;
	expect(view.shard).toBe(1);
	expect(shardLabel(status.label, view.shard, view.shard)).toBe(`${rotated}_001.jsonl`);
	// Once the replay reaches the second context, the header names its shard.
	expect(shardLabel(status.label, 2, 2)).toBe(`${rotated}_002.jsonl`);
});

test('a trace that is not there, or no data root at all: one line said, exit code 1', async () => {
	const root = makeRoot();
	roots.push(root);
	const missing = printOptions(root.root, [path.join(root.root, 'nothing.jsonl')]);
	expect(await openSource(missing)).toEqual({exitCode: 1});
	expect(missing.said).toHaveLength(1);
	expect(missing.said[0]).toContain('nothing.jsonl');
	const noRoot = printOptions(path.join(root.root, 'absent'), [], flagsWith({latest: true}));
	expect(await openSource(noRoot)).toEqual({exitCode: 1});
	expect(noRoot.said).toEqual([
		`${path.join(root.root, 'absent')}: no such folder, so no sessions to show: give a trace file or a ` +
			`session id, follow a server with --sse URL, or set PENGUIN_HOME to PenguinHarness's data folder`,
	]);
});

test("the picker's switcher lists the data root's sessions and opens one in place of the running source", async () => {
	const root = makeRoot();
	roots.push(root);
	placeShard(tools, root.dateDir());
	const store = new SessionStore({label: 'standard input', state: 'following'}, {keepItems: true});
	let closed = 0;
	const running = new RunningSource({close: () => void closed++});
	stops.push(running.close);
	const switcher = diskSwitcher({
		dataRoot: root.root,
		store,
		running,
		pricesOf: async () => ({prices: noPrices, missing: true}),
		fileOptions: {store, dataRoot: root.root, follow: false, hold: false, children: false},
		now: () => Date.parse('2026-12-02T15:00:00Z'),
	});
	expect(switcher.root).toBe(root.root);
	const entries = (await switcher.list()) as ListEntry[];
	expect(entries.map(entry => entry.sessionId)).toEqual([tools]);
	await switcher.open(entries[0]!);
	expect(closed).toBe(1);
	expect(running.original).toBe(false);
	expect(store.status).toMatchObject({label: `${tools}_001.jsonl`, state: 'following'});
	await waitFor(() => store.view.items.length > 0, 'the chosen session read');
	expect(switcher.current?.()).toBe(store.view.header.sessionId);
	await running.close();
	expect(closed).toBe(1);
});

test(
	'on the screen the data root is watched (nudges, L, --notify) for a trace or session id named under it; ' +
		'not for one elsewhere, nor without a data root',
	async () => {
		const root = makeRoot();
		const elsewhere = makeRoot();
		roots.push(root, elsewhere);
		const inside = placeShard(tools, root.dateDir());
		const outside = placeShard(retry, elsewhere.dateDir());
		const watched = async (
			dataRoot: string,
			input: string[],
		): Promise<{offers: boolean; overview: boolean; said: string[]}> => {
			const options = {...printOptions(dataRoot, input), screen: true, follow: true};
			// Read from the first byte: the first frame is not painted on the test's terminal.
			options.settings = readSettings({PENGUIN_HOME: dataRoot, PENGUIN_VIEW_TAIL_FIRST: '0'}, '/home/nobody', dataRoot);
			const opened = await openSource(options);
			if ('exitCode' in opened) throw new Error(`not opened: ${options.said.join('; ')}`);
			stops.push(async () => opened.source.close(), ...options.cleanup);
			return {offers: opened.offers !== undefined, overview: opened.overview !== undefined, said: options.said};
		};
		expect(await watched(root.root, [inside])).toEqual({offers: true, overview: true, said: []});
		expect(await watched(root.root, [tools])).toEqual({offers: true, overview: true, said: []});
		expect(await watched(root.root, [outside])).toEqual({offers: false, overview: false, said: []});
		expect(await watched(path.join(root.root, 'not-there'), [outside])).toEqual({
			offers: false,
			overview: false,
			said: [],
		});
	},
);
