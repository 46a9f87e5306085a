/** Images as placeholders: a mime type and a size, never the decoded bytes. */
import type {ImageRef} from './view-model.js';

/** The decoded size of a base64 string, computed from its length alone. */
export function base64Bytes(data: string): number {
	const length = data.length;
	if (length === 0) return 0;
	let padding = 0;
	if (data.endsWith('==')) padding = 2;
	else if (data.endsWith('=')) padding = 1;
	return Math.max(0, Math.floor((length * 3) / 4) - padding);
}

/** A data URL or a web URL, described without holding its payload. */
export function imageRefOf(url: string): ImageRef {
	if (url.startsWith('data:')) {
		const comma = url.indexOf(',');
		const header = comma === -1 ? url.slice(5) : url.slice(5, comma);
		const mimeType = header.split(';')[0] || 'application/octet-stream';
		const isBase64 = header.includes(';base64');
		const body = comma === -1 ? '' : url.slice(comma + 1);
		return {mimeType, bytes: isBase64 ? base64Bytes(body) : body.length};
	}
	return {mimeType: 'url', bytes: 0, url: url.length > 500 ? `${url.slice(0, 499)}…` : url};
}
