// --json after a resync: a recording begun on a stream joined before the session's first task (no session_meta: the
// server streams none for a main session) gets no session_meta in its middle from the rebuilt history; reopened, it
// would start the session a second time. The real server's trace of that run stands for the history.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {attachJsonWriter} from '../../source/output/json-writer.js';
import type {OmniMessage} from '../../source/protocol/types.js';
import {fakeStdout} from '../support/fake-stdout.js';
import {serverFixtureDir} from '../support/sse-fixtures.js';

const traceDir = path.join(serverFixtureDir, 'r3-tools-traces');
const trace = readFileSync(path.join(traceDir, 'session-2026-12-07-04-22-25-46bdbcb1_001.jsonl'), 'utf8')
	.trim()
	.split('\n')
	.map(line => JSON.parse(line) as OmniMessage);
const inputs = (messages: readonly OmniMessage[]): ModelInput[] =>
	messages.map(message => ({kind: 'message', message}));

describe('--json across a resync', () => {
	it('writes the session_meta a rebuilt history brings only when nothing was written before it', () => {
		const store = new SessionStore({label: 'test', state: 'live'});
		const {out, text} = fakeStdout();
		const attached = attachJsonWriter(store, out, {canRebuild: true});
		expect(trace[0]!.type).toBe('session_meta');
		// Live from before the first task: the prompt and what followed, without the session_meta.
		store.apply(inputs(trace.slice(1, 10)));
		// A resync: the history, session_meta first.
		store.rebuild(inputs(trace.slice(0, 14)));
		attached.finish();
		const written = text()
			.trim()
			.split('\n')
			.map(line => JSON.parse(line) as OmniMessage);
		expect(written.filter(message => message.type === 'session_meta')).toHaveLength(0);
		expect(written).toHaveLength(13);
	});
});
