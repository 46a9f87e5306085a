/**
 * A vitest reporter beside the default one: at the end of a run, one line naming the tests
 * skipped for a missing tool (test/support/optional-tool.ts) and why, e.g.
 * `skipped 2 tests: fish not installed (completions), zsh not installed (completions)`.
 * Nothing when no test was skipped so.
 */
import type {Reporter, TestModule} from 'vitest/node';

/** The summary line of the tests skipped for a missing tool, or undefined when there are none. */
export function skippedToolsLine(notes: readonly string[]): string | undefined {
	const wanting = notes.filter(note => / not installed \(/.test(note));
	if (wanting.length === 0) return undefined;
	const reasons = [...new Set(wanting)].sort();
	return `skipped ${wanting.length} ${wanting.length === 1 ? 'test' : 'tests'}: ${reasons.join(', ')}`;
}

export default class SkipReporter implements Reporter {
	onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
		const notes: string[] = [];
		for (const module of modules) {
			for (const test of module.children.allTests('skipped')) {
				const result = test.result();
				if (result.state === 'skipped' && result.note !== undefined) notes.push(result.note);
			}
		}
		const line = skippedToolsLine(notes);
		if (line !== undefined) process.stdout.write(`\n${line}\n`);
	}
}
