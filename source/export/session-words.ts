/** What the Markdown and the HTML export both say of a session in words: who sent a message, what it did. Pure. */
import type {SessionCounts} from '../model/view-model.js';
import {plural} from '../render/format.js';

/** Who sent a user message, as an export names them; an unknown sender by its own word (the caller escapes it). */
export function senderLabel(sender: string | undefined): string {
	switch (sender) {
		case undefined:
		case 'user':
			return 'User';
		case 'parent_agent':
			return 'Parent agent';
		case 'harness':
			return 'Harness';
		case 'server':
			return 'Server';
		default:
			return sender;
	}
}

/** The session's activity in counts: requests and tool calls always, retries, failures and unreadable lines if any. */
export function activityParts(counts: SessionCounts): string[] {
	return [
		plural(counts.requests, 'request'),
		counts.retries > 0 ? plural(counts.retries, 'retry', 'retries') : undefined,
		plural(counts.toolCalls, 'tool call'),
		counts.failures > 0 ? plural(counts.failures, 'failure') : undefined,
		counts.malformed > 0 ? plural(counts.malformed, 'unreadable line') : undefined,
	].filter(part => part !== undefined);
}
