// The overview's listing of a data root: each active session's activity from the end of its newest shard, a
// subagent's parent from the pointer in the parent's tail, and only recently written sessions read.
import {appendFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import {afterEach, describe, expect, it} from 'vitest';
import {DiskOverview} from '../../source/io/disk-overview.js';
import {priceTable} from '../../source/cost/prices.js';
import {child, makeRoot, parent, placeShard, retry, rotated, tools} from '../commands/data-root.js';
import {fixturesDir} from '../helpers/recordings.js';

const fixtureLines = (id: string, index = 1): string[] =>
	readFileSync(`${fixturesDir}traces/${id}_${String(index).padStart(3, '0')}.jsonl`, 'utf8')
		.split('\n')
		.filter(Boolean);
const typeOf = (line: string): string | undefined => (JSON.parse(line) as {payload: {type?: string}}).payload.type;

describe('DiskOverview', () => {
	let remove: (() => void) | undefined;
	afterEach(() => remove?.());

	it('says what each recently written session does; a subagent waiting for approval names its parent', async () => {
		const made = makeRoot();
		remove = made.remove;
		const folder = made.dateDir();
		mkdirSync(folder, {recursive: true});
		const now = Date.now();
		// The parent, cut just after its pointer to the child (its run_subagent call running).
		const parentLines = fixtureLines(parent);
		const pointer = parentLines.findIndex(line => typeOf(line) === 'subagent');
		writeFileSync(`${folder}/${parent}_001.jsonl`, parentLines.slice(0, pointer + 1).join('\n') + '\n');
		// The child, cut just after its tool call: waiting for a decision.
		const childLines = fixtureLines(child);
		const call = childLines.findIndex(line => typeOf(line) === 'tool_call');
		writeFileSync(`${folder}/${child}_001.jsonl`, childLines.slice(0, call + 1).join('\n') + '\n');
		// Finished long ago: not read past its head.
		placeShard(retry, folder, 1, now - 3 * 3600_000);
		const overview = new DiskOverview(made.root, {tailBytes: 4096});
		const entries = await overview.list(now);
		const byId = new Map(entries.map(entry => [entry.sessionId, entry]));
		expect(byId.get(parent)?.activity).toMatchObject({
			state: 'running',
			doing: expect.stringMatching(/^run_subagent /),
		});
		expect(byId.get(child)).toMatchObject({
			parentId: parent,
			activity: {state: 'waiting', waiting: 1, doing: expect.stringMatching(/^exec_command \$ /)},
		});
		expect(byId.get(retry)?.activity).toBeUndefined();
		expect(byId.get(retry)?.firstPrompt).toBeDefined();

		// The child is approved and runs its command: the next listing reads the new tail.
		appendFileSync(`${folder}/${child}_001.jsonl`, childLines[call + 1] + '\n');
		const later = now + 1000;
		utimesSync(`${folder}/${child}_001.jsonl`, later / 1000, later / 1000);
		const again = new Map((await overview.list(later)).map(entry => [entry.sessionId, entry]));
		expect(again.get(child)?.activity).toMatchObject({state: 'running', waiting: 0});
	});

	it('a rotated session is read from its newest shard', async () => {
		const made = makeRoot();
		remove = made.remove;
		const folder = made.dateDir();
		const now = Date.now();
		placeShard(rotated, folder, 1, now - 10_000);
		placeShard(rotated, folder, 2, now - 5_000);
		placeShard(tools, folder, 1, now - 1_000);
		const entries = await new DiskOverview(made.root).list(now);
		expect(entries.find(entry => entry.sessionId === rotated)?.activity).toMatchObject({state: 'idle'});
		expect(entries.find(entry => entry.sessionId === rotated)?.activity?.tokens).toBeGreaterThan(0);
	});

	it("counts each session's requests and prices them behind the listing; and again as it grows", async () => {
		const made = makeRoot();
		remove = made.remove;
		const folder = made.dateDir();
		mkdirSync(folder, {recursive: true});
		const now = Date.now();
		const all = fixtureLines(tools);
		const file = `${folder}/${tools}_001.jsonl`;
		// Its first request done (one token_usage); the rest comes later.
		const first = all.findIndex(line => typeOf(line) === 'request_end');
		writeFileSync(file, all.slice(0, first + 1).join('\n') + '\n');
		// $15 per million output tokens, and cache prices.
		const prices = priceTable([
			{provider: 'custom', modelId: 'fake-model', rates: {cacheRead: 0.3, cacheWrite: 3.75, output: 15}},
		]);
		const overview = new DiskOverview(made.root, {}, async () => ({prices}));
		await overview.list(now);
		await overview.settled();
		const once = (await overview.list(now)).find(entry => entry.sessionId === tools)!;
		expect(once.requests).toBe(1);
		expect(once.costUsd).toBeGreaterThan(0);
		appendFileSync(file, all.slice(first + 1).join('\n') + '\n');
		const later = now + 1000;
		utimesSync(file, later / 1000, later / 1000);
		await overview.list(later);
		await overview.settled();
		const whole = (await overview.list(later)).find(entry => entry.sessionId === tools)!;
		expect(whole.requests).toBe(all.filter(line => typeOf(line) === 'token_usage').length);
		expect(whole.costUsd).toBeGreaterThan(once.costUsd!);
	});
});
