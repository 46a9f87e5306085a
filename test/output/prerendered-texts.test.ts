// Print mode's cut of model texts (output/prerendered-texts.ts): on random traces of answers, thinkings, users' texts
// (markers among them), streamed fragments and compactions, with any text escaped any way, print mode with the cut
// prints exactly what it prints without; only an answer's or a thinking's text is cut, and a line that would not parse
// is left whole.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {jsonBlockKernel} from '../../source/io/wasm.js';
import {readStream} from '../../source/io/trace-follower.js';
import {SessionStore} from '../../source/model/session-store.js';
import {attachPrinter, lineCutter, PrerenderedOutputs, PrerenderedTexts} from '../../source/output/printer.js';
import {fakeStdout} from '../support/fake-stdout.js';

/**
 * Print mode over `bytes` as main.ts makes it without colour: with the cuts (outputs and texts), or the reference
 * (neither).
 */
async function printed(bytes: Buffer, cuts: boolean): Promise<{text: string; cut: number}> {
	const {out, text} = fakeStdout();
	const outputs = cuts ? new PrerenderedOutputs({kernel: jsonBlockKernel()}) : undefined;
	// A small arena: blocks are copied out of it now and then.
	const texts = cuts ? new PrerenderedTexts({kernel: jsonBlockKernel(), arenaBytes: 16 * 1024}) : undefined;
	const store = new SessionStore(
		{label: 'test', state: 'reading'},
		{recordFinalized: true, keepItems: false, images: outputs?.images},
	);
	const attached = attachPrinter(store, out, {
		color: false,
		canRebuild: false,
		prerendered: outputs,
		prerenderedTexts: texts,
	});
	let taken = 0;
	const cutter = outputs && lineCutter({outputs, texts});
	const cut =
		cutter &&
		((line: Buffer) => {
			const parts = cutter(line);
			// A model's text cut: its payload holds the texts' token (outputs' start with U+FDD0).
			const payload = (parts?.value as {payload?: {text?: unknown; thinking?: unknown}} | undefined)?.payload;
			const words = payload?.text ?? payload?.thinking;
			if (typeof words === 'string' && words.startsWith('\ufdd2')) taken++;
			return parts;
		});
	const reader = readStream(
		(async function* () {
			yield bytes;
		})(),
		batch => store.apply(batch),
		{label: 'test', cut},
	);
	await reader.done;
	attached.finish();
	return {text: text(), cut: taken};
}

const meta = JSON.stringify({
	timestamp: '2026-12-02T10:00:00.000Z',
	type: 'session_meta',
	payload: {session_id: 's1', provider: 'p', model_id: 'm', model_context_window: 64_000},
});
const envelope = (type: string, payload: string, second: number): string =>
	`{"timestamp":"2026-12-02T10:00:${String(second % 60).padStart(2, '0')}.` +
	`${String(second % 1000).padStart(3, '0')}Z","type":"${type}","payload":${payload}}`;

// Words as models write them, and characters that tell the paths apart: escapes, controls the
// sanitizer changes, tabs after ASCII and after wider characters, carriage returns, colours,
// characters beyond the BMP, lone surrogates.
const piece = fc.oneof(
	{
		weight: 20,
		arbitrary: fc.constantFrom(
			'the agent reads the trace ',
			'x'.repeat(600),
			'Ошибка исправлена ',
			'这个函数负责解析 ',
			'done ✅ and pushed 🚀 ',
			'\n',
			'\n\n',
			'"',
			'\\',
			'/',
			'é',
			'  ',
			'',
		),
	},
	{
		weight: 3,
		arbitrary: fc.constantFrom(
			'\t',
			'ab\tc',
			'日\t',
			'\r\n',
			'progress 10%\rprogress 90%',
			'\u001b[31mred\u001b[0m',
			'\u001b[2K',
			'[exit code: 2]',
		),
	},
	{
		weight: 1,
		arbitrary: fc.constantFrom(
			'\u0000',
			'\u0007',
			'\u007f',
			'\u0085',
			'\u202e',
			'\u200f',
			'\u2028',
			'\ud800',
			'\udc00x',
			'\ufdd2fake:0',
		),
	},
);
const words = fc.array(piece, {maxLength: 30}).map(parts => parts.join(''));
type How = 'plain' | 'ascii' | 'slash' | 'broken';
// The string as a writer may write it: as JSON.stringify does, every character beyond ASCII as an escape, `/` escaped,
// or cut short (a broken line).
function literalOf(text: string, how: How): string {
	const plain = JSON.stringify(text);
	if (how === 'ascii')
		return plain.replace(/[\u007f-\uffff]/g, ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
	if (how === 'slash') return plain.replaceAll('/', '\\/');
	if (how === 'broken') return plain.slice(0, Math.floor(plain.length / 2));
	return plain;
}

type Step = {
	kind: 'answer' | 'thinking' | 'signed' | 'user' | 'marker' | 'streamed' | 'compaction' | 'other';
	words: string;
	how: How;
	stop: boolean;
};
const step = fc.record({
	kind: fc.constantFrom<Step['kind']>(
		'answer',
		'answer',
		'thinking',
		'thinking',
		'signed',
		'user',
		'marker',
		'streamed',
		'compaction',
		'other',
	),
	words,
	how: fc.constantFrom<How>('plain', 'plain', 'plain', 'plain', 'ascii', 'slash', 'broken'),
	stop: fc.boolean(),
});

function lines(steps: Step[]): string[] {
	const out = [meta];
	steps.forEach(({kind, words, how, stop}, i) => {
		const literal = literalOf(words, how);
		const second = i * 3 + 1;
		const stopReason = stop ? ',"stop_reason":"max_tokens"' : '';
		switch (kind) {
			case 'answer':
				out.push(envelope('model_msg', `{"type":"text","role":"assistant","text":${literal}${stopReason}}`, second));
				return;
			case 'thinking':
				out.push(envelope('model_msg', `{"type":"thinking","role":"assistant","thinking":${literal}}`, second));
				return;
			case 'signed':
				out.push(
					envelope(
						'model_msg',
						`{"type":"thinking","role":"assistant","thinking":${literal},"fidelity":{"signature":"${'QUJD'.repeat(100)}"}}`,
						second,
					),
				);
				return;
			case 'user':
				out.push(envelope('model_msg', `{"type":"text","role":"user","text":${literal}}`, second));
				return;
			case 'marker':
				// A user's text the model reads the marker of; the same words as an answer.
				out.push(
					envelope(
						'model_msg',
						`{"type":"text","role":"user","text":${literalOf(`[context_summary]\n${words}`, how)}}`,
						second,
					),
				);
				out.push(
					envelope(
						'model_msg',
						`{"type":"text","role":"assistant","text":${literalOf(`[user_steering] ${words}`, how)}}`,
						second + 1,
					),
				);
				return;
			case 'streamed':
				// Fragments first; the complete message replaces what they made.
				out.push(
					envelope(
						'model_msg',
						`{"type":"partial_thinking","role":"assistant","event_type":"start","thinking":"abc"}`,
						second,
					),
				);
				out.push(
					envelope(
						'model_msg',
						`{"type":"partial_thinking","role":"assistant","event_type":"stop","thinking":""}`,
						second,
					),
				);
				out.push(envelope('model_msg', `{"type":"thinking","role":"assistant","thinking":${literal}}`, second + 1));
				out.push(
					envelope(
						'model_msg',
						`{"type":"partial_text","role":"assistant","event_type":"start","text":"ab"}`,
						second + 1,
					),
				);
				out.push(envelope('model_msg', `{"type":"text","role":"assistant","text":${literal}}`, second + 2));
				return;
			case 'compaction':
				// Inside a compaction the answer is its summary, the thinking its own.
				out.push(
					envelope(
						'event_msg',
						'{"type":"compaction_begin","reason":"context","mode":"summarize","context":150000,"turns":3}',
						second,
					),
				);
				out.push(envelope('model_msg', `{"type":"thinking","role":"assistant","thinking":${literal}}`, second));
				out.push(envelope('model_msg', `{"type":"text","role":"assistant","text":${literal}}`, second + 1));
				out.push(
					envelope(
						'event_msg',
						'{"type":"compaction_end","reason":"context","mode":"summarize","status":"completed"}',
						second + 2,
					),
				);
				return;
			case 'other':
				// A text in another object, or a repeated key: the payload's own text is not the one found first.
				out.push(
					envelope('model_msg', `{"type":"text","role":"assistant","meta":{"text":${literal}},"text":"short"}`, second),
				);
				out.push(
					envelope(
						'model_msg',
						`{"type":"thinking","role":"assistant","thinking":${literal},"thinking":"again"}`,
						second + 1,
					),
				);
				return;
		}
	});
	return out;
}

describe('the cut of model texts', () => {
	test(
		"on random traces of answers, thinkings and users' " + 'texts, print mode prints what it prints without the cut',
		async () => {
			let cutTexts = 0;
			await fc.assert(
				fc.asyncProperty(fc.array(step, {minLength: 1, maxLength: 8}), async steps => {
					const bytes = Buffer.from(`${lines(steps).join('\n')}\n`);
					const fast = await printed(bytes, true);
					const usual = await printed(bytes, false);
					expect(fast.text).toBe(usual.text);
					cutTexts += fast.cut;
				}),
				{numRuns: 300},
			);
			// Not a property that holds for want of cut lines (several hundred are cut in a run).
			expect(cutTexts).toBeGreaterThan(100);
		},
	);

	test('a thinking is cut: parsed with a token for its text, whose block and length the printer gets back', () => {
		const texts = new PrerenderedTexts({kernel: jsonBlockKernel()});
		const thinking = 'first line of thought 🚀\nsecond, with "quotes"\n'.repeat(20);
		const cut = texts.cut(
			Buffer.from(
				envelope('model_msg', `{"type":"thinking","role":"assistant","thinking":${JSON.stringify(thinking)}}`, 1),
			),
		)!;
		const token = (cut.value as {payload: {thinking: string}}).payload.thinking;
		expect(token.length).toBeLessThan(40);
		expect(texts.units(token)).toBe(thinking.length);
		expect(Buffer.from(texts.take(token)!.bytes).toString()).toBe(thinking.slice(0, -1).replaceAll('\n', '\n  '));
		expect(texts.take(token)).toBeUndefined();
		expect(texts.units(token)).toBeUndefined();
	});

	test("other lines are left whole: users' texts, short texts, empty ones, other payloads, broken lines", () => {
		const texts = new PrerenderedTexts({kernel: jsonBlockKernel()});
		const long = JSON.stringify('words of a long text\n'.repeat(60));
		for (const text of [
			envelope('model_msg', `{"type":"text","role":"user","text":${long}}`, 1),
			envelope('model_msg', `{"type":"text","role":"assistant","text":"short"}`, 1),
			envelope('model_msg', `{"type":"text","role":"assistant","text":"","note":${long}}`, 1),
			envelope('model_msg', `{"type":"tool_call_output","role":"user","output":${long},"tool_call_id":"c1"}`, 1),
			envelope('model_msg', `{"type":"text","role":"assistant","text":${long}`, 1),
			envelope('model_msg', `{"type":"thinking","role":"assistant","thinking":${long},"thinking":"again"}`, 1),
			// The type read first is not the type parsed (a repeated key).
			envelope('model_msg', `{"type":"thinking","type":"text","role":"assistant","thinking":${long},"text":"x"}`, 1),
		]) {
			expect(texts.cut(Buffer.from(text)), text.slice(0, 120)).toBeUndefined();
		}
		expect(texts.waiting).toBe(0);
	});
});
