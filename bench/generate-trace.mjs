#!/usr/bin/env node
/**
 * Writes a realistic synthetic PenguinHarness trace of about the size asked for:
 * prompts, thinking, markdown answers, parallel tool calls whose outputs land out of
 * order, a failed command, retries, base64 images, and compaction that rotates the
 * trace to the next shard. Deterministic (seeded), so runs compare.
 *
 *   node bench/generate-trace.mjs OUT_DIR SIZE_MB [--images] [--shard-mb N]
 * Prints the paths of the shards it wrote. The session ends with an assistant text that
 * says `End of the bench session` (what the benchmark looks for on the screen), and
 * OUT_DIR/stats.json says how many turns, requests and tool calls it holds.
 */
import {mkdirSync, openSync, writeSync, closeSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const [outDir = 'bench/out', sizeArg = '10'] = process.argv.slice(2).filter(a => !a.startsWith('--'));
const withImages = process.argv.includes('--images');
const shardIndex = process.argv.indexOf('--shard-mb');
const shardBytes = (shardIndex > 0 ? Number(process.argv[shardIndex + 1]) : Infinity) * 1024 * 1024;
const targetBytes = Number(sizeArg) * 1024 * 1024;
const sessionId = 'session-2026-12-02-10-00-00-bench000';

let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const words = 'the agent reads files runs commands and writes code while the trace records every envelope as one line of json so a viewer can follow it live through compaction and rotation'.split(' ');
const sentence = n => Array.from({length: n}, () => words[Math.floor(random() * words.length)]).join(' ');
let clock = Date.parse('2026-12-02T10:00:00Z');
const ts = (stepMs = 50) => new Date((clock += stepMs)).toISOString();

mkdirSync(outDir, {recursive: true});
const paths = [];
let shard = 0;
let fd;
let shardWritten = 0;
let total = 0;
const tools = [{name: 'exec_command', description: 'Run a shell command', parameters: {type: 'object', properties: {description: {type: 'string'}, cmd: {type: 'string'}}, required: ['description', 'cmd']}}];
function openShard() {
	if (fd !== undefined) closeSync(fd);
	shard++;
	const file = path.join(outDir, `${sessionId}_${String(shard).padStart(3, '0')}.jsonl`);
	paths.push(file);
	fd = openSync(file, 'w');
	shardWritten = 0;
	write({timestamp: '2026-12-02T10:00:00.000Z', type: 'session_meta', payload: {session_id: sessionId, provider: 'custom', model_id: 'bench-model', model_context_window: 200000, system_prompt: sentence(200), agent_state: '/home/dev/.penguin/agent', workspace: '/home/dev/work'}});
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
	write(model({type: 'thinking', role: 'assistant', thinking: sentence(80)}));
	write(model({type: 'text', role: 'assistant', text: `## Step ${turn}\n\n${sentence(60)}\n\n- ${sentence(8)}\n- ${sentence(8)}\n\n\`\`\`sh\nls -la\n\`\`\``}));
	const ids = [];
	for (let i = 0; i < 3; i++) {
		const id = `call_${(++call).toString(16).padStart(16, '0')}`;
		ids.push(id);
		write(model({type: 'tool_call', role: 'assistant', name: 'exec_command', arguments: JSON.stringify({description: sentence(5), cmd: `seq 1 ${100 + i * 200}`}), tool_call_id: id}));
		write(event({type: 'approval_decision', decision: 'allow', tool_call_id: id}));
	}
	write(tokenUsage());
	write(event({type: 'request_end', status: 'completed'}));
	// Outputs land in completion order, not call order.
	for (const id of [ids[2], ids[0], ids[1]]) {
		const failed = random() < 0.1;
		const output = Array.from({length: 50 + Math.floor(random() * 400)}, (_, n) => `${n} ${sentence(6)}`).join('\n');
		const images = withImages && random() < 0.05 ? [`data:image/png;base64,${Buffer.alloc(2 * 1024 * 1024 + Math.floor(random() * 2 * 1024 * 1024), turn % 255).toString('base64')}`] : undefined;
		write(model({type: 'tool_call_output', role: 'user', output: failed ? `${output}\n\n[exit code: 1]` : output, tool_call_id: id, stop_reason: failed ? 'failed' : 'completed', ...(images ? {images} : {})}));
	}
	if (random() < 0.05) {
		write(event({type: 'request_begin'}));
		requests++;
		write(event({type: 'request_end', status: 'timeout', error_message: '500 upstream overloaded', attempt: 1, retry_in_ms: 2000}));
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
writeFileSync(path.join(outDir, 'stats.json'), `${JSON.stringify({turns: turn, requests, toolCalls: call, bytes: total, shards: paths.length})}\n`);
console.log(paths.join('\n'));
