/**
 * The picker (s) over the sessions under the data root: opening one stops whatever was shown
 * (a trace, standard input or an SSE stream) and follows the chosen trace in the same store.
 */
import path from 'node:path';
import {startFileSession, type FileOptions} from '../io/file-session.js';
import type {NewSessionWatch} from '../io/new-sessions.js';
import type {ReadPrices} from '../io/project-prices.js';
import {DiskOverview} from '../io/disk-overview.js';
import type {SessionStore} from '../model/session-store.js';
import type {SessionSwitcher} from '../server/session-switcher.js';
import type {RunningSource} from './running-source.js';

export type DiskSwitcherOptions = {
	dataRoot: string;
	store: SessionStore;
	running: RunningSource;
	/** Sessions that start later, offered in the footer (L). */
	offers?: NewSessionWatch;
	/** The overview the watch keeps, when there is one. */
	overview?: DiskOverview;
	/** A session's prices, from the path of its first trace. */
	pricesOf: (tracePath: string) => Promise<ReadPrices>;
	fileOptions: FileOptions;
	now: () => number;
};

/** The sessions under `dataRoot`, and how to open one in place of the running source. */
export function diskSwitcher(options: DiskSwitcherOptions): SessionSwitcher {
	const {dataRoot, store, running} = options;
	// The picker (s) is an overview of the sessions: what each does now, those that need you first.
	const listing = options.overview ?? new DiskOverview(dataRoot);
	return {
		root: dataRoot,
		current: () => store.view.header.sessionId,
		list: async () => listing.list(options.now()),
		async searchContents(sessions, query, onHit, cancelled) {
			const onDisk = sessions.flatMap(session => ('kind' in session ? [] : [session]));
			await (await import('../commands/grep.js')).searchContents(onDisk, query, onHit, cancelled);
		},
		...options.offers?.switcherPart(() => store.view.header.sessionId),
		async open(session) {
			if ('kind' in session) throw new Error('not a session on disk');
			await running.leave();
			store.rebuild([]);
			const read = await options.pricesOf(session.shards[0] ?? session.folder);
			store.setStatus({
				label: path.basename(session.shards.at(-1) ?? session.sessionId),
				state: 'following',
				message: read.missing ? undefined : read.notice,
				pricesNote: read.notice,
				retryAt: undefined,
				noHistory: undefined,
				prices: read.prices,
			});
			running.follow(startFileSession(session, {...options.fileOptions, follow: true}));
		},
	};
}
