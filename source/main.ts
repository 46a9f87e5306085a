/**
 * From flags to a running viewer: pick the source (trace files, standard input, SSE),
 * pick the output (the screen, plain text, JSON Lines), connect them through the store,
 * and turn every failure into one line and an exit code.
 */
import {stat} from 'node:fs/promises';
import path from 'node:path';
import {unexpectedErrorText} from './crash.js';
import {armProcessFault} from './fault.js';
import {childSessionsFor, startFileSession} from './io/file-session.js';
import type {ReplayControl} from './io/replay.js';
import {HeldTextStore} from './io/held-texts.js';
import {openTailFirst} from './io/tail-first.js';
import type {SessionActions} from './io/sse/actions.js';
import type {FirstFrame} from './ui/first-frame.js';
import {stdinCarriesTrace} from './io/piped-input.js';
import {defaultDataRoot, locateSession} from './io/session-locator.js';
import {projectConfigOf, readPricesFile, readProjectPrices, type ReadPrices} from './io/project-prices.js';
import {readStream, type InputsHandler} from './io/trace-follower.js';
import type {ModelInput} from './model/input.js';
import {TraceCheck} from './model/json-lines-gate.js';
import {unknownShapeText} from './model/session/odd-lines.js';
import {SessionStore} from './model/store.js';
import {attributesWanted, colorWanted, screenCapable} from './render/color.js';
import {sanitize} from './render/sanitize.js';
import {loadExactWidths} from './render/width.js';
import {outputBackpressure} from './output/pace.js';
import {safeWriter} from './output/safe-writer.js';
import type {SessionSwitcher} from './server/session-switcher.js';
import type {NewSessionWatch} from './io/new-sessions.js';
import type {DiskOverview} from './io/disk-overview.js';
import type {Flags} from './flags.js';
import {flags as flagTable} from './command-line/flag-table.js';
import type {Settings} from './settings.js';
import {usageExitCode, usageLine} from './usage.js';

export type {Flags};

/** Thrown for bad usage: printed with a hint, exit code 2. */
export class UsageError extends Error {}

const expandChoices = new Set<string>(flagTable.expand.values);
const exportFormats = new Set<string>(flagTable.export.values);
/** What reads as a number (`0`, `-2`, `.5`, `1e3`, `Infinity`), as opposed to a path. */
const numberLike = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$|^[-+]?(?:Infinity|NaN)$/i;

/** Stops a running source. */
type Stoppable = {close(): void | Promise<void>};

export async function main(input: readonly string[], flags: Flags, settings: Settings): Promise<number> {
	// Stops whatever source is running, on every way out (an error included).
	const cleanup: Array<() => Promise<unknown>> = [];
	try {
		return await run([...input], flags, cleanup, settings);
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

async function run(input: string[], flags: Flags, cleanup: Array<() => Promise<unknown>>, settings: Settings): Promise<number> {
	if (flags.completions !== undefined) {
		const {completionScript, isShell} = await import('./command-line/completions.js');
		if (!isShell(flags.completions)) throw new UsageError(`--completions takes bash, zsh or fish, not '${flags.completions}'`);
		process.stdout.write(completionScript(flags.completions));
		return 0;
	}
	let replaySpeed: number | undefined;
	if (flags.replay !== undefined) {
		const speed = Number(flags.replay === '' ? 1 : flags.replay);
		if (Number.isFinite(speed) && speed > 0) replaySpeed = speed;
		// A number, or a word beside a trace: a speed that cannot be played.
		else if (numberLike.test(flags.replay.trim()) || input.length > 0) throw new UsageError(`--replay SPEED must be a number above 0, not '${flags.replay}'`);
		else {
			// `--replay trace.jsonl` reads the path as the flag's value: take it back.
			input.unshift(flags.replay);
			replaySpeed = 1;
		}
	}
	if (input.length > 1) throw new UsageError(`one trace at a time, got ${input.length}: ${input.join(' ')}`);
	const expand = (flags.expand ?? []).flatMap(value => value.split(',')).map(value => value.trim()).filter(Boolean);
	const badExpand = expand.find(value => !expandChoices.has(value));
	if (badExpand) throw new UsageError(`--expand takes thinking, outputs or all, not '${badExpand}'`);
	if (flags.sse && input.length > 0) throw new UsageError('give either a trace or --sse URL, not both');
	if (flags.export !== undefined && !exportFormats.has(flags.export)) throw new UsageError(`--export takes md, json or sts, not '${flags.export}'`);
	if (flags.redact && flags.export === undefined) throw new UsageError('--redact goes with --export');

	// --prices: one table for every session shown, read once here (a bad file is bad usage).
	const fixedPrices = flags.prices === undefined ? undefined : await readPricesFile(path.resolve(settings.cwd, flags.prices));
	if (fixedPrices !== undefined && 'message' in fixedPrices) throw new UsageError(fixedPrices.message);
	// A session's prices: --prices, else its project's config (io/project-prices.ts); said once when unreadable.
	const pricesOf = async (tracePath: string): Promise<ReadPrices> => (fixedPrices === undefined ? readProjectPrices(tracePath) : {prices: fixedPrices});

	const dataRoot = defaultDataRoot(process.env);
	// A server's address rather than one session's stream: its sessions (server/server-mode.ts).
	const server = flags.sse ? (await import('./io/sse/server-address.js')).readServerAddress(flags.sse) : undefined;
	if (flags.latest && input.length > 0) throw new UsageError('give either a trace or --latest, not both');
	if (flags.latest && flags.sse && !server) throw new UsageError("--latest takes a server's address (http://HOST:PORT), not one session's stream");
	if (flags.list && server) return (await import('./server/list-command.js')).serverList(server, flags, settings);
	if (flags.list) {
		const missing = await missingDataRoot(dataRoot);
		if (missing !== undefined) {
			say(missing);
			return 1;
		}
		const {listCommand} = await import('./commands/list.js');
		// On a terminal the lines fit its width; a pipe gets them whole.
		const {cachedPerProject} = await import('./commands/list-cost.js');
		const listed = await listCommand({
			dataRoot,
			json: flags.json,
			width: process.stdout.isTTY === true && process.stdout.columns > 0 ? process.stdout.columns : undefined,
			pricesOf: cachedPerProject(pricesOf, projectConfigOf),
		});
		// Through a safe writer: `--list | head -1` closes the pipe early.
		const listOut = safeWriter(process.stdout);
		listOut.write(listed.stdout);
		process.stderr.write(listed.stderr);
		await listOut.flush();
		return listed.exitCode;
	}
	// --stats and --export read the whole session first, then write one document.
	const whole = flags.stats || flags.export !== undefined;
	// A dumb terminal cannot take the cursor-addressed screen: it gets print mode's plain lines.
	const screen = !whole && !flags.print && !flags.json && process.stdout.isTTY === true && screenCapable(process.env);
	// Exact widths for everything written from here on; the screen's first frame, drawn
	// before they load, makes do with close ones (render/width.ts says why).
	if (!screen) await loadExactWidths();
	// The writer of plain text or JSON Lines: loaded only for those outputs (the screen's first
	// frame does not wait for it), and before the source starts (the JSON writer taps every batch).
	const writer = screen || whole ? undefined : flags.json ? await import('./output/json-writer.js') : await import('./output/printer.js');
	const color = colorWanted(process.stdout.isTTY === true, process.env, flags.color);
	// A trace on disk is followed on the screen unless --no-follow; in print mode (a pipe, a file,
	// --print) only with -f, as tail: `penguin-view trace | grep x` ends at the end of the trace.
	// A live stream (--sse) has no end of its own and is followed unless --no-follow; standard
	// input is read until it closes, however long it stays open.
	const follow = whole ? false : screen ? flags.follow !== false : flags.follow === true;
	const streamFollow = whole ? false : flags.follow !== false;
	// The screen keeps long texts (tool outputs most) on disk, read back when drawn: those of a
	// trace file where they are in it, those from a stream or a pipe in a spill file.
	const held = screen ? new HeldTextStore({spill: true}) : undefined;
	const store = new SessionStore(
		{label: '', state: 'connecting', prices: fixedPrices},
		{recordFinalized: !screen && !flags.json && !whole, keepItems: screen || whole, holdText: held?.hold},
	);
	if (held) store.tap(batch => held.observe(batch));
	const out = safeWriter(process.stdout);
	// The readers wait while stdout drains (output/pace.ts): print mode into a slow pipe.
	const pace = outputBackpressure;

	const ended = new Promise<void>(resolve => {
		store.subscribe(() => {
			if (!store.view.ended) return;
			if (store.status.state !== 'ended' && store.status.state !== 'failed') store.setStatus({state: 'ended'});
			resolve();
		});
	});
	const feed: InputsHandler = batch => store.apply(batch);

	// Outside the screen, a file that is not JSON Lines at all is refused in one line rather
	// than listed line by line as malformed (model/json-lines-gate.ts).
	const check = screen ? undefined : new TraceCheck();
	const checked = (label: string, next: InputsHandler): InputsHandler => check?.wrap(label, next) ?? next;
	const refused = check?.refused ?? new Promise<void>(() => undefined);
	// A trace that cannot be read to its end (compressed data cut short): what was read stays
	// shown, the cause is one line (on stderr outside the screen), and the exit code is 1.
	const onError = (text: string): void => {
		store.setStatus({state: 'failed', message: text});
		if (!screen) say(text);
	};

	// Print mode holds a parent's lines back while a child read from disk is printed.
	// Plain text: large tool outputs are made ready to print as their lines are read.
	const prerendered = writer !== undefined && 'PrerenderedOutputs' in writer ? new writer.PrerenderedOutputs() : undefined;
	const cut = prerendered && ((line: Buffer) => prerendered.cut(line));
	const fileOptions = {store, dataRoot, follow, hold: !screen && !flags.json && !whole, children: !flags.json && !whole, cut, pace};
	let source: Stoppable;
	// --replay's controls, for the screen (space, + and -).
	let replay: ReplayControl | undefined;
	let folder: string | undefined;
	let firstFrame: FirstFrame | undefined;
	let serverSwitcher: SessionSwitcher | undefined;
	// A server's prices come beside the session: what is written at the end waits for them.
	let pricesReady = async (): Promise<void> => undefined;
	let offers: NewSessionWatch | undefined;
	let overview: DiskOverview | undefined;
	// The screen's a, r, Ctrl+X and >: over --sse only (a server's: the session followed live),
	// until the picker leaves the stream for a session on disk.
	let actions: SessionActions | undefined;
	let streaming = flags.sse !== undefined;
	if (server) {
		const {startServerMode} = await import('./server/server-mode.js');
		const started = await startServerMode(server, {flags, settings, store, screen, follow: streamFollow, latest: flags.latest === true, fileOptions, prices: fixedPrices, onConnectionTrouble: screen ? undefined : say});
		if (!started.ok) {
			if (started.usage) throw new UsageError(started.message);
			say(started.message);
			return 1;
		}
		source = started.source;
		serverSwitcher = started.switcher;
		pricesReady = started.pricesReady;
		if (!flags.readOnly) actions = started.actions;
	} else if (flags.sse) {
		const credentials = await (await import('./login/credentials.js')).streamCredentials(flags.sse, flags, settings);
		if ('message' in credentials) {
			say(credentials.message);
			return 1;
		}
		const {startSse} = await import('./io/sse-source.js');
		const started = startSse(store, {
			url: flags.sse,
			...credentials,
			headers: flags.header ?? [],
			insecure: flags.insecure,
			follow: streamFollow,
			pace,
			prices: fixedPrices,
			// Print mode says what happens to the connection on stderr, once per change.
			onConnectionTrouble: screen ? undefined : say,
			// The screen fills its header in whenever the session's record comes; print mode waits a moment for it.
			timings: {...(screen ? {recordWaitMs: 0} : {}), ...historyTimings(process.env)},
		});
		source = started;
		pricesReady = started.pricesReady;
		if (!flags.readOnly) actions = actionsWhile(started.actions, () => streaming);
	} else if (input[0] === '-' || input[0] === '/dev/stdin' || (input.length === 0 && !flags.latest && stdinCarriesTrace())) {
		// /dev/stdin is standard input whatever it is (a pipe, a socket, a redirected file): read it as `-`.
		// With no path, a pipe or a file on stdin is read the same way (io/piped-input.ts says which count).
		store.setStatus({label: 'standard input', state: follow ? 'following' : 'reading'});
		const children = childSessionsFor(undefined, fileOptions);
		const next = children?.feed ?? feed;
		const reader = readStream(process.stdin, checked('standard input', next), {label: 'standard input', cut, onError, pace});
		source = {close: async () => void (await Promise.all([reader.close(), children?.close()]))};
	} else {
		// Nothing named, or --latest: the newest session by activity, the running one if one runs.
		const target = input[0] ?? dataRoot;
		// The first frame's modules load while the session is located.
		const painter = screen && replaySpeed === undefined ? import('./ui/first-frame.js') : undefined;
		painter?.catch(() => undefined);
		// With no trace named (or --latest), a session that starts later is offered in the footer:
		// the sessions there are now are listed beside the newest one's lookup, before anything shows.
		if (screen && input.length === 0) {
			// After the first listing the watch follows the overview: a nudge (and with --notify a desktop notification) when another session waits, fails or finishes.
			const {cachedPerProject} = await import('./commands/list-cost.js');
			overview = new (await import('./io/disk-overview.js')).DiskOverview(dataRoot, {}, cachedPerProject(pricesOf, projectConfigOf));
			const notify = flags.notify ? (await import('./render/notify.js')).notificationSequence : undefined;
			offers = (await import('./io/new-sessions.js')).watchNewSessions(dataRoot, {
				overview,
				onNudge: notify && ((_, text) => process.stdout.write(notify('penguin-view', text, {tmux: settings.insideTmux === true}))),
			});
			cleanup.push(async () => offers?.close());
		}
		const [located] = await Promise.all([locateSession(target, {dataRoot}), offers?.ready]);
		if (!located.ok) {
			say((input.length === 0 ? await missingDataRoot(dataRoot) : undefined) ?? located.message);
			return 1;
		}
		const read = await pricesOf(located.kind === 'stream' ? located.path : (located.shards[0] ?? located.folder));
		store.setStatus({prices: read.prices});
		if (read.notice !== undefined) {
			// The harness reads a missing config as its default (no models): the screen keeps its
			// footer for the source, and says only a config that is there and cannot be read.
			if (!screen) say(read.notice);
			else if (!read.missing) store.setStatus({message: read.notice});
		}
		if (located.kind === 'stream') {
			store.setStatus({label: path.basename(located.path), state: 'reading'});
			source = readStream(located.path, checked(located.path, feed), {cut, onError, pace});
		} else {
			folder = located.folder;
			const newest = located.shards.at(-1) ?? located.sessionId;
			store.setStatus({
				label: path.basename(newest),
				// A compressed trace is read to its end, never followed.
				state: replaySpeed !== undefined ? 'replaying' : follow && !located.compressed ? 'following' : 'reading',
			});
			// PENGUIN_VIEW_TAIL_FIRST=0 reads from the first byte instead: the benchmark's baseline.
			// gzip data cannot be read from its end: a compressed trace is read from the start.
			if (screen && replaySpeed === undefined && !located.compressed && process.env['PENGUIN_VIEW_TAIL_FIRST'] !== '0') {
				// The screen shows the end of the trace at once, drawn before Ink is even loaded
				// (that takes most of a second on a slow machine), and reads its history behind it.
				const {paintFirstFrame} = await (painter ?? import('./ui/first-frame.js'));
				source = openTailFirst(located, {
					store,
					follow,
					held,
					startHistory: follower => startFileSession(located, {...fileOptions, follower}),
					onPreview: () => (firstFrame = paintFirstFrame(store, {expand, color, texts: held})),
				});
			} else {
				const started = startFileSession(located, {
					...fileOptions,
					replaySpeed,
					filter: next => checked(newest, next),
					onError,
					// A followed file read to its end with nothing but malformed lines is refused then.
					follower: check && {onCaughtUp: () => check.caughtUp()},
				});
				source = started;
				replay = started.replay;
			}
		}
	}

	const stopSource = once(async () => source.close());
	cleanup.push(stopSource);
	// After the source: nothing is held once nothing more can come.
	if (held) cleanup.push(async () => held.close());
	armProcessFault();
	if (screen) {
		// React's development build (the default without NODE_ENV) renders about twice as slowly
		// and measures itself on every render: the screen runs the production one.
		process.env['NODE_ENV'] ??= 'production';
		const {runScreen} = await (await import('./ui/load-screen.js')).loadScreen();
		// The picker (s), an overview of the sessions under the data root (io/disk-overview.ts); opening
		// one stops whatever was shown (a trace, standard input or an SSE stream) and follows the chosen trace.
		const listing = overview ?? new (await import('./io/disk-overview.js')).DiskOverview(dataRoot);
		const sessions: SessionSwitcher = serverSwitcher ?? {
			root: dataRoot,
			current: () => store.view.header.sessionId,
			list: async () => listing.list(Date.now()),
			...offers?.switcherPart(() => store.view.header.sessionId),
			async open(session) {
				if ('kind' in session) throw new Error('not a session on disk');
				streaming = false;
				await source.close();
				store.rebuild([]);
				const read = await pricesOf(session.shards[0] ?? session.folder);
				store.setStatus({label: path.basename(session.shards.at(-1) ?? session.sessionId), state: 'following', message: read.missing ? undefined : read.notice, retryAt: undefined, noHistory: undefined, prices: read.prices});
				source = startFileSession(session, {...fileOptions, follow: true});
			},
		};
		const acting = flags.readOnly ? ({mode: 'off'} as const) : undefined;
		await runScreen(store, {expand, color, texts: held, attributes: attributesWanted(process.env), sessions, bell: flags.bell, mouse: flags.mouse, actions, acting, handOver: firstFrame?.handOver, replay});
		await stopSource();
		return store.status.state === 'failed' ? 1 : 0;
	}

	if (whole) {
		await Promise.race([ended, refused]);
		await stopSource();
		if (check?.refusal !== undefined) return refuse(check.refusal, store);
		await pricesReady();
		const children = folder === undefined ? undefined : {dataRoot, folder};
		const result = flags.stats
			? await (await import('./commands/stats.js')).statsCommand({inputs: store.view, children, prices: store.status.prices})
			: await (await import('./commands/export.js')).exportCommand({format: flags.export as 'md' | 'json' | 'sts', redact: flags.redact, inputs: store.view, children, prices: store.status.prices});
		out.write(result.stdout);
		process.stderr.write(result.stderr);
		await out.flush();
		return store.status.state === 'failed' ? 1 : 0;
	}

	if (writer === undefined) throw new Error('no writer loaded for this output');
	const detach = 'attachJsonWriter' in writer ? writer.attachJsonWriter(store, out, {canRebuild: flags.sse !== undefined}) : writer.attachPrinter(store, out, {color, canRebuild: flags.sse !== undefined, totalsOnFinish: flags.sse !== undefined, prerendered, name: store.status.label || undefined, aside: line => process.stderr.write(line)});
	const interrupted = new Promise<void>(resolve => {
		for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
	});
	await Promise.race([ended, interrupted, out.closed, refused]);
	if (check?.refusal !== undefined) {
		await stopSource();
		await out.flush();
		return refuse(check.refusal, store);
	}
	// Unless interrupted: the totals wait for a server's prices.
	await Promise.race([pricesReady(), interrupted]);
	detach.finish();
	await stopSource();
	await out.flush();
	// Another harness's trace (or another version's): said once, with the final counts.
	const unknownShapes = unknownShapeText(store.view.counts);
	if (unknownShapes !== undefined) say(unknownShapes);
	return store.status.state === 'failed' ? 1 : 0;
}

/** A first run: no data root (yet, or PENGUIN_HOME points elsewhere); what to do instead, in one line. */
async function missingDataRoot(dataRoot: string): Promise<string | undefined> {
	try {
		await stat(dataRoot);
		return undefined;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
		return `${path.resolve(dataRoot)}: no such folder, so no sessions to show: give a trace file or a session id, follow a server with --sse URL, or set PENGUIN_HOME to PenguinHarness's data folder`;
	}
}

/** Actions that go out only while `live()` (the stream is still the session shown). */
function actionsWhile(actions: SessionActions, live: () => boolean): SessionActions {
	return {
		send: async request => (live() ? actions.send(request) : {ok: false, reason: 'the stream was left for a session on disk, which cannot be acted on'}),
	};
}

/** Says why the input was refused (unless its reading already failed and said so): exit code 1. */
function refuse(refusal: string, store: SessionStore): number {
	if (store.status.state !== 'failed') say(refusal);
	return 1;
}

function once<T>(fn: () => Promise<T>): () => Promise<T | undefined> {
	let promise: Promise<T> | undefined;
	return async () => {
		promise ??= fn();
		return promise;
	};
}

export type {ModelInput};

/** PENGUIN_VIEW_HISTORY_MS: how long a stream's history may go unanswered (ms; the client's 10 s when unset or not a positive number). */
function historyTimings(env: NodeJS.ProcessEnv): {historyAnswerMs?: number} {
	const ms = Number(env['PENGUIN_VIEW_HISTORY_MS']);
	return Number.isInteger(ms) && ms > 0 ? {historyAnswerMs: ms} : {};
}
