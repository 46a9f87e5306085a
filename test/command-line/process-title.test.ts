// What ps shows of a run (the process title set in the entry; test/cli/command-line.test.ts reads
// it from a running program): of a server only its host and path, never a password, a query or
// another flag's value; no control character.
import {expect, it} from 'vitest';
import {processTitle} from '../../source/command-line/process-title.js';

it('names what is open: a trace as given, a server by its host and path only', () => {
	expect(processTitle('penguin-view', ['trace.jsonl'], undefined)).toBe('penguin-view trace.jsonl');
	expect(processTitle('penguin-view', [], 'http://admin:pw@localhost:7364/chat/abc?token=x')).toBe(
		'penguin-view --sse localhost:7364/chat/abc',
	);
	expect(processTitle('penguin-view', [], 'not a url with:secret')).toBe('penguin-view --sse');
	expect(processTitle('penguin-view', ['a\u001b[2Jb.jsonl'], undefined)).toBe('penguin-view a?[2Jb.jsonl');
});
