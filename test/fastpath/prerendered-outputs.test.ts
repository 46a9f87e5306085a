// Print mode's cut of large tool outputs: only a tool output's own text is set aside; every other line, and every line
// that would not parse, is read as before.
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {expect, test} from 'vitest';
import {PrerenderedOutputs} from '../../source/fastpath/prerendered-outputs.js';
import {parseLine} from '../../source/protocol/parse-line.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';

const big = 'line of output\n'.repeat(300);
const envelope = (payload: string) =>
	Buffer.from(`{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":${payload}}`);

test('a tool output line is parsed with a token in place of its text, and the token gives the block back once', () => {
	const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
	const line = envelope(
		`{"type":"tool_call_output","role":"user","output":${JSON.stringify(big)},"tool_call_id":"c1"}`,
	);
	const cut = prerendered.cut(line)!;
	const parsed = parseLine(cut.text, {line: 1, offset: 0}, cut.value);
	expect(parsed.kind).toBe('message');
	const payload = (cut.value as {payload: {output: string; tool_call_id: string}}).payload;
	expect(payload.tool_call_id).toBe('c1');
	expect(payload.output.length).toBeLessThan(40);
	expect(prerendered.waiting).toBe(1);
	const block = prerendered.take(payload.output)!;
	expect(block.lines).toBe(300);
	expect(block.bytes.toString()).toBe(big.slice(0, -1).replaceAll('\n', '\n  '));
	expect(prerendered.take(payload.output)).toBeUndefined();
	expect(prerendered.waiting).toBe(0);
});

test('other lines are left whole: other payloads, an output key elsewhere, broken JSON, a broken envelope', () => {
	const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
	const text = JSON.stringify(big);
	for (const line of [
		envelope(`{"type":"text","role":"assistant","text":${text}}`),
		envelope(
			`{"type":"tool_call","role":"assistant","tool_call_id":"c1","name":"x","arguments":` +
				`${JSON.stringify(JSON.stringify({output: big}))}}`,
		),
		envelope(`{"type":"unknown_kind","meta":{"output":${text}},"tool_call_id":"c1"}`),
		envelope(
			`{"type":"tool_call_output","role":"user","extra":{"output":${text}},"output":"small","tool_call_id":"c1"}`,
		),
		envelope(`{"type":"tool_call_output","role":"user","output":${text},"tool_call_id":"c1"`),
		Buffer.from(`{"type":3,"payload":{"type":"tool_call_output","output":${text},"tool_call_id":"c1"}}`),
		envelope(`{"type":"tool_call_output","role":"user","output":"${'x'.repeat(3000)}`),
	]) {
		expect(prerendered.cut(line), line.subarray(0, 120).toString()).toBeUndefined();
	}
	expect(prerendered.waiting).toBe(0);
});

test('text that looks like a token is printed as the text it is', () => {
	const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
	const cut = prerendered.cut(
		envelope(`{"type":"tool_call_output","role":"user","output":${JSON.stringify(big)},"tool_call_id":"c1"}`),
	)!;
	const token = (cut.value as {payload: {output: string}}).payload.output;
	expect(prerendered.take(`${token.slice(0, -1)}9`)).toBeUndefined();
	expect(prerendered.take('\ufdd0whatever:0')).toBeUndefined();
	expect(prerendered.take(token)).toBeDefined();
});

test('the committed WebAssembly module is what json-block.wat assembles to', () => {
	const script = fileURLToPath(new URL('../../scripts/build-wasm.mjs', import.meta.url));
	expect(() => execFileSync(process.execPath, [script, '--check'], {stdio: 'pipe'})).not.toThrow();
});
