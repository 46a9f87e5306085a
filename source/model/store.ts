/**
 * The bridge between sources and views: owns the session model, applies batches of
 * inputs, and tells subscribers that something changed. Views coalesce those calls into
 * frames themselves; the store never renders.
 */
import type {ModelInput} from './input.js';
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
};

export class SessionStore {
	model: SessionModel;
	status: SourceStatus;
	private readonly listeners = new Set<() => void>();
	private readonly taps = new Set<(inputs: readonly ModelInput[]) => void>();
	private readonly options: SessionModelOptions;
	private readonly clock: () => number;

	constructor(status: SourceStatus, options: SessionModelOptions = {}, clock: () => number = Date.now) {
		this.options = options;
		this.clock = clock;
		this.model = new SessionModel(options);
		this.status = status;
	}

	get view(): SessionView {
		return this.model.view;
	}

	/** Apply a batch and notify once. */
	apply(inputs: readonly ModelInput[]): void {
		if (inputs.length === 0) return;
		for (const tap of this.taps) tap(inputs);
		this.model.applyAll(inputs, this.clock());
		this.notify();
	}

	/** Replace the model with one rebuilt from scratch (an SSE resync): the old one stays visible until then. */
	rebuild(inputs: readonly ModelInput[]): void {
		const model = new SessionModel(this.options);
		model.applyAll(inputs, this.clock());
		this.model = model;
		this.notify();
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

	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private notify(): void {
		for (const listener of this.listeners) listener();
	}
}
