// The screen loaded as the program loads it (ui/components/load-screen.ts) with CI set, as on a CI
// machine, where Ink by default writes no frame until it exits: the tests prove the screen
// draws there. CI is put back as it was after the file's tests.
import {afterAll} from 'vitest';
import {loadScreen} from '../../source/ui/components/load-screen.js';

export async function loadScreenUnderCi(): Promise<Awaited<ReturnType<typeof loadScreen>>> {
	const ciBefore = process.env['CI'];
	process.env['CI'] = 'true';
	afterAll(() => {
		if (ciBefore === undefined) delete process.env['CI'];
		else process.env['CI'] = ciBefore;
	});
	return loadScreen();
}
