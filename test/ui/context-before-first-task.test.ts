// A session followed before its first task: the context gauge shows from the start, empty, with the window the
// project's model table gives (the real server's record of a new session and its models answer), as the web's does.
import {describe, expect, test} from 'vitest';
import {contextWindowOf, readSessionInfo} from '../../source/io/sse/session-info.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {footerStats} from '../../source/ui/screen/status-line.js';
import {serverAnswer} from '../support/sse-fixtures.js';
import {msg, viewFrom} from './helpers.js';

describe('the context gauge before the first request', () => {
	test('empty, of the model table’s window; after a compaction with no usage yet it is not drawn as empty', () => {
		const record = readSessionInfo(serverAnswer('r3-late-join-record.json').json)!;
		const contextWindow = contextWindowOf(serverAnswer('r3-models.json').json, record);
		expect(contextWindow).toBe(64_000);
		const fresh = viewFrom([{kind: 'session_info', info: {...record, contextWindow}}]);
		expect(rowText(footerStats(fresh, 0, 120)).trimEnd()).toBe(' ctx ▕░░░░░░░░░░▏ 0% of 64k   req 0 · tools 0');
		// A request ended without usage (what a compaction leaves): unknown, not 0.
		const unknown = viewFrom([
			{kind: 'session_info', info: {...record, contextWindow}},
			msg({type: 'request_begin'}),
			msg({type: 'request_end', status: 'completed'}),
		]);
		expect(rowText(footerStats(unknown, 0, 120))).not.toContain('ctx');
	});
});
