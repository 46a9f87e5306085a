// --stats: requests, retries, tool calls by name with durations, tokens and cache ratio, longest steps, compactions,
// from the view model.
import {describe, expect, it} from 'vitest';
import {formatStats, statsCommand, statsOf} from '../../source/commands/stats.js';
import {toView} from '../../source/commands/to-view.js';
import type {ModelInput} from '../../source/model/input.js';
import {msg, traceInputs} from '../helpers/recordings.js';
import {retry, rotated, tools} from './data-root.js';

const end: ModelInput = {kind: 'end'};

function viewOf(...inputs: ModelInput[][]): ReturnType<typeof toView> {
	return toView([...inputs.flat(), end], 0);
}

describe('statsOf', () => {
	it('counts 6 requests and 5 retries in the retry fixture', () => {
		const stats = statsOf(viewOf(traceInputs(`${retry}_001.jsonl`)));
		expect(stats).toMatchObject({
			sessionId: retry,
			provider: 'custom',
			modelId: 'fake-model',
			requests: 6,
			retries: 5,
			failedRequests: 6,
			toolCalls: 0,
			tools: [],
			aborts: 1,
			compactions: [],
		});
		expect(stats.tokens).toBeUndefined();
		expect(stats.cacheHitRatio).toBeUndefined();
		expect(stats.longestRequests).toHaveLength(5);
		expect(stats.longestRequests[0].label).toMatch(/^request \d \(timeout, attempt \d\)$/);
		// 14:43:17.650 (session_meta is not an item; the prompt is) to 14:44:20.858.
		expect(stats.durationMs).toBe(Date.parse('2026-12-02T14:44:20.858Z') - Date.parse('2026-12-02T14:43:17.650Z'));
	});

	it('times the four exec_command calls of the tools fixture', () => {
		const stats = statsOf(viewOf(traceInputs(`${tools}_001.jsonl`)));
		expect(stats.toolCalls).toBe(4);
		// ls 239 ms, seq 220 ms, failing ls 208 ms, sleep 2224 ms (its output lands after request_end).
		expect(stats.tools).toEqual([
			{name: 'exec_command', calls: 4, failed: 1, timed: 4, totalMs: 2891, meanMs: 2891 / 4, maxMs: 2224},
		]);
		expect(stats.longestToolCalls.map(step => step.durationMs)).toEqual([2224, 239, 220, 208]);
		expect(stats.longestToolCalls[0].label).toBe('exec_command $ sleep 2; echo slow-done');
		expect(stats.tokens).toEqual({cache_read: 2250, cache_write: 2250, output: 279, total: 4779});
		// cache_read / (total - output) = 2250 / 4500.
		expect(stats.cacheHitRatio).toBe(0.5);
		expect(stats.requests).toBe(3);
		expect(stats.retries).toBe(0);
		expect(stats.longestRequests).toHaveLength(3);
	});

	it('lists the compaction of the rotated session', () => {
		const stats = statsOf(viewOf(traceInputs(`${rotated}_001.jsonl`, 1), traceInputs(`${rotated}_002.jsonl`, 2)));
		expect(stats.compactions).toHaveLength(1);
		expect(stats.compactions[0]).toMatchObject({reason: 'manual', mode: 'summarize', status: 'completed'});
		expect(stats.compactions[0].durationMs).toBeGreaterThan(0);
	});

	it('keeps only the five longest steps of each kind, longest first', () => {
		const inputs: ModelInput[] = [];
		for (let i = 0; i < 8; i++) {
			const start = Date.UTC(2026, 0, 1, 0, i);
			inputs.push(
				msg(
					'model_msg',
					{type: 'tool_call', role: 'assistant', name: `t${i % 2}`, arguments: '{}', tool_call_id: `c${i}`},
					new Date(start).toISOString(),
				),
				msg(
					'model_msg',
					{type: 'tool_call_output', role: 'user', output: '', tool_call_id: `c${i}`},
					new Date(start + (i + 1) * 100).toISOString(),
				),
			);
		}
		const stats = statsOf(viewOf(inputs));
		expect(stats.longestToolCalls.map(step => step.durationMs)).toEqual([800, 700, 600, 500, 400]);
		expect(stats.tools.map(tool => [tool.name, tool.calls, tool.maxMs])).toEqual([
			['t0', 4, 700],
			['t1', 4, 800],
		]);
	});
});

describe('formatStats', () => {
	it('prints a plain table', () => {
		const text = formatStats(statsOf(viewOf(traceInputs(`${tools}_001.jsonl`))));
		const lines = text.split('\n');
		expect(lines[0]).toBe(`Session     ${tools}  (custom/fake-model)`);
		expect(text).toContain('Requests    3  (0 retries, 0 not completed)');
		expect(text).toContain('cache hit 50.0%');
		expect(lines).toContain('Tool          Calls  Failed  Total    Mean    Max');
		expect(lines).toContain('exec_command      4       1  2.9 s  723 ms  2.2 s');
		expect(lines).toContain('Longest tool calls');
		expect(lines).toContain('   2.2 s  exec_command $ sleep 2; echo slow-done');
		expect(text.endsWith('\n')).toBe(true);
	});

	it('shows retries and says when there is no token usage', () => {
		const text = formatStats(statsOf(viewOf(traceInputs(`${retry}_001.jsonl`))));
		expect(text).toContain('Requests    6  (5 retries, 6 not completed)');
		expect(text).toContain('Tokens      no token usage recorded');
		expect(text).toContain('Aborts      1');
	});

	it('never lets trace text write control sequences', () => {
		const view = viewOf([
			msg(
				'model_msg',
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'evil\u001b]0;title\u0007',
					arguments: '{"cmd":"\\u001b[2J"}',
					tool_call_id: 'x',
				},
				'2026-01-01T00:00:00Z',
			),
			msg(
				'model_msg',
				{type: 'tool_call_output', role: 'user', output: 'ok', tool_call_id: 'x'},
				'2026-01-01T00:00:01Z',
			),
		]);
		expect(formatStats(statsOf(view))).not.toMatch(/[\u001b\u0007\u009b]/);
	});
});

describe('statsCommand', () => {
	it('takes inputs or a finished view alike', async () => {
		const inputs = [...traceInputs(`${tools}_001.jsonl`), end];
		const fromInputs = await statsCommand({inputs});
		const fromView = await statsCommand({inputs: toView(inputs, 0)});
		expect(fromInputs).toEqual(fromView);
		expect(fromInputs.stderr).toBe('');
	});
});
