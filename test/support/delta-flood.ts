/**
 * Run by test/model/streamed-memory.test.ts in a node of its own (`--expose-gc`, bundled by
 * esbuild): feeds the session model a flood of partial_text deltas, one word each, in messages
 * of `per` deltas, collects the garbage and prints what stays on the heap, as one JSON line.
 *
 *   node --expose-gc delta-flood.mjs DELTAS PER complete|fragments memory|held [drawn]
 * `complete`: each answer's stop is followed by its complete message, as the live stream
 * sends it; `fragments`: none follows (the fragments stand as final when the stream ends).
 * `held`: the model is given a holder that keeps every long text elsewhere (as the screen's
 * spill file does), `memory`: none (print mode). `drawn`: the screen's layout follows the
 * stream too, laying out the streaming answer every 25 deltas (a frame at 1,000 a second).
 */
import {getHeapSpaceStatistics} from 'node:v8';
import type {HeldText} from '../../source/model/held-text.js';
import {SessionModel} from '../../source/model/session-model.js';
import {Layouter} from '../../source/ui/panes/layout.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';

const [deltas, per, ending, holding, drawn] = [
	Number(process.argv[2]),
	Number(process.argv[3]),
	process.argv[4],
	process.argv[5],
	process.argv[6] === 'drawn',
];
const collect = (globalThis as {gc?: () => void}).gc;
if (!collect) throw new Error('run with --expose-gc');
const heap = () => {
	collect();
	collect();
	// The data left on the heap: code space is left out, since what V8 compiled (and when, on a
	// loaded machine) moves heapUsed by hundreds of kilobytes from run to run.
	return getHeapSpaceStatistics()
		.filter(space => !space.space_name.startsWith('code'))
		.reduce((sum, space) => sum + space.space_used_size, 0);
};

const words = 'the agent streams its answer word by word while the viewer keeps up and the reader scrolls'.split(' ');
let spilled = 0;
const model = new SessionModel({
	holdText:
		holding === 'held'
			? (text): HeldText | undefined => {
					if (text.length < 256) return undefined;
					const held = {spill: spilled, bytes: text.length};
					spilled += text.length;
					return held;
				}
			: undefined,
});
const message = (payload: Record<string, unknown> & {type: string}) => ({
	kind: 'message' as const,
	message: {timestamp: '2026-12-04T10:00:00.000Z', type: 'model_msg', payload},
});
// Each word a string of its own, as each delta's JSON parses to one.
const word = (i: number) => JSON.parse(`"${words[i % words.length]} "`) as string;

const layouter = drawn ? new Layouter() : undefined;
const open = openStateFrom();
/** A frame following the end: the last pane laid out at 100 columns. */
const frame = () => {
	const layout = layouter?.layout(model.view, 100, open, 0);
	if (layout && layout.count > 0) layout.pane(layout.count - 1);
};

const before = heap();
let chars = 0;
let answer: string[] = [];
for (let i = 0; i < deltas; i++) {
	if (i % per === 0) model.apply(message({type: 'partial_text', role: 'assistant', event_type: 'start', text: ''}), 0);
	const text = word(i);
	answer.push(text);
	model.apply(message({type: 'partial_text', role: 'assistant', event_type: 'delta', text}), 0);
	if (i % 25 === 0) frame();
	if (i % per === per - 1 || i === deltas - 1) {
		model.apply(message({type: 'partial_text', role: 'assistant', event_type: 'stop', text: ''}), 0);
		const whole = answer.join('');
		chars += whole.length;
		if (ending === 'complete')
			model.apply(message({type: 'text', role: 'assistant', text: whole, stop_reason: 'completed'}), 0);
		answer = [];
		frame();
	}
}
model.apply({kind: 'end'}, 0);
const retained = heap() - before;
process.stdout.write(`${JSON.stringify({items: model.view.items.length, chars, retained})}\n`);
