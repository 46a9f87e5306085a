// One tool output's entry as print mode writes it, for the tests of print's fast paths (the
// kernel, its arena, outputs on lines of any length) against the usual way.
import type {FinalizedEntry} from '../../source/model/session-model.js';
import type {SessionView, ToolCallItem} from '../../source/model/view-model.js';
import {ByteBatcher} from '../../source/output/byte-batcher.js';
import type {PlainRenderer} from '../../source/render/plain.js';

const session = {
	header: {tools: []},
	items: [],
	tokens: {},
	spend: [],
	counts: {requests: 0, retries: 0, toolCalls: 0, failures: 0, malformed: 0, messages: 0, unknownShape: 0},
	shard: 1,
	compacting: false,
	ended: false,
	awaitingApproval: 0,
	approvalRequests: 0,
	rev: 0,
	appends: 0,
} as SessionView;

/** The entry of a finished call's output. */
export function outputEntry(output: string, name = 'exec_command'): FinalizedEntry {
	const item: ToolCallItem = {
		kind: 'tool_call',
		id: 1,
		rev: 0,
		callId: 'c1',
		name,
		args: '{}',
		state: 'done',
		output,
		outputStreaming: false,
		images: [],
		at: 1000,
		endedAt: 3500,
	};
	return {depth: 0, session, item, what: 'output'};
}

/** What the printer writes for an entry, in bytes. */
export function printedBytes(renderer: PlainRenderer, entry: FinalizedEntry): Buffer {
	const chunks: Buffer[] = [];
	const batch = new ByteBatcher({write: chunk => chunks.push(Buffer.from(chunk))});
	for (const line of renderer.entry(entry)) batch.line(line);
	batch.flush();
	return Buffer.concat(chunks);
}
