/**
 * A trace on disk opened: the one named, else the newest session under the data root (the
 * running one if one runs). The screen shows its end at once and reads its history behind
 * it (io/tail-first.ts); otherwise it is read from the start (or replayed).
 */
import {stat} from 'node:fs/promises';
import path from 'node:path';
import {startFileSession} from '../io/file-session.js';
import {locateSession} from '../io/session-locator.js';
import {readStream, type InputsHandler} from '../io/trace-follower.js';
import type {NewSessionWatch} from '../io/new-sessions.js';
import type {DiskOverview} from '../io/disk-overview.js';
import {projectConfigOf} from '../io/project-prices.js';
import type {OpenedSource, SourceOptions} from './source-options.js';

/** The trace the flags name (or the newest session), started; an exit code when there is none. */
export async function openTrace(options: SourceOptions): Promise<OpenedSource | {exitCode: number}> {
	const {input, store, screen, replaySpeed, fileOptions, settings, check} = options;
	const {dataRoot} = settings;
	const target = input[0] ?? dataRoot;
	// The first frame's modules load while the session is located.
	const painter = screen && replaySpeed === undefined ? import('../ui/components/first-frame.js') : undefined;
	painter?.catch(() => undefined);
	// The data root is watched while the screen runs: a session that starts later is offered in the
	// footer, and after its first listing the watch follows the overview (io/disk-overview.ts): a nudge,
	// and with --notify a desktop notification, when another session waits, fails or finishes. The
	// sessions there are now are listed beside the lookup, before anything shows. A trace or session id
	// named keeps the watch only when it lives under the data root.
	const named = input[0];
	const watching =
		screen && (named === undefined || !/[/\\]/.test(named) || within(dataRoot, named))
			? watchDataRoot(options)
			: undefined;
	const [located, watched] = await Promise.all([
		locateSession(target, {dataRoot}),
		watching?.then(async started => {
			await started.offers.ready;
			return started;
		}),
	]);
	if (!located.ok) {
		options.say((input.length === 0 ? await missingDataRoot(dataRoot) : undefined) ?? located.message);
		return {exitCode: 1};
	}
	const kept = watched && (named === undefined || (located.kind === 'session' && within(dataRoot, located.folder)));
	if (!kept) watched?.offers.close();
	const {offers, overview} = (kept && watched) || {};
	const read = await options.pricesOf(located.kind === 'stream' ? located.path : (located.shards[0] ?? located.folder));
	store.setStatus({prices: read.prices, pricesNote: read.notice});
	// The harness reads a missing config as its default (no models): that is no warning, and the
	// reason waits in --stats and the notice log. A config that is there and cannot be read is said.
	if (read.notice !== undefined && !read.missing) {
		if (!screen) options.say(read.notice);
		else store.setStatus({message: read.notice});
	}
	const checked = (label: string, next: InputsHandler): InputsHandler => check?.wrap(label, next) ?? next;
	const pricesReady = async (): Promise<void> => undefined;
	if (located.kind === 'stream') {
		store.setStatus({label: path.basename(located.path), state: 'reading'});
		return {
			source: readStream(
				located.path,
				checked(located.path, batch => store.apply(batch)),
				{cut: fileOptions.cut, onError: options.onError, pace: fileOptions.pace},
			),
			offers,
			overview,
			pricesReady,
		};
	}
	const newest = located.shards.at(-1) ?? located.sessionId;
	store.setStatus({
		// A replay starts at the first shard: the header names the one being played (ui/screen/status-line.ts's
		// shardLabel moves it on with the session's context), not the newest.
		label: path.basename(replaySpeed !== undefined ? (located.shards[0] ?? newest) : newest),
		// A compressed trace is read to its end, never followed.
		state: replaySpeed !== undefined ? 'replaying' : options.follow && !located.compressed ? 'following' : 'reading',
	});
	// PENGUIN_VIEW_TAIL_FIRST=0 reads from the first byte instead: the benchmark's baseline.
	// gzip data cannot be read from its end: a compressed trace is read from the start.
	if (screen && replaySpeed === undefined && !located.compressed && settings.switches.tailFirst) {
		// The screen shows the end of the trace at once, drawn before Ink is even loaded
		// (that takes most of a second on a slow machine), and reads its history behind it.
		// tail-first.ts is the screen's alone: loaded beside the painter, not on every start.
		const [{paintFirstFrame}, {openTailFirst}] = await Promise.all([
			painter ?? import('../ui/components/first-frame.js'),
			import('../io/tail-first.js'),
		]);
		const {expand, color, held, palette} = options.firstFrame;
		const opened: OpenedSource = {
			source: {close: () => undefined},
			folder: located.folder,
			offers,
			overview,
			pricesReady,
		};
		opened.source = openTailFirst(located, {
			store,
			follow: options.follow,
			held,
			startHistory: follower => startFileSession(located, {...fileOptions, follower}),
			onPreview: () => (opened.firstFrame = paintFirstFrame(store, {expand, color, texts: held, palette})),
		});
		return opened;
	}
	const started = startFileSession(located, {
		...fileOptions,
		replaySpeed,
		filter: next => checked(newest, next),
		onError: options.onError,
		// A followed file read to its end with nothing but malformed lines is refused then.
		follower: check && {onCaughtUp: () => check.caughtUp()},
	});
	return {source: started, replay: started.replay, folder: located.folder, offers, overview, pricesReady};
}

type Watched = {offers: NewSessionWatch; overview: DiskOverview};

/** The watch of the data root with its overview: nudges, L, --notify and the live list; stopped on the way out. */
async function watchDataRoot(options: SourceOptions): Promise<Watched> {
	const {settings} = options;
	const {cachedPerProject} = await import('../commands/list-cost.js');
	const overview = new (await import('../io/disk-overview.js')).DiskOverview(
		settings.dataRoot,
		{},
		cachedPerProject(options.pricesOf, projectConfigOf),
	);
	const notify = options.flags.notify ? (await import('../render/notify.js')).notificationSequence : undefined;
	const offers = (await import('../io/new-sessions.js')).watchNewSessions(settings.dataRoot, {
		overview,
		onNudge: notify && ((_, text) => process.stdout.write(notify('penguin-view', text, {tmux: settings.insideTmux}))),
	});
	options.cleanup.push(async () => offers.close());
	return {offers, overview};
}

/** `folder` is the data root or inside it (a data root that is not there holds nothing). */
function within(dataRoot: string, folder: string): boolean {
	const relative = path.relative(path.resolve(dataRoot), path.resolve(folder));
	return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** A first run: no data root (yet, or PENGUIN_HOME points elsewhere); what to do instead, in one line. */
export async function missingDataRoot(dataRoot: string): Promise<string | undefined> {
	try {
		await stat(dataRoot);
		return undefined;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
		return (
			`${path.resolve(dataRoot)}: no such folder, so no sessions to show: give a trace file or a session ` +
			`id, follow a server with --sse URL, or set PENGUIN_HOME to PenguinHarness's data folder`
		);
	}
}
