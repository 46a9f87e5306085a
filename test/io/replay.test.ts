// --replay: the original timing divided by the speed, long pauses shortened and marked, shard heads not waited for.
import {describe, expect, it} from 'vitest';
import {interleaveOnSessionClock, planReplay} from '../../source/io/replay.js';
import type {ModelInput} from '../../source/model/input.js';

const at = (iso: string): ModelInput => ({
	kind: 'message',
	message: {timestamp: iso, type: 'event_msg', payload: {type: 'request_begin'}},
});

describe('planReplay', () => {
	it('waits the original gaps divided by the speed', () => {
		const steps = planReplay(
			[at('2026-12-02T10:00:00.000Z'), at('2026-12-02T10:00:01.000Z'), at('2026-12-02T10:00:01.500Z')],
			2,
			3000,
		);
		expect(steps.map(step => step.waitMs)).toEqual([0, 500, 250]);
	});

	it('shortens a long pause and says so where it happened', () => {
		const steps = planReplay([at('2026-12-02T10:00:00.000Z'), at('2026-12-02T11:00:00.000Z')], 1, 3000);
		expect(steps[1]!.waitMs).toBe(1000);
		expect(steps[1]!.inputs[0]).toMatchObject({kind: 'notice', text: 'replay: a pause of 1 h 0 m was shortened here'});
	});

	it('does not wait at a shard head whose session_meta keeps the original start time', () => {
		const steps = planReplay(
			[
				at('2026-12-02T10:05:00.000Z'),
				{kind: 'shard', index: 2},
				at('2026-12-02T10:00:00.000Z'),
				at('2026-12-02T10:05:01.000Z'),
			],
			1,
			3000,
		);
		expect(steps.map(step => step.waitMs)).toEqual([0, 0, 0, 1000]);
	});
});

/** A message of `type` at `second` past 10:00 (undefined: none), in the child at `origin` when given. */
const message = (second: number, payloadType: string, origin?: string[]): ModelInput => {
	const input: ModelInput = {
		kind: 'message',
		message: {
			timestamp: new Date(Date.UTC(2026, 11, 2, 10, 0, second)).toISOString(),
			type: 'event_msg',
			payload: {type: payloadType},
		},
	};
	return origin ? {kind: 'child', origin, input} : input;
};
const kinds = (inputs: readonly ModelInput[]): string[] =>
	inputs.map(input =>
		input.kind === 'child'
			? `child:${input.input.kind === 'message' ? (input.input.message.payload as {type: string}).type : input.input.kind}`
			: input.kind === 'message'
				? (input.message.payload as {type: string}).type
				: input.kind,
	);

describe('interleaveOnSessionClock (a child read whole after its pointer, as the reader hands it on)', () => {
	// Parent: its call at :01, the pointer at :03, the call's output at :10. The child's trace: its meta at :02 (written
	// before the pointer), its work from :04 to :10, then its end.
	const child = ['child-1'];
	const read: ModelInput[] = [
		message(0, 'session_meta'),
		message(1, 'call'),
		message(3, 'pointer'),
		message(2, 'meta', child),
		message(4, 'prompt', child),
		message(8, 'work', child),
		message(10, 'last', child),
		{kind: 'child', origin: child, input: {kind: 'end'}},
		message(10, 'output'),
		message(12, 'answer'),
	];

	it(
		'plays the child among the parent by time: after its pointer, its last message and end before the ' +
			'output of the same moment',
		() => {
			const parentLater: ModelInput[] = [
				...read.slice(0, 3),
				...read.slice(3, 8),
				message(6, 'other'),
				...read.slice(8),
			];
			expect(kinds(interleaveOnSessionClock(parentLater))).toEqual([
				'session_meta',
				'call',
				'pointer',
				'child:meta',
				'child:prompt',
				'other',
				'child:work',
				'child:last',
				'child:end',
				'output',
				'answer',
			]);
		},
	);

	it("waits on the one clock: the child fills its parent's long pause, so nothing is shortened", () => {
		const steps = planReplay(interleaveOnSessionClock(read), 1, 5000);
		expect(steps.map(step => step.waitMs)).toEqual([0, 1000, 2000, 0, 1000, 4000, 2000, 0, 0, 2000]);
		expect(steps.flatMap(step => step.inputs).some(input => input.kind === 'notice')).toBe(false);
	});

	it('says a pause cut short inside the child in the child', () => {
		const steps = planReplay(interleaveOnSessionClock(read), 1, 3000);
		const work = steps.find(step => kinds(step.inputs).includes('child:work'))!;
		expect(work.waitMs).toBe(1000);
		expect(work.inputs[0]).toEqual({
			kind: 'child',
			origin: child,
			input: {kind: 'notice', level: 'info', text: 'replay: a pause of 4.0 s was shortened here'},
		});
	});
});
