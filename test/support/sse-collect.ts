// Collects what an SSE client reports, and waits for a condition on it with a deadline.
import type {ModelInput, ServerEvent} from '../../source/model/input.js';
import type {ConnectionStatus, SseClientEvent} from '../../source/io/sse/client-events.js';
import type {OmniMessage} from '../../source/protocol/types.js';
import {waitLimitMs} from './wait-for.js';

/** Everything a client reported, in order. */
export class Collector {
	readonly events: SseClientEvent[] = [];
	private waiters: Array<() => void> = [];

	/** The listener to hand to startSseClient. */
	readonly listener = (event: SseClientEvent): void => {
		this.events.push(event);
		for (const wake of this.waiters) wake();
	};

	/** Every input, flattened. */
	inputs(): ModelInput[] {
		return this.events.flatMap(event => (event.type === 'inputs' ? event.inputs : []));
	}

	/** The OmniMessages among the inputs. */
	messages(): OmniMessage[] {
		return this.inputs().flatMap(input => (input.kind === 'message' ? [input.message] : []));
	}

	/** The server events among the inputs. */
	serverEvents(): Array<{event: ServerEvent; origin?: string[]}> {
		return this.inputs().flatMap(input =>
			input.kind === 'server_event' ? [{event: input.event, origin: input.origin}] : [],
		);
	}

	/** The notices' texts. */
	notices(): string[] {
		return this.inputs().flatMap(input => (input.kind === 'notice' ? [input.text] : []));
	}

	statuses(): ConnectionStatus[] {
		return this.events.flatMap(event => (event.type === 'status' ? [event.status] : []));
	}

	/** Inputs after the last reset (the view a rebuilt model shows). */
	inputsSinceReset(): ModelInput[] {
		const last = this.events.map(event => event.type).lastIndexOf('reset');
		return this.events.slice(last + 1).flatMap(event => (event.type === 'inputs' ? event.inputs : []));
	}

	/** Resolves once `check` holds; rejects after `timeoutMs` saying what was awaited. */
	until(check: () => boolean, what: string, timeoutMs = waitLimitMs): Promise<void> {
		if (check()) return Promise.resolve();
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.waiters = this.waiters.filter(waiter => waiter !== wake);
				const last = this.statuses().at(-1);
				reject(new Error(`timed out waiting for ${what} (last status: ${JSON.stringify(last)})`));
			}, timeoutMs);
			const wake = (): void => {
				if (!check()) return;
				clearTimeout(timer);
				this.waiters = this.waiters.filter(waiter => waiter !== wake);
				resolve();
			};
			this.waiters.push(wake);
		});
	}
}

/** Timings that keep the suite fast. */
export const fastTimings = {initialRetryMs: 5, maxRetryMs: 40, idleTimeoutMs: 2000, firstEventWaitMs: 50};
