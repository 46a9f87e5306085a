// A tool output's line in print mode ends with its facts, each said once and in order: how long
// the call took (when both ends are known and the end is not before the start), its lines, its
// exit code (a tool that carries one, when it is not 0), its images; nothing empty between.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import type {FinalizedEntry} from '../../source/model/session-model.js';
import type {ImageRef, SessionView, ToolCallItem} from '../../source/model/view-model.js';
import {formatBytes} from '../../source/render/format.js';
import {PlainRenderer, lineText} from '../../source/render/plain.js';

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

const image = fc.oneof(
	fc.record({mimeType: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf'), bytes: fc.nat({max: 5_000_000})}),
	fc.record({
		mimeType: fc.constant('image/png'),
		bytes: fc.nat(),
		url: fc.constantFrom('https://example.test/a.png', 'file:///tmp/b.png'),
	}),
);
const epoch = fc.integer({min: 1_700_000_000_000, max: 1_800_000_000_000});
const output = fc
	.tuple(
		fc.array(fc.constantFrom('a line', 'ünïcode', ''), {maxLength: 4}),
		fc.constantFrom('', '\n[exit code: 0]', '\n[exit code: 2]', '\n[exit code: -1]\n'),
	)
	.map(([lines, exit]) => lines.join('\n') + exit);
const call = fc.record({
	name: fc.constantFrom('exec_command', 'read_file', 'some_tool'),
	at: fc.option(epoch, {nil: undefined}),
	// The end may come before the start (clocks of two writers): no duration then.
	took: fc.option(fc.integer({min: -5_000, max: 10_000_000}), {nil: undefined}),
	output,
	images: fc.array(image, {maxLength: 3}),
});

/** What the facts say, from their rules above. */
function expectedFacts(item: ToolCallItem, output: string): string {
	const facts: string[] = [];
	if (item.at !== undefined && item.endedAt !== undefined && item.endedAt >= item.at) {
		const ms = item.endedAt - item.at;
		facts.push(
			ms < 60_000
				? `${(ms / 1000).toFixed(1)} s`
				: ms < 3_600_000
					? `${Math.floor(ms / 60_000)} m ${Math.round((ms % 60_000) / 1000)} s`
					: `${Math.floor(ms / 3_600_000)} h ${Math.floor(ms / 60_000) % 60} m`,
		);
	}
	const lines = output === '' ? 0 : output.replace(/\n$/, '').split('\n').length;
	facts.push(`${lines} ${lines === 1 ? 'line' : 'lines'}`);
	const exit = /\[exit code: (-?\d+)\]\s*$/.exec(output);
	if (item.name === 'exec_command' && exit && exit[1] !== '0') facts.push(`exit ${exit[1]}`);
	// (Image sizes are formatBytes's, tested with it.)
	for (const one of item.images as ImageRef[])
		facts.push(
			one.url ? `[image ${one.url}]` : `[image ${one.mimeType.replace(/^image\//, '')} ${formatBytes(one.bytes)}]`,
		);
	return facts.join(' · ');
}

test('a tool output line says its duration, lines, exit code and images, each once, nothing empty between', () => {
	fc.assert(
		fc.property(call, ({name, at, took, output, images}) => {
			const endedAt =
				at === undefined || took === undefined ? (took === undefined ? undefined : 1_750_000_000_000) : at + took;
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
				images,
				at,
				endedAt,
			};
			const entry: FinalizedEntry = {depth: 0, session, item, what: 'output'};
			const head = lineText(new PlainRenderer({color: false}).entry(entry)[0]!);
			const facts = head.slice(head.indexOf('tool output ')).replace(`tool output ${name} (c1) done · `, '');
			expect(facts).toBe(expectedFacts(item, output));
		}),
		{numRuns: 500},
	);
});
