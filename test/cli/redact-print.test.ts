// --redact in print mode and --json: the corpus (test/fixtures/redaction/) of one credential of every kind and
// look-alikes, in a trace's tool output, answer and command; every credential gone, every look-alike whole, and without
// --redact the output as it always was.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/run-cli.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const corpus = path.join(import.meta.dirname, '..', 'fixtures', 'redaction');
const content = (name: string): string[] =>
	readFileSync(path.join(corpus, name), 'utf8')
		.split('\n')
		.filter(line => line !== '' && !line.startsWith('#'));
const secrets = content('secrets.tsv').map(line => {
	const [gone, text] = line.split('\t') as [string, string];
	return {gone, text: text.replaceAll('\\n', '\n')};
});
const lookalikes = content('lookalikes.txt');

const dir = makeTempDir('penguin-view-redact-');
afterAll(() => removeTempDir(dir));
const at = (second: number): string => `2026-12-02T10:00:${String(second).padStart(2, '0')}.000Z`;
const line = (second: number, payload: object): string =>
	JSON.stringify({timestamp: at(second), type: 'model_msg', payload});
const file = path.join(dir, 'secrets.jsonl');
writeFileSync(
	file,
	[
		JSON.stringify({
			timestamp: at(0),
			type: 'session_meta',
			payload: {session_id: 's1', provider: 'p', model_id: 'm', model_context_window: 64_000},
		}),
		line(1, {
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: JSON.stringify({cmd: `cat .env # ${secrets[0]!.text}`}),
			tool_call_id: 'c1',
		}),
		// Long enough for print's kernel to take it, were it on.
		line(2, {
			type: 'tool_call_output',
			role: 'user',
			output: [...secrets.map(secret => secret.text), ...lookalikes, 'x'.repeat(600)].join('\n'),
			tool_call_id: 'c1',
			stop_reason: 'completed',
		}),
		line(3, {type: 'text', role: 'assistant', text: [...secrets.map(secret => secret.text), ...lookalikes].join('\n')}),
	].join('\n') + '\n',
);

describe('--redact outside --export', () => {
	for (const mode of ['--print', '--json']) {
		it(`${mode}: every credential of the corpus is gone, every look-alike whole`, async () => {
			const result = await runCli([mode, '--no-follow', '--redact', file]);
			expect(result.code).toBe(0);
			for (const secret of secrets) expect(result.stdout, secret.text).not.toContain(secret.gone);
			const shown =
				mode === '--json'
					? result.stdout
							.split('\n')
							.filter(Boolean)
							.map(text => JSON.stringify(JSON.parse(text)))
							.join('\n')
					: result.stdout;
			for (const lookalike of lookalikes)
				expect(
					mode === '--json' ? shown.includes(JSON.stringify(lookalike).slice(1, -1)) : shown.includes(lookalike),
					lookalike,
				).toBe(true);
			expect(result.stdout).toContain('postgres://admin:[redacted:url-password]@db:5432/app');
			expect(result.stdout).toContain('Authorization: Basic [redacted:basic-auth]');
			expect(result.stderr).toMatch(/^penguin-view: redacted \d+ strings \(.*passwords in URLs.*\)\n$/);
		});
	}

	it('without --redact, print mode writes what it always wrote: the secrets too, the kernel on', async () => {
		const plain = await runCli(['--print', '--no-follow', file]);
		const reference = await runCli(['--print', '--no-follow', file], {env: {PENGUIN_VIEW_KERNEL: '0'}});
		expect(plain.stdout).toBe(reference.stdout);
		for (const secret of secrets.filter(secret => !secret.text.includes('\n')))
			expect(plain.stdout).toContain(secret.gone);
		expect(plain.stderr).toBe('');
	});

	it('--help names what --redact finds', async () => {
		const help = (await runCli(['--help'])).stdout.replace(/\s+/g, ' ');
		for (const word of [
			'user-info',
			'Bearer',
			'Basic',
			'sk-ant-',
			'ghp_',
			'github_pat_',
			'xox[bap]-',
			'AKIA',
			'AIza',
			'JWT',
			'PEM',
			'secret, token, password or key',
		])
			expect(help).toContain(word);
	});
});
