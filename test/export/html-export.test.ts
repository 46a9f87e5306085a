// --export html as text (the browser tests are html-browser.test.ts): one page whose CSP names its
// own style and script by hash and allows no request, trace text escaped (never markup, never a
// terminal escape), long outputs cut as the screen cuts them with their size said, --redact
// applied and --redact --dry-run reporting by kind with masked examples, and the page written
// in pieces.
import {createHash} from 'node:crypto';
import {fileURLToPath} from 'node:url';
import {expect, it} from 'vitest';
import {exportCommand} from '../../source/commands/export.js';
import type {ModelInput} from '../../source/model/input.js';
import {runCli} from '../helpers/run-cli.js';
import {msg} from '../helpers/recordings.js';

/** A session_meta message (msg builds the other two types). */
const meta = (payload: Record<string, unknown>): ModelInput =>
	({kind: 'message', message: {type: 'session_meta', payload}}) as unknown as ModelInput;

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const hostile = fixture('html/session-2026-12-03-09-10-00-h0st1le1_001.jsonl');
const tools = fixture('traces/session-2026-12-02-14-43-17-694155ee_001.jsonl');

async function page(file: string, args: string[] = []): Promise<string> {
	const result = await runCli(['--export', 'html', ...args, file], {timeoutMs: 30_000});
	expect(result.code, result.stderr).toBe(0);
	return result.stdout;
}

const sha = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

it('names its own style and script by hash in a CSP that allows no request', async () => {
	const html = await page(tools);
	const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
	expect(csp).toBeDefined();
	const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(m => m[1]!);
	const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(m => m[1]!);
	expect(styles).toHaveLength(1);
	expect(scripts).toHaveLength(1);
	expect(csp).toContain("default-src 'none'");
	expect(csp).toContain(`style-src ${sha(styles[0]!)}`);
	expect(csp).toContain(`script-src ${sha(scripts[0]!)}`);
	expect(csp).toContain('img-src data:;');
	// Nothing on the page points elsewhere: no src, no stylesheet link, no font.
	expect(html).not.toMatch(/\ssrc="(?!data:)|<link\s|@import|url\(/);
	// Each item has an id, and a link to itself a reviewer can copy.
	const id = 'call_call_5ed87fc614eb2498';
	expect(html).toMatch(
		new RegExp(`<section class="item k-tool_call" id="${id}"[^>]*><a class="permalink" href="#${id}"`),
	);
});

it('shows hostile trace text as text: no tag, handler, link or terminal escape of its own', async () => {
	const html = await page(hostile);
	// The page's own markup aside (its toolbar's link, its script): the header and the items.
	const body =
		html.slice(html.indexOf('<body>'), html.indexOf('<nav id="toolbar"')) +
		html.slice(html.indexOf('<main>'), html.lastIndexOf('<script>'));
	expect(body).not.toMatch(
		/<script|<img|<svg|<style|<\/style|<a\s(?!class="permalink" href="#[\w-]+")|<[a-z]+[^>]*\son[a-z]+=/i,
	);
	expect(body).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
	expect(body).toContain('&lt;script&gt;window.__pwned=');
	expect(body).toContain("[click me](javascript:window.__pwned='link')");
	// A Markdown image is its address as a label, not an image.
	expect(body).toContain('<code>https://tracker.example/pixel.gif</code>');
	// The call id that tried to close its attribute is an id of safe characters.
	expect(body).toMatch(/id="call_call_h0st1le___script_x__script_"/);
});

it('cuts a long output to the head and tail the screen shows, and says what it left out', async () => {
	const html = await page(tools);
	expect(html).toContain('<div class="label">Output · 300 lines · completed</div>');
	expect(html).toMatch(/<code>1\n2\n3\n4\n5\n6\n7\n8\n<span class="cut">… 284 lines \(1 KB\) not shown/);
	expect(html).not.toContain('\n150\n');
	expect(html).toMatch(/\n293\n294\n295\n296\n297\n298\n299\n300<\/code>/);
});

const secretInputs = (): ModelInput[] => {
	const key = ['sk', 'proj', 'Q3m9ZkW2pL8xR4tY7vB1nC6dF0gH5jK'].join('-');
	return [
		meta({session_id: 'session-x', workspace: '/home/ann/project', provider: 'p', model_id: 'm'}),
		msg('model_msg', {type: 'text', role: 'user', text: `Use ${key} in /home/ann/project/src`}),
		msg('model_msg', {type: 'text', role: 'assistant', text: `Reading /home/ann/notes with ${key}`}),
	];
};

it('redacts as print mode does, and --dry-run lists what it would hide by kind, masked', async () => {
	const redacted = await exportCommand({format: 'html', redact: true, inputs: secretInputs(), home: '/home/ann'});
	expect(redacted.stdout).toContain('Use [redacted:api-key] in [redacted:workspace]/src');
	expect(redacted.stdout).not.toContain('Q3m9ZkW2');
	expect(redacted.stderr).toContain('redacted 5 strings (2 workspace paths, 1 home path, 2 API keys)');
	const dry = await exportCommand({
		format: 'html',
		redact: true,
		dryRun: true,
		inputs: secretInputs(),
		home: '/home/ann',
	});
	expect(dry.stdout.split('\n')).toEqual([
		'--redact would hide 5 strings:',
		'[redacted:workspace]  2 workspace paths, e.g.',
		'  /home/… (17 characters)',
		'[redacted:home]  1 home path, e.g.',
		'  /hom… (9 characters)',
		'[redacted:api-key]  2 API keys, e.g.',
		'  sk-pro… (39 characters)',
		'Nothing was exported: run again without --dry-run to write the redacted export.',
		'',
	]);
	expect(dry.stdout).not.toContain('Q3m9ZkW2');
});

it('says how to use --dry-run when --redact is missing', async () => {
	const result = await runCli(['--export', 'html', '--dry-run', tools]);
	expect(result.code).toBe(2);
	expect(result.stdout).toBe('');
	expect(result.stderr).toMatch(/--dry-run lists what --redact would hide in an export: add --redact and --export/);
});

it('writes the page in pieces as its items are rendered', async () => {
	const pieces: string[] = [];
	const big = 'x'.repeat(300_000);
	const inputs = [
		meta({session_id: 'session-big', provider: 'p', model_id: 'm'}),
		...Array.from({length: 8}, (_, i) => msg('model_msg', {type: 'text', role: 'user', text: `${i} ${big}`})),
	];
	const result = await exportCommand({format: 'html', redact: false, inputs, write: text => void pieces.push(text)});
	expect(result.stdout).toBe('');
	expect(pieces.length).toBeGreaterThan(1);
	expect(pieces[0]!.startsWith('<!DOCTYPE html>')).toBe(true);
	expect(pieces.at(-1)!.endsWith('</html>\n')).toBe(true);
});

it('shows commands as commands, edits as coloured diffs, code by language, approvals and retries', async () => {
	const at = (s: number): string => new Date(Date.UTC(2026, 11, 3, 9, 0, s)).toISOString();
	const call = (id: string, name: string, args: Record<string, unknown>, s: number): ModelInput =>
		msg(
			'model_msg',
			{type: 'tool_call', role: 'assistant', name, arguments: JSON.stringify(args), tool_call_id: id},
			at(s),
		);
	const inputs = [
		meta({session_id: 'session-kinds', provider: 'p', model_id: 'm'}),
		msg('model_msg', {type: 'text', role: 'user', text: '| a | b |\n| - | - |\n| 1 | 2 |'}, at(0)),
		msg('event_msg', {type: 'request_begin'}, at(1)),
		msg(
			'event_msg',
			{type: 'request_end', status: 'timeout', error_message: 'overloaded', attempt: 1, retry_in_ms: 2000},
			at(2),
		),
		msg('event_msg', {type: 'request_begin'}, at(4)),
		call('call_edit', 'edit_file', {file_path: 'src/a.ts', old_string: 'const a = 1;', new_string: 'const a = 2;'}, 5),
		msg('event_msg', {type: 'approval_decision', decision: 'allow', tool_call_id: 'call_edit'}, at(5)),
		call('call_write', 'write_file', {file_path: 'src/b.ts', content: 'export const b = "x";\n'}, 6),
		msg('event_msg', {type: 'approval_decision', decision: 'deny', tool_call_id: 'call_write'}, at(6)),
		call('call_cmd', 'exec_command', {cmd: 'ls -la'}, 7),
		msg('event_msg', {type: 'request_end', status: 'completed'}, at(8)),
	];
	const {stdout: html} = await exportCommand({format: 'html', redact: false, inputs});
	expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>a<\/th>\s*<th>b<\/th>/);
	expect(html).toMatch(/Request 1 timeout \(attempt 1\) · retried after 2(\.0)? s · overloaded/);
	const section = (id: string): string =>
		html.slice(html.indexOf(`id="${id}"`), html.indexOf('</section>', html.indexOf(`id="${id}"`)));
	expect(section('call_call_edit')).toContain('<span class="d-del">- const a = 1;</span>');
	expect(section('call_call_edit')).toContain('<span class="d-add">+ const a = 2;</span>');
	expect(section('call_call_edit')).toMatch(/class="facts[^"]*">[^<]*allowed/);
	// The written file in its language's colours: the keyword and the string are tagged.
	expect(section('call_call_write')).toMatch(/<span class="t-[a-z-]+">export<\/span>/);
	expect(section('call_call_write')).toMatch(/<span class="t-[a-z-]+">&#34;x&#34;<\/span>/);
	expect(section('call_call_write')).toContain('denied by the user');
	expect(section('call_call_cmd')).toContain('<pre class="code command"><code>$ ls -la</code></pre>');
});

it('keeps a javascript: link as text however it is spelled, and a web link inert for the other site', async () => {
	const links = [
		'[a](JaVaScRiPt:alert(1))',
		'[b](&#106;avascript:alert(1))',
		'[c][r]\n\n[r]: javascript:alert(1)',
		'<javascript:alert(1)>',
		'[d](vbscript:x)',
		'[e](data:text/html;base64,PHNjcmlwdD4=)',
		'[f](https://ok.example "t\\"onmouseover=x")',
	];
	const inputs = [
		meta({session_id: 'session-links', provider: 'p', model_id: 'm'}),
		msg('model_msg', {type: 'text', role: 'assistant', text: links.join('\n\n')}),
	];
	const {stdout: html} = await exportCommand({format: 'html', redact: false, inputs});
	const main = html.slice(html.indexOf('<main>'), html.indexOf('</main>'));
	const anchors = [...main.matchAll(/<a\s[^>]*>/g)].map(m => m[0]).filter(a => !a.includes('class="permalink"'));
	expect(anchors).toEqual([
		'<a href="https://ok.example" title="t&quot;onmouseover=x" rel="noopener noreferrer nofollow">',
	]);
	expect(main).not.toMatch(/href="(?:javascript|vbscript|data):/i);
});
