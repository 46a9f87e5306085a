// What the overview says a session does now, from the end of recorded traces cut at telling moments.
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {messagesActivity, tailActivity} from '../../source/render/overview-activity.js';
import {overviewOrder, type OrderItem} from '../../source/model/overview-order.js';
import {fixturesDir} from '../helpers/recordings.js';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';

const lines = (name: string): string[] =>
	readFileSync(`${fixturesDir}traces/session-2026-12-02-${name}_001.jsonl`, 'utf8').split('\n').filter(Boolean);
const typeOf = (line: string): string =>
	(JSON.parse(line) as {payload: {type?: string}}).payload.type ?? 'session_meta';

/** The lines of a recording up to and including the `nth` (1-based) line whose payload is `type`. */
function upTo(name: string, type: string, nth = 1): string[] {
	const all = lines(name);
	let seen = 0;
	const end = all.findIndex(line => typeOf(line) === type && ++seen === nth);
	if (end < 0) throw new Error(`no ${type} #${nth} in ${name}`);
	return all.slice(0, end + 1);
}

/** The last `bytes` of the lines, cut mid-line as a tail read would cut them. */
function tailOf(all: readonly string[], bytes: number): string[] {
	const text = all.join('\n') + '\n';
	return text.slice(-bytes).split('\n');
}

describe('a trace tail to what the session does now', () => {
	it(
		"a server's last messages, already parsed, say the same as the trace's lines; a value that is not a " +
			'message is passed over',
		() => {
			const cut = upTo('14-43-17-694155ee', 'approval_decision');
			const parsed = cut.map(line => JSON.parse(line) as unknown);
			expect(messagesActivity([...parsed, 'x', null, {type: 'model_msg'}])).toEqual(tailActivity(cut));
			expect(messagesActivity(parsed)).toMatchObject({state: 'running', doing: 'exec_command $ ls -la'});
		},
	);

	it('a tool call with no decision yet waits for approval, with the call on one line', () => {
		const activity = tailActivity(upTo('14-43-17-694155ee', 'tool_call'));
		expect(activity).toMatchObject({state: 'waiting', waiting: 1, doing: 'exec_command $ ls -la'});
	});

	it('counts every call that waits', () => {
		// The second request's three parallel calls, the last two not decided yet.
		const all = lines('14-43-17-694155ee');
		const second = upTo('14-43-17-694155ee', 'tool_call', 2).length;
		const cut = all
			.slice(0, second + 2 /* its decision and output */)
			.concat(all.filter(line => typeOf(line) === 'tool_call').slice(2));
		expect(tailActivity(cut)).toMatchObject({state: 'waiting', waiting: 2});
	});

	it('an approved call without output is the running tool', () => {
		expect(tailActivity(upTo('14-43-17-694155ee', 'approval_decision'))).toMatchObject({
			state: 'running',
			waiting: 0,
			doing: 'exec_command $ ls -la',
		});
	});

	it('a request with nothing back is thinking, then writing once its thinking is in', () => {
		expect(tailActivity(upTo('14-43-08-07326dfd', 'request_begin'))).toMatchObject({
			state: 'running',
			doing: 'thinking…',
		});
		expect(tailActivity(upTo('14-43-08-07326dfd', 'thinking'))).toMatchObject({state: 'running', doing: 'writing…'});
	});

	it('a finished session is idle, with its tokens', () => {
		const activity = tailActivity(lines('14-43-08-07326dfd'));
		expect(activity.state).toBe('idle');
		expect(activity.doing).toBeUndefined();
		expect(activity.tokens).toBeGreaterThan(0);
		expect(activity.lastAt).toBe(Date.parse(JSON.parse(lines('14-43-08-07326dfd').at(-1)!).timestamp));
	});

	it('compaction under way is compacting', () => {
		expect(tailActivity(upTo('14-45-42-8e7b556c', 'compaction_begin'))).toMatchObject({state: 'compacting'});
	});

	it('a failed request that will be retried is retrying, through the next attempt', () => {
		expect(tailActivity(upTo('14-43-17-d6ae8f31', 'request_end'))).toMatchObject({
			state: 'retrying',
			doing: expect.stringContaining('retrying after attempt 1'),
		});
		expect(tailActivity(upTo('14-43-17-d6ae8f31', 'request_begin', 2)).state).toBe('retrying');
		// The recovered one: idle once a request completes.
		expect(tailActivity(lines('14-44-25-2f8932ff')).state).toBe('idle');
	});

	it('retries given up and the abort are failed, with the reason', () => {
		expect(tailActivity(lines('14-43-17-d6ae8f31'))).toMatchObject({
			state: 'failed',
			doing: 'reconnect failed after 5 retries',
		});
	});

	it("a run stopped by a person is idle, not failed, and says it was aborted (a real server's last messages)", () => {
		const messages = (serverAnswer('r3-messages-tail-aborted.json').json as {messages: unknown[]}).messages;
		expect(messagesActivity(messages)).toMatchObject({
			state: 'idle',
			ended: {kind: 'aborted', reason: 'aborted by user'},
		});
		expect(tailActivity(lines('14-43-17-d6ae8f31')).ended).toEqual({
			kind: 'failed',
			reason: 'reconnect failed after 5 retries',
		});
		expect(tailActivity(lines('14-44-25-2f8932ff')).ended).toEqual({kind: 'finished'});
	});

	it("what a running session writes now, from its newest open fragment (a real server's messages and stream)", () => {
		// GET …/messages during a run: the open text as one partial_text start in `live.fragments`.
		const answer = serverAnswer('session-messages-running.json').json as {
			messages: unknown[];
			live: {fragments: unknown[]};
		};
		expect(messagesActivity([...answer.messages, ...answer.live.fragments])).toMatchObject({
			state: 'running',
			doing: 'writing…',
		});
		// The recorded stream of a [tools] run, cut while thinking streams, then while a call's arguments stream.
		const stream = serverStreamBlocks('r3-tools-stream.txt').flatMap(block =>
			block.event === undefined && block.data ? [JSON.parse(block.data) as {payload: {type: string}}] : [],
		);
		const upTo = (type: string, nth = 0): unknown[] =>
			stream.slice(0, stream.filter(m => m.payload.type === type).map(m => stream.indexOf(m))[nth]! + 1);
		expect(messagesActivity(upTo('partial_thinking', 1))).toMatchObject({state: 'running', doing: 'thinking…'});
		expect(messagesActivity(upTo('partial_tool_call', 3)).doing).toMatch(/^exec_command /);
	});

	it('a tail cut mid-line reads what is whole; the pointer to a subagent names the child', () => {
		const parent = tailActivity(tailOf(upTo('14-43-17-a1f608ba', 'subagent'), 1_100));
		expect(parent).toMatchObject({
			state: 'running',
			doing: expect.stringMatching(/^run_subagent /),
			children: ['session-2026-12-02-14-43-19-1fcdf9f5'],
		});
	});

	it('garbage is passed over', () => {
		expect(tailActivity(['{"torn', 'not json', '[]', ...upTo('14-43-17-694155ee', 'tool_call')]).state).toBe('waiting');
	});
});

describe('the overview order', () => {
	const now = Date.parse('2026-12-02T15:00:00Z');
	const item = (id: string, state: OrderItem<string>['state'], agoMs: number, parent?: string): OrderItem<string> => ({
		entry: id,
		id,
		state,
		lastAt: now - agoMs,
		...(parent ? {parent} : {}),
	});

	it(
		'waiting first, then failed recently, then running, then the rest by last activity; a subagent under ' +
			'its parent',
		() => {
			const order = overviewOrder(
				[
					item('idle-new', 'idle', 1_000),
					item('running', 'running', 5_000),
					item('failed-old', 'failed', 3 * 3600_000),
					item('failed-now', 'failed', 60_000),
					item('idle-old', 'idle', 100_000),
					item('waiting', 'waiting', 400_000),
				],
				now,
			);
			expect(order.map(row => row.item.id)).toEqual([
				'waiting',
				'failed-now',
				'running',
				'idle-new',
				'idle-old',
				'failed-old',
			]);
		},
	);

	it('a subagent that waits for approval brings its parent group to the top, itself right under the parent', () => {
		const parent = tailActivity(upTo('14-43-17-a1f608ba', 'subagent'));
		const child = tailActivity(upTo('14-43-19-1fcdf9f5', 'tool_call'));
		expect(child).toMatchObject({state: 'waiting', waiting: 1, doing: expect.stringMatching(/^exec_command \$ /)});
		const childId = parent.children[0]!;
		const order = overviewOrder(
			[
				item('busy', 'running', 1_000),
				{entry: 'parent', id: 'parent', state: parent.state, lastAt: now - 2_000},
				{entry: 'child', id: childId, state: child.state, lastAt: now - 3_000, parent: 'parent'},
			],
			now,
		);
		expect(order.map(row => [row.item.entry, row.depth])).toEqual([
			['parent', 0],
			['child', 1],
			['busy', 0],
		]);
	});
});
