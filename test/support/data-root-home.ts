// A home for an end-to-end test: a temp folder holding a data root laid out as the harness lays it out, with one
// day's traces folder of project proj-a's main agent in it.
import {mkdirSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export type DataRootHome = {home: string; dataRoot: string; folder: string};

/** A fresh home named after `name`, its data root (`home/data`) and the traces folder of 2026-12-02 in it. */
export function makeDataRootHome(name: string): DataRootHome {
	const home = mkdtempSync(path.join(tmpdir(), `penguin-view-e2e-${name}-`));
	const dataRoot = path.join(home, 'data');
	const folder = path.join(dataRoot, 'proj-a', 'agents', 'main', 'traces', '2026-12-02');
	mkdirSync(folder, {recursive: true});
	return {home, dataRoot, folder};
}
