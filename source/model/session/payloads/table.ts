/**
 * Every payload type this version knows, and its handler: the reducer's one table. Its type
 * names each known type (protocol/types.ts), so a type added there without a handler here
 * fails to compile, naming it.
 */
import type {KnownPayloadType} from '../../../protocol/types.js';
import {compactionPayloads} from './compaction-payloads.js';
import {eventPayloads} from './events.js';
import type {PayloadHandler} from './handler.js';
import {mediaPayloads} from './media.js';
import {partialPayloads} from './partials.js';
import {requestPayloads} from './request-payloads.js';
import {textPayloads} from './text.js';
import {toolPayloads} from './tools.js';

export const payloadHandlers: Readonly<Record<KnownPayloadType, PayloadHandler>> = {
	...textPayloads,
	...partialPayloads,
	...toolPayloads,
	...mediaPayloads,
	...requestPayloads,
	...compactionPayloads,
	...eventPayloads,
};

/**
 * The same handlers by payload type, in a Map: JSON.parse leaves a type of more than ten
 * characters (`tool_call_output`, `approval_decision`) a string of its own, which an object
 * looks up as a key in the engine's table of strings each time (~1,000 instructions), a Map
 * by its hash (~250): the reducer looks each message's type up here, once.
 */
export const handlerOfType: ReadonlyMap<string, PayloadHandler> = new Map(Object.entries(payloadHandlers));
