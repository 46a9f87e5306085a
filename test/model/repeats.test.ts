// Repeated and out-of-order messages (a replayed stream, a duplicated line, an output before
// its call) give one result on the screen and in print mode: one call, one output, each
// decision kept and counted once, whether the messages come in one batch or one by one.
import {describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {SessionStore} from '../../source/model/session-store.js';
import type {ToolCallItem} from '../../source/model/view-model.js';
import {attachPrinter} from '../../source/output/printer.js';
import type {SafeWriter} from '../../source/output/safe-writer.js';
import {msg} from '../helpers/recordings.js';

const now = Date.parse('2026-12-02T15:00:00Z');
const call = (id: string) =>
	msg('model_msg', {
		type: 'tool_call',
		role: 'assistant',
		name: 'exec_command',
		arguments: '{"cmd":"ls"}',
		tool_call_id: id,
	});
const output = (id: string, text: string, stop = 'completed') =>
	msg('model_msg', {type: 'tool_call_output', role: 'user', output: text, tool_call_id: id, stop_reason: stop});
const decision = (id: string, value: string) =>
	msg('event_msg', {type: 'approval_decision', decision: value, tool_call_id: id});

/** The screen's model: every item kept. */
function screen(inputs: ModelInput[]): SessionModel {
	const model = new SessionModel();
	model.applyAll([...inputs, {kind: 'end'}], now);
	return model;
}

/** Print mode as main.ts sets it up, fed in one batch or one input per batch. */
function printed(inputs: ModelInput[], oneByOne: boolean): string {
	const store = new SessionStore(
		{label: 'test', state: 'reading'},
		{recordFinalized: true, keepItems: false},
		() => now,
	);
	let text = '';
	const out: SafeWriter = {
		write(chunk, done) {
			text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
			done?.();
		},
		flush: async () => undefined,
		closed: new Promise<void>(() => undefined),
		isClosed: () => false,
	};
	const printer = attachPrinter(store, out, {color: false, canRebuild: false});
	const all = [...inputs, {kind: 'end'} as const];
	if (oneByOne) for (const input of all) store.apply([input]);
	else store.apply(all);
	printer.finish();
	return text;
}

/** Print mode, checked to be the same in one batch and one by one. */
function print(inputs: ModelInput[]): string {
	const whole = printed(inputs, false);
	expect(printed(inputs, true)).toBe(whole);
	return whole;
}

const count = (text: string, part: string): number => text.split(part).length - 1;
const only = (model: SessionModel): ToolCallItem => {
	const calls = model.view.items.filter((item): item is ToolCallItem => item.kind === 'tool_call');
	expect(calls).toHaveLength(1);
	return calls[0]!;
};

describe('one call, one output', () => {
	it('a repeated output is left out: printed once, counted once, the first one kept', () => {
		const inputs = [call('c1'), output('c1', 'first\n'), output('c1', 'second\n')];
		const text = print(inputs);
		expect(count(text, 'tool output exec_command (c1)')).toBe(1);
		expect(text).not.toContain('second');
		expect(text).not.toContain('tool output ? (c1)');
		expect(text).toContain('1 tool call, 0 failures');
		const model = screen(inputs);
		expect(only(model).output).toBe('first\n');
		expect(model.view.counts).toMatchObject({toolCalls: 1, failures: 0});
	});

	it('a repeated failed output counts one failure', () => {
		const inputs = [call('c1'), output('c1', 'boom', 'failed'), output('c1', 'boom', 'failed')];
		expect(print(inputs)).toContain('1 tool call, 1 failure,');
		expect(screen(inputs).view.counts).toMatchObject({toolCalls: 1, failures: 1});
	});

	it('an output before its call: one call, its line printed when it comes', () => {
		const inputs = [output('c1', 'early\n'), call('c1')];
		const text = print(inputs);
		expect(text).toContain('tool output ? (c1) done');
		expect(text).toContain('tool call exec_command (c1): $ ls');
		expect(text).toContain('1 tool call, 0 failures');
		expect(screen(inputs).view.counts.toolCalls).toBe(1);
	});

	it('a repeated tool_call prints its line once', () => {
		const inputs = [call('c1'), call('c1'), output('c1', 'ok\n')];
		expect(count(print(inputs), 'tool call exec_command (c1)')).toBe(1);
		expect(screen(inputs).view.counts.toolCalls).toBe(1);
	});
});

describe('the decision kept', () => {
	it('a deny after the output is printed and counted, as the screen shows it', () => {
		const inputs = [call('c1'), output('c1', 'ok\n'), decision('c1', 'deny')];
		const text = print(inputs);
		expect(text).toContain('approval deny: exec_command (c1)');
		expect(text).toContain('1 tool call, 1 failure,');
		const model = screen(inputs);
		expect(only(model)).toMatchObject({state: 'denied', approval: 'deny'});
		expect(model.view.counts).toMatchObject({toolCalls: 1, failures: 1});
	});

	it('a repeated decision is printed and counted once', () => {
		const inputs = [
			call('c1'),
			decision('c1', 'deny'),
			decision('c1', 'deny'),
			output('c1', 'Tool call denied by user.', 'aborted'),
		];
		const text = print(inputs);
		expect(count(text, 'approval deny: exec_command (c1)')).toBe(1);
		expect(text).toContain('1 tool call, 1 failure,');
		expect(screen(inputs).view.counts.failures).toBe(1);
	});
});
