/**
 * `--export md|json|sts|html [--redact]`: a session to text on stdout, with what the user should
 * know (redaction counts, subagents not found) on stderr. Source-agnostic: it takes the
 * inputs of any source, or a finished view (from a trace or an SSE history).
 */
import os from 'node:os';
import type {PriceTable} from '../cost/prices.js';
import {shown, type TextReader} from '../model/held-text.js';
import type {ModelInput} from '../model/input.js';
import type {Item, SessionView} from '../model/view-model.js';
import {oneLine} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import {formatJson} from '../export/json.js';
import {formatMarkdown, writeMarkdown} from '../export/markdown-export.js';
import {describeDryRun, describeRedactions, redactorForView} from '../export/redact.js';
import {formatSts, writeSts} from '../export/sts.js';
import {writeHtml} from '../export/html/html-export.js';
import {loadChildSessions, type ChildSearch} from './subagents-from-disk.js';
import {toView} from './to-view.js';

/** The export formats. */
export type ExportFormat = 'md' | 'json' | 'sts' | 'html';

/** Options for exportCommand. */
export type ExportOptions = {
	format: ExportFormat;
	redact: boolean;
	/** With `redact`: say what would be hidden (by kind, counted, masked examples) and export nothing. */
	dryRun?: boolean;
	/** A source's inputs (applied to a fresh SessionModel) or a finished view. */
	inputs: ModelInput[] | SessionView;
	/** Where to find subagent traces on disk; without it only children the view holds appear. */
	children?: ChildSearch;
	/** The home folder to redact (default os.homedir()). */
	home?: string;
	now?: number;
	/** The session's prices: the export says what it cost. */
	prices?: PriceTable;
	/** Reads back the texts the model held on disk (the view's items hold references to them). */
	texts?: TextReader;
	/**
	 * Takes Markdown or STS piece by piece as it is rendered (awaited: a full pipe makes it wait);
	 * stdout is then empty. The document is never whole in memory, nor the session's texts.
	 */
	write?: (text: string) => Promise<void> | void;
};

/** The export text, and notes for stderr (empty when there is nothing to say). */
export async function exportCommand(options: ExportOptions): Promise<{stdout: string; stderr: string}> {
	const notes: string[] = [];
	// Only the HTML page shows images; the other formats keep an image's type and size.
	const keepImageData = options.format === 'html';
	let view = toView(options.inputs, options.now ?? Date.now(), keepImageData);
	if (options.children) {
		const loaded = await loadChildSessions(view, {...options.children, keepImageData});
		notes.push(...loaded.missing.map(line => `subagent ${line}`));
	}
	const redactor = options.redact ? redactorForView(view, options.home ?? os.homedir()) : undefined;
	let stdout = '';
	if (redactor && options.dryRun) {
		// Every string the export would write, item by item (texts read back one at a time), redacted and dropped.
		redactor.redactValue({...view, items: []});
		for (const item of view.items) redactor.redactValue(shown(item, options.texts));
		const report = describeDryRun(redactor.counts(), redactor.examples()).map(line => sanitize(line));
		stdout = `${report.join('\n')}\n`;
		return {stdout, stderr: notes.length > 0 ? `${notes.map(note => sanitize(oneLine(note, 500))).join('\n')}\n` : ''};
	}
	if (options.format === 'html') {
		// Always streamed: without a writer the pieces are gathered (a test's page).
		const pieces: string[] = [];
		const write = options.write ?? ((text: string) => void pieces.push(text));
		const whole = redactor ? {...redactor.redactValue({...view, items: []}), items: view.items} : view;
		const prepare = redactor && ((item: Item) => redactor.redactValue(item));
		const highlighter = (await import('../render/load-highlighter.js')).makeHighlighter();
		await writeHtml(whole, {prices: options.prices, texts: options.texts, prepare, write, highlighter});
		stdout = pieces.join('');
	} else if (options.format !== 'json' && options.write) {
		// Streamed: the items are redacted one by one as they are written, their texts read back.
		const whole = redactor ? {...redactor.redactValue({...view, items: []}), items: view.items} : view;
		const prepare = redactor && ((item: Item) => redactor.redactValue(item));
		const stream = {prices: options.prices, texts: options.texts, prepare, write: options.write};
		await (options.format === 'md' ? writeMarkdown(whole, stream) : writeSts(whole, stream));
	} else {
		// Every string of the view, nested sessions included, before any format sees it.
		if (redactor) view = redactor.redactValue(view);
		const {prices} = options;
		stdout =
			options.format === 'md'
				? formatMarkdown(view, prices)
				: options.format === 'json'
					? formatJson(view)
					: formatSts(view, {prices});
	}
	if (redactor) notes.push(describeRedactions(redactor.counts()));
	// Notes quote trace text (session ids): no control sequences on the user's terminal.
	const stderr = notes.map(note => sanitize(oneLine(note, 500))).join('\n');
	return {stdout, stderr: stderr ? `${stderr}\n` : ''};
}
