// Approvals and titles as the real server sends them (fixtures/server/, PenguinHarness 0.2.4):
// `approval_request` carries the tool call as a whole message, `session_title` names its session.
import {describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import type {SessionView, SubagentItem, ToolCallItem} from '../../source/model/view-model.js';
import {PlainRenderer} from '../../source/render/plain.js';
import {asChildOf, serverStreamInputs} from '../helpers/recordings.js';

const now = Date.parse('2026-12-03T13:34:30Z');
const recorded = serverStreamInputs('session-stream-approval.txt');
const mainId = 'session-2026-12-03-13-34-16-4be26254';
const childId = 'session-2026-12-03-13-34-20-0c0ffee0';

/** The recorded inputs up to and including the event with this id. */
function upTo(id: string): ModelInput[] {
	const index = recorded.findIndex(entry => entry.id === id);
	expect(index).toBeGreaterThan(-1);
	return recorded.slice(0, index + 1).map(entry => entry.input);
}

const inputOf = (id: string): ModelInput => recorded.find(entry => entry.id === id)!.input;
// The recording: the complete tool_call is 23, the approval_request 24, the decision 26, the output 32.
const approvalRequest = inputOf('1f407cf9-24');

function callsOf(view: SessionView): ToolCallItem[] {
	return view.items.filter((item): item is ToolCallItem => item.kind === 'tool_call');
}

function build(inputs: ModelInput[]): SessionModel {
	const model = new SessionModel({recordFinalized: true});
	model.applyAll(inputs, now);
	return model;
}

const asChild = (input: ModelInput): ModelInput => asChildOf(childId, input);

describe('approval_request from the real server', () => {
	it('marks the recorded call as waiting for approval until the decision, then running, then done', () => {
		const model = build(upTo('1f407cf9-24'));
		const [call] = callsOf(model.view);
		expect(call).toMatchObject({callId: 'call_fake_49', name: 'exec_command', state: 'awaiting_approval'});
		expect(model.view.awaitingApproval).toBe(1);
		expect(model.view.approvalRequests).toBe(1);
		model.apply(inputOf('1f407cf9-26'), now);
		expect(call).toMatchObject({state: 'running', approval: 'allow'});
		expect(model.view.awaitingApproval).toBe(0);
		model.applyAll(
			recorded.map(entry => entry.input).slice(recorded.findIndex(entry => entry.id === '1f407cf9-27')),
			now,
		);
		expect(call).toMatchObject({state: 'done', output: 'approved-run\n'});
		expect(callsOf(model.view)).toHaveLength(1);
	});

	it('the call’s output ends the wait too, and a deny or a forbidden does', () => {
		const answered = build([...upTo('1f407cf9-24'), inputOf('1f407cf9-32')]);
		expect(callsOf(answered.view)[0]!.state).toBe('done');
		expect(answered.view.awaitingApproval).toBe(0);
		for (const decision of ['deny', 'forbidden'] as const) {
			const decided = build([
				...upTo('1f407cf9-24'),
				{
					kind: 'message',
					message: {type: 'event_msg', payload: {type: 'approval_decision', decision, tool_call_id: 'call_fake_49'}},
				},
			]);
			expect(callsOf(decided.view)[0]!.state).toBe(decision === 'deny' ? 'denied' : 'forbidden');
			expect(decided.view.awaitingApproval).toBe(0);
		}
	});

	it('a request sent again (the server repeats pending ones to each new connection) is one wait', () => {
		const model = build([...upTo('1f407cf9-24'), approvalRequest, approvalRequest]);
		expect(model.view.awaitingApproval).toBe(1);
		expect(model.view.approvalRequests).toBe(1);
		expect(model.takeFinalized().filter(entry => entry.what === 'approval_request')).toHaveLength(1);
	});

	it(
		'joining while it is pending: the re-sent request alone ' + 'makes the call, which its complete message then fills',
		() => {
			// The snapshot a new connection starts with, before history has the call.
			const model = build([inputOf('1f407cf9-1'), approvalRequest]);
			expect(callsOf(model.view)).toEqual([
				expect.objectContaining({
					callId: 'call_fake_49',
					name: 'exec_command',
					args: '{"cmd":"echo approved-run"}',
					state: 'awaiting_approval',
				}),
			]);
			model.apply(inputOf('1f407cf9-23'), now);
			expect(callsOf(model.view)).toHaveLength(1);
			expect(callsOf(model.view)[0]!.state).toBe('awaiting_approval');
			expect(model.view.awaitingApproval).toBe(1);
		},
	);

	it('print mode writes one line when the wait starts', () => {
		const model = build([...upTo('1f407cf9-24'), approvalRequest, inputOf('1f407cf9-26')]);
		const renderer = new PlainRenderer({color: false});
		const lines = model
			.takeFinalized()
			.flatMap(entry => renderer.entry(entry).map(line => (typeof line === 'string' ? line : line.join(''))));
		// Each with its time, as every other line of print mode.
		const requested = lines.filter(line => /^\[\d\d:\d\d:\d\d\] approval requested/.test(line));
		expect(requested.map(line => line.slice(11))).toEqual(['approval requested: exec_command (call_fake_49)']);
		const decided = lines.findIndex(line =>
			/^\[\d\d:\d\d:\d\d\] approval allow: exec_command \(call_fake_49\)$/.test(line),
		);
		expect(decided).toBeGreaterThan(lines.indexOf(requested[0]!));
	});

	it('a request naming a tool and call id with escapes prints them harmless', () => {
		const toolCall = {
			type: 'model_msg',
			payload: {
				type: 'tool_call',
				role: 'assistant',
				name: 'ex\u001b]0;owned\u0007ec',
				arguments: '{}',
				tool_call_id: 'id\u001b[2J\u009b1',
			},
		};
		const model = build([{kind: 'server_event', event: {type: 'approval_request', toolCall}}]);
		const renderer = new PlainRenderer({color: false});
		const lines = model.takeFinalized().flatMap(entry => renderer.entry(entry));
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^approval requested: /);
		// eslint-disable-next-line no-control-regex
		expect(lines[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
	});

	it('inside a subagent: the child’s call waits, and the parent counts it', () => {
		const childInputs = upTo('1f407cf9-24')
			.filter(
				input => input.kind === 'message' || (input.kind === 'server_event' && input.event.type === 'approval_request'),
			)
			.map(asChild);
		const model = build(childInputs);
		const subagent = model.view.items.find((item): item is SubagentItem => item.kind === 'subagent')!;
		expect(subagent.sessionId).toBe(childId);
		expect(callsOf(subagent.child!)[0]).toMatchObject({callId: 'call_fake_49', state: 'awaiting_approval'});
		expect(subagent.child!.awaitingApproval).toBe(1);
		expect(model.view.awaitingApproval).toBe(1);
		expect(model.view.approvalRequests).toBe(1);
		// Print mode: the line is the child's, nested one level.
		const renderer = new PlainRenderer({color: false});
		const nested = model
			.takeFinalized()
			.filter(entry => entry.what === 'approval_request')
			.flatMap(entry => renderer.entry(entry));
		expect(nested).toHaveLength(1);
		expect(nested[0]).toMatch(/^│ \[\d\d:\d\d:\d\d\] approval requested: exec_command \(call_fake_49\)$/);
		model.apply(asChild(inputOf('1f407cf9-26')), now);
		expect(callsOf(subagent.child!)[0]!.state).toBe('running');
		expect(model.view.awaitingApproval).toBe(0);
		expect(subagent.child!.awaitingApproval).toBe(0);
	});

	it('a request of another shape (the id at the top of toolCall) changes nothing', () => {
		const model = build([
			...upTo('1f407cf9-23'),
			{
				kind: 'server_event',
				event: {type: 'approval_request', toolCall: {tool_call_id: 'call_fake_49', name: 'exec_command'}},
			},
		]);
		expect(callsOf(model.view)[0]!.state).toBe('running');
		expect(model.view.awaitingApproval).toBe(0);
	});
});

describe('session_title names its session', () => {
	const title = (sessionId: string, text: string): ModelInput => ({
		kind: 'server_event',
		event: {type: 'session_title', sessionId, title: text},
	});
	const info: ModelInput = {kind: 'session_info', info: {sessionId: mainId}};

	it('this session’s recorded title goes to the header, a subagent’s to its pane', () => {
		const model = build([
			info,
			...upTo('1f407cf9-25'),
			asChild(inputOf('1f407cf9-4')),
			title(childId, 'SUBAGENT: run pwd and report'),
		]);
		const subagent = model.view.items.find((item): item is SubagentItem => item.kind === 'subagent')!;
		expect(model.view.header.title).toBe('Asking to run echo');
		expect(subagent.child!.header.title).toBe('SUBAGENT: run pwd and report');
	});

	it('a title for a subagent not seen yet waits for it', () => {
		const model = build([info, title(mainId, 'Main'), title(childId, 'Child first'), asChild(inputOf('1f407cf9-4'))]);
		const subagent = model.view.items.find((item): item is SubagentItem => item.kind === 'subagent')!;
		expect(model.view.header.title).toBe('Main');
		expect(subagent.child!.header.title).toBe('Child first');
	});
});

describe('the session record', () => {
	it('fills provider, model, workspace and title when no history has said them', () => {
		const model = build([
			{
				kind: 'session_info',
				info: {
					sessionId: 'session-2026-12-03-13-35-40-a1f7cf26',
					provider: 'custom',
					modelId: 'fake-model',
					workspace: '/home/dev/w',
					title: 'Listing the workspace',
				},
			},
		]);
		expect(model.view.header).toMatchObject({
			sessionId: 'session-2026-12-03-13-35-40-a1f7cf26',
			provider: 'custom',
			modelId: 'fake-model',
			workspace: '/home/dev/w',
			title: 'Listing the workspace',
		});
	});
});
