// Subagents from disk, live: the coordinator (with fake finders and readers) nests children and grandchildren, holds
// print output, stops followers when the call ends; on the screen a child trace that grows is followed inside its
// parent.
import {appendFileSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, test} from 'vitest';
import {startFileSession} from '../../source/io/file-session.js';
import {ChildSessions, type ChildReader, type ChildTrace} from '../../source/model/child-sessions.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import type {SessionView, SubagentItem} from '../../source/model/view-model.js';
import {child, makeRoot, parent} from '../commands/data-root.js';
import {fixtureLines, waitFor} from '../support/io-fixtures.js';
import {mount, type Screen} from './app-helpers.js';
import {msg, traceInputs} from './helpers.js';

function subagentIn(view: SessionView, sessionId: string): SubagentItem {
	const found = view.items.find(
		(item): item is SubagentItem => item.kind === 'subagent' && item.sessionId === sessionId,
	);
	if (!found) throw new Error(`no subagent ${sessionId}`);
	return found;
}

const pointer = (id: string): ModelInput => msg({type: 'subagent', session_id: id});
const call = (id: string): ModelInput =>
	msg({
		type: 'tool_call',
		role: 'assistant',
		name: 'run_subagent',
		arguments: '{"description":"go"}',
		tool_call_id: id,
		stop_reason: 'completed',
	});
const output = (id: string): ModelInput =>
	msg({type: 'tool_call_output', role: 'user', output: 'ok', tool_call_id: id, stop_reason: 'completed'});
const say = (text: string): ModelInput => msg({type: 'text', role: 'assistant', text, stop_reason: 'completed'});

/** A coordinator over fake traces: `reads` holds each started read, to push inputs through. */
function fakes(options: {hold?: boolean; follow?: boolean; known?: string[]} = {}) {
	const applied: ModelInput[][] = [];
	const reads = new Map<
		string,
		{follow: boolean; push: (batch: ModelInput[]) => void; finished: number; closed: number}
	>();
	const known = new Set(options.known ?? ['child-a', 'child-b', 'grandchild']);
	const coordinator = new ChildSessions(
		{
			apply: inputs => applied.push([...inputs]),
			follow: options.follow ?? true,
			hold: options.hold,
			missingText: id => `${id}: trace not found`,
			find: async id =>
				known.has(id)
					? ({sessionId: id, folder: `/f/${id}`, shards: [`/f/${id}_001.jsonl`]} satisfies ChildTrace)
					: undefined,
			read(trace, follow, onInputs): ChildReader {
				const read = {follow, push: onInputs, finished: 0, closed: 0};
				reads.set(trace.sessionId, read);
				return {close: () => void read.closed++, finish: () => void read.finished++};
			},
		},
		'/f',
	);
	/** What was applied, one line per input: `[origin] kind/payload type`. */
	const log = (): string[] =>
		applied.flat().map(function describe(input: ModelInput): string {
			if (input.kind === 'child') return `${input.origin.join('>')}: ${describe(input.input)}`;
			if (input.kind === 'message')
				return String((input.message.payload as {type: string; text?: string}).text ?? input.message.payload.type);
			if (input.kind === 'child_missing') return `missing ${input.sessionId}`;
			return input.kind;
		});
	/** The read of `sessionId`, once the coordinator has found its trace and started it. */
	const started = async (sessionId: string) => waitFor(() => reads.get(sessionId), `the read of ${sessionId} to start`);
	return {coordinator, reads, log, started};
}

describe('ChildSessions', () => {
	it('reads each pointed-to child and its children into the tree, following while the call runs', async () => {
		const {coordinator, reads, log, started} = fakes();
		coordinator.feed([call('c1'), pointer('child-a'), say('parent goes on')]);
		expect((await started('child-a')).follow).toBe(true);
		reads.get('child-a')!.push([say('child speaks'), call('g1'), pointer('grandchild')]);
		(await started('grandchild')).push([say('grandchild speaks')]);
		expect(log()).toEqual([
			'tool_call',
			'subagent',
			'parent goes on',
			'child-a: child speaks',
			'child-a: tool_call',
			'child-a: subagent',
			'child-a>grandchild: grandchild speaks',
		]);
		expect(coordinator.known()).toEqual(['child-a', 'child-a/grandchild']);

		// The call's output: the child's follower is told to finish (and hands on its end).
		coordinator.feed([output('c1')]);
		expect(reads.get('child-a')!.finished).toBe(1);
		expect(reads.get('grandchild')!.finished).toBe(0);
		await coordinator.close();
		expect(reads.get('child-a')!.closed).toBe(1);
		expect(reads.get('grandchild')!.closed).toBe(1);
		// Closed: nothing more reaches the store.
		const before = log().length;
		reads.get('grandchild')!.push([say('too late')]);
		coordinator.feed([say('too late')]);
		expect(log()).toHaveLength(before);
	});

	it('reads a child whose call has already finished once, without following', async () => {
		const {coordinator, started} = fakes();
		coordinator.feed([call('c1'), pointer('child-a'), output('c1')]);
		expect((await started('child-a')).follow).toBe(false);
	});

	it('says in place when a child is not found, or when a pointer loops back', async () => {
		const {coordinator, log} = fakes({known: ['child-a']});
		const meta: ModelInput = {
			kind: 'message',
			message: {
				timestamp: '2026-12-02T14:00:00.000Z',
				type: 'session_meta',
				payload: {type: 'session_meta', session_id: 'root'},
			} as never,
		};
		coordinator.feed([meta, pointer('nowhere'), pointer('root')]);
		await waitFor(() => log().filter(line => line.startsWith('missing')).length === 2, 'both pointers answered');
		expect(log().filter(line => line.startsWith('missing'))).toEqual(['missing root', 'missing nowhere']);
	});

	it('print mode holds the parent after a pointer until the child is read to its end', async () => {
		const {coordinator, log, started} = fakes({hold: true, follow: false});
		coordinator.feed([say('before'), call('c1'), pointer('child-a'), output('c1'), say('after'), {kind: 'end'}]);
		const childA = await started('child-a');
		expect(log()).toEqual(['before', 'tool_call', 'subagent']);
		childA.push([say('child speaks'), pointer('grandchild')]);
		const grandchild = await started('grandchild');
		childA.push([say('child after its own child'), {kind: 'end'}]);
		// The child's own end waits for the grandchild too.
		expect(log().at(-1)).toBe('child-a: subagent');
		grandchild.push([say('grandchild speaks'), {kind: 'end'}]);
		expect(log()).toEqual([
			'before',
			'tool_call',
			'subagent',
			'child-a: child speaks',
			'child-a: subagent',
			'child-a>grandchild: grandchild speaks',
			'child-a>grandchild: end',
			'child-a: child after its own child',
			'child-a: end',
			'tool_call_output',
			'after',
			'end',
		]);
	});

	it('a held parent lets go when the child is missing', async () => {
		const {coordinator, log} = fakes({hold: true, known: []});
		coordinator.feed([pointer('nowhere'), say('after')]);
		await waitFor(() => log().includes('after'), 'the parent to go on');
		expect(log()).toEqual(['subagent', 'missing nowhere', 'after']);
	});
});

describe('on the screen, from a data root', () => {
	let fixture: ReturnType<typeof makeRoot>;
	let screen: Screen | undefined;
	let source: {close(): Promise<void>} | undefined;
	const parentLines = fixtureLines(`${parent}_001.jsonl`);
	const childLines = fixtureLines(`${child}_001.jsonl`);
	const pointerAt = parentLines.findIndex(line => line.includes('"type":"subagent"'));

	beforeEach(() => {
		fixture = makeRoot();
	});

	afterEach(async () => {
		screen?.unmount();
		screen = undefined;
		await source?.close();
		source = undefined;
		fixture.remove();
	});

	const write = (file: string, lines: string[]): void => {
		mkdirSync(path.dirname(file), {recursive: true});
		writeFileSync(file, lines.map(line => `${line}\n`).join(''));
	};
	const append = (file: string, lines: string[]): void => appendFileSync(file, lines.map(line => `${line}\n`).join(''));

	test('a running child is shown nested at its call and followed as its trace grows', async () => {
		const folder = fixture.dateDir();
		const parentFile = path.join(folder, `${parent}_001.jsonl`);
		const childFile = path.join(folder, `${child}_001.jsonl`);
		// The parent up to the pointer; the child up to its command, not yet answered.
		write(childFile, childLines.slice(0, 7));
		write(parentFile, parentLines.slice(0, pointerAt + 1));
		const store = new SessionStore({label: path.basename(parentFile), state: 'following'});
		source = startFileSession(
			{sessionId: parent, folder, shards: [parentFile]},
			{store, dataRoot: fixture.root, follow: true, hold: false, children: true, graceMs: 50},
		);
		screen = await mount(store, {
			columns: 100,
			rows: 30,
			expand: ['details'],
			now: () => Date.parse('2026-12-02T14:43:20Z'),
		});

		await waitFor(
			() =>
				screen!.frame().includes('│ ⠋ exec_command') ||
				/│ \S exec_command {2}\$ echo hello-from-child/.test(screen!.frame()),
			'the child’s running call, nested',
		);
		let frame = screen.frame();
		expect(frame).toMatch(/▾ subagent {2}Delegate listing the workspace · 1 tool call · \S running +↳ 1fcdf9f5/);
		expect(frame).toMatch(/\n │ parent agent {2}Caller agent: default_agent\. \[fake:child\]/);
		expect(frame).not.toContain('Child report');

		// The child goes on: its output and its answer show up inside the parent.
		append(childFile, childLines.slice(7));
		await waitFor(
			() => screen!.frame().includes('│   Child report: the workspace was listed successfully'),
			'the child’s answer, nested',
		);
		frame = screen.frame();
		expect(frame).toMatch(/\n │ ✓ exec_command {2}\$ echo hello-from-child && ls .* 2 lines\n/);

		// The parent gets the call's output: the child is read to its end and stops being followed.
		append(parentFile, parentLines.slice(pointerAt + 1));
		await waitFor(() => screen!.frame().includes('The subagent reported back'), 'the parent going on');
		const item = subagentIn(store.view, child);
		await waitFor(() => item.child?.ended === true, 'the child ended after its call finished');
		expect(item.child!.counts.toolCalls).toBe(1);
		expect(item.missing).toBeUndefined();
		expect(screen.frame()).toMatch(/▾ subagent {2}Delegate listing the workspace · 1 tool call · ✓ done/);
	});

	test('a child that cannot be found says so where it would be', async () => {
		const folder = fixture.dateDir();
		const parentFile = path.join(folder, `${parent}_001.jsonl`);
		write(parentFile, parentLines);
		const store = new SessionStore({label: path.basename(parentFile), state: 'reading'});
		source = startFileSession(
			{sessionId: parent, folder, shards: [parentFile]},
			{store, dataRoot: fixture.root, follow: false, hold: false, children: true},
		);
		screen = await mount(store, {columns: 100, rows: 30, expand: ['details']});
		await waitFor(() => screen!.frame().includes('trace not found under'), 'the missing child’s line');
		expect(screen.frame()).toContain(`▾ subagent  Delegate listing the workspace · ✓ done`);
		expect(screen.frame()).toContain(`  ${child}: trace not found under ${fixture.root}`);
	});
});

it('the model nests child inputs by origin and marks a missing child on its item', () => {
	const store = new SessionStore({label: 't', state: 'reading'});
	store.apply(traceInputs('14-43-17-a1f608ba_001'));
	store.apply(
		traceInputs('14-43-19-1fcdf9f5_001').map(input => ({kind: 'child', origin: [child], input}) as ModelInput),
	);
	const item = subagentIn(store.view, child);
	expect(item.child?.header.sessionId).toBe(child);
	expect(item.child?.counts.toolCalls).toBe(1);
	store.apply([
		{
			kind: 'child',
			origin: [child],
			input: {kind: 'child_missing', sessionId: 'session-x', text: 'session-x: trace not found'},
		},
	]);
	expect(subagentIn(item.child!, 'session-x').missing).toBe('session-x: trace not found');
	// Ids stay unique across the tree (the screen keys its state by them).
	const ids = [...store.view.items, ...item.child!.items].map(entry => entry.id);
	expect(new Set(ids).size).toBe(ids.length);
});
