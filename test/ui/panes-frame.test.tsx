// Every pane kind in ink-testing-library frames, closed (the defaults) and open (--expand all, and Enter on a pane).
import {afterEach, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {childInputs, msg, storeFrom, traceInputs} from './helpers.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const at = (seconds: number): string => new Date(Date.parse('2026-12-02T14:00:00Z') + seconds * 1000).toISOString();
const childId = 'session-2026-12-02-14-43-19-1fcdf9f5';

/** One of every kind of pane, in one session. */
function everyKind(): ModelInput[] {
	const subagent = traceInputs('14-43-17-a1f608ba_001');
	const pointer = subagent.findIndex(input => input.kind === 'message' && input.message.payload.type === 'subagent');
	return [
		msg(
			{
				type: 'session_meta',
				session_id: 'session-2026-12-02-14-00-00-0badcafe',
				provider: 'custom',
				model_id: 'fake-model',
				model_context_window: 64000,
				workspace: '/home/dev/proj',
			},
			at(0),
		),
		msg({type: 'mcp_connect_begin', servers: ['github']}, at(0)),
		msg(
			{
				type: 'mcp_connect_end',
				status: 'completed',
				results: [{server: 'github', status: 'connected', transport: 'stdio', duration_ms: 250}],
			},
			at(1),
		),
		msg({type: 'text', role: 'user', text: 'Please look at this picture.'}, at(1)),
		msg({type: 'image_url', role: 'user', image_url: `data:image/png;base64,${'A'.repeat(4000)}`}, at(1)),
		msg({type: 'request_begin'}, at(2)),
		msg(
			{
				type: 'request_end',
				status: 'failed',
				error_message: '500 {"error":{"message":"overloaded"}}',
				attempt: 1,
				retry_in_ms: 2000,
			},
			at(3),
		),
		msg({type: 'request_begin'}, at(5)),
		msg({type: 'thinking', role: 'assistant', thinking: 'The picture shows a penguin. I will say so.'}, at(6)),
		msg({type: 'text', role: 'assistant', text: 'It is a **penguin**.\n\n```sh\necho hi\n```'}, at(7)),
		msg(
			{
				type: 'tool_call',
				role: 'assistant',
				name: 'exec_command',
				arguments: JSON.stringify({cmd: 'cat notes.txt', description: 'Read the notes'}),
				tool_call_id: 't1',
			},
			at(7),
		),
		msg(
			{
				type: 'tool_call_output',
				role: 'user',
				output: 'first note\nsecond note\n',
				tool_call_id: 't1',
				stop_reason: 'completed',
			},
			at(8),
		),
		msg({type: 'request_end', status: 'completed'}, at(8)),
		...subagent.slice(4, pointer + 1),
		...childInputs('14-43-19-1fcdf9f5_001', childId),
		...subagent.slice(pointer + 1, pointer + 2),
		msg({type: 'compaction_begin', reason: 'context', mode: 'summarize', context: 52000, turns: 6}, at(20)),
		msg({type: 'text', role: 'assistant', text: '[summary]The user showed a penguin picture.[/summary]'}, at(21)),
		msg({type: 'compaction_end', reason: 'context', mode: 'summarize', status: 'completed'}, at(22)),
		{kind: 'shard', index: 2},
		msg({type: 'text', role: 'user', text: '[context_summary]\nThe user showed a penguin picture.'}, at(22)),
		{
			kind: 'malformed',
			malformed: {
				line: 7,
				offset: 900,
				shard: 2,
				reason: 'invalid JSON: Unexpected end of JSON input',
				excerpt: '{"timestamp":"2026-12-02T1',
			},
		},
		{kind: 'notice', level: 'warn', text: 'the trace was truncated and read again from the start'},
		msg({type: 'brand_new_event', detail: 'from a newer harness'}, at(23)),
		msg({type: 'goal_finished', outcome: 'blocked', rounds: 2, tokens_used: 3400}, at(24)),
		msg({type: 'abort', reason: 'aborted by user'}, at(25)),
	];
}

test('closed: one row per pane, text open', async () => {
	screen = await mount(storeFrom(everyKind()), {columns: 100, rows: 40});
	const body = screen.body().join('\n');
	expect(body).toContain(' ▸ ⚡ mcp  github · completed');
	expect(body).toContain(' you  Please look at this picture.');
	expect(body).toContain(' ▣ you  [image/png 3 KB]');
	expect(body).toContain(' ⟳ request failed: 500 overloaded · attempt 1 · retried after 2.0 s');
	expect(body).toMatch(/ ▸ thinking +1\.0 s {6}43 chars\n {3}It is a penguin\.\n\n {3}sh\n {5}echo hi/);
	expect(body).toMatch(/ ✓ exec_command {2}\$ cat notes\.txt {2}Read the notes +1\.0 s {7}2 lines/);
	expect(body).toMatch(/ ✓ run_subagent {2}Delegate listing the workspace .*↳ 1fcdf9f5/);
	expect(body).toMatch(/ ▸ subagent {2}Delegate listing the workspace · 1 tool call · ✓ done +↳ 1fcdf9f5/);
	expect(body).toMatch(
		new RegExp(
			String.raw` ─── compaction · context · summarize · 52k tokens of context · 6 turns ─+ ✓ completed ──\n ▸` +
				String.raw` summary {2}The user showed a penguin picture\.`,
		),
	);
	expect(body).toMatch(/ ═══ context 2 · after compaction ═+/);
	expect(body).toContain(' ▸ context summary (harness)  The user showed a penguin picture.');
	expect(body).toContain(
		' ⚠ malformed line 7 of shard 2 · invalid JSON: Unexpected end of JSON input\n   {"timestamp":"2026-12-02T1',
	);
	expect(body).toContain(' ⚠ the trace was truncated and read again from the start');
	expect(body).toContain(' ▸ brand_new_event  {"type":"brand_new_event","detail":"from a newer harness"}');
	expect(body).toContain(' ◆ goal blocked · 2 rounds · 3.4k tokens used');
	expect(body).toContain(' ■ aborted: aborted by user');
});

test('open: --expand all shows what each pane holds', async () => {
	screen = await mount(storeFrom(everyKind()), {columns: 100, rows: 90, expand: ['all']});
	const body = screen.body().join('\n');
	expect(body).toContain(' ▾ ⚡ mcp  github · completed\n   ✓ github · connected · stdio · 0.3 s');
	expect(body).toContain(
		' ▾ request failed: 500 overloaded · attempt 1 · retried after 2.0 s\n   500 {"error":{"message":"overloaded"}}',
	);
	expect(body).toMatch(/ ▾ thinking +1\.0 s {6}43 chars\n {3}The picture shows a penguin\. I will say so\./);
	expect(body).toContain('   │ first note\n   │ second note');
	expect(body).toContain('   ↳ child session session-2026-12-02-14-43-19-1fcdf9f5');
	expect(body).toMatch(/ ▾ subagent .*\n │ parent agent {2}Caller agent/);
	expect(body).toMatch(/ │ ✓ exec_command {2}\$ echo hello-from-child && ls/);
	expect(body).toContain(' │   │ hello-from-child');
	expect(body).toContain(' ▾ summary\n   The user showed a penguin picture.');
	expect(body).toContain(' ▾ context summary (harness)\n   │ The user showed a penguin picture.');
	expect(body).toContain(' ▾ brand_new_event\n   {"type":"brand_new_event","detail":"from a newer harness"}');
});

test('Enter opens the focused pane, whatever its kind', async () => {
	screen = await mount(storeFrom(everyKind()), {columns: 100, rows: 40});
	await screen.press('g');
	expect(screen.body()[0]).toBe('›▸ ⚡ mcp  github · completed');
	await screen.press(keys.enter);
	expect(screen.body().slice(0, 2)).toEqual([
		'›▾ ⚡ mcp  github · completed',
		'   ✓ github · connected · stdio · 0.3 s',
	]);
	await screen.press(keys.enter);
	expect(screen.body()[1]).toBe(' you  Please look at this picture.');
});
