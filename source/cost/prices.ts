/**
 * The price table: USD per million tokens for each (provider, model_id), read from what the
 * harness keeps (a project's `.project_config.toml` `[[models]]`, or the server's models
 * answer). Pure. Only the identity and the three price buckets are taken from an entry: the
 * same file holds API keys, and nothing else of it is kept.
 */
import {isRecord} from '../protocol/guards.js';

/** Three price buckets, in USD per million tokens (the harness's ModelPricing). */
export type Rates = {cacheRead: number; cacheWrite: number; output: number};

/** Prices by model: `rates` is undefined for a model without a price. */
export type PriceTable = {
	rates(provider: string | undefined, modelId: string | undefined): Rates | undefined;
	/** How many models carry a price. */
	readonly size: number;
};

// The harness keys a model by the pair, never a concatenation; \0 cannot occur in either half.
const keyOf = (provider: string, modelId: string): string => `${provider}\0${modelId}`;

/** A table of the given entries; the first entry of a pair wins, as the harness's lookup does. */
export function priceTable(entries: ReadonlyArray<{provider: string; modelId: string; rates: Rates}>): PriceTable {
	const byModel = new Map<string, Rates>();
	for (const entry of entries) {
		const key = keyOf(entry.provider, entry.modelId);
		if (!byModel.has(key)) byModel.set(key, entry.rates);
	}
	return {
		rates: (provider, modelId) =>
			provider === undefined || modelId === undefined ? undefined : byModel.get(keyOf(provider, modelId)),
		size: byModel.size,
	};
}

/** The table with no prices: tokens only. */
export const noPrices: PriceTable = priceTable([]);

const price = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/**
 * The three buckets of a pricing table, as the harness reads them (project-config-service's
 * getPricing): any bucket given prices the model, a missing one counting 0. A unit other than
 * `usd_per_mtok` is not a price this viewer can read: none.
 */
function ratesOf(
	pricing: unknown,
	names: {read: string; write: string; output: string},
	unitless: boolean,
): Rates | undefined {
	if (!isRecord(pricing)) return undefined;
	if (!unitless && pricing['unit'] !== undefined && pricing['unit'] !== 'usd_per_mtok') return undefined;
	const cacheRead = price(pricing[names.read]);
	const cacheWrite = price(pricing[names.write]);
	const output = price(pricing[names.output]);
	if (cacheRead === undefined && cacheWrite === undefined && output === undefined) return undefined;
	return {cacheRead: cacheRead ?? 0, cacheWrite: cacheWrite ?? 0, output: output ?? 0};
}

const configNames = {read: 'cache_read', write: 'cache_write', output: 'output'};

/**
 * The prices of a parsed project config (or a `--prices` file of the same shape): `{models: [{provider, model_id,
 * pricing}]}`.
 */
export function pricesOfConfig(config: unknown): PriceTable {
	const models = isRecord(config) && Array.isArray(config['models']) ? config['models'] : [];
	const entries = [];
	for (const model of models) {
		if (!isRecord(model) || typeof model['provider'] !== 'string' || typeof model['model_id'] !== 'string') continue;
		const rates = ratesOf(model['pricing'], configNames, false);
		if (rates) entries.push({provider: model['provider'], modelId: model['model_id'], rates});
	}
	return priceTable(entries);
}

/**
 * The prices of a server's `GET /api/projects/:p/models` answer (ModelsResponse: `{models: [{provider, modelId,
 * pricing?: {cacheRead, cacheWrite, output}}]}`).
 */
export function pricesOfModelsAnswer(answer: unknown): PriceTable | undefined {
	if (!isRecord(answer) || !Array.isArray(answer['models'])) return undefined;
	const entries = [];
	for (const model of answer['models']) {
		if (!isRecord(model) || typeof model['provider'] !== 'string' || typeof model['modelId'] !== 'string') continue;
		const rates = ratesOf(model['pricing'], {read: 'cacheRead', write: 'cacheWrite', output: 'output'}, true);
		if (rates) entries.push({provider: model['provider'], modelId: model['modelId'], rates});
	}
	return priceTable(entries);
}

/**
 * The prices in a config's text, TOML (read with `parseToml`, smol-toml's parse: the parser the
 * harness reads the file with) or, starting with `{`, JSON; undefined when it cannot be parsed.
 * The parser's own message is dropped on purpose: it quotes the line it stopped at, and in a
 * project config that line may hold an API key.
 */
export function pricesOfText(text: string, parseToml: (text: string) => unknown): PriceTable | undefined {
	try {
		const parsed: unknown = text.trimStart().startsWith('{') ? JSON.parse(text) : parseToml(text);
		return pricesOfConfig(parsed);
	} catch {
		return undefined;
	}
}
