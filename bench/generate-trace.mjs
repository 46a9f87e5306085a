#!/usr/bin/env node
/**
 * Writes a realistic synthetic PenguinHarness trace of about the size asked for:
 * prompts, thinking, markdown answers, parallel tool calls whose outputs land out of
 * order, a failed command, retries, base64 images, and compaction that rotates the
 * trace to the next shard. Deterministic (seeded), so runs compare.
 *
 *   node bench/generate-trace.mjs OUT_DIR SIZE_MB [--images] [--shard-mb N] [--real]
 *
 * With --real, the session is shaped like a real coding session's instead (the default shape
 * is kept for comparison with earlier figures): read_file outputs in upstream's `cat -n` form
 * (the number right-aligned in six columns, a tab, the line; code indented with tabs or
 * spaces; a CRLF note now and then), shell outputs with SGR colours, `\r` progress lines and
 * CRLF line ends, non-ASCII text (CJK, emoji, accented letters) in prose, code comments and
 * outputs, edit_file calls whose JSON arguments carry code, and now and then a screenshot as
 * a base64 PNG (50–400 kB).
 *
 * With --mix NAME, the session's shape is one of the mixes print mode is measured on (data
 * unlike the default's): `small` (outputs mostly 200 B–2 kB), `loguniform` (200 B–50 kB,
 * log-uniform), `huge` (small outputs and, now and then, one of 1–4 MB), `thinking` (thinking
 * on every request, with a base64 `fidelity` signature), `code` (edit_file and write_file
 * whose arguments carry code), `shell` (every output a shell's: SGR colours, `\r` progress
 * lines, CRLF), `summary` (a compaction every 2 MB, each new shard opening with its
 * `[context_summary]`). Every mix has an `approval_decision` after every call. --seed N
 * changes the seed.
 *
 * Prints the paths of the shards it wrote. The session ends with an assistant text that
 * says `End of the bench session` (what the benchmark looks for on the screen), and
 * OUT_DIR/stats.json says how many turns, requests and tool calls it holds.
 */
import {mkdirSync, openSync, writeSync, closeSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const valued = new Set(['--mix', '--seed', '--shard-mb']);
const [outDir = 'bench/out', sizeArg = '10'] = process.argv
	.slice(2)
	.filter((a, i, all) => !a.startsWith('--') && !valued.has(all[i - 1]));
const withImages = process.argv.includes('--images');
const option = name => (process.argv.indexOf(name) > 0 ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const mix = option('--mix');
const mixes = ['small', 'loguniform', 'huge', 'thinking', 'code', 'shell', 'summary'];
if (mix !== undefined && !mixes.includes(mix)) throw new Error(`--mix: one of ${mixes.join(', ')}`);
const real = process.argv.includes('--real') || mix !== undefined;
const shardBytes = Number(option('--shard-mb') ?? (mix === 'summary' ? 2 : Infinity)) * 1024 * 1024;
const targetBytes = Number(sizeArg) * 1024 * 1024;
const sessionId = 'session-2026-12-02-10-00-00-bench000';

let seed = Number(option('--seed') ?? 42);
// The product is taken in 32-bit integers (Math.imul): in doubles it passes 2^53 and loses its
// low bits, and the sequence fell into a cycle of about ten thousand draws (the huge mix's one
// output in 250 never came).
const random = () => {
	seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
	return seed / 2147483648;
};
const words = (
	'the agent reads files runs commands and writes code while the trace records every envelope as one ' +
	'line of json so a viewer can follow it live through compaction and rotation'
).split(' ');
const sentence = n => Array.from({length: n}, () => words[Math.floor(random() * words.length)]).join(' ');
let clock = Date.parse('2026-12-02T10:00:00Z');
const ts = (stepMs = 50) => new Date((clock += stepMs)).toISOString();

mkdirSync(outDir, {recursive: true});
const paths = [];
let shard = 0;
let fd;
let shardWritten = 0;
let total = 0;
const tools = [
	{
		name: 'exec_command',
		description: 'Run a shell command',
		parameters: {
			type: 'object',
			properties: {description: {type: 'string'}, cmd: {type: 'string'}},
			required: ['description', 'cmd'],
		},
	},
];
if (real) {
	tools.push(
		{
			name: 'write_file',
			description: 'Write a file',
			parameters: {
				type: 'object',
				properties: {file_path: {type: 'string'}, content: {type: 'string'}},
				required: ['file_path', 'content'],
			},
		},
		{
			name: 'read_file',
			description: 'Read a file',
			parameters: {
				type: 'object',
				properties: {file_path: {type: 'string'}, offset: {type: 'number'}, limit: {type: 'number'}},
				required: ['file_path'],
			},
		},
		{
			name: 'edit_file',
			description: 'Edit a file',
			parameters: {
				type: 'object',
				properties: {file_path: {type: 'string'}, old_string: {type: 'string'}, new_string: {type: 'string'}},
				required: ['file_path', 'old_string', 'new_string'],
			},
		},
	);
}

// ---------------------------------------------------------------- real-shaped content (--real)
const pick = list => list[Math.floor(random() * list.length)];
const prose = [
	'the parser reads one envelope a line',
	'le résumé de la tâche est à jour',
	'die Änderung betrifft nur den Leser',
	'这个函数负责解析每一行的消息',
	'テストはすべて通りました',
	'테스트가 모두 통과했습니다',
	'done ✅ and pushed 🚀',
	'naïve café façade',
	'the output is “quoted” — with dashes…',
	'Ошибка исправлена',
];
const mixed = n => Array.from({length: n}, () => (random() < 0.25 ? pick(prose) : sentence(4))).join(' ');
const codeLines = [
	'package main',
	'',
	'import (',
	'\t"fmt"',
	'\t"os"',
	')',
	'',
	'func main() {',
	'\tif len(os.Args) < 2 {',
	'\t\tfmt.Println("usage: tool FILE")',
	'\t\tos.Exit(2)',
	'\t}',
	'\tfor i, arg := range os.Args[1:] {',
	'\t\tfmt.Printf("%d\\t%s\\n", i, arg) // 参数',
	'\t}',
	'}',
	'def parse(line):',
	'    """Parse one line; returns None when it is not JSON."""',
	'    try:',
	'        return json.loads(line)  # café',
	'    except ValueError:',
	'        return None',
	'export function render(rows: Row[]): string {',
	'  return rows.map(row => row.text).join("\\n"); // 🚀',
	'}',
	'all: build',
	'build:',
	'\tgo build -o bin/tool ./cmd/tool',
	'\t@echo "built ✓"',
	'# Überschrift',
	'// 日本語のコメント: 行ごとに処理する',
	'const message = `Hello, ${name}!`;',
	'\t\t\treturn nil, fmt.Errorf("read %s: %w", path, err)',
	'    assert result == expected, f"{result!r}"',
];
function readFileOutput() {
	const first = 1 + Math.floor(random() * 400);
	const count = 20 + Math.floor(random() * 380);
	const start = Math.floor(random() * codeLines.length);
	const lines = Array.from(
		{length: count},
		(_, n) => `${String(first + n).padStart(6)}\t${codeLines[(start + n) % codeLines.length]}`,
	);
	if (random() < 0.1) lines.push('(file uses CRLF line endings)');
	lines.push(`(file has ${first + count + Math.floor(random() * 200)} lines total)`);
	return lines.join('\n');
}
const green = text => `\u001b[32m${text}\u001b[39m`;
const red = text => `\u001b[31m${text}\u001b[39m`;
const dim = text => `\u001b[2m${text}\u001b[22m`;
function shellOutput() {
	const kind = random();
	const count = 20 + Math.floor(random() * 300);
	if (kind < 0.35) {
		// A test runner: colours on every line.
		const lines = Array.from(
			{length: count},
			(_, n) =>
				`${random() < 0.95 ? green('✓') : red('×')} src/${pick(words)}/${pick(words)}.test.ts ` +
				`${dim(`(${1 + (n % 30)} tests)`)} ${10 + (n % 90)}ms`,
		);
		return `${lines.join('\n')}\n\n ${green('Test Files')}  ${count} passed\n`;
	}
	if (kind < 0.55) {
		// A download or build with a progress line drawn again with carriage returns.
		const steps = Array.from(
			{length: 20},
			(_, n) =>
				`\rDownloading ${pick(words)}.tar.gz ${String((n + 1) * 5).padStart(3)}% [${'='.repeat(n)}>${' '.repeat(19 - n)}]`,
		).join('');
		const log = Array.from(
			{length: count},
			() => `   Compiling ${pick(words)} v0.${Math.floor(random() * 20)}.${Math.floor(random() * 9)}`,
		).join('\n');
		return `${steps}\n${log}\n    Finished release [optimized] target(s) in 42.7s\n`;
	}
	if (kind < 0.7) {
		// A file with Windows line ends, printed by cat.
		const lines = Array.from({length: count}, (_, n) =>
			n % 7 === 0 ? `REM ${mixed(3)}` : `set VAR_${n}=${sentence(3)}`,
		);
		return `${lines.join('\r\n')}\r\n`;
	}
	// Plain output: listings, logs, compiler messages with non-ASCII quotes.
	return Array.from({length: count}, (_, n) =>
		n % 11 === 0
			? `src/main.rs:${n}:5: error: expected ‘;’, found ‘}’ — ${mixed(2)}`
			: `-rw-r--r--  1 dev dev ${String(1000 + n * 37).padStart(8)} Dec  2 ` +
				`10:${String(n % 60).padStart(2, '0')} ${pick(words)}_${n}.txt`,
	).join('\n');
}
/** About `bytes` bytes of prose and listing lines. */
function textOf(bytes) {
	const lines = [];
	let size = 0;
	while (size < bytes) {
		const line = random() < 0.5 ? mixed(6) : `${String(lines.length + 1).padStart(6)}\t${pick(codeLines)}`;
		lines.push(line);
		size += Buffer.byteLength(line) + 1;
	}
	return lines.join('\n');
}
const between = (low, high) => low + Math.floor(random() * (high - low));
const logUniform = (low, high) => Math.floor(low * (high / low) ** random());
const codeOf = count => Array.from({length: count}, () => pick(codeLines)).join('\n');
/** A call of the mix's shape, or undefined for the real shape's. */
function mixCall(id) {
	const exec = output => ({
		name: 'exec_command',
		args: {description: mixed(3), cmd: `make test 2>&1 | tail -n ${100 + (call % 50)}`},
		output,
	});
	switch (mix) {
		case 'small':
			return exec(() => textOf(between(200, 2000)));
		case 'loguniform':
			return exec(() => textOf(logUniform(200, 50_000)));
		case 'huge':
			return exec(() => textOf(random() < 0.004 ? between(1 << 20, 4 << 20) : between(200, 1500)));
		case 'code':
			if (random() < 0.5)
				return {
					name: 'write_file',
					args: {file_path: `src/${pick(words)}.go`, content: codeOf(between(40, 400))},
					output: () => `Wrote src/${id}.go`,
				};
			return {
				name: 'edit_file',
				args: {
					file_path: `src/${pick(words)}.go`,
					old_string: codeOf(between(5, 60)),
					new_string: codeOf(between(5, 80)),
				},
				output: () => `Edited src/${id}.go: 1 replacement`,
			};
		case 'shell':
			return exec(shellOutput);
		default:
			return undefined;
	}
}
function realCall(id) {
	const shaped = mixCall(id);
	if (shaped) return shaped;
	const kind = random();
	if (kind < 0.5)
		return {
			name: 'read_file',
			args: {file_path: `src/${pick(words)}/${pick(words)}.go`, offset: 1, limit: 2000},
			output: readFileOutput,
		};
	if (kind < 0.85)
		return {
			name: 'exec_command',
			args: {description: mixed(3), cmd: `cargo build --release 2>&1 | tail -n ${100 + (call % 50)}`},
			output: shellOutput,
		};
	const before = Array.from({length: 6}, () => pick(codeLines)).join('\n');
	const after = `${before}\n\t// ${pick(prose)}\n\treturn nil`;
	return {
		name: 'edit_file',
		args: {file_path: `src/${pick(words)}.go`, old_string: before, new_string: after},
		output: () => `Edited src/${id}.go: 1 replacement (+2 -0 lines)`,
	};
}
const pngOf = bytes => `data:image/png;base64,${Buffer.alloc(bytes, bytes % 251).toString('base64')}`;

function openShard() {
	if (fd !== undefined) closeSync(fd);
	shard++;
	const file = path.join(outDir, `${sessionId}_${String(shard).padStart(3, '0')}.jsonl`);
	paths.push(file);
	fd = openSync(file, 'w');
	shardWritten = 0;
	write({
		timestamp: '2026-12-02T10:00:00.000Z',
		type: 'session_meta',
		payload: {
			session_id: sessionId,
			provider: 'custom',
			model_id: 'bench-model',
			model_context_window: 200000,
			system_prompt: sentence(200),
			agent_state: '/home/dev/.penguin/agent',
			workspace: '/home/dev/work',
		},
	});
	write({timestamp: ts(), type: 'event_msg', payload: {type: 'tool_list_ready', tools}});
}
function write(message) {
	const line = `${JSON.stringify(message)}\n`;
	writeSync(fd, line);
	shardWritten += Buffer.byteLength(line);
	total += Buffer.byteLength(line);
}
const model = payload => ({timestamp: ts(), type: 'model_msg', payload});
const event = payload => ({timestamp: ts(), type: 'event_msg', payload});
const usage = {cache_read: 0, cache_write: 0, output: 0, total: 0};
function tokenUsage() {
	const request = {cache_read: 1000, cache_write: 200, output: 300, total: 1500 + Math.floor(random() * 5000)};
	for (const key of Object.keys(usage)) usage[key] += request[key];
	return event({type: 'token_usage', session: {...usage}, request});
}

openShard();
let turn = 0;
let call = 0;
let requests = 0;
while (total < targetBytes) {
	turn++;
	write(model({type: 'text', role: 'user', text: `Task ${turn}: ${sentence(20)}`}));
	write(event({type: 'request_begin'}));
	requests++;
	const signature =
		mix === 'thinking'
			? {
					fidelity: {
						signature: Buffer.from(Array.from({length: between(300, 3000)}, () => Math.floor(random() * 256))).toString(
							'base64',
						),
					},
				}
			: {};
	write(
		model({
			type: 'thinking',
			role: 'assistant',
			thinking: real ? mixed(mix === 'thinking' ? 120 : 40) : sentence(80),
			...signature,
		}),
	);
	write(
		model({
			type: 'text',
			role: 'assistant',
			text:
				`## Step ${turn}\n\n${real ? mixed(20) : sentence(60)}\n\n- ${sentence(8)}\n- ` +
				`${sentence(8)}\n\n\`\`\`sh\nls -la\n\`\`\``,
		}),
	);
	const ids = [];
	const made = new Map();
	for (let i = 0; i < 3; i++) {
		const id = `call_${(++call).toString(16).padStart(16, '0')}`;
		ids.push(id);
		const shaped = real
			? realCall(id)
			: {name: 'exec_command', args: {description: sentence(5), cmd: `seq 1 ${100 + i * 200}`}};
		made.set(id, shaped);
		write(
			model({
				type: 'tool_call',
				role: 'assistant',
				name: shaped.name,
				arguments: JSON.stringify(shaped.args),
				tool_call_id: id,
			}),
		);
		write(event({type: 'approval_decision', decision: 'allow', tool_call_id: id}));
	}
	write(tokenUsage());
	write(event({type: 'request_end', status: 'completed'}));
	// Outputs land in completion order, not call order.
	for (const id of [ids[2], ids[0], ids[1]]) {
		const failed = random() < 0.1;
		const output = real
			? made.get(id).output()
			: Array.from({length: 50 + Math.floor(random() * 400)}, (_, n) => `${n} ${sentence(6)}`).join('\n');
		const screenshot = real && made.get(id).name === 'exec_command' && random() < 0.02;
		const images =
			withImages && random() < 0.05
				? [
						`data:image/png;base64,` +
							`${Buffer.alloc(2 * 1024 * 1024 + Math.floor(random() * 2 * 1024 * 1024), turn % 255).toString('base64')}`,
					]
				: screenshot
					? [pngOf(50_000 + Math.floor(random() * 350_000))]
					: undefined;
		write(
			model({
				type: 'tool_call_output',
				role: 'user',
				output: failed ? `${output}\n\n[exit code: 1]` : output,
				tool_call_id: id,
				stop_reason: failed ? 'failed' : 'completed',
				...(images ? {images} : {}),
			}),
		);
	}
	if (random() < 0.05) {
		write(event({type: 'request_begin'}));
		requests++;
		write(
			event({
				type: 'request_end',
				status: 'timeout',
				error_message: '500 upstream overloaded',
				attempt: 1,
				retry_in_ms: 2000,
			}),
		);
	}
	if (shardWritten > shardBytes) {
		write(event({type: 'compaction_begin', reason: 'context', mode: 'summarize', context: 150000, turns: turn}));
		write(model({type: 'text', role: 'assistant', text: `[summary]${sentence(100)}[/summary]`}));
		write(tokenUsage());
		write(event({type: 'compaction_end', reason: 'context', mode: 'summarize', status: 'completed'}));
		openShard();
		write(model({type: 'text', role: 'user', text: `[context_summary]\n${sentence(100)}\n[/context_summary]`}));
	}
}
write(model({type: 'text', role: 'assistant', text: `End of the bench session (${turn} turns).`}));
closeSync(fd);
// shape: bumped when what is generated changes, so the bench makes its cached traces again.
writeFileSync(
	path.join(outDir, 'stats.json'),
	`${JSON.stringify({shape: 3, turns: turn, requests, toolCalls: call, bytes: total, shards: paths.length})}\n`,
);
console.log(paths.join('\n'));
