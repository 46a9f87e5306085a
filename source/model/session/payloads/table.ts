/**
 * Every payload type this version knows, and its handler: the reducer's one table. Its type
 * names each known type (protocol/types.ts), so a type added there without a handler here
 * fails to compile, naming it.
 */
import type {KnownPayloadType} from '../../../protocol/types.js';
import {compactionPayloads} from './compaction.js';
import {eventPayloads} from './events.js';
import type {PayloadHandler} from './handler.js';
import {mediaPayloads} from './media.js';
import {partialPayloads} from './partials.js';
import {requestPayloads} from './requests.js';
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
