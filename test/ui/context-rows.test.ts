// The context view's rows from a hostile trace: what the trace says (a status, a subagent's id, a command, a text)
// reaches
// the terminal without its escape sequences; retried and aborted requests are marked.
import {expect, test} from 'vitest';
import {contextFill} from '../../source/model/context-fill.js';
import {contextLedger} from '../../source/model/context-ledger.js';
import {contextScreenOf} from '../../source/ui/views/context-entries.js';
import {contextRows} from '../../source/ui/views/context-rows.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {msg, viewFrom} from './helpers.js';

const evil = '\u001b[2J\u001b]52;c;aGk=\u0007\u009b31m';

test('no escape sequence from the trace reaches the rows; a retried and an aborted request are marked', () => {
	const view = viewFrom([
		msg({type: 'session_meta', session_id: 's', provider: 'p', model_id: 'm', model_context_window: 1000, tools: []}),
		msg({type: 'text', role: 'user', text: `hi ${evil}`}),
		msg({type: 'request_begin'}),
		msg({type: 'request_end', status: `broken ${evil}`}),
		msg({type: 'request_begin'}),
		msg({
			type: 'tool_call',
			role: 'assistant',
			name: `exec${evil}`,
			arguments: JSON.stringify({cmd: `cat ${evil}`}),
			tool_call_id: 'c1',
		}),
		msg({
			type: 'token_usage',
			session: {cache_read: 0, cache_write: 0, output: 0, total: 0},
			request: {cache_read: 0, cache_write: 400, output: 9, total: 409},
		}),
		msg({type: 'request_end', status: 'completed'}),
		msg({type: 'tool_call_output', role: 'user', output: `out ${evil}`.repeat(20), tool_call_id: 'c1'}),
		msg({type: 'subagent', session_id: `child${evil}`}),
		msg({type: 'request_begin'}),
		msg({
			type: 'token_usage',
			session: {cache_read: 0, cache_write: 0, output: 0, total: 0},
			request: {cache_read: 400, cache_write: 300, output: 9, total: 709},
		}),
		msg({type: 'request_end', status: 'aborted'}),
	]);
	const screen = contextScreenOf(contextLedger(view, undefined), contextFill(view));
	const rows = contextRows(screen, 99, 40, {top: 0, selected: 0}).map(row => rowText(row.segments));
	const text = rows.join('\n');
	expect(text).not.toMatch(/[\u001b\u0007\u009b]/);
	// Failed and followed by another request: retried, with no bar but its status.
	expect(rows.find(row => /^ ⟳ +1 /.test(row))).toMatch(/^ ⟳ +1 ·+ {2}broken +\d/);
	expect(rows.find(row => /^ ■ +3 /.test(row))).toMatch(/ 700 out +9/);
	expect(text).toContain('tool output exec');
});
