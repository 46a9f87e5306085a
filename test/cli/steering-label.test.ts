// Print mode labels the user's steering as the user's (issue 29): it is their message, sent mid-run.
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/run-cli.js';

const line = (payload: object, at: string) =>
	JSON.stringify({timestamp: `2026-12-04T20:42:${at}Z`, type: 'model_msg', payload});

describe('steering in print mode', () => {
	it('is written as the user’s message', async () => {
		const trace = [
			line({type: 'text', role: 'user', text: 'Tell me a slow story.'}, '16.000'),
			line({type: 'text', role: 'user', text: '[user_steering]\nPlease mention penguins.\n[/user_steering]'}, '20.000'),
		].join('\n');
		const result = await runCli(['--print', '--no-follow', '-'], {input: `${trace}\n`, env: {TZ: 'UTC'}});
		expect(result.code).toBe(0);
		// As the screen has it: `you · steering` and the words alone, without the harness's wrapper.
		expect(result.stdout).toContain('[20:42:20] you · steering\n  Please mention penguins.\n');
		expect(result.stdout).not.toContain('user_steering]');
	});
});
