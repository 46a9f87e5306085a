// What the built program itself answers on the command line: --help's page (the package's description, then the help,
// as it always printed them), and the process's name while it runs.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {helpText} from '../../source/command-line/help-text.js';
import {fixturesDir} from '../helpers/recordings.js';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const {description} = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {description: string};
const trace = path.join(fixturesDir, 'traces', 'session-2026-12-02-14-43-08-07326dfd_001.jsonl');

describe('--help', () => {
	it(
		'prints the description, then the help text, each indented by 2 with its empty lines left empty, and ' +
			'an empty line last',
		async () => {
			const result = await runCli(['--help']);
			expect(result.code).toBe(0);
			expect(result.stderr).toBe('');
			const lines = result.stdout.split('\n');
			expect(lines.slice(0, 4)).toEqual(['', `  ${description}`, '', '  Usage']);
			expect(result.stdout.endsWith('\n\n')).toBe(true);
			const page = lines.slice(3, -2);
			expect(page.filter(line => line !== '' && !line.startsWith('  '))).toEqual([]);
			expect(page.map(line => line.slice(2)).join('\n')).toBe(helpText().trimEnd());
		},
	);
});

describe('while it runs', () => {
	it('the process is named penguin-view with what it opens, as ps and top show it', async () => {
		const child = startCli(['--print', '-f', trace]);
		await waitFor(() => child.output().includes('What is a trace file?'), 'the first lines');
		// top's name is the title's first 15 bytes (the kernel's limit); ps's command line the whole.
		expect(readFileSync(`/proc/${child.pid!}/comm`, 'utf8')).toBe(`${`penguin-view ${trace}`.slice(0, 15)}\n`);
		expect(readFileSync(`/proc/${child.pid!}/cmdline`, 'utf8').replace(/\0+$/, '')).toBe(`penguin-view ${trace}`);
		child.kill('SIGTERM');
		expect((await waitForExit(child, 5000)).code).toBe(0);
	});
});
