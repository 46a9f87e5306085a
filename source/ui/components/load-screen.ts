// Loads the Ink screen so that it draws on a terminal even where CI is set in the
// environment, and readies the string-width Ink measures with.
//
// Ink decides once, when its module is first evaluated, whether it runs "in CI" (CI or
// CONTINUOUS_INTEGRATION set); there it writes no frames until it unmounts, which on a
// terminal is a blank screen that never changes. The screen is only opened when stdout is a
// terminal, so those variables are hidden while Ink loads and put back straight after. This is
// the one module besides settings.ts and the entry that touches process.env (a documented
// exception in test/architecture.test.ts): it reads no setting, it hides Ink's.
import process from 'node:process';

const ciVariables = ['CI', 'CONTINUOUS_INTEGRATION'] as const;

export async function loadScreen(): Promise<typeof import('./run-screen.js')> {
	const saved = ciVariables.map(name => [name, process.env[name]] as const);
	for (const [name] of saved) delete process.env[name];
	try {
		const screen = await import('./run-screen.js');
		// Ink measures rows beyond ASCII with string-width (ui/components/ink-width.ts), which in the bundle
		// builds its segmenter and emoji expression on its first measure (scripts/build.mjs), and
		// V8 compiles that expression's matcher on its first emoji: ~2 + ~5 ms, paid here rather
		// than on the first such row, perhaps a key press during a stream. Through ink-width.ts,
		// a module of ours: a package imported dynamically would keep the code it shares with the
		// entry (get-east-asian-width) in a file of its own, one more for every start to load.
		(await import('./ink-width.js')).default('é👍🏽');
		return screen;
	} finally {
		for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
	}
}
