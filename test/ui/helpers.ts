// Helpers for the UI tests: sessions built by SessionModel from the recorded traces or from small hand-made messages.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {SessionStore} from '../../source/model/session-store.js';
import type {SessionView} from '../../source/model/view-model.js';
import {parseLine} from '../../source/protocol/parse-line.js';
import type {OmniMessage} from '../../source/protocol/types.js';
import {allPanes, allRows, Layouter, type Layout, type Pane} from '../../source/ui/panes/layout.js';
import {openStateFrom, type OpenState} from '../../source/ui/panes/open-state.js';
import {rowText, type Row} from '../../source/ui/panes/segments.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const traces = path.join(here, '..', 'fixtures', 'traces');

/** The path of a recorded trace by the tail of its name, e.g. `694155ee_001`. */
export function tracePath(tail: string): string {
	return path.join(traces, `session-2026-12-02-${tail}.jsonl`);
}

/** The model inputs of a recorded trace file (with a shard input for shards after the first). */
export function traceInputs(tail: string): ModelInput[] {
	const shard = Number(/_(\d+)$/.exec(tail)?.[1] ?? '1');
	const text = readFileSync(tracePath(tail.replace(/^.*?(\d\d-\d\d-\d\d-[0-9a-f]{8}_\d+)$/, '$1')), 'utf8');
	const inputs: ModelInput[] = shard > 1 ? [{kind: 'shard', index: shard}] : [];
	let line = 0;
	let offset = 0;
	for (const raw of text.split('\n')) {
		line++;
		if (raw.trim() !== '') {
			const parsed = parseLine(raw, {line, offset, shard});
			inputs.push(
				parsed.kind === 'message'
					? {kind: 'message', message: parsed.message, at: parsed.at}
					: {kind: 'malformed', malformed: parsed.malformed},
			);
		}
		offset += Buffer.byteLength(raw) + 1;
	}
	return inputs;
}

/** A view built from recorded traces, applied in order. */
export function viewOf(...tails: string[]): SessionView {
	const model = new SessionModel();
	for (const tail of tails) model.applyAll(traceInputs(tail), Date.parse('2026-12-02T15:00:00Z'));
	return model.view;
}

/** A message input from a payload (a model_msg or event_msg envelope). */
export function msg(payload: Record<string, unknown>, timestamp = '2026-12-02T14:00:00.000Z'): ModelInput {
	const type = typeof payload['role'] === 'string' ? 'model_msg' : 'event_msg';
	return {kind: 'message', message: {timestamp, type, payload} as unknown as OmniMessage};
}

/** A view from hand-made inputs. */
export function viewFrom(inputs: ModelInput[], nowMs = Date.parse('2026-12-02T14:00:10Z')): SessionView {
	const model = new SessionModel();
	model.applyAll(inputs, nowMs);
	return model.view;
}

/** A store fed with inputs; the clock is fixed so that tests do not depend on the date. */
export function storeFrom(inputs: ModelInput[], label = 'test.jsonl'): SessionStore {
	const store = new SessionStore({label, state: 'following'}, {}, () => Date.parse('2026-12-02T14:00:10Z'));
	store.apply(inputs);
	return store;
}

/** The plain text of rows. */
export function textOf(rows: readonly Row[]): string {
	return rows.map(row => rowText(row.segments)).join('\n');
}

/** The plain text of a whole layout. */
export function layoutText(layout: Layout): string {
	return textOf(allRows(layout));
}

/** A fixed clock for layouts: a minute after the hand-made messages' time. */
export const testNow = Date.parse('2026-12-02T14:00:10Z');

/** Each pane's text, laid out at `width` with the given open state. */
export function paneTexts(view: SessionView, open: OpenState = openStateFrom(), width = 99, nowMs = testNow): string[] {
	return allPanes(new Layouter().layout(view, width, open, nowMs)).map(pane => textOf(pane.rows));
}

/** The one pane whose text contains `needle`. */
export function paneWith(
	view: SessionView,
	needle: string,
	open: OpenState = openStateFrom(),
	width = 99,
	nowMs = testNow,
): Pane {
	const panes = allPanes(new Layouter().layout(view, width, open, nowMs)).filter(pane =>
		textOf(pane.rows).includes(needle),
	);
	if (panes.length !== 1) throw new Error(`expected one pane with ${JSON.stringify(needle)}, found ${panes.length}`);
	return panes[0]!;
}

/** The inputs of a recorded child trace, tagged with the child's session id as their origin. */
export function childInputs(tail: string, childId: string): ModelInput[] {
	return traceInputs(tail).map(input =>
		input.kind === 'message' ? {...input, message: {...input.message, origin: [childId]}} : input,
	);
}
