/**
 * A tool call as a fold of the HTML export: its name, headline, state, approval and duration
 * in the summary line; inside, its arguments as the screen's pane reads them (a command as a
 * command, an edit as a coloured diff, a written file coloured in its language), then its
 * output cut to head and tail, then its images.
 */
import type {ToolDefinition} from '../../protocol/types.js';
import type {Highlighter} from '../../render/code-colour.js';
import {editDiff} from '../../render/edit-diff.js';
import {lineCount, plural} from '../../render/format.js';
import type {ArgumentPart} from '../../render/tool-registry.js';
import {parseArgs, presenterFor, summarizeToolCall} from '../../render/tool-summary.js';
import type {ToolCallItem} from '../../model/view-model.js';
import {durationText} from '../duration-text.js';
import {codeBlock, diffBlock, htmlText, outputBlock, pathLanguage} from './html-code.js';
import {imageHtml} from './html-image.js';

/** What a tool call's fold needs besides the call. */
export type ToolContext = {tools: readonly ToolDefinition[]; highlighter?: Highlighter};

/** The call's fold; `nested` (a subagent's session) goes at its end. */
export function toolCallHtml(
	item: ToolCallItem,
	output: string | undefined,
	context: ToolContext,
	nested = '',
): string {
	const {highlighter} = context;
	const headline = summarizeToolCall(item.name, item.args, context.tools, 160).headline;
	const facts = [item.state, approvalText(item), durationOf(item)].filter(Boolean).join(' · ');
	const summary =
		`<summary><span class="tool-name">${htmlText(item.name || '(unnamed)')}</span>` +
		`${headline ? ` <span class="headline">${htmlText(headline)}</span>` : ''}` +
		` <span class="facts state-${stateClass(item.state)}">${htmlText(facts)}</span></summary>`;
	const parsed = parseArgs(item.args);
	const call = {name: item.name, tools: context.tools, childSessionId: item.childSessionId};
	const parts = parsed
		? presenterFor(item.name)
				.argumentParts(parsed, call)
				.map(part => argumentHtml(part, highlighter))
		: [codeBlock(item.args, undefined)];
	const body: string[] = [`<div class="args">${parts.join('\n')}</div>`];
	if (output === undefined) {
		body.push(`<p class="quiet">No output (${htmlText(item.state)}).</p>`);
	} else {
		const status = item.outputStopReason ?? (item.outputStreaming ? 'streaming' : 'completed');
		const file = parsed ? presenterFor(item.name).codeOutput(parsed)?.file : undefined;
		// A numbered file read (`cat -n`) is not code in the file's language line by line: plain.
		const numbered = parsed ? presenterFor(item.name).codeOutput(parsed)?.numbered : undefined;
		const language = file && !numbered ? pathLanguage(file, highlighter) : undefined;
		body.push(
			`<div class="label">Output · ${plural(lineCount(output), 'line')} · ${htmlText(status)}</div>`,
			outputBlock(output, language, highlighter),
		);
	}
	if (item.images.length > 0)
		body.push(`<div class="images">${item.images.map(image => imageHtml(image)).join('\n')}</div>`);
	const open = item.state === 'failed' ? ' class="failed"' : '';
	return `<details${open}>${summary}\n<div class="fold">${body.join('\n')}${nested}</div></details>`;
}

function argumentHtml(part: ArgumentPart, highlighter: Highlighter | undefined): string {
	switch (part.kind) {
		case 'path':
			return `<div class="path">${htmlText(part.path)}</div>`;
		case 'text': {
			if (part.tone === 'command') return `<pre class="code command"><code>${htmlText(part.text)}</code></pre>`;
			const language = part.file ? pathLanguage(part.file, highlighter) : undefined;
			if (language) return codeBlock(part.text, language, highlighter);
			return `<pre class="code ${part.tone}"><code>${htmlText(part.text)}</code></pre>`;
		}
		case 'diff':
			return diffBlock(editDiff(part.removed, part.added));
		case 'child':
			return `<div class="path">subagent session ${htmlText(part.sessionId)}</div>`;
	}
}

function approvalText(item: ToolCallItem): string | undefined {
	switch (item.approval) {
		case undefined:
			return undefined;
		case 'deny':
			return 'denied by the user';
		case 'forbidden':
			return 'forbidden by policy';
		case 'allow':
			return item.byPerson ? 'approved by the user' : 'allowed';
		default:
			return `approval: ${item.approval}`;
	}
}

function durationOf(item: ToolCallItem): string | undefined {
	if (item.endedAt === undefined || item.at === undefined) return undefined;
	return durationText(Math.max(0, item.endedAt - item.at));
}

function stateClass(state: string): string {
	return /^[a-z_]{1,30}$/.test(state) ? state : 'other';
}
