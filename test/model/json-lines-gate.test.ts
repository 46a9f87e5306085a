// Print mode's JSON Lines check: malformed lines wait for the first message (then go on in order), and an input of
// nothing but malformed lines is refused once.
import {describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {JsonLinesGate, type Refusal} from '../../source/model/json-lines-gate.js';

const bad = (line: number): ModelInput => ({
	kind: 'malformed',
	malformed: {line, offset: line * 10, reason: 'invalid JSON: x', excerpt: 'x'},
});
const good = (text: string): ModelInput => ({
	kind: 'message',
	message: {type: 'model_msg', payload: {type: 'text', role: 'user', text}},
});
const shard: ModelInput = {kind: 'shard', index: 1, path: 'x.log'};

function gated(limit?: number) {
	const passed: ModelInput[] = [];
	const refusals: Refusal[] = [];
	const gate = new JsonLinesGate(batch => passed.push(...batch), {onRefused: refusal => refusals.push(refusal), limit});
	return {gate, passed, refusals};
}

describe('JsonLinesGate', () => {
	it('lets a trace through in order, a malformed first line included, once a message has come', () => {
		const {gate, passed, refusals} = gated();
		gate.handle([shard, bad(1)]);
		expect(passed).toEqual([shard]);
		gate.handle([bad(2), {kind: 'notice', level: 'info', text: 'n'}]);
		expect(passed).toEqual([shard]);
		gate.handle([good('first'), bad(5)]);
		gate.handle([bad(6), {kind: 'end'}]);
		expect(passed).toEqual([
			shard,
			bad(1),
			bad(2),
			{kind: 'notice', level: 'info', text: 'n'},
			good('first'),
			bad(5),
			bad(6),
			{kind: 'end'},
		]);
		expect(refusals).toEqual([]);
	});

	it('refuses an input of nothing but malformed lines once, at its end, and passes nothing more', () => {
		const {gate, passed, refusals} = gated();
		gate.handle([shard, bad(1), bad(2), bad(3)]);
		gate.handle([{kind: 'end'}]);
		expect(refusals).toEqual([{lines: 3, whole: true}]);
		expect(passed).toEqual([shard]);
		gate.handle([good('late'), {kind: 'end'}]);
		gate.caughtUp();
		expect(refusals).toHaveLength(1);
		expect(passed).toEqual([shard]);
		expect(gate.refused).toBe(true);
	});

	it('refuses at the limit without waiting for the end of a long input', () => {
		const {gate, passed, refusals} = gated(100);
		gate.handle(Array.from({length: 99}, (_, i) => bad(i + 1)));
		expect(refusals).toEqual([]);
		gate.handle(Array.from({length: 5000}, (_, i) => bad(i + 100)));
		expect(refusals).toEqual([{lines: 100, whole: false}]);
		expect(passed).toEqual([]);
	});

	it('refuses a followed file read to its end with only malformed lines, but not one with nothing yet', () => {
		const empty = gated();
		empty.gate.handle([shard]);
		empty.gate.caughtUp();
		expect(empty.refusals).toEqual([]);
		empty.gate.handle([good('appended later')]);
		expect(empty.passed).toEqual([shard, good('appended later')]);

		const text = gated();
		text.gate.handle([shard, bad(1), bad(2)]);
		text.gate.caughtUp();
		expect(text.refusals).toEqual([{lines: 2, whole: true}]);
	});

	it('passes an empty input on to its end', () => {
		const {gate, passed, refusals} = gated();
		gate.handle([shard, {kind: 'end'}]);
		expect(passed).toEqual([shard, {kind: 'end'}]);
		expect(refusals).toEqual([]);
	});
});
