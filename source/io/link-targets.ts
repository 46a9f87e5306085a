/**
 * What a link on the screen points at: a file path becomes `file://HOST/path` when the file is
 * on this machine (a trace read here from another machine names files that are not: no link),
 * a web address is kept as it is, made safe (render/hyperlink.ts). Each answer is remembered but
 * a file's absence: the screen asks again whenever it draws the row anew.
 */
import {existsSync} from 'node:fs';
import {fileUri, webUri} from '../render/hyperlink.js';

/** Targets remembered: far more than a screen shows, emptied when full. */
const limit = 2048;

/** The URI of each link target on this host, or undefined when it is drawn as text. */
export function linkTargets(
	host: string,
	exists: (path: string) => boolean = existsSync,
): (target: string) => string | undefined {
	const known = new Map<string, string>();
	return target => {
		let uri = known.get(target);
		if (uri === undefined) {
			const file = target.startsWith('/');
			uri = file ? (safeExists(exists, target) ? fileUri(host, target) : '') : (webUri(target) ?? '');
			// A file not there yet is asked about again: a call that writes it is drawn before it runs.
			if (file && uri === '') return undefined;
			if (known.size >= limit) known.clear();
			known.set(target, uri);
		}
		return uri === '' ? undefined : uri;
	};
}

/** Whether `path` is there; a name the file system refuses (a NUL byte, too long) is not. */
function safeExists(exists: (path: string) => boolean, path: string): boolean {
	try {
		return !path.includes('\0') && exists(path);
	} catch {
		return false;
	}
}
