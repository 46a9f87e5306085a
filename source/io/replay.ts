/**
 * --replay: read a finished trace whole, then hand its messages on with their original
 * timing (divided by the speed). Long pauses are shortened and marked, so a session that
 * waited an hour for a human plays in seconds.
 */
import type {ModelInput} from '../model/input.js';
import {formatDuration} from '../render/format.js';
import {followTrace, type InputsHandler} from './trace-follower.js';

export type ReplayOptions = {
	sessionId: string;
	folder: string;
	shards: string[];
	/** One file of any name (see FollowOptions.single). */
	single?: boolean;
	/** Reads the trace once to its end (default: the shards through the trace follower, not following). */
	read?: (onInputs: InputsHandler) => {close(): Promise<void>};
	speed: number;
	onInputs: InputsHandler;
	/** Longest wait between two messages, in ms of replay time (default 3 s). */
	maxGapMs?: number;
};

/** Plan the waits: for each input, how long to wait before it (ms), and a notice when a gap was cut. */
export function planReplay(inputs: readonly ModelInput[], speed: number, maxGapMs: number): Array<{waitMs: number; inputs: ModelInput[]}> {
	const steps: Array<{waitMs: number; inputs: ModelInput[]}> = [];
	let previous: number | undefined;
	for (const input of inputs) {
		const at = input.kind === 'message' && typeof input.message.timestamp === 'string' ? Date.parse(input.message.timestamp) : Number.NaN;
		let waitMs = 0;
		const batch: ModelInput[] = [];
		// Timestamps restart at a shard's head (its session_meta keeps the original time): no wait there.
		if (Number.isFinite(at) && previous !== undefined && at > previous) {
			const gap = (at - previous) / speed;
			if (gap > maxGapMs) {
				batch.push({kind: 'notice', level: 'info', text: `replay: a pause of ${formatDuration(at - previous)} was shortened here`});
				waitMs = maxGapMs / 3;
			} else {
				waitMs = gap;
			}
		}
		if (Number.isFinite(at)) previous = Math.max(previous ?? at, at);
		batch.push(input);
		steps.push({waitMs, inputs: batch});
	}
	return steps;
}

export function startReplay(options: ReplayOptions): {close(): Promise<void>} {
	const collected: ModelInput[] = [];
	let timer: NodeJS.Timeout | undefined;
	let closed = false;
	const onInputs: InputsHandler = batch => {
		for (const input of batch) {
			if (input.kind === 'end') play();
			else collected.push(input);
		}
	};
	const follower = options.read
		? options.read(onInputs)
		: followTrace({sessionId: options.sessionId, folder: options.folder, shards: options.shards, single: options.single, follow: false, onInputs});
	function play(): void {
		const steps = planReplay(collected, options.speed, options.maxGapMs ?? 3000);
		collected.length = 0;
		let index = 0;
		const next = (): void => {
			if (closed) return;
			if (index >= steps.length) {
				options.onInputs([{kind: 'end'}]);
				return;
			}
			const step = steps[index++]!;
			options.onInputs(step.inputs);
			const wait = steps[index]?.waitMs ?? 0;
			timer = setTimeout(next, wait);
		};
		next();
	}
	return {
		async close() {
			closed = true;
			if (timer) clearTimeout(timer);
			await follower.close();
		},
	};
}
