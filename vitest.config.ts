import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
		// Builds dist/ first when a source is newer (tests start dist/cli.js).
		globalSetup: ['test/setup/fresh-build.ts'],
		setupFiles: ['test/support/utc.ts', 'test/support/no-user-config.ts'],
		// The default report, then one line naming the tests skipped for a missing tool (fish, zsh, man).
		reporters: ['default', './test/support/skip-reporter.ts'],
		testTimeout: 20_000,
		hookTimeout: 20_000,
	},
});
