// The person running the tests has their own config.toml and saved logins (both under XDG_CONFIG_HOME): none of it
// may change what a test sees. Every test file starts with an empty config folder of its own, which the programs it
// starts inherit (fish, Chromium and Firefox keep theirs there too); a test about the config file or the logins names
// its own folder. Readable by all: an unprivileged user started by a test (test/faults/permissions.test.ts) finds no
// config in it rather than a folder it may not enter.
import {chmodSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll} from 'vitest';

const folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-tests-config-'));
chmodSync(folder, 0o755);
process.env['XDG_CONFIG_HOME'] = folder;
afterAll(() => {
	try {
		rmSync(folder, {recursive: true, force: true});
	} catch {
		// A browser still writing its profile as it closes: the folder is in the temporary folder anyway.
	}
});
