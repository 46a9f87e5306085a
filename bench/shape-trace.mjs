#!/usr/bin/env node
/**
 * Writes a trace whose shape is drawn from ranges by a seed: what print mode is fuzzed on
 * (`node bench/run.mjs --shapes`), data the bench's own mixes do not make. Each parameter below
 * is drawn once per seed, so that one trace is one shape; the shapes follow what upstream's
 * types allow (packages/core's messages: optional `stop_reason`, `fidelity`, `images`, any key
 * order a writer chooses) and what real tool outputs hold.
 *
 *   node bench/shape-trace.mjs OUT_DIR SIZE_MB --seed N [--set key=value,…]
 *
 * `--set` overrides parameters the seed drew (nonAscii=0, nonAsciiKinds=cjk+arrows): one
 * parameter changed alone shows what it costs.
 *
 * Writes OUT_DIR/shape.jsonl and OUT_DIR/shape.json (the parameters drawn), and prints both.
 */
import {closeSync, mkdirSync, openSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';

/**
 * The parameters and their ranges. `draw(random)` returns one shape; `describe(shape)` a line
 * for a report.
 */
export function drawShape(random) {
	const uniform = (low, high) => low + (high - low) * random();
	const logUniform = (low, high) => Math.round(low * (high / low) ** random());
	const chance = p => random() < p;
	const outLow = logUniform(80, 4000);
	return {
		// Tool outputs' sizes, log-uniform between these (bytes).
		outputLow: outLow,
		outputHigh: outLow * logUniform(2, 60),
		// The share of an output's lines holding one non-ASCII word or sign, and which kinds.
		nonAscii: Number(uniform(0, 0.7).toFixed(2)),
		nonAsciiKinds: ['accented', 'cjk', 'quotes', 'arrows', 'checks'].filter(() => chance(0.6)),
		// Non-ASCII written as `\uXXXX` escapes (a writer with ensure_ascii), `/` as `\/`.
		asciiEscapes: chance(0.3),
		slashEscapes: chance(0.2),
		// The share of lines with colours (SGR), with a tab after text, indented with tabs.
		colour: Number(uniform(0, 0.5).toFixed(2)),
		innerTabs: Number(uniform(0, 0.3).toFixed(2)),
		leadingTabs: Number(uniform(0, 0.6).toFixed(2)),
		// Outputs with CRLF line ends, with a progress line drawn again with `\r`.
		crlf: Number(uniform(0, 0.3).toFixed(2)),
		progress: Number(uniform(0, 0.2).toFixed(2)),
		// The share of lines that are long (1–30 kB: minified code, a log record), quotes and backslashes.
		longLines: Number(uniform(0, 0.02).toFixed(3)),
		quotes: Number(uniform(0, 0.3).toFixed(2)),
		// Arguments' nesting depth, the envelope's and payload's key order shuffled, `type` last.
		nesting: 1 + Math.floor(random() * 6),
		shuffledKeys: chance(0.4),
		typeLast: chance(0.2),
		// Optional fields present: stop_reason on outputs, fidelity on calls, usage with floats.
		stopReason: chance(0.5),
		fidelity: chance(0.3),
		floats: chance(0.5),
		// Calls a turn, and the share of a trace that is outputs rather than prose and thinking.
		calls: 1 + Math.floor(random() * 6),
	};
}

/** Bumped when what a seed makes changes, so that the bench makes its cached traces again. */
export const shapeVersion = 3;

export const describeShape = shape =>
	Object.entries(shape)
		.map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') || 'none' : value}`)
		.join(' ');

const samples = {
	accented: ['café', 'naïve', 'résumé', 'Größe', 'façade', 'Überschrift', 'señal', 'déjà', 'Ångström', 'crème'],
	cjk: ['测试', '完成', '日本語', 'ファイル', '테스트', '函数', '错误', '読み込み'],
	quotes: ['“quoted”', '‘x’', '—', '…', '«ok»', '„so“', '′'],
	arrows: ['→', '←', '⇒', '↳', '➜', '↑', '↓', '⟶'],
	checks: ['✓', '✔', '✗', '×', '✅', '❌', '•', '●', '⚠'],
};
const asciiWords =
	'the build reads files runs tests writes output while each line records a path value and a status code'.split(' ');
const codeBits = [
	'if (x) {',
	'return nil',
	'const value = read(path);',
	'for i in range(n):',
	'}',
	'import os',
	'err := run()',
	'x += 1',
];

/** Writes the trace; returns its path. */
export function writeShapeTrace(dir, sizeMb, seedNumber, overrides = {}) {
	let seed = seedNumber * 7919 + 17;
	const random = () => {
		seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
		return seed / 2147483648;
	};
	const shape = {...drawShape(random), ...overrides};
	const pick = list => list[Math.floor(random() * list.length)];
	const chance = p => random() < p;
	const logUniform = (low, high) => Math.round(low * (high / low) ** random());
	const words = n => Array.from({length: n}, () => pick(asciiWords)).join(' ');
	const kinds = shape.nonAsciiKinds.length > 0 ? shape.nonAsciiKinds : ['accented'];
	// One ordinary line: a log, a test runner's, code; now and then one non-ASCII word or sign in it.
	const line = n => {
		let text;
		const kind = random();
		if (kind < 0.3) {
			const status = pick(['PASS', 'ok', 'FAIL', 'info']);
			text = `${status} src/${pick(asciiWords)}/${pick(asciiWords)}.ts (${n % 40} tests) ${n % 97}ms`;
		} else if (kind < 0.6) text = pick(codeBits);
		else text = words(3 + (n % 9));
		if (chance(shape.nonAscii)) {
			const parts = text.split(' ');
			parts.splice(Math.floor(random() * (parts.length + 1)), 0, pick(samples[pick(kinds)]));
			text = parts.join(' ');
		}
		if (chance(shape.quotes)) text += ` "${pick(asciiWords)}" C:\\${pick(asciiWords)}`;
		if (chance(shape.colour)) text = `\u001b[${pick([32, 31, 33, 2, 1])}m${text}\u001b[0m`;
		// A tab between two words anywhere in the line (a column of a table, a test's time).
		if (chance(shape.innerTabs)) {
			const parts = text.split(' ');
			const at = 1 + Math.floor(random() * parts.length);
			text = `${parts.slice(0, at).join(' ')}\t${parts.slice(at).join(' ')}`;
		}
		if (chance(shape.leadingTabs)) text = `${'\t'.repeat(1 + (n % 3))}${text}`;
		if (chance(shape.longLines)) text += ` ${words(logUniform(200, 5000))}`;
		return text;
	};
	const output = () => {
		const target = logUniform(shape.outputLow, shape.outputHigh);
		const lines = [];
		let size = 0;
		if (chance(shape.progress)) lines.push(Array.from({length: 10}, (_, i) => `\rfetching ${i * 10}%`).join(''));
		while (size < target) {
			const text = line(lines.length);
			lines.push(text);
			size += text.length + 1;
		}
		return lines.join(chance(shape.crlf) ? '\r\n' : '\n');
	};
	const nested = depth =>
		depth <= 1
			? {path: `src/${pick(asciiWords)}.ts`, text: line(3)}
			: {[pick(asciiWords)]: nested(depth - 1), n: depth, ok: true};

	// Key order: as written, shuffled, or with `type` last.
	const order = object => {
		let keys = Object.keys(object);
		if (shape.shuffledKeys)
			keys = keys
				.map(key => [random(), key])
				.sort((a, b) => a[0] - b[0])
				.map(([, key]) => key);
		if (shape.typeLast && keys.includes('type')) keys = [...keys.filter(key => key !== 'type'), 'type'];
		return Object.fromEntries(keys.map(key => [key, object[key]]));
	};
	const serialize = value => {
		let text = JSON.stringify(value);
		if (shape.asciiEscapes)
			text = text.replace(/[\u007f-\uffff]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
		if (shape.slashEscapes) text = text.replaceAll('/', '\\/');
		return text;
	};
	mkdirSync(dir, {recursive: true});
	const file = path.join(dir, 'shape.jsonl');
	const fd = openSync(file, 'w');
	let total = 0;
	let clock = Date.parse('2026-12-02T10:00:00Z');
	const write = (type, payload) => {
		const timestamp = new Date((clock += 37)).toISOString();
		const text = `${serialize(order({timestamp, type, payload: order(payload)}))}\n`;
		writeSync(fd, text);
		total += Buffer.byteLength(text);
	};
	write('session_meta', {
		session_id: `shape-${seedNumber}`,
		provider: 'custom',
		model_id: 'shape-model',
		model_context_window: 200000,
		system_prompt: words(100),
		workspace: '/home/dev/work',
	});
	let call = 0;
	// Upstream's TokenCounts (packages/core/src/omnimessage/types.ts): cache_read, cache_write, output, total.
	const usage = {cache_read: 0, cache_write: 0, output: 0, total: 0};
	while (total < sizeMb * 1024 * 1024) {
		write('model_msg', {type: 'text', role: 'user', text: `Task: ${line(1)} ${words(20)}`});
		write('event_msg', {type: 'request_begin'});
		write('model_msg', {
			type: 'thinking',
			role: 'assistant',
			thinking: Array.from({length: 6}, (_, n) => line(n)).join('\n'),
		});
		const ids = [];
		for (let i = 0; i < shape.calls; i++) {
			const id = `call_${(++call).toString(16).padStart(12, '0')}`;
			ids.push(id);
			const args = {description: line(i), cmd: `npm test -- ${pick(asciiWords)}`, options: nested(shape.nesting)};
			write('model_msg', {
				type: 'tool_call',
				role: 'assistant',
				name: 'exec_command',
				arguments: JSON.stringify(args),
				tool_call_id: id,
				...(shape.fidelity ? {fidelity: {signature: 'c2lnbmF0dXJl'.repeat(8)}} : {}),
				...(shape.stopReason ? {stop_reason: 'tool_use'} : {}),
			});
		}
		const request = {cache_read: 200, cache_write: 1000 + call, output: 300, total: 1500 + call};
		for (const key of Object.keys(usage)) usage[key] += request[key];
		write('event_msg', {
			type: 'token_usage',
			session: {...usage},
			request,
			...(shape.floats ? {cost: 0.000123 * call, rate: 1e-7 * call} : {}),
		});
		write('event_msg', {type: 'request_end', status: 'completed'});
		for (const id of ids)
			write('model_msg', {
				type: 'tool_call_output',
				role: 'user',
				output: output(),
				tool_call_id: id,
				...(shape.stopReason ? {stop_reason: 'completed'} : {}),
			});
		write('model_msg', {type: 'text', role: 'assistant', text: `Done: ${line(2)}\n\n- ${line(3)}`});
	}
	write('model_msg', {type: 'text', role: 'assistant', text: 'End of the bench session.'});
	closeSync(fd);
	writeFileSync(
		path.join(dir, 'shape.json'),
		`${JSON.stringify({version: shapeVersion, seed: seedNumber, bytes: total, shape})}\n`,
	);
	return {file, shape};
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
	const valued = new Set(['--seed', '--set']);
	const [dir = 'bench/out/shape', size = '20'] = process.argv
		.slice(2)
		.filter((a, i, all) => !a.startsWith('--') && !valued.has(all[i - 1]));
	const at = process.argv.indexOf('--seed');
	const set = process.argv.indexOf('--set');
	const overrides = Object.fromEntries(
		(set === -1 ? [] : process.argv[set + 1].split(',')).map(pair => {
			const [key, value] = pair.split('=');
			if (key === 'nonAsciiKinds') return [key, value.split('+').filter(Boolean)];
			return [key, value === 'true' ? true : value === 'false' ? false : Number(value)];
		}),
	);
	const {file, shape} = writeShapeTrace(dir, Number(size), at === -1 ? 1 : Number(process.argv[at + 1]), overrides);
	console.log(`${file}\n${describeShape(shape)}`);
}
