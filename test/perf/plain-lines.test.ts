// Print mode counts an output's lines from its indented block: the same count as lineCount, for any text, coloured or
// not.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import type {FinalizedEntry} from '../../source/model/session-model.js';
import type {SessionView, ToolCallItem} from '../../source/model/view-model.js';
import {lineCount, plural} from '../../source/render/format.js';
import {lineText, PlainRenderer} from '../../source/render/plain.js';

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

function outputEntry(output: string): FinalizedEntry {
	const item: ToolCallItem = {
		kind: 'tool_call',
		id: 1,
		rev: 0,
		callId: 'c1',
		name: 'exec_command',
		args: '{}',
		state: 'done',
		output,
		outputStreaming: false,
		images: [],
	};
	return {depth: 0, session, item, what: 'output'};
}

test('the line count on the label is lineCount of the output', () => {
	const text = fc.string({
		unit: fc.constantFrom('a', ' ', '\n', '\r', '\t', '\u001b[31m', '\u001b]0;t\u0007', 'é', '\u202e', '\b'),
		maxLength: 200,
	});
	for (const color of [false, true]) {
		const renderer = new PlainRenderer({color});
		fc.assert(
			fc.property(text, output => {
				const [label] = renderer.entry(outputEntry(output)).map(lineText);
				expect(label).toContain(` · ${plural(lineCount(output), 'line')}`);
			}),
			{numRuns: 300},
		);
	}
});

test('the block is the output indented by two spaces, one piece per write', () => {
	const lines = new PlainRenderer({color: false}).entry(outputEntry('a\nb\n'));
	expect(lines).toHaveLength(2);
	expect(lineText(lines[1]!)).toBe('  a\n  b');
});
