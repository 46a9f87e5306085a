/**
 * What `ps` and `top` show for a run: the command's name and what it opens
 * (`penguin-view trace.jsonl`, `penguin-view --sse localhost:7364/chat/…`). Never a secret: no
 * other flag (a cookie, a header), and a server's address without its user, password or query.
 */

/** The process title for a run opening `input` (the words after the flags) or the server `sse`. Pure. */
export function processTitle(name: string, input: readonly string[], sse: string | undefined): string {
	const opened = [...input];
	if (sse !== undefined) opened.push('--sse', ...serverPart(sse));
	// No control character reaches ps's output, whatever a file is called.
	return [name, ...opened].join(' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/** A server's address as host and path only; nothing of what is not a URL (it is refused later, in one line). */
function serverPart(address: string): string[] {
	try {
		const url = new URL(address);
		return [`${url.host}${url.pathname === '/' ? '' : url.pathname}`];
	} catch {
		return [];
	}
}
