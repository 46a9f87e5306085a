// --replay: the original timing divided by the speed, long pauses shortened and marked, shard heads not waited for.
import {describe, expect, it} from 'vitest';
import {planReplay} from '../../source/io/replay.js';
import type {ModelInput} from '../../source/model/input.js';

const at = (iso: string): ModelInput => ({kind: 'message', message: {timestamp: iso, type: 'event_msg', payload: {type: 'request_begin'}}});

describe('planReplay', () => {
	it('waits the original gaps divided by the speed', () => {
		const steps = planReplay([at('2026-12-02T10:00:00.000Z'), at('2026-12-02T10:00:01.000Z'), at('2026-12-02T10:00:01.500Z')], 2, 3000);
		expect(steps.map(step => step.waitMs)).toEqual([0, 500, 250]);
	});

	it('shortens a long pause and says so where it happened', () => {
		const steps = planReplay([at('2026-12-02T10:00:00.000Z'), at('2026-12-02T11:00:00.000Z')], 1, 3000);
		expect(steps[1]!.waitMs).toBe(1000);
		expect(steps[1]!.inputs[0]).toMatchObject({kind: 'notice', text: 'replay: a pause of 1 h 0 m was shortened here'});
	});

	it('does not wait at a shard head whose session_meta keeps the original start time', () => {
		const steps = planReplay([at('2026-12-02T10:05:00.000Z'), {kind: 'shard', index: 2}, at('2026-12-02T10:00:00.000Z'), at('2026-12-02T10:05:01.000Z')], 1, 3000);
		expect(steps.map(step => step.waitMs)).toEqual([0, 0, 0, 1000]);
	});
});
