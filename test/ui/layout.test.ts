// Layout of every pane kind, closed and open, from recorded traces and hand-made messages; sanitizing; caching per
// item.
import {describe, expect, test} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import {allPanes, allRows, Layouter} from '../../source/ui/panes/layout.js';
import {openStateFrom, setFull, setOpen, toggleGroup} from '../../source/ui/panes/open-state.js';
import {rowText, segmentsWidth} from '../../source/ui/panes/segments.js';
import {childInputs, msg, paneTexts, paneWith, testNow, textOf, traceInputs, viewFrom, viewOf} from './helpers.js';

const closed = openStateFrom();
const all = openStateFrom(['all']);
const at = (seconds: number): string => new Date(Date.parse('2026-12-02T14:00:00Z') + seconds * 1000).toISOString();

describe('text panes (07326dfd: thinking and a markdown answer)', () => {
	const view = viewOf('14-43-08-07326dfd_001');

	test('the user, the closed thinking, the answer as markdown', () => {
		const texts = paneTexts(view);
		expect(texts[0]).toBe('you  [fake:chat] What is a trace file?');
		expect(texts[1]).toMatch(/^▸ thinking +1\.9 s {5}258 chars$/);
		expect(texts[2]).toContain('  • session_meta opens each context segment');
		expect(texts[2]).toContain('emoji 🐧');
		const answer = paneWith(view, 'session_meta opens');
		const code = answer.rows.flatMap(row => row.segments).find(s => s.text === 'session_meta');
		expect(code).toMatchObject({color: 'cyan'});
		const bold = answer.rows.flatMap(row => row.segments).find(s => s.text === 'Trace');
		expect(bold).toMatchObject({bold: true});
	});

	test('thinking open shows its text, dim', () => {
		const pane = paneWith(view, '▾ thinking', toggleGroup(closed, 'thinking'));
		expect(textOf(pane.rows.slice(0, 2))).toMatch(
			new RegExp(
				String.raw`^▾ thinking +1\.9 s {5}258 chars\n {2}The user wants a short explanation of what a trace file` +
					String.raw` is\. I should explain that it is an$`,
			),
		);
		expect(pane.rows[1]!.segments[1]).toMatchObject({dim: true, italic: true});
	});

	test('text panes close to one line', () => {
		const model = new SessionModel();
		model.applyAll([msg({type: 'text', role: 'user', text: 'first line\nsecond'})], testNow);
		const view2 = model.view;
		const id = view2.items[0]!.id;
		expect(paneTexts(view2, setOpen(closed, id, 'text', false))).toEqual(['▸ you  first line second · 2 lines']);
	});
});

describe('tool calls (694155ee: ls, seq 1 300, a failing ls, a slow command)', () => {
	const view = viewOf('14-43-17-694155ee_001');

	test('closed: one row each; the failed one with its exit code and verdict', () => {
		const ls = paneWith(view, 'ls -la');
		// The recording's session allows every call by itself (an approval_decision of allow at once): no one decided.
		expect(textOf(ls.rows)).toMatch(/^✓ exec_command {2}\$ ls -la {2}List the workspace files +0\.2 s {7}4 lines$/);
		expect(ls.rows[0]!.segments[0]).toMatchObject({text: '✓', color: 'green'});
		const failed = paneWith(view, 'definitely');
		expect(failed.problem).toBe(true);
		expect(textOf(failed.rows)).toMatch(
			new RegExp(
				String.raw`^✗ exec_command {2}\$ ls \/definitely\/not\/here .*exit 2 +0\.2 s {7}3 lines\n {2}│ ls: canno` +
					String.raw`t access '\/definitely\/not\/here': No such file or directory$`,
			),
		);
		expect(failed.rows[0]!.segments[0]).toMatchObject({color: 'red'});
	});

	test('open: the output head and tail with the count of lines between', () => {
		const pane = paneWith(view, '$ seq 1 300', all);
		const text = textOf(pane.rows);
		expect(text).toContain('  │ 8\n  │ … 284 more lines (x shows all)\n  │ 293');
		expect(pane.rows).toHaveLength(1 + 8 + 1 + 8);
	});

	test('full: every line', () => {
		const id = paneWith(view, '$ seq 1 300').itemId;
		const pane = paneWith(view, '$ seq 1 300', setFull(all, id, true));
		expect(pane.rows).toHaveLength(301);
		expect(textOf(pane.rows)).toContain('  │ 150\n  │ 151');
	});

	test('open failed output shows the exit code line', () => {
		expect(textOf(paneWith(view, 'definitely', all).rows)).toContain('  │ [exit code: 2]');
	});

	test('no row is wider than the width', () => {
		for (const width of [40, 60, 99]) {
			for (const row of allRows(new Layouter().layout(view, width, all, testNow)))
				expect(segmentsWidth(row.segments)).toBeLessThanOrEqual(width);
		}
	});
});

describe('known tools open as what they mean', () => {
	const call = (name: string, args: Record<string, unknown>, output = 'ok'): ReturnType<typeof viewFrom> =>
		viewFrom([
			msg({type: 'tool_call', role: 'assistant', name, arguments: JSON.stringify(args), tool_call_id: 'c1'}, at(0)),
			msg({type: 'tool_call_output', role: 'user', output, tool_call_id: 'c1', stop_reason: 'completed'}, at(1)),
		]);

	test('edit_file: the path and a coloured diff', () => {
		const view = call('edit_file', {
			file_path: 'src/app.ts',
			old_string: 'const a = 1;',
			new_string: 'const a = 2;\nconst b = 3;',
		});
		const pane = paneWith(view, 'edit_file', all);
		expect(textOf(pane.rows)).toBe(
			// The duration right-aligned in 9 columns, the size in 12, two spaces between, at the row's end.
			'✓ edit_file  src/app.ts +2 −1' +
				' '.repeat(99 - '✓ edit_file  src/app.ts +2 −1'.length - 23) +
				'    1.0 s        1 line\n' +
				'  src/app.ts\n  - const a = 1;\n  + const a = 2;\n  + const b = 3;\n  │ ok',
		);
		expect(pane.rows[2]!.segments[1]).toMatchObject({color: 'red'});
		expect(pane.rows[3]!.segments[1]).toMatchObject({color: 'green'});
	});

	test('write_file: the path, the line count, the content', () => {
		const view = call('write_file', {file_path: 'notes.txt', content: 'one\ntwo\n'});
		const text = textOf(paneWith(view, 'write_file', all).rows);
		expect(text).toMatch(/^✓ write_file {2}notes\.txt · 2 lines/);
		expect(text).toContain('  notes.txt\n  one\n  two\n  │ ok');
	});

	test('read_file: the path and range', () => {
		const view = call('read_file', {file_path: 'a.ts', offset: 10, limit: 31}, '10\tx');
		expect(textOf(paneWith(view, 'read_file').rows)).toMatch(/^✓ read_file {2}a\.ts:10-40 /);
	});

	test('an unknown tool: pretty arguments', () => {
		const view = call('mcp__gh__search', {query: 'bug', limit: 3});
		expect(textOf(paneWith(view, 'mcp__gh__search', all).rows)).toContain(
			'  {\n    "query": "bug",\n    "limit": 3\n  }',
		);
	});

	test('a call the user allowed says `✓ allowed` on its closed row, as a denied one says `denied`', () => {
		const view = viewFrom(
			[
				msg(
					{
						type: 'tool_call',
						role: 'assistant',
						name: 'exec_command',
						arguments: '{"cmd":"make deploy"}',
						tool_call_id: 'a',
					},
					at(0),
				),
				msg({type: 'approval_decision', decision: 'allow', tool_call_id: 'a'}, at(1)),
				msg(
					{
						type: 'tool_call_output',
						role: 'user',
						output: 'done\n\n[exit code: 0]',
						tool_call_id: 'a',
						stop_reason: 'completed',
					},
					at(2),
				),
				msg(
					{
						type: 'tool_call',
						role: 'assistant',
						name: 'exec_command',
						arguments: '{"cmd":"make test"}',
						tool_call_id: 'b',
					},
					at(3),
				),
				msg(
					{
						type: 'tool_call_output',
						role: 'user',
						output: 'ok\n\n[exit code: 0]',
						tool_call_id: 'b',
						stop_reason: 'completed',
					},
					at(4),
				),
			],
			testNow,
		);
		const allowed = paneWith(view, 'make deploy');
		// It ran from the decision; the wait for it is said apart.
		expect(textOf(allowed.rows)).toMatch(/^✓ exec_command {2}\$ make deploy .*✓ allowed .*1\.0 s \(\+1\.0 s wait\)/);
		expect(allowed.rows[0]!.segments.find(s => s.text.includes('allowed'))).toMatchObject({color: 'green'});
		// A call nobody was asked about says nothing of it.
		expect(textOf(paneWith(view, 'make test').rows)).not.toContain('allowed');
	});

	test('states: awaiting approval stands out, denied and running', () => {
		const view = viewFrom(
			[
				msg(
					{
						type: 'tool_call',
						role: 'assistant',
						name: 'exec_command',
						arguments: '{"cmd":"rm -rf /tmp/x"}',
						tool_call_id: 'a',
					},
					at(0),
				),
				// The server's shape: toolCall is the whole tool_call message.
				{
					kind: 'server_event',
					event: {
						type: 'approval_request',
						toolCall: {
							type: 'model_msg',
							payload: {
								type: 'tool_call',
								role: 'assistant',
								name: 'exec_command',
								arguments: '{"cmd":"rm -rf /tmp/x"}',
								tool_call_id: 'a',
							},
						},
					},
				},
				msg(
					{
						type: 'tool_call',
						role: 'assistant',
						name: 'exec_command',
						arguments: '{"cmd":"curl x"}',
						tool_call_id: 'b',
					},
					at(0),
				),
				msg({type: 'approval_decision', decision: 'deny', tool_call_id: 'b'}, at(1)),
				msg(
					{
						type: 'tool_call',
						role: 'assistant',
						name: 'exec_command',
						arguments: '{"cmd":"sleep 9"}',
						tool_call_id: 'c',
					},
					at(2),
				),
			],
			testNow,
		);
		const waiting = paneWith(view, 'rm -rf');
		expect(textOf(waiting.rows)).toContain(' waiting for approval ');
		expect(waiting.rows[0]!.segments.find(s => s.text.includes('waiting'))).toMatchObject({
			inverse: true,
			color: 'yellow',
		});
		expect(waiting.live).toBe(true);
		const denied = paneWith(view, 'curl');
		expect(textOf(denied.rows)).toMatch(/^⊘ exec_command {2}\$ curl x .*denied$/);
		expect(denied.problem).toBe(true);
		const running = paneWith(view, 'sleep 9', closed, 99, Date.parse(at(5)));
		// No output yet: the size column stays blank and the duration keeps its place.
		expect(textOf(running.rows)).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] exec_command {2}\$ sleep 9 .*3\.0 s {14}$/);
	});
});

describe('subagents (a1f608ba with its child 1fcdf9f5)', () => {
	const childId = 'session-2026-12-02-14-43-19-1fcdf9f5';
	const view = viewOf('14-43-17-a1f608ba_001');

	test('the call links to the child; the pane is one summary line', () => {
		expect(textOf(paneWith(view, 'run_subagent').rows)).toMatch(
			/^✓ run_subagent {2}Delegate listing the workspace .*↳ 1fcdf9f5 +\d\.\d s +1 line$/,
		);
		expect(textOf(paneWith(view, '▸ subagent').rows)).toMatch(
			/^▸ subagent {2}Delegate listing the workspace · ✓ done +↳ 1fcdf9f5$/,
		);
	});

	test('without its messages, the open pane says so', () => {
		const id = paneWith(view, '▸ subagent').itemId;
		expect(textOf(paneWith(view, '▾ subagent', setOpen(closed, id, 'details', true)).rows)).toContain(
			'its messages are not here',
		);
	});

	test('with its messages: counted when closed, nested panes when open', () => {
		const model = new SessionModel();
		model.applyAll(viewInputs(), testNow);
		const full = model.view;
		const sub = paneWith(full, '▸ subagent');
		expect(textOf(sub.rows)).toContain('Delegate listing the workspace · 1 tool call · ✓ done');
		const texts = paneTexts(full, setOpen(closed, sub.itemId, 'details', true));
		const start = texts.findIndex(text => text.startsWith('▾ subagent'));
		expect(texts[start + 1]).toBe(
			'│ parent agent  Caller agent: default_agent. [fake:child] List the workspace with ls and report\n' +
				'│               what you see in one sentence.',
		);
		expect(texts.some(text => /^│ ✓ exec_command {2}\$ echo hello-from-child && ls/.test(text))).toBe(true);
	});

	function viewInputs() {
		const parent = traceInputs('14-43-17-a1f608ba_001');
		const index = parent.findIndex(input => input.kind === 'message' && input.message.payload.type === 'subagent');
		return [
			...parent.slice(0, index + 1),
			...childInputs('14-43-19-1fcdf9f5_001', childId),
			...parent.slice(index + 1),
		];
	}
});

describe('requests, retries and aborts (d6ae8f31: retries exhausted)', () => {
	const view = viewOf('14-43-17-d6ae8f31_001');

	test('each failed attempt is a row; successful requests draw nothing', () => {
		const texts = paneTexts(view);
		expect(texts[1]).toBe('⟳ request timeout: 500 fake upstream overloaded · attempt 1 · retried after 2.0 s');
		expect(texts).toContain('✗ request timeout: terminated: other side closed (UND_ERR_SOCKET) · attempt 6');
		expect(texts.at(-1)).toBe('■ aborted: reconnect failed after 5 retries');
		expect(texts).toContain('  This answer will be cut off in the mid\n  ⚠ cut off (timeout)');
	});

	test('a pending retry counts down from retryAt', () => {
		const pending = viewFrom([
			msg({type: 'request_begin'}, at(0)),
			msg(
				{
					type: 'request_end',
					status: 'failed',
					error_message: '500 {"error":{"message":"busy"}}',
					attempt: 2,
					retry_in_ms: 8000,
				},
				at(1),
			),
		]);
		const pane = paneWith(pending, 'request failed', closed, 99, Date.parse(at(3)) + 200);
		expect(textOf(pane.rows)).toBe('⟳ request failed: 500 busy · attempt 2 · retrying in 6 s');
		expect(pane.live).toBe(true);
		expect(textOf(paneWith(pending, 'request failed', closed, 99, Date.parse(at(10))).rows)).toContain('retrying now');
		expect(
			paneTexts(viewFrom([msg({type: 'request_begin'}), msg({type: 'request_end', status: 'completed'})])),
		).toEqual([]);
	});
});

describe('compaction and context boundaries (8e7b556c, both shards)', () => {
	const view = viewOf('14-45-42-8e7b556c_001', '14-45-42-8e7b556c_002');

	test('a rule with what it was, the summary closed inside, a double rule after', () => {
		const texts = paneTexts(view);
		const index = texts.findIndex(text => text.startsWith('─── compaction'));
		expect(texts[index]).toMatch(
			new RegExp(
				String.raw`^─── compaction · manual · summarize · 1\.6k tokens of context · 4 turns ─+ ✓ completed ──\n▸` +
					String.raw` summary {2}The user asked`,
			),
		);
		expect(texts[index + 1]).toBe('═══ context 2 · after compaction ' + '═'.repeat(99 - 33));
		expect(texts[index + 2]).toMatch(/^▸ context summary \(harness\) {2}The user asked/);
	});

	test('open: the summary and the context summary as blocks', () => {
		const texts = paneTexts(view, all);
		const compaction = texts.find(text => text.startsWith('─── compaction'))!;
		expect(compaction).toContain('▾ summary\n  The user asked for explanations');
		expect(compaction).not.toContain('[/summary]');
		const summary = texts.find(text => text.startsWith('▾ context summary'))!;
		expect(summary).toContain('\n  │ The user asked for explanations');
	});
});

describe('the other kinds', () => {
	test('images as placeholders', () => {
		const view = viewFrom([
			msg({type: 'image_url', role: 'user', image_url: 'data:image/png;base64,' + 'A'.repeat(400)}),
		]);
		expect(paneTexts(view)).toEqual(['▣ you  [image/png 300 B]']);
	});

	test('malformed lines: where, why, how it began', () => {
		const view = viewFrom([
			{
				kind: 'malformed',
				malformed: {line: 3, offset: 120, reason: 'invalid JSON: Unexpected token', excerpt: '{"timestamp":'},
			},
		]);
		const pane = paneWith(view, 'malformed');
		expect(textOf(pane.rows)).toBe('⚠ malformed line 3 · invalid JSON: Unexpected token\n  {"timestamp":');
		expect(pane.problem).toBe(true);
	});

	test('notices, goals, mcp connects', () => {
		const view = viewFrom([
			{kind: 'notice', level: 'warn', text: 'the trace was truncated'},
			msg({type: 'goal_finished', outcome: 'complete', rounds: 3, tokens_used: 12000}),
			msg({type: 'mcp_connect_begin', servers: ['github', 'fs']}),
			msg({
				type: 'mcp_connect_end',
				status: 'completed',
				results: [
					{server: 'github', status: 'connected', transport: 'stdio', duration_ms: 300},
					{server: 'fs', status: 'failed', error: 'spawn ENOENT'},
				],
			}),
		]);
		expect(paneTexts(view)).toEqual([
			'⚠ the trace was truncated',
			'◆ goal complete · 3 rounds · 12k tokens used',
			'▸ ⚡ mcp  github, fs · 1 of 2 failed',
		]);
		expect(paneTexts(view, all)[2]).toBe(
			'▾ ⚡ mcp  github, fs · 1 of 2 failed\n  ✓ github · connected · stdio · 0.3 s\n  ✗ fs · failed · spawn ENOENT',
		);
	});

	test('unknown messages: dim generic rows, never dropped', () => {
		const view = viewFrom([msg({type: 'brand_new_thing', value: 42})]);
		const pane = paneWith(view, 'brand_new_thing');
		expect(textOf(pane.rows)).toBe('▸ brand_new_thing  {"type":"brand_new_thing","value":42}');
		expect(pane.rows[0]!.segments[1]).toMatchObject({dim: true});
		expect(textOf(paneWith(view, 'brand_new_thing', all).rows)).toBe(
			'▾ brand_new_thing\n  {"type":"brand_new_thing","value":42}',
		);
	});

	test('senders and harness markers', () => {
		const view = viewFrom([
			msg({type: 'text', role: 'user', text: 'do this', sender: 'parent_agent'}),
			msg({type: 'text', role: 'user', text: '[user_steering]\nuse tabs\n[/user_steering]'}),
			msg({type: 'text', role: 'user', text: '[goal] ship it'}),
		]);
		// Steering is the user's own message, sent mid-run (issue 29): theirs, as the web app labels it.
		expect(paneTexts(view)).toEqual([
			'parent agent  do this',
			'▾ you · steering\n  │ use tabs',
			'▾ goal (harness)\n  │ ship it',
		]);
	});
});

describe('streaming', () => {
	const partial = (type: string, event: string, text: string): ReturnType<typeof msg> =>
		msg({type, role: 'assistant', event_type: event, [type === 'partial_thinking' ? 'thinking' : 'text']: text});

	test('closed thinking shows the latest words while it streams', () => {
		const model = new SessionModel();
		model.apply(partial('partial_thinking', 'start', ''), testNow);
		model.apply(
			partial('partial_thinking', 'delta', 'first I will look at the files, then '.repeat(5) + 'finally answer'),
			testNow,
		);
		const [text] = paneTexts(model.view, closed, 60);
		expect(text).toMatch(/^▸ thinking {2}….* finally answer▌$/);
		expect(
			segmentsWidth(allRows(new Layouter().layout(model.view, 60, closed, testNow))[0]!.segments),
		).toBeLessThanOrEqual(60);
	});

	test('a growing answer is laid out from its last line, and ends as if laid out at once', () => {
		const model = new SessionModel();
		const layouter = new Layouter();
		model.apply(partial('partial_text', 'start', ''), testNow);
		const chunks = ['# Title\n', 'Some **bold', '** text\n- item one\n', '```js\nlet x = 1;\n', '```\n', 'tail words'];
		for (const chunk of chunks) {
			model.apply(partial('partial_text', 'delta', chunk), testNow);
			const rows = allRows(layouter.layout(model.view, 40, closed, testNow)).map(row => rowText(row.segments));
			const fresh = allRows(new Layouter().layout(model.view, 40, closed, testNow)).map(row => rowText(row.segments));
			expect(rows).toEqual(fresh);
		}
		expect(textOf(allRows(layouter.layout(model.view, 40, closed, testNow)))).toBe(
			'  Title\n  Some bold text\n  • item one\n  js\n    let x = 1;\n  tail words▌',
		);
	});

	test('only the changed item is laid out again', () => {
		const model = new SessionModel();
		model.applyAll(
			[
				msg({type: 'text', role: 'user', text: 'hello'}),
				partial('partial_text', 'start', ''),
				partial('partial_text', 'delta', 'a'),
			],
			testNow,
		);
		const layouter = new Layouter();
		const before = allPanes(layouter.layout(model.view, 50, closed, testNow));
		model.apply(partial('partial_text', 'delta', 'b'), testNow);
		const after = allPanes(layouter.layout(model.view, 50, closed, testNow));
		expect(after[0]).toBe(before[0]);
		expect(after[1]).not.toBe(before[1]);
		expect(allPanes(layouter.layout(model.view, 50, closed, testNow))[1]).toBe(after[1]);
	});
});

describe('safety and options', () => {
	test('escape sequences in trace text never reach a row', () => {
		const evil = 'a\u001b[2J\u001b]0;pwned\u0007b\u001b[31mred\u001b[0m\u0007\r\n';
		const view = viewFrom([
			msg({type: 'text', role: 'user', text: evil}),
			msg({
				type: 'tool_call',
				role: 'assistant',
				name: `exec${evil}`,
				arguments: JSON.stringify({cmd: evil}),
				tool_call_id: 'x',
			}),
			msg({type: 'tool_call_output', role: 'user', output: evil.repeat(3), tool_call_id: 'x', stop_reason: 'failed'}),
			msg({type: 'text', role: 'assistant', text: evil}),
		]);
		for (const open of [closed, all]) {
			const text = textOf(allRows(new Layouter().layout(view, 80, open, testNow)));
			// eslint-disable-next-line no-control-regex
			expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
			expect(text).toContain('abred');
		}
	});

	test('--expand decides the defaults', () => {
		const view = viewOf('14-43-17-694155ee_001');
		const count = (expand: string[]): number =>
			allRows(new Layouter().layout(view, 99, openStateFrom(expand), testNow)).length;
		expect(count(['thinking'])).toBe(count([]) + 2);
		expect(count(['outputs'])).toBeGreaterThan(count([]) + 20);
		expect(count(['all'])).toBe(count(['thinking', 'outputs']));
	});
});
