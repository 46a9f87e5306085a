/**
 * Where a session's prices come from on disk: its project's `.project_config.toml`
 * (`<data root>/<project>/agents/<agent>/traces/<date>/<trace>`, the harness's layout), or
 * the file `--prices` names. The project config also holds API keys: it is parsed here and
 * only the price table leaves (cost/prices.ts); its text and the parser's errors never do.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {noPrices, pricesOfText, type PriceTable} from '../cost/prices.js';

/** The TOML parser, loaded only when there is a config to read (it is not small, and most runs have none). */
async function tomlParser(): Promise<(text: string) => unknown> {
	return (await import('smol-toml')).parse;
}

/**
 * A project's prices, and the one line to say when they could not be read; `missing` when the project has no config
 * file (the harness then uses its defaults: no models).
 */
export type ReadPrices = {prices: PriceTable; notice?: string; missing?: boolean};

/** The project config of a trace in the harness's layout; undefined for a trace elsewhere. */
export function projectConfigOf(tracePath: string): string | undefined {
	const parts = path.resolve(tracePath).split(path.sep);
	// …/<project>/agents/<agent>/traces/<date>/<file>: the last `traces` two below an `agents`.
	for (let i = parts.length - 2; i >= 3; i--) {
		if (parts[i] === 'traces' && parts[i - 2] === 'agents')
			return [...parts.slice(0, i - 2), '.project_config.toml'].join(path.sep);
	}
	return undefined;
}

/**
 * The prices of the project a trace belongs to. Never fails: outside a project, no prices and
 * nothing to say; a config missing, unreadable or not parsed, no prices and one notice.
 */
export async function readProjectPrices(tracePath: string): Promise<ReadPrices> {
	const config = projectConfigOf(tracePath);
	if (config === undefined) return {prices: noPrices};
	let text: string;
	try {
		text = await readFile(config, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const why = code === 'ENOENT' ? 'there is no' : `cannot read${code === undefined ? '' : ` (${code})`} the`;
		return {prices: noPrices, notice: `no prices: ${why} project config ${config}`, missing: code === 'ENOENT'};
	}
	const prices = pricesOfText(text, await tomlParser());
	if (prices === undefined)
		return {prices: noPrices, notice: `no prices: the project config ${config} is not valid TOML`};
	return {prices};
}

/**
 * The table `--prices FILE` names (TOML or JSON, the shape of a project config's `[[models]]`); a message when it
 * cannot be read.
 */
export async function readPricesFile(file: string): Promise<PriceTable | {message: string}> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return {message: `--prices ${file}: cannot be read${code === undefined ? '' : ` (${code})`}`};
	}
	const prices = pricesOfText(text, await tomlParser());
	if (prices === undefined) return {message: `--prices ${file}: not a TOML or JSON price table`};
	if (prices.size === 0) return {message: `--prices ${file}: no [[models]] entry with a [models.pricing] table`};
	return prices;
}
