/** Runs `body` with the process's local time zone set to `zone` (an IANA name), then puts the old one back. */
export function inZone<T>(zone: string, body: () => T): T {
	const before = process.env['TZ'];
	process.env['TZ'] = zone;
	try {
		return body();
	} finally {
		if (before === undefined) delete process.env['TZ'];
		else process.env['TZ'] = before;
	}
}
