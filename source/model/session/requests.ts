/**
 * Model requests: request_begin opens one, request_end closes it (or opens and closes one
 * when its begin is missing); a failed request followed by another is marked retried. A
 * compaction's own requests are not the conversation's and are left out.
 */
import type {TokenCounts} from '../../protocol/types.js';
import type {RequestItem} from '../view-model.js';
import type {SessionCore} from './core.js';
import type {Fragments} from './fragments.js';

/** One session's requests. */
export class Requests {
	private openRequest?: RequestItem;
	private lastRequest?: RequestItem;

	constructor(
		private readonly core: SessionCore,
		private readonly fragments: Fragments,
	) {}

	begin(at: number | undefined): void {
		const core = this.core;
		if (core.compaction) return;
		this.fragments.settleAwaiting();
		const previous = this.lastRequest;
		if (previous && previous.status !== 'completed' && previous.status !== 'running' && !previous.retried) {
			core.touch(previous).retried = true;
		}
		core.view.counts.requests++;
		const item = core.push({
			kind: 'request',
			index: core.view.counts.requests,
			status: 'running',
			retried: false,
			id: core.nextId(),
			rev: 0,
			at,
		} satisfies RequestItem);
		this.openRequest = item;
		this.lastRequest = item;
	}

	end(
		status: string,
		error: string | undefined,
		attempt: number | undefined,
		retryInMs: number | undefined,
		at: number | undefined,
	): void {
		const core = this.core;
		if (core.compaction) return;
		this.fragments.settleAwaiting();
		if (!this.openRequest) this.begin(at);
		const item = core.touch(this.openRequest!);
		item.status = status;
		item.error = error;
		item.attempt = attempt;
		item.retryInMs = retryInMs;
		item.retryAt = retryInMs !== undefined && at !== undefined ? at + retryInMs : undefined;
		item.endedAt = at;
		if (status !== 'completed' && status !== 'aborted') {
			if (retryInMs !== undefined) core.view.counts.retries++;
			else core.view.counts.failures++;
		}
		this.openRequest = undefined;
		core.record(item, 'item');
	}

	/** The token usage of the request open now (none inside a compaction). */
	usage(request: TokenCounts): void {
		if (this.openRequest) this.core.touch(this.openRequest).usage = request;
	}
}
