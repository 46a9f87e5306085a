/**
 * O and w on an image. O: the focused call's file asked to be opened in the reader's editor (hand-over.ts's `edit`
 * ask; the program opens it, ui/components/hand-over-program.ts): a read at the line it read
 * from, an edit where its new text is, a write at its top. Pure: the item in, the ask out.
 */
import {parseArgs, presenterFor} from '../../render/tool-summary.js';
import type {Item} from '../../model/view-model.js';
import {fileTarget} from '../panes/pane-tool.js';
import type {HandOverAsk} from './hand-over.js';

/** The ask for `item`'s file (a relative path under `workspace`), or undefined when it names none. */
export function editAsk(item: Item, workspace: string | undefined, seq: number): HandOverAsk | undefined {
	if (item.kind !== 'tool_call') return undefined;
	const file = fileTarget(item, {workspace});
	if (file === undefined) return undefined;
	const place = presenterFor(item.name).linkedFile(parseArgs(item.args) ?? {});
	if (place?.edit !== undefined) return {seq, kind: 'edit', file, place: {edit: place.edit}};
	return {seq, kind: 'edit', file, place: place?.line === undefined ? {} : {line: place.line}};
}

/** w on an image (a message's, or the first a call's empty output brought): its bytes, when the item kept them. */
export function imageToWrite(item: Item): {text: string; what: string; binary: true} | undefined {
	const image =
		item.kind === 'image' ? item.image : item.kind === 'tool_call' && item.output === '' ? item.images[0] : undefined;
	const data = image?.data?.base64;
	return data === undefined ? undefined : {text: data, what: 'the image', binary: true};
}
