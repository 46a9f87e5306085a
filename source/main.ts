/**
 * From flags to a running viewer: pick the source (trace files, standard input, SSE),
 * pick the output (the screen, plain text, JSON Lines), connect them through the store,
 * and turn every failure into one line and an exit code.
 */
import path from 'node:path';
import {defaultDataRoot, locateSession} from './io/session-locator.js';
import {followTrace, readStream, type InputsHandler} from './io/trace-follower.js';
import {startReplay} from './io/replay.js';
import type {ModelInput} from './model/input.js';
import {SessionStore} from './model/store.js';
import {colorWanted} from './render/color.js';
import {attachJsonWriter} from './output/json-writer.js';
import {attachPrinter} from './output/printer.js';
import {safeWriter} from './output/safe-writer.js';

export type Flags = {
	sse?: string;
	cookie?: string;
	header?: string[];
	user?: string;
	insecure: boolean;
	print: boolean;
	json: boolean;
	follow: boolean;
	color?: boolean;
	expand?: string[];
	replay?: string;
	list: boolean;
	stats: boolean;
	export?: string;
	redact: boolean;
	debug: boolean;
};

/** Thrown for bad usage: printed with a hint, exit code 2. */
export class UsageError extends Error {}

const expandChoices = new Set(['thinking', 'outputs', 'all']);
const exportFormats = new Set(['md', 'json', 'sts']);

/** Stops a running source. */
type Stoppable = {close(): void | Promise<void>};

export async function main(input: readonly string[], flags: Flags): Promise<number> {
	try {
		return await run([...input], flags);
	} catch (error) {
		if (error instanceof UsageError) {
			process.stderr.write(`penguin-view: ${error.message}\nTry 'penguin-view --help'.\n`);
			return 2;
		}
		const message = error instanceof Error ? error.message : String(error);
		process.stderr.write(`penguin-view: unexpected error: ${message.split('\n')[0]}\n`);
		if (flags.debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
		else process.stderr.write('Run again with --debug to see where it happened.\n');
		return 1;
	}
}

async function run(input: string[], flags: Flags): Promise<number> {
	let replaySpeed: number | undefined;
	if (flags.replay !== undefined) {
		// `--replay trace.jsonl` reads the path as the flag's value: take it back.
		const speed = Number(flags.replay === '' ? 1 : flags.replay);
		if (Number.isFinite(speed) && speed > 0) replaySpeed = speed;
		else {
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

	const dataRoot = defaultDataRoot(process.env);
	if (flags.list) {
		const {listCommand} = await import('./commands/list.js');
		const listed = await listCommand({dataRoot, json: flags.json});
		process.stdout.write(listed.stdout);
		process.stderr.write(listed.stderr);
		return listed.exitCode;
	}
	// --stats and --export read the whole session first, then write one document.
	const whole = flags.stats || flags.export !== undefined;
	const screen = !whole && !flags.print && !flags.json && process.stdout.isTTY === true;
	const color = colorWanted(process.stdout.isTTY === true, process.env, flags.color);
	const follow = whole ? false : flags.follow;
	const store = new SessionStore({label: '', state: 'connecting'}, {recordFinalized: !screen && !flags.json && !whole, keepItems: screen || whole});
	const out = safeWriter(process.stdout);

	const ended = new Promise<void>(resolve => {
		store.subscribe(() => {
			if (!store.view.ended) return;
			if (store.status.state !== 'ended' && store.status.state !== 'failed') store.setStatus({state: 'ended'});
			resolve();
		});
	});
	const feed: InputsHandler = batch => store.apply(batch);

	let source: Stoppable;
	let folder: string | undefined;
	if (flags.sse) {
		const {startSse} = await import('./io/sse-source.js');
		const started = await startSse(flags.sse, flags, store, {follow, interactive: screen});
		if (!started.ok) {
			process.stderr.write(`penguin-view: ${started.message}\n`);
			return 1;
		}
		source = started.source;
	} else if (input[0] === '-') {
		store.setStatus({label: 'standard input', state: follow ? 'following' : 'reading'});
		source = readStream(process.stdin, feed, {label: 'standard input'});
	} else {
		const target = input[0] ?? dataRoot;
		const located = await locateSession(target, {dataRoot});
		if (!located.ok) {
			process.stderr.write(`penguin-view: ${located.message}\n`);
			return 1;
		}
		if (located.kind === 'stream') {
			store.setStatus({label: path.basename(located.path), state: 'reading'});
			source = readStream(located.path, feed);
		} else {
			folder = located.folder;
			const newest = located.shards.at(-1) ?? located.sessionId;
			store.setStatus({
				label: path.basename(newest),
				state: replaySpeed !== undefined ? 'replaying' : follow ? 'following' : 'reading',
			});
			if (replaySpeed === undefined) {
				source = followTrace({sessionId: located.sessionId, folder: located.folder, shards: located.shards, follow, onInputs: feed});
			} else {
				source = startReplay({sessionId: located.sessionId, folder: located.folder, shards: located.shards, speed: replaySpeed, onInputs: feed});
			}
		}
	}

	const stopSource = once(async () => source.close());
	if (screen) {
		const {runScreen} = await import('./ui/run-screen.js');
		await runScreen(store, {expand, color});
		await stopSource();
		return store.status.state === 'failed' ? 1 : 0;
	}

	if (whole) {
		await ended;
		await stopSource();
		const children = folder === undefined ? undefined : {dataRoot, folder};
		const result = flags.stats
			? await (await import('./commands/stats.js')).statsCommand({inputs: store.view, children})
			: await (await import('./commands/export.js')).exportCommand({format: flags.export as 'md' | 'json' | 'sts', redact: flags.redact, inputs: store.view, children});
		out.write(result.stdout);
		process.stderr.write(result.stderr);
		await out.flush();
		return store.status.state === 'failed' ? 1 : 0;
	}

	const detach = flags.json ? attachJsonWriter(store, out) : attachPrinter(store, out, {color});
	const interrupted = new Promise<void>(resolve => {
		for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
	});
	await Promise.race([ended, interrupted, out.closed]);
	detach.finish();
	await stopSource();
	await out.flush();
	return store.status.state === 'failed' ? 1 : 0;
}

function once<T>(fn: () => Promise<T>): () => Promise<T | undefined> {
	let promise: Promise<T> | undefined;
	return async () => {
		promise ??= fn();
		return promise;
	};
}

export type {ModelInput};
