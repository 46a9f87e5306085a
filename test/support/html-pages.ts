// The pages the browser tests open (Chromium, Firefox): the built program's `--export html` of recorded sessions,
// written as files in a folder of the test's own, and the tool names their traces carry.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {expect} from 'vitest';
import {runCli} from '../helpers/run-cli.js';
import {copyFixture} from './io-fixtures.js';

/** The recorded sessions both browsers open: a subagent, parallel tool calls with a long output, a compaction. */
export const recordedTraces = {
	subagent: ['session-2026-12-02-14-43-17-a1f608ba_001.jsonl', 'session-2026-12-02-14-43-19-1fcdf9f5_001.jsonl'],
	tools: ['session-2026-12-02-14-43-17-694155ee_001.jsonl'],
	compaction: ['session-2026-12-02-14-45-42-8e7b556c_001.jsonl', 'session-2026-12-02-14-45-42-8e7b556c_002.jsonl'],
};
export type RecordedName = keyof typeof recordedTraces;

/** The page `--export html` writes for `file`, saved in `dir`; its file URL. */
export async function exportPage(file: string, dir: string): Promise<string> {
	const result = await runCli(['--export', 'html', file], {timeoutMs: 30_000});
	expect(result.code, result.stderr).toBe(0);
	const out = path.join(dir, `${path.basename(file, '.jsonl')}.html`);
	writeFileSync(out, result.stdout);
	return pathToFileURL(out).href;
}

/** The page of recorded session `name` (its traces copied into `dir` first). */
export async function recordedPage(name: RecordedName, dir: string): Promise<string> {
	const files = recordedTraces[name].map(trace => copyFixture(trace, dir));
	return exportPage(files[0]!, dir);
}

/** The tool names the calls of recorded session `name` carry, in order (its traces copied into `dir`). */
export function toolNames(name: RecordedName, dir: string): string[] {
	const names: string[] = [];
	for (const file of recordedTraces[name]) {
		for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
			if (!line.includes('"tool_call"')) continue;
			const payload = JSON.parse(line).payload as {type: string; name?: string};
			if (payload.type === 'tool_call' && payload.name) names.push(payload.name);
		}
	}
	return names;
}
