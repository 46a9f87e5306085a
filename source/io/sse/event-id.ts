/**
 * SSE event ids of the PenguinHarness server: `<epoch>-<seq>`. The epoch changes whenever the
 * server's channel is recreated (restart, reclaim), so seqs only compare within one epoch.
 */

/** An event id split into its channel epoch and sequence number. */
export type EventId = {epoch: string; seq: number};

/** Reads `<epoch>-<seq>` (split at the last dash, as the server does); undefined for any other shape. */
export function parseEventId(id: string | undefined): EventId | undefined {
	if (id === undefined) return undefined;
	const dash = id.lastIndexOf('-');
	if (dash <= 0) return undefined;
	const digits = id.slice(dash + 1);
	if (!/^\d+$/.test(digits)) return undefined;
	return {epoch: id.slice(0, dash), seq: Number(digits)};
}
