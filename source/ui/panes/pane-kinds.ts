/**
 * Facts about an item as a pane, shared by layout, keys and search: which group opens it,
 * whether it is a problem (e/E), whether it changes with the clock.
 */
import type {Item} from '../../model/view-model.js';
import type {PaneGroup} from './open-state.js';
import {isLiveToolState, isProblemToolState} from './theme.js';

/** The group a pane opens with, or undefined for panes that have nothing more to show. */
export function paneGroup(item: Item): PaneGroup | undefined {
	switch (item.kind) {
		case 'thinking':
			return item.inline || item.encrypted ? undefined : 'thinking';
		case 'tool_call':
			return 'outputs';
		case 'user_text':
			return item.marker === 'context_summary' ? 'details' : 'text';
		case 'assistant_text':
			return 'text';
		case 'compaction':
		case 'subagent':
		case 'mcp_connect':
		case 'unknown':
		case 'request':
			return 'details';
		default:
			return undefined;
	}
}

/** Failed, denied, forbidden or aborted calls, failed or retried requests, aborts, malformed lines, errors. */
export function isProblem(item: Item): boolean {
	switch (item.kind) {
		case 'tool_call':
			return isProblemToolState(item.state);
		case 'request':
			return requestVisible(item);
		case 'abort':
		case 'malformed':
			return true;
		case 'compaction':
			return item.status !== 'running' && item.status !== 'completed';
		case 'notice':
			return item.level === 'error';
		case 'mcp_connect':
			return item.results.some(
				result => result.status !== 'connected' && result.status !== 'ok' && result.status !== 'completed',
			);
		default:
			return false;
	}
}

/** Only requests that failed (retried or not) are drawn; successful and running ones are not. */
export function requestVisible(item: Item & {kind: 'request'}): boolean {
	return item.status !== 'completed' && item.status !== 'running' && item.status !== 'aborted';
}

/** Whether the pane shows something that moves with the clock (a spinner, a countdown). */
export function isLive(item: Item, nowMs: number): boolean {
	switch (item.kind) {
		case 'tool_call':
			return isLiveToolState(item.state);
		case 'request':
			return requestVisible(item) && !item.retried && item.retryAt !== undefined && item.retryAt > nowMs - 1000;
		case 'compaction':
			return item.status === 'running';
		default:
			return false;
	}
}
