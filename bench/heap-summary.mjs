#!/usr/bin/env node
/**
 * The largest constructors of a V8 heap snapshot (.heapsnapshot), as DevTools' summary view
 * groups them: objects by constructor name, strings by kind (flat, concatenated, sliced),
 * code, arrays and the rest by their type. Self sizes only (what each object itself takes).
 *
 *   node bench/heap-summary.mjs FILE [--top 15]     prints a table
 * bench/soak.mjs imports heapSummary().
 */
import {readFileSync} from 'node:fs';

/** The `top` groups with the largest self size: [{name, count, bytes}], and the total. */
export function heapSummary(file, top = 15) {
	const snapshot = JSON.parse(readFileSync(file, 'utf8'));
	const meta = snapshot.snapshot.meta;
	const fields = meta.node_fields.length;
	const typeAt = meta.node_fields.indexOf('type');
	const nameAt = meta.node_fields.indexOf('name');
	const sizeAt = meta.node_fields.indexOf('self_size');
	const types = meta.node_types[typeAt];
	const {nodes, strings} = snapshot;
	const groups = new Map();
	let total = 0;
	for (let i = 0; i < nodes.length; i += fields) {
		const type = types[nodes[i + typeAt]];
		const size = nodes[i + sizeAt];
		total += size;
		// Objects and closures by what made them; strings and the rest by their kind.
		const name =
			type === 'object' || type === 'native'
				? strings[nodes[i + nameAt]]
				: type === 'closure'
					? '(closure)'
					: `(${type})`;
		const group = groups.get(name) ?? {name, count: 0, bytes: 0};
		group.count++;
		group.bytes += size;
		groups.set(name, group);
	}
	const largest = [...groups.values()].sort((a, b) => b.bytes - a.bytes).slice(0, top);
	return {total, largest};
}

/** The summary as a markdown table. */
export function summaryTable({total, largest}) {
	const lines = ['| constructor | count | self size |', '|---|---:|---:|'];
	for (const group of largest)
		lines.push(
			`| ${group.name} | ${group.count.toLocaleString('en-US')} | ${(group.bytes / (1 << 20)).toFixed(2)} MB |`,
		);
	lines.push(`| (all) | | ${(total / (1 << 20)).toFixed(2)} MB |`);
	return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const index = process.argv.indexOf('--top');
	console.log(summaryTable(heapSummary(process.argv[2], index === -1 ? 15 : Number(process.argv[index + 1]))));
}
