/** The commands take either a source's inputs or a finished view; this makes them one. */
import type {ModelInput} from '../model/input.js';
import {SessionModel} from '../model/session-model.js';
import type {SessionView} from '../model/view-model.js';

/** A view from inputs (applied to a fresh SessionModel), or the view itself when given one. */
export function toView(inputs: readonly ModelInput[] | SessionView, nowMs: number, keepImageData = false): SessionView {
	if (!Array.isArray(inputs)) return inputs as SessionView;
	const model = new SessionModel({keepImageData});
	model.applyAll(inputs as readonly ModelInput[], nowMs);
	return model.view;
}
