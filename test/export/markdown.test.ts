// Markdown export: document structure on real traces, and hostile text (backtick fences, </details>, raw HTML, escape
// sequences) that must not break out.
import {describe, expect, it} from 'vitest';
import {toView} from '../../source/commands/to-view.js';
import {formatMarkdown} from '../../source/export/markdown-export.js';
import {fenced, inlineCode, inlineText, markdownText} from '../../source/export/markdown-text.js';
import type {ModelInput} from '../../source/model/input.js';
import {msg, traceInputs} from '../helpers/recordings.js';

const tools = 'session-2026-12-02-14-43-17-694155ee';
const rotated = 'session-2026-12-02-14-45-42-8e7b556c';
const end: ModelInput = {kind: 'end'};
const t = (second: number): string => new Date(Date.UTC(2026, 11, 2, 10, 0, second)).toISOString();

/**
 * A small CommonMark-minded reader of our own output: it follows top-level code fences
 * (block quote markers stripped first) and returns the lines outside any fence. It also
 * says whether a fence was still open at the end.
 */
function outsideFences(markdown: string): {lines: string[]; openAtEnd: boolean} {
	const lines: string[] = [];
	let fence: {char: string; length: number} | undefined;
	for (const raw of markdown.split('\n')) {
		const line = raw.replace(/^(?:> ?)+/, '');
		if (fence) {
			const close = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
			if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = undefined;
			continue;
		}
		const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
		if (open) {
			fence = {char: open[1][0], length: open[1].length};
			continue;
		}
		lines.push(line);
	}
	return {lines, openAtEnd: fence !== undefined};
}

/** Lines outside fences with `<` opening a tag, other than our own details and summary lines. */
function rawHtmlOutsideFences(markdown: string): string[] {
	return outsideFences(markdown).lines.filter(line => {
		if (line === '<details>' || line === '</details>') return false;
		const summary = /^<summary>(.*)<\/summary>$/.exec(line);
		if (summary) return /</.test(summary[1]);
		// Inline code spans are stripped (they may legitimately show `<`), then any tag start is raw HTML.
		return /<[A-Za-z/!?]/.test(line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, ''));
	});
}

describe('formatMarkdown structure', () => {
	it('writes header, turns, tool calls with JSON arguments and collapsible output', () => {
		const md = formatMarkdown(toView([...traceInputs(`${tools}_001.jsonl`), end], 0));
		expect(md.startsWith(`# Session ${tools}\n`)).toBe(true);
		expect(md).toContain('- **Model:** custom / fake-model (64,000-token context)');
		expect(md).toContain('- **Started:** 2026-12-02 14:43:17 UTC');
		expect(md).toContain('- **Activity:** 3 requests, 4 tool calls, 1 failure');
		expect(md).toContain('## Transcript');
		expect(md).toContain('### User · 14:43:17\n[fake:tools] Inspect the workspace and run a few commands.');
		expect(md.match(/^### Assistant/gm)).toHaveLength(3);
		expect(md).toContain(
			'**Tool call** `exec_command` · $ ls -la · done · 239 ms\n\n```json\n{\n  "description": "List the ' +
				'workspace files",\n  "cmd": "ls -la"\n}\n```',
		);
		expect(md).toContain('<summary>Output · 300 lines · completed</summary>');
		expect(md).toContain('**Tool call** `exec_command` · $ ls /definitely/not/here · failed · 208 ms');
		expect(md).toContain('<summary>Thinking · 850 ms</summary>');
		const opens = md.match(/^<details>$/gm)?.length ?? 0;
		expect(opens).toBeGreaterThan(5);
		expect(md.match(/^<\/details>$/gm)).toHaveLength(opens);
		expect(rawHtmlOutsideFences(md)).toEqual([]);
		expect(outsideFences(md).openAtEnd).toBe(false);
	});

	it('shows retries, the abort, the compaction and the new shard', () => {
		const retried = formatMarkdown(toView([...traceInputs('session-2026-12-02-14-43-17-d6ae8f31_001.jsonl'), end], 0));
		expect(retried).toContain('> **Request 1** timeout (attempt 1) · retried after 2.0 s · 500');
		expect(retried).toContain('> **Aborted**: reconnect failed after 5 retries');
		expect(retried).toContain('_(stopped: timeout)_');
		// A request's failure is told after what it produced.
		expect(retried.indexOf('> **Request 2**')).toBeGreaterThan(retried.indexOf('This answer will be cut off'));
		const compacted = formatMarkdown(
			toView([...traceInputs(`${rotated}_001.jsonl`, 1), ...traceInputs(`${rotated}_002.jsonl`, 2), end], 0),
		);
		expect(compacted).toContain('### Compaction · manual, summarize · completed');
		expect(compacted).toContain('_Context shard 2 begins (after compaction)._');
		expect(compacted).toContain('### Context summary (written by the harness)');
	});

	it('shows images as placeholders', () => {
		const md = formatMarkdown(
			toView(
				[
					msg('model_msg', {type: 'text', role: 'user', text: 'look'}, t(0)),
					msg(
						'model_msg',
						{type: 'image_url', role: 'user', image_url: `data:image/png;base64,${'A'.repeat(400)}`},
						t(1),
					),
					msg(
						'model_msg',
						{type: 'tool_call', role: 'assistant', name: 'read_image', arguments: '{}', tool_call_id: 'i'},
						t(2),
					),
					msg(
						'model_msg',
						{
							type: 'tool_call_output',
							role: 'user',
							output: 'image/png, 82 B',
							images: ['data:image/png;base64,AAAA'],
							tool_call_id: 'i',
						},
						t(3),
					),
					end,
				],
				0,
			),
		);
		expect(md).toContain('_Image omitted: image/png, 300 B._');
		expect(md).toContain('- _Image omitted: image/png, 3 B._');
		expect(md).not.toContain('base64');
	});
});

describe('formatMarkdown with hostile text', () => {
	const esc = '\u001b';
	const hostile = [
		'Innocent start',
		'```',
		'</details>',
		'<details open><summary>fake</summary>',
		`${esc}]0;pwned title\u0007${esc}[2J${esc}[31mred${esc}[0m \u009b31m`,
		'<script>alert(1)</script> <!-- hide the rest',
		'  ```',
		'</details><img src=x onerror=alert(1)>',
		'`` </details> ` still open',
	].join('\n');

	function hostileView(): ReturnType<typeof toView> {
		return toView(
			[
				{kind: 'server_event', event: {type: 'session_title', title: `</details># title${esc}[2J`}},
				msg('model_msg', {type: 'text', role: 'user', text: hostile}, t(0)),
				msg('event_msg', {type: 'request_begin'}, t(1)),
				msg('model_msg', {type: 'thinking', role: 'assistant', thinking: hostile}, t(2)),
				msg('model_msg', {type: 'text', role: 'assistant', text: hostile}, t(3)),
				msg(
					'model_msg',
					{
						type: 'tool_call',
						role: 'assistant',
						name: 'exec_command',
						arguments: JSON.stringify({cmd: '```````` </details>', description: hostile}),
						tool_call_id: 'a',
					},
					t(4),
				),
				msg('event_msg', {type: 'request_end', status: 'completed'}, t(5)),
				msg(
					'model_msg',
					{
						type: 'tool_call_output',
						role: 'user',
						output: `${hostile}\n\`\`\`\`\`\`\`\`\`\`\n</details>`,
						tool_call_id: 'a',
					},
					t(6),
				),
				msg('event_msg', {type: 'request_begin'}, t(7)),
				msg(
					'model_msg',
					{
						type: 'tool_call',
						role: 'assistant',
						name: '</details>',
						arguments: 'not json ```` </details>',
						tool_call_id: 'b',
					},
					t(8),
				),
				msg('event_msg', {type: 'request_end', status: 'failed', error_message: '</details> boom'}, t(9)),
				msg('event_msg', {type: 'abort', reason: `</details>${esc}[2J`}, t(10)),
				msg('event_msg', {type: 'mystery', note: '</details>'}, t(11)),
				msg('model_msg', {type: 'text', role: 'user', text: 'after all that', sender: '</details>'}, t(12)),
				end,
			],
			0,
		);
	}

	it('keeps terminal control characters out', () => {
		const md = formatMarkdown(hostileView());
		expect(md).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
		// JSON arguments show control characters as escapes (\u001b), inert text in a code block.
		expect(outsideFences(md).lines.join('\n')).not.toContain('pwned title');
	});

	it('lets no fence stay open and no raw HTML through outside code', () => {
		const md = formatMarkdown(hostileView());
		const outside = outsideFences(md);
		expect(outside.openAtEnd).toBe(false);
		expect(rawHtmlOutsideFences(md)).toEqual([]);
		// Our own structure is all outside fences, so it was not swallowed.
		expect(outside.lines).toContain('### Assistant · 10:00:02');
		expect(outside.lines).toContain('### &lt;/details> · 10:00:12');
		expect(outside.lines).toContain('after all that');
		expect(outside.lines.filter(line => line === '<details>').length).toBe(
			outside.lines.filter(line => line === '</details>').length,
		);
	});

	it('keeps the same guarantees inside a nested subagent quote', () => {
		const view = toView(
			[
				msg('event_msg', {type: 'subagent', session_id: 'child-1'}, t(0)),
				{
					kind: 'message',
					message: {
						type: 'model_msg',
						origin: ['child-1'],
						payload: {type: 'text', role: 'assistant', text: hostile},
						timestamp: t(1),
					},
				},
				msg('model_msg', {type: 'text', role: 'assistant', text: 'parent again'}, t(2)),
				end,
			],
			0,
		);
		const md = formatMarkdown(view);
		expect(md).toContain('> ```');
		const outside = outsideFences(md);
		expect(outside.openAtEnd).toBe(false);
		expect(rawHtmlOutsideFences(md)).toEqual([]);
		expect(md).toMatch(/\n\nparent again\n/);
	});
});

describe('markdown-text helpers', () => {
	it('fenced picks a fence longer than any backtick run inside', () => {
		expect(fenced('a ````` b', 'text')).toEqual(['``````text', 'a ````` b', '``````']);
		expect(fenced('plain\n', 'json')).toEqual(['```json', 'plain', '```']);
	});

	it('inlineCode and inlineText stay on one line and inert', () => {
		expect(inlineCode('a `b` c')).toBe('``a `b` c``');
		expect(inlineCode('`x')).toBe('`` `x ``');
		expect(inlineText('a\n<b>*c*_d_')).toBe('a &lt;b>\\*c\\*\\_d\\_');
	});

	it('markdownText keeps prose and code, escapes HTML, closes what it opened', () => {
		expect(markdownText('Use `Array<string>` here')).toBe('Use `Array<string>` here');
		expect(markdownText('a <b>bold</b>')).toBe('a &lt;b>bold&lt;/b>');
		expect(markdownText('see <https://example.com/x>')).toBe('see <https://example.com/x>');
		expect(markdownText('<javascript:alert(1)>')).toBe('&lt;javascript:alert(1)>');
		expect(markdownText('```ts\nconst a: Array<string> = [];\n```')).toBe('```ts\nconst a: Array<string> = [];\n```');
		expect(markdownText('```\nnever closed')).toBe('```\nnever closed\n```');
		expect(markdownText('~~~~\nx\n~~~')).toBe('~~~~\nx\n~~~\n~~~~');
		// A span that pairs across lines (or table cells) is not trusted: all of it is escaped.
		expect(markdownText('a `b\nc` <x>')).toBe('a `b\nc` &lt;x>');
		expect(markdownText('| `a | <x> | b` |')).toBe('| `a | &lt;x> | b` |');
		// An escaped backtick does not open a span.
		expect(markdownText('\\`<x>`')).toBe('\\`&lt;x>`');
	});

	it('markdownText neutralises fences a container could end early', () => {
		expect(markdownText('- item\n  ```\n<details>\n```')).toBe('- item\n  \\```\n&lt;details>\n```\n```');
		expect(markdownText('> ```')).toBe('> \\```');
		expect(markdownText('[a]: /url\n"title')).toBe('\\[a]: /url\n"title');
	});
});
