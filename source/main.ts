/**
 * From flags to a running viewer: check the usage, open the source the flags name
 * (entry/open-source.ts), run the output on the store it feeds (entry/screen-output.ts,
 * entry/print-output.ts), and turn every failure into one line and an exit code.
 */
import path from 'node:path';
import {unexpectedErrorText} from './crash.js';
import {armProcessFault} from './fault.js';
import {readPricesFile, readProjectPrices, type ReadPrices} from './io/project-prices.js';
import type {ModelInput} from './model/input.js';
import {TraceCheck} from './model/json-lines-gate.js';
import {SessionStore} from './model/session-store.js';
import {colorWanted, screenCapable} from './render/color.js';
import {sanitize} from './render/sanitize.js';
import {outputBackpressure} from './output/pace.js';
import {safeWriter} from './output/safe-writer.js';
import {fileWriter, writesInPlace} from './output/file-writer.js';
import * as printer from './output/printer.js';
import type {Flags} from './flags.js';
import type {Settings} from './settings.js';
import {usageExitCode, usageLine} from './bad-usage.js';
import {openSource} from './entry/open-source.js';
import {listOnDisk} from './entry/disk-list.js';
import {printKernels} from './entry/print-kernels.js';
import {writeCompletions} from './entry/completions-output.js';
import {redactorFor} from './entry/redaction.js';
import {runPrintOutput, runWholeOutput, whenSessionEnds} from './entry/print-output.js';
import {RunningSource} from './entry/running-source.js';
import {checkUsage, UsageError} from './entry/flag-checks.js';

export type {Flags, ModelInput};
export {UsageError};

export async function main(input: readonly string[], flags: Flags, settings: Settings): Promise<number> {
	const cleanup: Array<() => Promise<unknown>> = [];
	try {
		return await run(input, flags, cleanup, settings);
	} catch (error) {
		if (error instanceof UsageError) {
			process.stderr.write(usageLine(error.message));
			return usageExitCode;
		}
		process.stderr.write(unexpectedErrorText(error, flags.debug));
		return 1;
	} finally {
		for (const stop of cleanup) await stop().catch(() => undefined);
	}
}

/** One message on stderr; the paths and server words in it may carry escapes, so it is sanitized. */
function say(text: string): void {
	process.stderr.write(`penguin-view: ${sanitize(text)}\n`);
}

async function run(
	words: readonly string[],
	flags: Flags,
	cleanup: Array<() => Promise<unknown>>,
	settings: Settings,
): Promise<number> {
	if (flags.completions !== undefined) return writeCompletions(flags.completions);
	if (flags.grep !== undefined) return (await import('./entry/grep-run.js')).runGrep(words, flags, settings, say);
	const {input, replaySpeed, expand, search} = checkUsage(words, flags);

	// --prices: one table for every session shown, read once here (a bad file is bad usage).
	const fixedPrices =
		flags.prices === undefined ? undefined : await readPricesFile(path.resolve(settings.cwd, flags.prices));
	if (fixedPrices !== undefined && 'message' in fixedPrices) throw new UsageError(fixedPrices.message);
	// A session's prices: --prices, else its project's config (io/project-prices.ts); said once when unreadable.
	const pricesOf = async (tracePath: string): Promise<ReadPrices> =>
		fixedPrices === undefined ? readProjectPrices(tracePath) : {prices: fixedPrices};

	const {dataRoot} = settings;
	// A server's address rather than one session's stream: its sessions (server/server-mode.ts).
	const server = flags.sse ? (await import('./io/sse/server-address.js')).readServerAddress(flags.sse) : undefined;
	if (flags.latest && input.length > 0) throw new UsageError('give either a trace or --latest, not both');
	if (flags.latest && flags.sse && !server)
		throw new UsageError("--latest takes a server's address (http://HOST:PORT), not one session's stream");
	if (flags.list && server) return (await import('./commands/server-list.js')).serverList(server, flags, settings);
	if (flags.list) return listOnDisk({dataRoot, json: flags.json, pricesOf, say});
	// --stats and --export read the whole session first, then write one document.
	const whole = flags.stats || flags.export !== undefined;
	// A file or /dev/null is written without process.stdout, which would load Node's streams (output/file-writer.ts).
	const inPlace = writesInPlace(1);
	const terminal = !inPlace && process.stdout.isTTY === true;
	// A dumb terminal cannot take the cursor-addressed screen: it gets print mode's plain lines.
	const screen = !whole && !flags.print && !flags.json && terminal && screenCapable(settings.terminal);
	// The writer of plain text or JSON Lines, ready before the source starts (the JSON writer taps every batch);
	// the printer is in the entry's chunk, which print mode's start measured faster (docs/performance.md).
	const writer = screen || whole ? undefined : flags.json ? await import('./output/json-writer.js') : printer;
	const color = colorWanted(terminal, settings.terminal, flags.color);
	// A trace on disk is followed on the screen unless --no-follow; in print mode (a pipe, a file,
	// --print) only with -f, as tail: `penguin-view trace | grep x` ends at the end of the trace.
	// A live stream (--sse) has no end of its own and is followed unless --no-follow; standard
	// input is read until it closes, however long it stays open.
	const follow = whole ? false : screen ? flags.follow !== false : flags.follow === true;
	// The screen and --export md, sts, html keep long texts on disk (the trace, or a spill file), read back as needed.
	const holds = screen || flags.export === 'md' || flags.export === 'sts' || flags.export === 'html';
	const held = holds ? new (await import('./io/held-texts.js')).HeldTextStore({spill: true}) : undefined;
	const redactor = await redactorFor(flags.redact, {
		screen,
		exporting: flags.export !== undefined,
		home: settings.home,
	});
	const kernel = settings.switches.kernel && !redactor;
	const {prerendered, prerenderedArgs} = printKernels(writer, {kernel, color});
	const store = new SessionStore(
		{label: '', state: 'connecting', prices: fixedPrices},
		{
			recordFinalized: !screen && !flags.json && !whole,
			keepItems: screen || whole,
			holdText: held?.hold,
			images: prerendered?.images,
			keepImageData: flags.export === 'html',
		},
	);
	if (held) store.tap(batch => held.observe(batch));
	// A model started over (a followed trace replaced by another file) reads its texts from the new file.
	if (held) store.tapRebuild(() => held.reopen());
	if (redactor) store.filterInputs((await import('./export/redact.js')).redactingInputs(redactor));
	const out = inPlace ? fileWriter(1) : safeWriter(process.stdout);
	const ended = whenSessionEnds(store);
	// Outside the screen, a file that is not JSON Lines at all is refused in one line rather
	// than listed line by line as malformed (model/json-lines-gate.ts).
	const check = screen ? undefined : new TraceCheck();
	// Print mode holds a parent's lines back while a child read from disk is printed.
	const cut = prerendered && printer.lineCutter({outputs: prerendered, args: prerenderedArgs});
	// The readers wait while stdout drains (output/pace.ts): print mode into a slow pipe.
	const fileOptions = {
		store,
		dataRoot,
		follow,
		hold: !screen && !flags.json && !whole,
		children: !flags.json && !whole,
		cut,
		pace: outputBackpressure,
	};
	// A trace that cannot be read to its end (compressed data cut short): what was read stays
	// shown, the cause is one line (on stderr outside the screen), and the exit code is 1.
	const onError = (text: string): void => {
		store.setStatus({state: 'failed', message: text});
		if (!screen) say(text);
	};
	const opened = await openSource({
		input,
		flags,
		settings,
		store,
		screen,
		follow,
		streamFollow: whole ? false : flags.follow !== false,
		replaySpeed,
		server,
		prices: fixedPrices,
		pricesOf,
		fileOptions,
		check,
		onError,
		say,
		firstFrame: {expand, color, held},
		cleanup,
	});
	if ('exitCode' in opened) return opened.exitCode;
	const running = new RunningSource(opened.source);
	cleanup.push(running.close);
	// After the source: nothing is held once nothing more can come.
	if (held) cleanup.push(async () => held.close());
	armProcessFault(settings.fault);
	if (screen)
		return (await import('./entry/screen-output.js')).runScreenOutput({
			flags,
			settings,
			store,
			running,
			opened,
			...{expand, search, color, held, pricesOf, fileOptions},
		});
	const outputs = {
		flags,
		store,
		running,
		opened,
		out,
		ended,
		check,
		say,
		dataRoot,
		texts: held,
		unicode: terminal && screenCapable(settings.terminal),
	};
	const print = {color, prerendered, prerenderedArgs};
	const code = writer === undefined ? await runWholeOutput(outputs) : await runPrintOutput(outputs, writer, print);
	if (redactor) say((await import('./export/redact.js')).describeRedactions(redactor.counts()));
	return code;
}
