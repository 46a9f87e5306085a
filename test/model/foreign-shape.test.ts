// A trace of another shape (another harness, another version): what can be shown is, the count of lines of an unknown
// shape is said once, and no spinner is left running.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {parseLine} from '../../source/protocol/parse-line.js';
import {activityOf} from '../../source/ui/screen/status-line.js';
import {fixturesDir} from '../helpers/recordings.js';
import {runCli} from '../helpers/run-cli.js';
import {foreignTrace} from '../support/foreign-shape.js';

const rotated = 'session-2026-12-02-14-45-42-8e7b556c';
const now = Date.parse('2026-12-02T15:00:00Z');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'penguin-view-foreign-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

function inputsOf(text: string, shard: number): ModelInput[] {
	const inputs: ModelInput[] = [{kind: 'shard', index: shard}];
	text.split('\n').forEach((line, index) => {
		if (line === '') return;
		const parsed = parseLine(line, {line: index + 1, offset: 0, shard});
		inputs.push(parsed.kind === 'message' ? {kind: 'message', message: parsed.message, at: parsed.at} : parsed);
	});
	return inputs;
}

const notices = (model: SessionModel): string[] =>
	model.view.items.flatMap(item => (item.kind === 'notice' ? [item.text] : []));

describe('a trace of another shape', () => {
	it('a compaction whose end has another shape still ends: the header does not say compacting', () => {
		const model = new SessionModel({});
		model.applyAll(inputsOf(foreignTrace(`${rotated}_001.jsonl`), 1), now);
		expect(model.view.compacting).toBe(false);
		expect(activityOf(model.view)).not.toBe('compacting');
	});

	it('on the screen: one notice with the counts (kept current), and every readable message shown', () => {
		const model = new SessionModel({});
		model.applyAll(
			[
				...inputsOf(foreignTrace(`${rotated}_001.jsonl`), 1),
				...inputsOf(foreignTrace(`${rotated}_002.jsonl`), 2),
				{kind: 'end'},
			],
			now,
		);
		const unknown = model.view.items.filter(item => item.kind === 'unknown').length;
		const lines = model.view.counts.messages;
		expect(notices(model)).toEqual([
			`${unknown} of ${lines} lines have a shape this viewer does not know: not a PenguinHarness 0.2 trace?`,
		]);
		const texts = model.view.items.flatMap(item =>
			item.kind === 'user_text' || item.kind === 'assistant_text' ? [item.text] : [],
		);
		expect(texts.join('\n')).toContain('What is a trace file?');
		expect(texts.join('\n')).toContain('After compaction: what is a trace file again?');
	});

	it('a PenguinHarness trace says nothing of the kind', () => {
		const model = new SessionModel({});
		const known = readFileSync(path.join(fixturesDir, 'traces', `${rotated}_001.jsonl`), 'utf8');
		model.applyAll([...inputsOf(known, 1), {kind: 'end'}], now);
		expect(notices(model).filter(text => text.includes('shape'))).toEqual([]);
	});

	it('print mode: the trace printed, the counts said once on stderr at the end, exit 0', async () => {
		const file = path.join(scratch, 'other-agent.jsonl');
		writeFileSync(file, foreignTrace(`${rotated}_001.jsonl`));
		const result = await runCli(['--print', file]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('What is a trace file?');
		expect(result.stderr).toMatch(
			/^penguin-view: \d+ of \d+ lines have a shape this viewer does not know: not a PenguinHarness 0\.2 trace\?\n$/,
		);
	});
});
