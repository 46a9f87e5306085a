/**
 * --replay: read a finished trace whole, its subagents' traces with it, then hand its
 * messages on with their original timing (divided by the speed). Long pauses are shortened
 * and marked, so a session that waited an hour for a human plays in seconds.
 *
 * Everything runs on the session's one clock: a child's messages (read from its own trace,
 * each child's block after its pointer, see model/child-sessions.ts with `hold`) are played
 * among the parent's by their timestamps, so the child grows while the call that started it
 * runs, as it did when the session was recorded.
 */
import type {ModelInput} from '../model/input.js';
import {formatDuration} from '../render/format.js';
import type {InputsHandler} from './trace-follower.js';

export type ReplayOptions = {
	speed: number;
	/** Where the played inputs go (the store). */
	onInputs: InputsHandler;
	/**
	 * Play children's messages among their parent's by time (the screen). Without, each child
	 * is played whole at its pointer, as print mode prints it (it only shows a child whole).
	 */
	interleave: boolean;
	/** Longest wait between two messages, in ms of replay time (default 3 s). */
	maxGapMs?: number;
};

/**
 * The subagent path of an input (session ids from the main session's child down; [] for the main session) and the input
 * inside.
 */
function unwrap(input: ModelInput): {origin: readonly string[]; inner: ModelInput} {
	let origin: readonly string[] = [];
	let inner = input;
	while (inner.kind === 'child') {
		origin = [...origin, ...inner.origin];
		inner = inner.input;
	}
	return {origin, inner};
}

/**
 * Each input's moment on the session's clock (ms since the epoch; -Infinity before any is
 * known): its message's timestamp, never earlier than what its own session said before it
 * (timestamps restart at a shard's head, whose session_meta keeps the original time), and a
 * child's never earlier than its parent at the child's first input (its pointer). An input
 * without a time (a notice, a malformed line, an end) stands where its session is.
 */
export function sessionClockTimes(inputs: readonly ModelInput[]): number[] {
	const running = new Map<string, number>();
	const startOf = (origin: readonly string[]): number => {
		for (let depth = origin.length - 1; depth >= 0; depth--) {
			const known = running.get(origin.slice(0, depth).join('/'));
			if (known !== undefined) return known;
		}
		return Number.NEGATIVE_INFINITY;
	};
	return inputs.map(input => {
		const {origin, inner} = unwrap(input);
		const key = origin.join('/');
		let time = running.get(key) ?? startOf(origin);
		const own =
			inner.kind === 'message' && typeof inner.message.timestamp === 'string'
				? Date.parse(inner.message.timestamp)
				: Number.NaN;
		if (Number.isFinite(own) && own > time) time = own;
		running.set(key, time);
		return time;
	});
}

/**
 * What was read (each child's block right after its pointer) in the order it happened: by
 * the session's clock, each session's own order kept, and on a tie what was read first (a
 * child's last message before the parent's output of the same millisecond).
 */
export function interleaveOnSessionClock(inputs: readonly ModelInput[]): ModelInput[] {
	const times = sessionClockTimes(inputs);
	const order = inputs.map((_, index) => index);
	order.sort((a, b) => (times[a]! < times[b]! ? -1 : times[a]! > times[b]! ? 1 : a - b));
	return order.map(index => inputs[index]!);
}

/** Plan the waits: for each input, how long to wait before it (ms), and a notice when a gap was cut. */
export function planReplay(
	inputs: readonly ModelInput[],
	speed: number,
	maxGapMs: number,
): Array<{waitMs: number; inputs: ModelInput[]}> {
	const times = sessionClockTimes(inputs);
	const steps: Array<{waitMs: number; inputs: ModelInput[]}> = [];
	let previous: number | undefined;
	inputs.forEach((input, index) => {
		const at = times[index]!;
		let waitMs = 0;
		const batch: ModelInput[] = [];
		// Timestamps restart at a shard's head (its session_meta keeps the original time): no wait there.
		if (Number.isFinite(at) && previous !== undefined && at > previous) {
			const gap = (at - previous) / speed;
			if (gap > maxGapMs) {
				// Said in the session the pause was in (a child's inside the child).
				const notice: ModelInput = {
					kind: 'notice',
					level: 'info',
					text: `replay: a pause of ${formatDuration(at - previous)} was shortened here`,
				};
				const {origin} = unwrap(input);
				batch.push(origin.length === 0 ? notice : {kind: 'child', origin: [...origin], input: notice});
				waitMs = maxGapMs / 3;
			} else {
				waitMs = gap;
			}
		}
		if (Number.isFinite(at)) previous = Math.max(previous ?? at, at);
		batch.push(input);
		steps.push({waitMs, inputs: batch});
	});
	return steps;
}

/** Where a replay is, for the screen: paused or not, its speed, and the session time played to and its end. */
export type ReplayState = {paused: boolean; speed: number; at?: number; end?: number};

/** The screen's hold on a replay: space pauses and resumes, + and - double and halve the speed. */
export type ReplayControl = {
	state(): ReplayState;
	toggle(): void;
	/** Speed times `factor` (2 faster, 0.5 slower), between 1/64 and 1024. */
	scale(factor: number): void;
};

const slowest = 1 / 64;
const fastest = 1024;

/**
 * A replay: `feed` takes what the readers hand on (the main session's, its children's
 * wrapped as `child`) until the main session's `end`, then the inputs are played to
 * `onInputs` on the session's clock, ending with `end`. The waits are planned at the first
 * speed and stretched or shrunk as the speed changes (a pause shortened stays so).
 */
export function startReplay(options: ReplayOptions): {
	feed(batch: readonly ModelInput[]): void;
	close(): void;
	control: ReplayControl;
} {
	const collected: ModelInput[] = [];
	let timer: NodeJS.Timeout | undefined;
	let closed = false;
	let played = false;
	let paused = false;
	let speed = options.speed;
	let at: number | undefined;
	let end: number | undefined;
	let steps: Array<{waitMs: number; inputs: ModelInput[]; at: number}> = [];
	let index = 0;
	// The wait under way: when it was set and how long it was, in ms of the real clock.
	let waiting: {since: number; ms: number} | undefined;
	const next = (): void => {
		waiting = undefined;
		if (closed) return;
		if (index >= steps.length) {
			options.onInputs([{kind: 'end'}]);
			return;
		}
		const step = steps[index++]!;
		if (Number.isFinite(step.at)) at = step.at;
		options.onInputs(step.inputs);
		schedule(((steps[index]?.waitMs ?? 0) * options.speed) / speed);
	};
	const schedule = (ms: number): void => {
		waiting = {since: Date.now(), ms};
		if (!paused) timer = setTimeout(next, ms);
	};
	function play(): void {
		played = true;
		const ordered = options.interleave ? interleaveOnSessionClock(collected) : collected;
		const planned = planReplay(ordered, options.speed, options.maxGapMs ?? 3000);
		const times = sessionClockTimes(ordered);
		// One step per input (a cut pause's notice comes in the step of the input after it).
		steps = planned.map((step, i) => ({...step, at: times[i]!}));
		for (const time of times) if (Number.isFinite(time)) end = Math.max(end ?? time, time);
		collected.length = 0;
		next();
	}
	/** The wait under way set again for what is left of it at the new speed (or held while paused). */
	const restart = (factor: number): void => {
		if (!waiting || closed) return;
		if (timer) clearTimeout(timer);
		timer = undefined;
		const left = Math.max(0, waiting.ms - (Date.now() - waiting.since));
		schedule(left * factor);
	};
	const control: ReplayControl = {
		state: () => ({paused, speed, at, end}),
		toggle() {
			if (closed) return;
			if (!paused) {
				// What is left of the wait is kept for the resume.
				if (timer) clearTimeout(timer);
				timer = undefined;
				if (waiting) waiting = {since: Date.now(), ms: Math.max(0, waiting.ms - (Date.now() - waiting.since))};
				paused = true;
			} else {
				paused = false;
				if (waiting) schedule(waiting.ms);
			}
		},
		scale(factor) {
			const before = speed;
			speed = Math.max(slowest, Math.min(fastest, speed * factor));
			if (!paused) restart(before / speed);
			else if (waiting) waiting = {since: Date.now(), ms: (waiting.ms * before) / speed};
		},
	};
	return {
		feed(batch) {
			if (played) return;
			for (const input of batch) {
				if (input.kind === 'end') play();
				else collected.push(input);
			}
		},
		close() {
			closed = true;
			if (timer) clearTimeout(timer);
		},
		control,
	};
}
