// Parsing one trace line: messages, malformed records with position and excerpt, never a throw.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {isOmniMessage} from '../../source/protocol/guards.js';
import {parseLine} from '../../source/protocol/parse-line.js';

const at = {line: 7, offset: 1234, shard: 2};

describe('parseLine', () => {
	it('reads an envelope, including a session_meta payload without its own type', () => {
		const parsed = parseLine('{"timestamp":"2026-12-02T14:43:17.728Z","type":"session_meta","payload":{"session_id":"s"}}', at);
		expect(parsed.kind).toBe('message');
	});

	it('reports invalid JSON with its position, reason and a short visible excerpt', () => {
		const parsed = parseLine(`{"timestamp":"2026-12-02","type":\u001b[2J${'x'.repeat(200)}`, at);
		expect(parsed.kind).toBe('malformed');
		if (parsed.kind !== 'malformed') return;
		expect(parsed.malformed).toMatchObject({line: 7, offset: 1234, shard: 2});
		expect(parsed.malformed.reason).toMatch(/^invalid JSON/);
		expect(parsed.malformed.excerpt).toContain('\\x1b[2J');
		expect(parsed.malformed.excerpt).not.toContain('\u001b');
		expect(parsed.malformed.excerpt.length).toBeLessThan(100);
	});

	it('tells JSON that is not an envelope from broken JSON', () => {
		for (const line of ['[]', '42', '{"type":"model_msg"}', '{"type":"model_msg","payload":{"text":"no type"}}', 'null']) {
			const parsed = parseLine(line, at);
			expect(parsed.kind === 'malformed' && parsed.malformed.reason).toBe('not an OmniMessage envelope');
		}
	});

	it('never throws, and accepts only what the guard accepts', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map(value => JSON.stringify({type: 'model_msg', payload: value}))), text => {
				const parsed = parseLine(text, at);
				if (parsed.kind === 'message') expect(isOmniMessage(parsed.message)).toBe(true);
			}),
			{numRuns: 500},
		);
	});
});
