/** A finished session read from disk: every shard once (no following), through the session model. */
import {followTrace} from '../io/trace-follower.js';
import type {ModelInput} from '../model/input.js';
import {SessionModel} from '../model/session-model.js';
import type {SessionView} from '../model/view-model.js';
import type {SessionOnDisk} from '../io/trace-files.js';

/** Every input the trace follower produces for a session read once, ending with `end`. */
export async function readSessionInputs(session: SessionOnDisk): Promise<ModelInput[]> {
	const inputs: ModelInput[] = [];
	await new Promise<void>(resolve => {
		let follower: {close(): Promise<void>} | undefined;
		let done = false;
		follower = followTrace({
			sessionId: session.sessionId,
			folder: session.folder,
			shards: session.shards,
			follow: false,
			onInputs: batch => {
				inputs.push(...batch);
				if (!done && batch.some(input => input.kind === 'end')) {
					done = true;
					// The follower has stopped itself; close() only waits for its last read.
					void (follower?.close() ?? Promise.resolve()).then(resolve, resolve);
				}
			},
		});
		// When the end came synchronously inside followTrace, `follower` was not yet set.
		if (done) void follower.close().then(resolve, resolve);
	});
	return inputs;
}

/** The view of a session read from disk once (`keepImageData`: see SessionModelOptions). */
export async function readSessionView(
	session: SessionOnDisk,
	nowMs: number = Date.now(),
	keepImageData = false,
): Promise<SessionView> {
	const model = new SessionModel({keepImageData});
	model.applyAll(await readSessionInputs(session), nowMs);
	return model.view;
}
