// Parsing one trace line: messages, malformed records with position and excerpt, never a throw.
// The expectations are the spec's envelope (omni-message.en.md) written out here, not the
// project's own guard: a test that asked the guard would pass whatever the guard did.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {parseLine} from '../../source/protocol/parse-line.js';

const at = {line: 7, offset: 1234, shard: 2};

describe('parseLine', () => {
	it('reads an envelope as it is, including a session_meta payload without its own type', () => {
		const meta = {
			timestamp: '2026-12-02T14:43:17.728Z',
			type: 'session_meta',
			payload: {session_id: 's', tools: [{name: 'exec_command'}]},
		};
		expect(parseLine(JSON.stringify(meta), at)).toEqual({kind: 'message', message: meta, at});
		const text = {
			timestamp: '2026-12-02T14:43:18.000Z',
			type: 'model_msg',
			payload: {type: 'text', role: 'user', text: 'hi'},
			origin: ['session-child'],
		};
		expect(parseLine(JSON.stringify(text), at)).toEqual({kind: 'message', message: text, at});
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
		const notEnvelopes = [
			'[]',
			'42',
			'null',
			'"text"',
			'{"type":"model_msg"}',
			'{"payload":{"type":"text"}}',
			'{"type":7,"payload":{"type":"text"}}',
			'{"type":"model_msg","payload":"text"}',
			'{"type":"model_msg","payload":{"text":"no type"}}',
			'{"type":"model_msg","payload":{"type":3}}',
			'{"type":"model_msg","payload":{"type":"text"},"origin":"not a list"}',
			'{"type":"model_msg","payload":{"type":"text"},"origin":[1]}',
			'{"type":"model_msg","payload":{"type":"text"},"timestamp":12}',
		];
		for (const line of notEnvelopes) {
			expect({line, parsed: parseLine(line, at)}).toEqual({
				line,
				parsed: {kind: 'malformed', malformed: {...at, reason: 'not an OmniMessage envelope', excerpt: line}},
			});
		}
	});

	// Envelopes as the spec describes them: a type, a payload with its own type (none for
	// session_meta), an optional timestamp and origin; any other fields kept as they are.
	const extra = fc.dictionary(
		fc.string().filter(key => !['type', 'payload', 'origin', 'timestamp', '__proto__'].includes(key)),
		fc.jsonValue(),
		{maxKeys: 3},
	);
	const payload = fc.tuple(fc.string(), extra).map(([type, rest]) => ({...rest, type}));
	const envelope = fc.record(
		{
			type: fc.constantFrom('model_msg', 'event_msg', 'session_meta'),
			payload,
			timestamp: fc.string(),
			origin: fc.array(fc.string(), {maxLength: 3}),
		},
		{requiredKeys: ['type', 'payload']},
	);

	it('any envelope comes back as it was, with where it was read', () => {
		fc.assert(
			fc.property(envelope, envelope => {
				const line = JSON.stringify(envelope);
				// What the line says (JSON has no -0: it reads back as 0).
				const message: unknown = JSON.parse(line);
				expect(parseLine(line, at)).toEqual({kind: 'message', message, at});
			}),
			{numRuns: 300},
		);
	});

	it('an envelope with one part broken is malformed, never a message', () => {
		const broken = fc
			.tuple(
				envelope,
				fc.constantFrom('type', 'payload', 'payload.type', 'origin', 'timestamp'),
				fc.constantFrom(null, 5, true, [1], {x: 1}),
			)
			.map(([message, part, bad]) => {
				const copy = structuredClone(message) as Record<string, unknown> & {payload: Record<string, unknown>};
				// Only session_meta may have a payload without a type: the others must.
				if (part === 'payload.type' || part === 'payload') {
					if (copy.type === 'session_meta') copy.type = 'model_msg';
					if (part === 'payload') copy.payload = bad as Record<string, unknown>;
					else copy.payload['type'] = bad;
				} else if (bad === null && (part === 'origin' || part === 'timestamp')) {
					// An optional field written as null is as good as absent (Python writes None so).
					copy[part] = 5;
				} else copy[part] = bad;
				return copy;
			});
		fc.assert(
			fc.property(broken, message => {
				const parsed = parseLine(JSON.stringify(message), at);
				expect(parsed.kind === 'malformed' && parsed.malformed.reason).toBe('not an OmniMessage envelope');
			}),
			{numRuns: 300},
		);
	});

	it('never throws on any text, and what is not JSON is reported as invalid JSON', () => {
		fc.assert(
			fc.property(fc.string(), text => {
				let json = true;
				try {
					JSON.parse(text);
				} catch {
					json = false;
				}
				const parsed = parseLine(text, at);
				if (!json) expect(parsed.kind === 'malformed' && parsed.malformed.reason.startsWith('invalid JSON')).toBe(true);
			}),
			{numRuns: 500},
		);
	});
});
