// A small trace of "another harness" made from a recorded one at test time: `call_id` for `tool_call_id`, `text` for
// `thinking`, other token fields, `outcome` for a compaction's `status`.
import {readFileSync} from 'node:fs';
import {fixturesDir} from '../helpers/recordings.js';

/** One trace line rewritten into the other shape. */
export function foreignLine(line: string): string {
	const message = JSON.parse(line) as {payload: Record<string, unknown>};
	const payload = message.payload;
	if ('tool_call_id' in payload) {
		payload['call_id'] = payload['tool_call_id'];
		delete payload['tool_call_id'];
	}
	if (payload['type'] === 'thinking') {
		payload['text'] = payload['thinking'];
		delete payload['thinking'];
	}
	if (payload['type'] === 'token_usage') {
		const request = payload['request'] as {total: number; output: number};
		message.payload = {
			type: 'token_usage',
			input_tokens: request.total - request.output,
			output_tokens: request.output,
		};
	}
	if (payload['type'] === 'compaction_end') {
		payload['outcome'] = payload['status'];
		delete payload['status'];
	}
	return JSON.stringify(message);
}

/** The text of fixture trace `name` in the other shape. */
export function foreignTrace(name: string): string {
	const lines = readFileSync(`${fixturesDir}traces/${name}`, 'utf8').split('\n').filter(Boolean);
	return `${lines.map(foreignLine).join('\n')}\n`;
}
