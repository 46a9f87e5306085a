/**
 * The outputs written to stdout: --stats and --export (one document once the whole session is
 * read), and print mode or --json (written as the session is read, until it ends, stdout
 * closes or a signal comes).
 */
import type {TextReader} from '../model/held-text.js';
import type {TraceCheck} from '../model/json-lines-gate.js';
import {unknownShapeText} from '../model/session/odd-lines.js';
import type {SessionStore} from '../model/session-store.js';
import type {PrerenderedOutputs} from '../fastpath/prerendered-outputs.js';
import type {PrerenderedArgs} from '../fastpath/prerendered-args.js';
import type {SafeWriter} from '../output/safe-writer.js';
import type {Flags} from '../flags.js';
import type {RunningSource} from './running-source.js';
import type {OpenedSource} from './source-options.js';
import {plainBar, unicodeBar} from '../render/context-bar.js';

/** The writer of plain text, or of JSON Lines. */
export type Writer = typeof import('../output/printer.js') | typeof import('../output/json-writer.js');

export type PrintOutputOptions = {
	flags: Flags;
	store: SessionStore;
	running: RunningSource;
	opened: OpenedSource;
	out: SafeWriter;
	/** Resolves once the session has ended (whenSessionEnds). */
	ended: Promise<void>;
	/** The check that the input is JSON Lines at all, outside the screen. */
	check?: TraceCheck;
	/** One line on stderr. */
	say: (text: string) => void;
	/** Where data root the session's subagents are read from, for --stats and --export. */
	dataRoot: string;
	/** Standard output is a terminal that draws Unicode blocks (not TERM=dumb): --stats' bars use them. */
	unicode?: boolean;
	/** --export md and sts: the long texts the model keeps on disk, read back as they are written. */
	texts?: TextReader;
};

/**
 * Resolves once the session in `store` has ended, its status then ended (unless it failed). Call before the source
 * starts.
 */
export function whenSessionEnds(store: SessionStore): Promise<void> {
	return new Promise<void>(resolve => {
		store.subscribe(() => {
			if (!store.view.ended) return;
			if (store.status.state !== 'ended' && store.status.state !== 'failed') store.setStatus({state: 'ended'});
			resolve();
		});
	});
}

/** --stats or --export: the whole session read, then one document on stdout. */
export async function runWholeOutput(options: PrintOutputOptions): Promise<number> {
	const {flags, store, running, opened, check, out} = options;
	await Promise.race([options.ended, refusedBy(check)]);
	// The prices (and a server's own figure) before the source stops: stopping it ends what it still asks.
	if (check?.refusal === undefined) await opened.pricesReady();
	await running.close();
	if (check?.refusal !== undefined) return refuse(check.refusal, options);
	const children = opened.folder === undefined ? undefined : {dataRoot: options.dataRoot, folder: opened.folder};
	const statsOptions = {
		inputs: store.view,
		children,
		prices: store.status.prices,
		bars: options.unicode ? unicodeBar : plainBar,
		pricesNote: store.status.pricesNote,
		server: store.status.serverCost,
	};
	const result = flags.stats
		? flags.json
			? await (await import('../commands/stats-json.js')).statsJsonCommand(statsOptions)
			: await (await import('../commands/stats.js')).statsCommand(statsOptions)
		: await (await import('../commands/export.js')).exportCommand({
				format: flags.export as 'md' | 'json' | 'sts' | 'html',
				redact: flags.redact,
				dryRun: flags.dryRun,
				inputs: store.view,
				children,
				prices: store.status.prices,
				texts: options.texts,
				// Markdown, STS and HTML are written as they are rendered, each piece handed to the OS before the next.
				write:
					flags.export === 'md' || flags.export === 'sts' || flags.export === 'html'
						? async text => {
								out.write(text);
								await out.flush();
							}
						: undefined,
			});
	out.write(result.stdout);
	process.stderr.write(result.stderr);
	await out.flush();
	return store.status.state === 'failed' ? 1 : 0;
}

/** Print mode or --json: written as the session is read, until it ends, stdout closes or a signal comes. */
export async function runPrintOutput(
	options: PrintOutputOptions,
	writer: Writer,
	print: {color: boolean; prerendered?: PrerenderedOutputs; prerenderedArgs?: PrerenderedArgs},
): Promise<number> {
	const {flags, store, running, opened, check, out} = options;
	const canRebuild = flags.sse !== undefined;
	// Code in colour: the highlighter's chunk is loaded only when print mode writes colour.
	const highlighter =
		print.color && 'attachPrinter' in writer
			? (await import('../render/load-highlighter.js')).makeHighlighter()
			: undefined;
	const detach =
		'attachJsonWriter' in writer
			? writer.attachJsonWriter(store, out, {canRebuild, aside: line => process.stderr.write(line)})
			: writer.attachPrinter(store, out, {
					color: print.color,
					canRebuild,
					totalsOnFinish: canRebuild,
					prerendered: print.prerendered,
					prerenderedArgs: print.prerenderedArgs,
					name: store.status.label || undefined,
					aside: line => process.stderr.write(line),
					highlighter,
				});
	const interrupted = new Promise<void>(resolve => {
		for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
	});
	await Promise.race([options.ended, interrupted, out.closed, refusedBy(check)]);
	if (check?.refusal !== undefined) {
		await running.close();
		await out.flush();
		return refuse(check.refusal, options);
	}
	// Unless interrupted: the totals wait for a server's prices.
	await Promise.race([opened.pricesReady(), interrupted]);
	detach.finish();
	await running.close();
	await out.flush();
	// Another harness's trace (or another version's): said once, with the final counts.
	const unknownShapes = unknownShapeText(store.view.counts);
	if (unknownShapes !== undefined) options.say(unknownShapes);
	return store.status.state === 'failed' ? 1 : 0;
}

/** Resolves when the check refuses the input; never without a check. */
function refusedBy(check: TraceCheck | undefined): Promise<void> {
	return check?.refused ?? new Promise<void>(() => undefined);
}

/** Says why the input was refused (unless its reading already failed and said so): exit code 1. */
function refuse(refusal: string, options: PrintOutputOptions): number {
	if (options.store.status.state !== 'failed') options.say(refusal);
	return 1;
}
