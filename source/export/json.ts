/**
 * `--export json`: the view model as JSON, for scripts. Items, header, tokens and counts,
 * with known subagent sessions nested in their `subagent` items (`child`). The view model
 * holds no image data (images are mime type and size only), so neither does this.
 *
 * Dropped: `rev` counters, which only mean something to the running screen's caches, and
 * `seen`, when this viewer's clock read a message (the same trace must export the same).
 */
import type {ImageRef, Item, SessionView} from '../model/view-model.js';
import {safeJsonStringify} from './safe-json.js';

/** The document's format name. */
export const jsonExportFormat = 'penguin-view.session';
/** Goes up when a field changes meaning or goes away (new fields do not bump it). */
export const jsonExportVersion = 1;

/** What `--export json` writes. */
export type JsonExport = {
	format: typeof jsonExportFormat;
	version: typeof jsonExportVersion;
	/** The session view (without `rev` counters), subagent sessions nested. */
	session: SessionView;
};

/** The export document for a view (a copy: the view is not changed). */
export function jsonExportOf(view: SessionView): JsonExport {
	return {format: jsonExportFormat, version: jsonExportVersion, session: plainView(view, 0)};
}

/** The export document as JSON text (two-space indent, ending in a newline). */
export function formatJson(view: SessionView): string {
	return `${safeJsonStringify(jsonExportOf(view), 2)}\n`;
}

// The view and its items without their `rev`; only those: a tool schema may well have a
// property called `rev`.
function plainView(view: SessionView, depth: number): SessionView {
	const {rev: _rev, seen: _seen, items, ...rest} = view;
	const plainItems: readonly Item[] = items.map(item => {
		const {rev: _itemRev, ...fields} = item;
		if (item.kind === 'subagent' && item.child) {
			// A view is a tree; the bound only guards against a malformed one.
			return {...fields, child: depth < 64 ? plainView(item.child, depth + 1) : undefined} as Item;
		}
		// No image data in this format: an image is its type and size (and a web image its address).
		if (item.kind === 'image') return {...fields, image: withoutData(item.image)} as Item;
		if (item.kind === 'tool_call' && item.images.length > 0)
			return {...fields, images: item.images.map(withoutData)} as unknown as Item;
		return fields as Item;
	});
	return {...rest, items: plainItems} as SessionView;
}

function withoutData(image: ImageRef): ImageRef {
	const {dataUrl: _dataUrl, ...rest} = image;
	return rest;
}
