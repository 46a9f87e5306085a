// Sessions that start under the data root while one is on screen: which ones a new listing reports, and the
// watcher that offers the newest of them to the picker's footer (L).
import {appendFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {DiskOverview} from '../../source/io/disk-overview.js';
import {notificationSequence} from '../../source/render/notify.js';
import {fixturesDir} from '../helpers/recordings.js';
import {afterEach, describe, expect, it} from 'vitest';
import {NewSessionTracker, watchNewSessions} from '../../source/io/new-sessions.js';
import {child, makeRoot, parent, placeShard, tools} from '../commands/data-root.js';
import {waitFor} from '../support/wait-for.js';

describe('NewSessionTracker', () => {
	const minute = 60_000;
	const t0 = Date.parse('2026-12-02T15:00:00Z');

	it('nothing on the first listing; then a session that appears, newest first', () => {
		const tracker = new NewSessionTracker();
		expect(tracker.update([{sessionId: 'a', mtimeMs: t0 - 1000}], t0)).toEqual([]);
		expect(tracker.update([{sessionId: 'a', mtimeMs: t0 + 1000}], t0 + 2000)).toEqual([]);
		expect(
			tracker.update(
				[
					{sessionId: 'c', mtimeMs: t0 + 3500},
					{sessionId: 'b', mtimeMs: t0 + 3000},
					{sessionId: 'a', mtimeMs: t0 + 1000},
				],
				t0 + 4000,
			),
		).toEqual(['c', 'b']);
	});

	it('a session quiet for a minute that is written to again; not one that kept running', () => {
		const tracker = new NewSessionTracker();
		tracker.update(
			[
				{sessionId: 'old', mtimeMs: t0 - 5 * minute},
				{sessionId: 'busy', mtimeMs: t0 - 1000},
			],
			t0,
		);
		expect(
			tracker.update(
				[
					{sessionId: 'old', mtimeMs: t0 + 1000},
					{sessionId: 'busy', mtimeMs: t0 + 1500},
				],
				t0 + 2000,
			),
		).toEqual(['old']);
	});

	it('an old session that appears (a copied trace) is not offered', () => {
		const tracker = new NewSessionTracker();
		tracker.update([], t0);
		expect(tracker.update([{sessionId: 'copied', mtimeMs: t0 - 10 * minute}], t0 + 2000)).toEqual([]);
	});
});

describe('watchNewSessions', () => {
	let remove: (() => void) | undefined;
	let close: (() => void) | undefined;
	afterEach(() => {
		close?.();
		remove?.();
	});

	it('offers a session that starts under the data root, not the one on screen', async () => {
		const data = makeRoot();
		remove = data.remove;
		const folder = data.dateDir();
		mkdirSync(folder, {recursive: true});
		placeShard(tools, folder, 1, Date.now() - 3600_000);
		let listings = 0;
		const watcher = watchNewSessions(data.root, {pollMs: 50, onListed: () => listings++});
		close = () => watcher.close();
		let changes = 0;
		let onScreen = tools;
		const part = watcher.switcherPart(() => onScreen);
		part.subscribe!(() => changes++);
		// Wait for the first listing (which offers nothing) before a session starts.
		const until = async (check: () => boolean, what: string): Promise<void> => void (await waitFor(check, what));
		await until(() => listings >= 2, 'two listings');
		expect(part.offered!()).toBeUndefined();
		placeShard(parent, folder, 1, Date.now());
		await until(() => part.offered!() !== undefined, 'the offer');
		expect(changes).toBeGreaterThan(0);
		expect(part.offered!()).toMatchObject({
			sessionId: parent,
			project: 'proj-a',
			agent: 'main',
			firstPrompt: expect.stringContaining('[fake:sub]'),
		});
		// Opened (it is the one on screen), it is not offered again after the reader moves on.
		onScreen = parent;
		expect(part.offered!()).toBeUndefined();
		onScreen = tools;
		expect(part.offered!()).toBeUndefined();
	});

	it(
		'with the overview: another session that starts to wait ' + 'is offered with what it waits for, and notified once',
		async () => {
			const data = makeRoot();
			remove = data.remove;
			const folder = data.dateDir();
			mkdirSync(folder, {recursive: true});
			placeShard(tools, folder, 1, Date.now() - 3600_000);
			const childLines = readFileSync(`${fixturesDir}traces/${child}_001.jsonl`, 'utf8').split('\n').filter(Boolean);
			const call = childLines.findIndex(line => line.includes('"type":"tool_call"'));
			const childFile = `${folder}/${child}_001.jsonl`;
			// Running: its request is open.
			writeFileSync(childFile, childLines.slice(0, call).join('\n') + '\n');
			let listings = 0;
			const written: string[] = [];
			const watcher = watchNewSessions(data.root, {
				pollMs: 50,
				onListed: () => listings++,
				overview: new DiskOverview(data.root),
				onNudge: (_, text) => written.push(notificationSequence('penguin-view', text, {tmux: true})),
			});
			close = () => watcher.close();
			const part = watcher.switcherPart(() => tools);
			let changes = 0;
			part.subscribe(() => changes++);
			await waitFor(() => listings >= 3, 'listings with the overview');
			const before = changes;
			expect(written).toEqual([]);
			// Its tool call comes: it waits for a decision.
			appendFileSync(childFile, childLines[call] + '\n');
			await waitFor(() => part.offerNote() !== undefined, 'the nudge');
			expect(part.offerNote()).toMatch(/^⏸ 1fcdf9f5 waits: exec_command \$ .* · L to switch$/);
			expect(part.offered()?.sessionId).toBe(child);
			expect(changes).toBeGreaterThan(before);
			// Later listings see it still waiting: no second notification.
			const seen = listings;
			await waitFor(() => listings >= seen + 3, 'three more listings');
			expect(written).toHaveLength(1);
			expect(written[0]).toMatch(/^\u001bPtmux;\u001b\u001b\]9;penguin-view: ⏸ 1fcdf9f5 waits: exec_command/);
			expect(written[0]).toContain('\u001bPtmux;\u001b\u001b]777;notify;penguin-view;⏸ 1fcdf9f5 waits');
		},
	);
});
