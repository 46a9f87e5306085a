// Redaction: each secret kind, home and workspace paths (whole components only), counts by kind, and --redact applied
// to every export format.
import {describe, expect, it} from 'vitest';
import {exportCommand, type ExportFormat} from '../../source/commands/export.js';
import {toView} from '../../source/commands/to-view.js';
import {describeRedactions, pathsOfView, placeholder, Redactor, redactorForView} from '../../source/export/redact.js';
import type {ModelInput} from '../../source/model/input.js';
import {msg, traceInputs} from '../helpers/recordings.js';

// Built from pieces so that no secret-shaped literal sits in the source.
const sk = ['sk', 'proj', 'Q3m9ZkW2pL8xR4tY7vB1nC6dF0gH5jK'].join('-');
const ghp = `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`;
const slack = ['xoxb', '123456789012', '987654321098', 'AbCdEfGhIjKlMnOpQrStUvWx'].join('-');
const aws = `AKIA${'IOSFODNN7EXAMPLE'}`;
const jwt = [
	'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
	'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ',
	'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
].join('.');
const pem = [
	'-----BEGIN RSA PRIVATE KEY-----',
	'MIIEpAIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aumAvb0LdyYzhP',
	'q6r8Ls0Pk5Ds8yX2u5aQ1w==',
	'-----END RSA PRIVATE KEY-----',
].join('\n');

function redact(
	text: string,
	options: ConstructorParameters<typeof Redactor>[0] = {},
): {text: string; counts: ReturnType<Redactor['counts']>} {
	const redactor = new Redactor(options);
	const out = redactor.redactString(text);
	return {text: out, counts: redactor.counts()};
}

describe('Redactor: secrets', () => {
	const cases: Array<[string, string, string, string]> = [
		['OpenAI-style key', `export OPENAI=${sk}`, 'api-key', `export OPENAI=${placeholder('api-key')}`],
		[
			'GitHub token',
			`git clone https://${ghp}@github.com/x/y`,
			'api-key',
			`git clone https://${placeholder('api-key')}@github.com/x/y`,
		],
		['Slack token', `token ${slack} here`, 'api-key', `token ${placeholder('api-key')} here`],
		['AWS access key id', `id=${aws};`, 'aws-key', `id=${placeholder('aws-key')};`],
		['JWT', `jwt ${jwt} end`, 'jwt', `jwt ${placeholder('jwt')} end`],
		[
			'Bearer token',
			'Authorization: Bearer abc123def456ghi789',
			'bearer',
			`Authorization: Bearer ${placeholder('bearer')}`,
		],
		['Cookie header', 'Cookie: a=1; b=two\nnext line', 'cookie', `Cookie: ${placeholder('cookie')}\nnext line`],
		[
			'Set-Cookie header',
			"curl -H 'Set-Cookie: sid=xyz; HttpOnly' url",
			'cookie',
			`curl -H 'Set-Cookie: ${placeholder('cookie')}' url`,
		],
		[
			'penguin_session cookie',
			'url?x=1&penguin_session=s3cr3tvalue&y=2',
			'session-cookie',
			`url?x=1&penguin_session=${placeholder('session-cookie')}&y=2`,
		],
		['PEM private key', `key:\n${pem}\ndone`, 'private-key', `key:\n${placeholder('private-key')}\ndone`],
		['password value', 'password=hunter22 ok', 'secret', `password=${placeholder('secret')} ok`],
		[
			'high-entropy value after key',
			'API_KEY: "Zx8Qp2Lm9Rt4Vw7Yb3Nc6Kd"',
			'secret',
			`API_KEY: "${placeholder('secret')}"`,
		],
		[
			'secret in escaped JSON',
			'{\\"client_secret\\":\\"a8F3kL9qZ2xW7vB4nM1p\\"}',
			'secret',
			`{\\"client_secret\\":\\"${placeholder('secret')}\\"}`,
		],
	];
	for (const [name, input, kind, expected] of cases) {
		it(`replaces a ${name}`, () => {
			const {text, counts} = redact(input);
			expect(text).toBe(expected);
			expect(counts).toEqual({[kind]: 1});
		});
	}

	it('hides an unterminated private key block to the end', () => {
		expect(redact('-----BEGIN PRIVATE KEY-----\nMIIEvQ truncated').text).toBe(placeholder('private-key'));
	});

	it('leaves prose, schemas and low-entropy values alone', () => {
		for (const text of [
			'Use a Bearer token in the Authorization header.',
			'"password": {"type": "string"}',
			'token: the_name_of_the_variable',
			'the monkey=abcdefghijklmnopqrstu',
			'sk-learn is a library',
			'Set a cookie: it tastes good',
			'keyboard=us',
		]) {
			expect(redact(text)).toEqual({text, counts: {}});
		}
	});

	it('keeps JSON valid when redacting inside it', () => {
		const args = JSON.stringify({api_key: sk, auth: `Bearer ${jwt}`, cmd: 'ls /home/ann/project/src'});
		const redactor = new Redactor({homes: ['/home/ann'], workspaces: ['/home/ann/project']});
		const parsed = JSON.parse(redactor.redactString(args)) as Record<string, string>;
		expect(parsed).toEqual({
			api_key: placeholder('api-key'),
			auth: `Bearer ${placeholder('jwt')}`,
			cmd: `ls ${placeholder('workspace')}/src`,
		});
	});
});

describe('Redactor: paths', () => {
	const options = {homes: ['/home/ann/'], workspaces: ['/home/ann/work/site']};

	it('replaces the workspace first, then the home folder, whole components only', () => {
		const {text, counts} = redact(
			'cd /home/ann/work/site/src && cat /home/ann/.bashrc file:///home/ann/x /home/anna/y /x/home/ann/z /home/ann',
			options,
		);
		expect(text).toBe(
			`cd ${placeholder('workspace')}/src && cat ${placeholder('home')}/.bashrc ` +
				`file://${placeholder('home')}/x /home/anna/y /x/home/ann/z ${placeholder('home')}`,
		);
		expect(counts).toEqual({workspace: 1, home: 3});
	});

	it('never hides the root or a bare drive', () => {
		expect(redact('/usr/bin and C:\\x', {homes: ['/', 'C:\\'], workspaces: ['']}).text).toBe('/usr/bin and C:\\x');
	});

	it('finds the workspace and the homes a session header names', () => {
		const view = toView([...traceInputs('session-2026-12-02-14-43-17-694155ee_001.jsonl'), {kind: 'end'}], 0);
		expect(pathsOfView(view)).toEqual({homes: ['/home/dev'], workspaces: ['/home/dev/work']});
	});
});

describe('Redactor: values and counts', () => {
	it('redacts every string of a value, deep, without touching the original', () => {
		const original = {a: ['password=hunter22', {b: `x ${aws}`}], n: 3, keep: true};
		const redactor = new Redactor();
		const copy = redactor.redactValue(original);
		expect(copy).toEqual({
			a: [`password=${placeholder('secret')}`, {b: `x ${placeholder('aws-key')}`}],
			n: 3,
			keep: true,
		});
		expect(original.a[0]).toBe('password=hunter22');
		expect(redactor.counts()).toEqual({secret: 1, 'aws-key': 1});
		expect(redactor.total()).toBe(2);
	});

	it('describes the counts for stderr', () => {
		expect(describeRedactions({home: 3, 'api-key': 1, workspace: 1})).toBe(
			'redacted 5 strings (1 workspace path, 3 home paths, 1 API key)',
		);
		expect(describeRedactions({jwt: 1})).toBe('redacted 1 string (1 JWT)');
		expect(describeRedactions({})).toMatch(/^redacted nothing/);
	});
});

describe('exportCommand --redact', () => {
	const home = '/home/dev';
	function plantedInputs(): ModelInput[] {
		return [
			...traceInputs('session-2026-12-02-14-43-17-694155ee_001.jsonl'),
			msg(
				'model_msg',
				{type: 'text', role: 'user', text: `my key is ${sk} and my token ${ghp}`},
				'2026-12-02T15:00:00Z',
			),
			msg(
				'model_msg',
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'exec_command',
					arguments: JSON.stringify({
						cmd: `curl -H 'Cookie: penguin_session=abc123xyz' -H 'Authorization: Bearer ${jwt}' http://x`,
					}),
					tool_call_id: 'k',
				},
				'2026-12-02T15:00:01Z',
			),
			msg(
				'model_msg',
				{type: 'tool_call_output', role: 'user', output: `${pem}\n/home/dev/work/secret.txt`, tool_call_id: 'k'},
				'2026-12-02T15:00:02Z',
			),
			{kind: 'end'},
		];
	}

	for (const format of ['md', 'json', 'sts', 'html'] as ExportFormat[]) {
		it(`leaves no secret or home path in the ${format} export`, async () => {
			const {stdout, stderr} = await exportCommand({
				format,
				redact: true,
				inputs: plantedInputs(),
				home: '/home/someone-else',
			});
			for (const secret of [sk, ghp, jwt, 'abc123xyz', 'MIIEpAIBAAKCAQEA', home]) expect(stdout).not.toContain(secret);
			expect(stdout).toContain(placeholder('workspace'));
			expect(stdout).toContain(placeholder('api-key'));
			expect(stderr).toMatch(/^redacted \d+ strings \(/);
			// Still well-formed after replacing inside JSON strings.
			if (format === 'json') expect(() => JSON.parse(stdout) as unknown).not.toThrow();
			if (format === 'sts')
				for (const line of stdout.trimEnd().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
			expect(stderr).toContain('2 API keys');
			expect(stderr).toContain('1 private key');
			expect(stderr).toContain('1 cookie header');
			expect(stderr.endsWith('\n')).toBe(true);
		});
	}

	it('changes nothing without --redact, and takes a view as well as inputs', async () => {
		const inputs = plantedInputs();
		const plain = await exportCommand({format: 'json', redact: false, inputs});
		expect(plain.stdout).toContain(sk);
		expect(plain.stderr).toBe('');
		const fromView = await exportCommand({format: 'json', redact: false, inputs: toView(inputs, 0)});
		expect(fromView.stdout).toBe(plain.stdout);
	});

	it('redactorForView adds the given home folder', () => {
		const view = toView(
			[msg('model_msg', {type: 'text', role: 'user', text: 'cat /Users/zed/notes'}), {kind: 'end'}],
			0,
		);
		const redactor = redactorForView(view, '/Users/zed');
		expect(redactor.redactValue(view).items[0]).toMatchObject({text: `cat ${placeholder('home')}/notes`});
	});
});
