/**
 * The bridge between sources and views: owns the session model, applies batches of
 * inputs, and tells subscribers that something changed. Views coalesce those calls into
 * frames themselves; the store never renders.
 */
import type {PriceTable} from '../cost/prices.js';
import type {ServerFigure} from './server-billed.js';
import type {ModelInput} from './input.js';
import {keepFirstSeen} from './session/core.js';
import {SessionModel, type SessionModelOptions} from './session-model.js';
import type {SessionView} from './view-model.js';

/** Where the session comes from and how that connection is, for the header. */
export type SourceStatus = {
	/** `trace.jsonl (shard 2)`, or the stream URL. */
	label: string;
	/** following, connecting, live, reconnecting, resyncing, ended, failed, replaying. */
	state: string;
	/** Epoch ms of the next reconnect attempt, for a countdown. */
	retryAt?: number;
	/** One line that says what went wrong, when something did. */
	message?: string;
	/** Set when the stream has no history (another URL shape, or /messages failed). */
	noHistory?: boolean;
	/** The prices of the session's project (its config, its server's models, or --prices); none: tokens only. */
	prices?: PriceTable;
	/** Why there are no prices (`no prices: there is no project config …`), for --stats and the notice log. */
	pricesNote?: string;
	/** The server's title for the session, for when its messages name none (a finished session read from its trace). */
	title?: string;
	/**
	 * A server's session: the server's own figure for its cost, requests and tokens (its usage route, with the requests
	 * the trace does not hold, the title's); `unknown`: the route did not answer, the trace's figure stands, said as such.
	 */
	serverCost?: ServerFigure | 'unknown';
	/** While the end of a trace is shown and its history is read behind it: how much is read, 0–1. */
	loading?: number;
};

// A preview's ids: above any a whole session's items need, with room between them.
const previewFirstId = 2 ** 40;
const previewIdStep = 2 ** 20;

export class SessionStore {
	/** The model that `apply` feeds. */
	model: SessionModel;
	status: SourceStatus;
	/**
	 * What is shown instead of `model` while `model` is still being built (the end of a large
	 * trace, read first, while its whole history is read behind it); see `preview`.
	 */
	private shown: SessionModel | undefined;
	private readonly listeners = new Set<() => void>();
	private readonly taps = new Set<(inputs: readonly ModelInput[]) => void>();
	private readonly rebuildTaps = new Set<(inputs: readonly ModelInput[]) => void>();
	private afterInput: Array<() => void> = [];
	/** What every input goes through before anyone sees it (--redact), when set. */
	private filter: ((inputs: readonly ModelInput[]) => readonly ModelInput[]) | undefined;
	private readonly options: SessionModelOptions;
	private readonly clock: () => number;

	constructor(status: SourceStatus, options: SessionModelOptions = {}, clock: () => number = Date.now) {
		this.options = options;
		this.clock = clock;
		this.model = new SessionModel(options);
		this.status = status;
	}

	/** What views show: the preview while there is one, else the model. */
	get view(): SessionView {
		return (this.shown ?? this.model).view;
	}

	/** Whether a preview is shown while the model is built behind it. */
	get previewing(): boolean {
		return this.shown !== undefined;
	}

	/** Pass every input (of apply, rebuild and the preview) through `filter` first, taps included: --redact's hook. */
	filterInputs(filter: (inputs: readonly ModelInput[]) => readonly ModelInput[]): void {
		this.filter = filter;
	}

	/** Apply a batch and notify once (behind a preview: quietly, nothing visible changed). */
	apply(given: readonly ModelInput[]): void {
		if (given.length === 0) return;
		const inputs = this.filter ? this.filter(given) : given;
		for (const tap of this.taps) tap(inputs);
		this.applyTo(this.model, inputs);
		if (!this.shown) this.notify();
	}

	/**
	 * Replace the model with one rebuilt from scratch (an SSE resync), in one go: views see
	 * only the rebuilt one. Its items take the ids of the old model's items they stand for
	 * (SessionModel.adoptIdsFrom), so the reader's focus, open panes and place stay put.
	 */
	rebuild(given: readonly ModelInput[]): void {
		const inputs = this.filter ? this.filter(given) : given;
		const old = this.model;
		for (const tap of this.rebuildTaps) tap(inputs);
		const model = new SessionModel(this.options);
		this.model = model;
		this.shown = undefined;
		this.applyTo(model, inputs);
		model.adoptIdsFrom(old);
		keepFirstSeen(model.view, old.view);
		this.notify();
	}

	/**
	 * Start over with a model of `inputs` alone (the followed trace was replaced by another
	 * file): unlike rebuild, nothing of the old model is kept, not even its item ids.
	 */
	restart(inputs: readonly ModelInput[]): void {
		for (const tap of this.rebuildTaps) tap(inputs);
		this.model = new SessionModel(this.options);
		this.shown = undefined;
		this.applyTo(this.model, inputs);
		this.notify();
	}

	/**
	 * Call `listener` after each input is applied, before subscribers hear of the batch: print
	 * mode writes what each message made final as that message left it, so that how the
	 * inputs were grouped into batches (how the bytes were cut into reads) never shows.
	 */
	afterEachInput(listener: () => void): () => void {
		this.afterInput = [...this.afterInput, listener];
		return () => {
			this.afterInput = this.afterInput.filter(other => other !== listener);
		};
	}

	private applyTo(model: SessionModel, inputs: readonly ModelInput[]): void {
		const now = this.clock();
		const listeners = this.afterInput;
		if (listeners.length === 0) {
			model.applyAll(inputs, now);
			return;
		}
		for (const input of inputs) {
			model.apply(input, now);
			for (let i = 0; i < listeners.length; i++) listeners[i]!();
		}
	}

	/**
	 * Show `preview` while `apply` builds the real model from scratch behind it, unseen, until
	 * `reveal`. The preview is a model from `newModel`, fed with `applyPreview`. With `from`
	 * (where the preview's lines start in the trace, and the preview made with
	 * `newModel(true)`), the real model takes the preview's item ids on reveal.
	 */
	preview(preview: SessionModel, from?: {shard: number; offset: number}): void {
		this.shown = preview;
		this.model = new SessionModel(from ? {...this.options, trackFrom: from} : this.options);
		this.notify();
	}

	/** Apply a batch to the preview (a source that keeps it live); nothing when none is shown. */
	applyPreview(inputs: readonly ModelInput[]): void {
		if (!this.shown || inputs.length === 0) return;
		this.shown.applyAll(this.filter ? this.filter(inputs) : inputs, this.clock());
		this.notify();
	}

	/** Show the model built behind the preview, in its place: the swap is one frame. */
	reveal(): void {
		if (!this.shown) return;
		this.model.adoptIds(this.shown);
		this.shown = undefined;
		this.notify();
	}

	/**
	 * A new, empty model with this store's options (for a preview). A `tracked` one notes
	 * where its items come from, numbered high and wide apart (see SessionModel.adoptIds).
	 */
	newModel(tracked = false): SessionModel {
		return new SessionModel(
			tracked
				? {...this.options, firstId: previewFirstId, idStep: previewIdStep, trackFrom: {shard: 0, offset: 0}}
				: this.options,
		);
	}

	setStatus(status: Partial<SourceStatus>): void {
		this.status = {...this.status, ...status};
		this.notify();
	}

	/** See every batch of inputs before it is applied (the --json recorder). */
	tap(listener: (inputs: readonly ModelInput[]) => void): () => void {
		this.taps.add(listener);
		return () => this.taps.delete(listener);
	}

	/** See the whole input of every rebuild before it is applied (the --json recorder writes what it had not). */
	tapRebuild(listener: (inputs: readonly ModelInput[]) => void): () => void {
		this.rebuildTaps.add(listener);
		return () => this.rebuildTaps.delete(listener);
	}

	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private notify(): void {
		for (const listener of this.listeners) listener();
	}
}
