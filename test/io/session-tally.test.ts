// A session's requests and tokens, counted from its token_usage lines; a shard that grows is read only past where the
// last count stopped.
import {appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {SessionTallies} from '../../source/io/session-tally.js';
import {fixturesDir} from '../helpers/recordings.js';

let dir = '';
afterEach(() => rmSync(dir, {recursive: true, force: true}));

it('counts the requests and sums their tokens; after growth, only the new bytes are read', async () => {
	dir = mkdtempSync(path.join(tmpdir(), 'penguin-view-tally-'));
	const lines = readFileSync(`${fixturesDir}traces/session-2026-12-02-14-43-17-694155ee_001.jsonl`, 'utf8')
		.split('\n')
		.filter(Boolean);
	const usage = lines.filter(line => line.includes('"token_usage"'));
	const file = path.join(dir, 's_001.jsonl');
	writeFileSync(file, `${usage[0]}\n`);
	const tallies = new SessionTallies();
	const first = await tallies.tally([file]);
	expect(first?.requests).toBe(1);
	const request = (JSON.parse(usage[0]!) as {payload: {request: {total: number}}}).payload.request.total;
	expect(first?.tokens.total).toBe(request);
	// The counted bytes blanked (a whole read would now find nothing there), one more line appended.
	writeFileSync(file, `${' '.repeat(Buffer.byteLength(usage[0]!))}\n`);
	appendFileSync(file, `${usage[1]}\n`);
	expect((await tallies.tally([file]))?.requests).toBe(2);
	// A torn last line waits for its end.
	appendFileSync(file, usage[2]!.slice(0, 40));
	expect((await tallies.tally([file]))?.requests).toBe(2);
	appendFileSync(file, `${usage[2]!.slice(40)}\n`);
	expect((await tallies.tally([file]))?.requests).toBe(3);
	expect(await tallies.tally([path.join(dir, 'missing.jsonl')])).toBeUndefined();
});
