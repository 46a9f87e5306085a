/**
 * An image in the HTML export: a small raster data URL the trace held is shown inline (the
 * page's CSP allows `data:` images and nothing else); a web address is a label, never loaded;
 * anything else says its type and size.
 */
import {formatBytes} from '../../render/format.js';
import type {ImageRef} from '../../model/view-model.js';
import {htmlText} from './html-code.js';

// What a kept data URL may be: a raster type and base64, nothing that could close the attribute.
const safeDataUrl = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]*$/;

/** The image's element; `who` says whose it is when not the user's. */
export function imageHtml(image: ImageRef, who?: string): string {
	const by = who ? ` (${htmlText(who)})` : '';
	if (image.dataUrl !== undefined && safeDataUrl.test(image.dataUrl)) {
		const what = `${image.mimeType}, ${formatBytes(image.bytes)}`;
		return (
			`<figure class="image"><img src="${image.dataUrl}" alt="image${by}: ${htmlText(what)}">` +
			`<figcaption>Image${by} · ${htmlText(what)}</figcaption></figure>`
		);
	}
	if (image.url !== undefined) {
		return `<p class="image-label">Image${by} (not loaded): <code>${htmlText(image.url)}</code></p>`;
	}
	return `<p class="image-label">Image${by} omitted: ${htmlText(image.mimeType)}, ${formatBytes(image.bytes)}</p>`;
}
