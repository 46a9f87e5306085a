/** The stream's fragments (partial_*): each grows the item its key names (see ../fragments.ts). */
import type {PayloadHandler, PayloadHandlers} from './handler.js';

const partial: PayloadHandler = (p, s, at) => s.fragments.applyPartial(p, at);

export const partialPayloads = {
	partial_text: partial,
	partial_thinking: partial,
	partial_tool_call: partial,
	partial_tool_call_output: partial,
} satisfies PayloadHandlers;
