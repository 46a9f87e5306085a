/**
 * Entries that draw nothing: a request that went well is an entry of the layout but has no
 * rows (pane-kinds.ts), so it holds no document line and the filter does not keep it.
 */
import type {Item} from '../../model/view-model.js';
import {requestVisible} from './pane-kinds.js';

/** Whether an entry draws nothing now (a request still running, or one that went well). */
export const drawsNothing = (item: Item): boolean => item.kind === 'request' && !requestVisible(item);
