// Helpers for the I/O tests: temp folders, fixture traces copied in, and polling with a deadline.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The folder of recorded trace files shipped with the tests. */
export const tracesFixtureDir = fileURLToPath(new URL('../fixtures/traces/', import.meta.url));

/** The server session with two shards (`_001`, `_002`). */
export const rotatedSessionId = 'session-2026-12-02-14-45-42-8e7b556c';

/** The bytes of one fixture trace file. */
export function fixtureBytes(fileName: string): Buffer {
	return readFileSync(path.join(tracesFixtureDir, fileName));
}

/** The non-blank lines of one fixture trace file. */
export function fixtureLines(fileName: string): string[] {
	return fixtureBytes(fileName)
		.toString('utf8')
		.split('\n')
		.filter(line => line.trim() !== '');
}

/** A fresh temp folder; remove it with removeTempDir. */
export function makeTempDir(prefix = 'penguin-view-io-'): string {
	return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Removes a temp folder made by makeTempDir. */
export function removeTempDir(dir: string): void {
	rmSync(dir, {recursive: true, force: true});
}

/** Copies a fixture into `folder` as a writable file (the fixtures themselves are read-only); returns its path. */
export function copyFixture(fileName: string, folder: string, as = fileName): string {
	mkdirSync(folder, {recursive: true});
	const target = path.join(folder, as);
	writeFileSync(target, fixtureBytes(fileName));
	return target;
}

/** Waits for a condition (see wait-for.ts); kept here for the tests that import it from this module. */
export {waitFor} from './wait-for.js';
