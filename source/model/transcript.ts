/**
 * A session's conversation as comparable lines: what was said and done, without what
 * depends on the source (the header, shard boundaries, the harness's context-summary
 * text that opens a new shard, timings). The same session read from its trace or from
 * its live stream must give the same transcript.
 */
import {shown} from './held-text.js';
import type {Item, SessionView} from './view-model.js';

export function transcriptOf(view: SessionView): string[] {
	const lines: string[] = [];
	for (const item of view.items) {
		const line = lineOf(item);
		if (line !== undefined) lines.push(line);
		if (item.kind === 'subagent' && item.child) lines.push(...transcriptOf(item.child).map(child => `  ${child}`));
	}
	const tokens = view.tokens.session;
	if (tokens) lines.push(`tokens ${tokens.cache_read}/${tokens.cache_write}/${tokens.output}/${tokens.total}`);
	return lines;
}

function lineOf(kept: Item): string | undefined {
	const item = shown(kept, undefined);
	switch (item.kind) {
		case 'user_text':
			return item.marker === 'context_summary' ? undefined : `${item.sender ?? 'user'}: ${item.text}`;
		case 'assistant_text':
			return `assistant${item.streaming ? ' (streaming)' : ''}: ${item.text}`;
		case 'thinking':
			return `thinking${item.streaming ? ' (streaming)' : ''}: ${item.text}`;
		case 'tool_call':
			return (
				`call ${item.callId} ${item.name} ${item.args} → ${item.state} ${item.approval ?? ''} ` +
				`${JSON.stringify(item.output ?? null)}`
			);
		case 'request':
			return `request ${item.index} ${item.status}${item.attempt ? ` #${item.attempt}` : ''}`;
		case 'compaction':
			return (
				`compaction ${item.reason} ${item.mode} ` +
				`${item.status}${item.summaryStreaming ? ' (streaming)' : ''}: ${item.summary}`
			);
		case 'shard':
		case 'notice':
			return undefined;
		case 'image':
			return `image ${item.image.mimeType} ${item.image.bytes}`;
		case 'abort':
			return `abort ${item.reason ?? ''}`;
		case 'subagent':
			return `subagent ${item.sessionId}`;
		case 'malformed':
			return `malformed ${item.line}`;
		default:
			return `${item.kind}`;
	}
}
