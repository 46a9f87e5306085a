/**
 * The run state the server sends (`task_state`, upstream api/types.ts ServerEvent) and its queue
 * of steering messages: the whole queue after each change, from this viewer or any other client;
 * an entry leaves it as its `[user_steering]` message reaches the stream.
 */
import type {ServerEvent} from '../input.js';
import type {QueuedSteer, TaskState} from '../view-model.js';
import {num, str} from './core.js';

/** The run state a `task_state` event says; undefined when it says none. */
export function taskState(event: ServerEvent): TaskState | undefined {
	const state = str(event['state']);
	if (state === undefined) return undefined;
	const task: TaskState = {state, queued: num(event['queued'])};
	// PendingSteeringInfo[]: absent when none is queued.
	const steering = Array.isArray(event['pendingSteering']) ? event['pendingSteering'].flatMap(queuedSteer) : [];
	if (steering.length > 0) task.steering = steering;
	return task;
}

/**
 * The run state once the steering message `text` reached the model: its entry leaves the queue (delivered in the order
 * queued).
 */
export function delivered(task: TaskState, text: string): TaskState {
	const queue = task.steering;
	if (!queue || queue.length === 0) return task;
	const at = queue.findIndex(entry => entry.text !== '' && text.includes(entry.text));
	const left = queue.filter((_, index) => index !== (at === -1 ? 0 : at));
	const {steering: _dropped, ...rest} = task;
	return left.length > 0 ? {...rest, steering: left} : rest;
}

/** One `PendingSteeringInfo` (`{id, text, images, files}`), or nothing when it is not one. */
function queuedSteer(value: unknown): QueuedSteer[] {
	if (typeof value !== 'object' || value === null) return [];
	const {id, text} = value as Record<string, unknown>;
	return typeof id === 'string' && typeof text === 'string' ? [{id, text}] : [];
}
