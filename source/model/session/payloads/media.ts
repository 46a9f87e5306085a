/** Images: a URL (a data URL is described, never decoded) or inline base64 data; placeholders only. */
import {isString} from '../../../protocol/guards.js';
import type {AnyPayload, ImageUrlPayload, InlineDataPayload} from '../../../protocol/types.js';
import {base64Bytes, imageRefOf} from '../../images.js';
import {str} from '../core.js';
import {on, type PayloadHandlers} from './handler.js';

export function isImageUrlPayload(p: AnyPayload): p is ImageUrlPayload {
	return p.type === 'image_url' && isString(p['image_url']);
}

export function isInlineDataPayload(p: AnyPayload): p is InlineDataPayload {
	return p.type === 'inline_data' && isString(p['data']);
}

export const mediaPayloads = {
	image_url: on(isImageUrlPayload, (p, s, at) => {
		s.core.push(
			{
				kind: 'image',
				role: 'user',
				image: imageRefOf(p.image_url, s.core.shared.images, s.core.shared.imageData),
				...s.core.base(at),
			},
			'item',
		);
	}),
	inline_data: on(isInlineDataPayload, (p, s, at) => {
		s.core.push(
			{
				kind: 'image',
				role: str(p.role) ?? 'user',
				image: {mimeType: str(p.mime_type) ?? 'application/octet-stream', bytes: base64Bytes(p.data)},
				...s.core.base(at),
			},
			'item',
		);
	}),
} satisfies PayloadHandlers;
