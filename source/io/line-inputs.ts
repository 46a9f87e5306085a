/** Lines as model input: what a splitter gives, parsed, placed in their shard. */
import type {ModelInput} from '../model/input.js';
import {parseLine} from '../protocol/parse-line.js';
import type {LineSplitter, SplitItem} from './line-splitter.js';

/** Receives what a source read, in batches (never empty). */
export type InputsHandler = (batch: ModelInput[]) => void;

/** Where a shard's lines are: its index, and what its splitter's offsets and line numbers start from. */
export type Place = {index: number; base: number; lineBase: number};

/** The items as inputs, appended to `inputs` (a new list unless given: the follower's batch takes them directly). */
export function toInputs(items: SplitItem[], shard?: Place, inputs: ModelInput[] = []): ModelInput[] {
	for (const item of items) {
		if (item.kind === 'malformed') {
			const malformed = item.malformed;
			inputs.push({
				kind: 'malformed',
				malformed:
					shard === undefined
						? malformed
						: {
								...malformed,
								line: malformed.line + shard.lineBase,
								offset: malformed.offset + shard.base,
								shard: shard.index,
							},
			});
			continue;
		}
		const at =
			shard === undefined
				? {line: item.line, offset: item.offset}
				: {line: item.line + shard.lineBase, offset: item.offset + shard.base, shard: shard.index};
		inputs.push(parseLine(item.text, at, item.value));
	}
	return inputs;
}

// At end of input a torn last line is accepted when it is a whole message (the writer may
// just not have written its newline yet); otherwise it is reported as torn.
export function finishLines(splitter: LineSplitter, shard?: Place): ModelInput[] {
	const rest = splitter.takeRemainder();
	if (!rest) {
		return [];
	}
	const [input] = toInputs([rest], shard);
	if (input.kind === 'malformed' && rest.kind === 'line') {
		return [{kind: 'malformed', malformed: {...input.malformed, reason: `torn last line: ${input.malformed.reason}`}}];
	}
	return [input];
}
