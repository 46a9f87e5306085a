/**
 * --redact outside an export (print mode, --json, --stats): every input's strings redacted before the store sees
 * them (export/redact.ts). The screen cannot: it reads long texts back from the trace itself.
 */
import type {Redactor} from '../export/redact.js';
import {UsageError} from './flag-checks.js';

/** The redactor for this run, if --redact asks for one here; bad usage on the screen. */
export async function redactorFor(
	redact: boolean,
	where: {screen: boolean; exporting: boolean; home: string},
): Promise<Redactor | undefined> {
	if (!redact) return undefined;
	if (where.screen) {
		throw new UsageError(
			'the screen cannot redact (it reads texts back from the trace): add --print, --json or --export',
		);
	}
	// An export redacts as it writes (commands/export.ts).
	if (where.exporting) return undefined;
	return new (await import('../export/redact.js')).Redactor({homes: [where.home]});
}
