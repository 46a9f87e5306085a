// Print mode describes a cut line's base64 images from their bytes (mime type, size) without
// reading them into strings: the model sees the same image, for any data URL; anything that
// would read otherwise (an escape, a control, text beyond ASCII, a data URL outside `images`)
// is read as it is, and a line that would not parse is still reported.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {imageRefOf} from '../../source/model/images.js';
import {SessionModel} from '../../source/model/session-model.js';
import type {ToolCallItem} from '../../source/model/view-model.js';
import {PrerenderedOutputs} from '../../source/fastpath/prerendered-outputs.js';
import {parseLine} from '../../source/protocol/parse-line.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';

const output = 'a screenshot was taken\n'.repeat(120);
const line = (imagesJson: string, extra = ''): Buffer =>
	Buffer.from(
		`{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":{"type":"tool_call_output",` +
			`"role":"user","output":${JSON.stringify(output)},"images":${imagesJson}${extra},"tool_call_id":"c1",` +
			`"stop_reason":"completed"}}`,
	);
const png = (bytes: number): string => `data:image/png;base64,${Buffer.alloc(bytes, bytes % 251).toString('base64')}`;

/** The images the model makes of a line read through the cut (with a call made first to own them). */
function modelImages(prerendered: PrerenderedOutputs, bytes: Buffer, images = prerendered.images) {
	const cut = prerendered.cut(bytes);
	const model = new SessionModel({images});
	const call = parseLine(
		'{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":{"type":"tool_call","role":' +
			'"assistant","name":"screenshot","arguments":"{}","tool_call_id":"c1"}}',
		{line: 1, offset: 0},
	);
	model.apply(call, 0);
	model.apply(parseLine(cut?.text ?? bytes.toString(), {line: 2, offset: 0}, cut?.value), 0);
	const item = model.view.items.find((candidate): candidate is ToolCallItem => candidate.kind === 'tool_call');
	return {cut, images: item?.images};
}

test(
	'a screenshot in a cut line is described by the model as the whole data URL describes it, its base64 ' +
		'never parsed',
	() => {
		const urls = [png(50_000), png(50_001), png(50_002), 'data:image/jpeg;base64,' + 'A'.repeat(3000)];
		const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
		const {cut, images} = modelImages(prerendered, line(JSON.stringify(urls)));
		expect(cut).toBeDefined();
		// What was parsed holds tokens, not the base64.
		expect(cut!.text.length).toBeLessThan(output.length);
		expect(images).toEqual(urls.map(url => imageRefOf(url)));
		expect(images?.map(image => image.bytes)).toEqual([50_000, 50_001, 50_002, 2250]);
	},
);

test(
	"the descriptions are the run's own: another model " + '(another run, the next test) sees a token, not the image',
	() => {
		const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
		const {cut, images} = modelImages(prerendered, line(JSON.stringify([png(50_000)])), new Map());
		const token = (cut!.value as {payload: {images: string[]}}).payload.images[0]!;
		expect(token.charCodeAt(0)).toBe(0xfdd0);
		expect(images).toEqual([{mimeType: 'url', bytes: 0, url: token}]);
		expect(prerendered.images.get(token)).toEqual(imageRefOf(png(50_000)));
		// Printed: the run forgets it.
		prerendered.take((cut!.value as {payload: {output: string}}).payload.output);
		expect(prerendered.images.size).toBe(0);
	},
);

test('for any data URLs, the model describes them as it does read the usual way', () => {
	const header = fc.constantFrom(
		'image/png;base64',
		'image/webp;base64',
		';base64',
		'image/svg+xml',
		'image/png;charset=x;base64',
		'text/plain',
	);
	const body = fc
		.tuple(fc.base64String({minLength: 0, maxLength: 3000}), fc.nat(3000))
		.map(([b64, pad]) => b64 + 'QUJD'.repeat(pad % 700));
	fc.assert(
		fc.property(
			fc.array(
				fc.tuple(header, body).map(([h, b]) => `data:${h},${b}`),
				{minLength: 1, maxLength: 4},
			),
			urls => {
				const usual = modelImages(new PrerenderedOutputs({kernel: jsonBlockKernel()}), line(JSON.stringify(urls)));
				expect(usual.images).toEqual(urls.map(url => imageRefOf(url)));
			},
		),
		{numRuns: 200},
	);
});

test('data URLs that would read differently as a string, or that are not images, are read as they are', () => {
	const big = png(20_000);
	for (const images of [
		// `\/` is a slash, and the escape makes the string shorter than its bytes.
		JSON.stringify([big]).replaceAll('/', '\\/'),
		// Text beyond ASCII.
		JSON.stringify([`${big}é`]),
		// A \u escape.
		JSON.stringify([big]).replace('"data:', '"\\u0064ata:'),
		// No comma: no body.
		JSON.stringify([big.replace(',', ';')]),
	]) {
		const {cut, images: described} = modelImages(new PrerenderedOutputs({kernel: jsonBlockKernel()}), line(images));
		expect(cut).toBeDefined();
		expect(described).toEqual((JSON.parse(images) as string[]).map(url => imageRefOf(url)));
	}
	// A data URL under another key than `images`: the line is read the usual way, the string kept.
	const meta = line(JSON.stringify([big]), `,"meta":[${JSON.stringify(big)}]`);
	expect(new PrerenderedOutputs({kernel: jsonBlockKernel()}).cut(meta)).toBeUndefined();
	expect(new PrerenderedOutputs({kernel: jsonBlockKernel()}).cut(line(JSON.stringify([big])))).toBeDefined();
});

test('a raw control inside a data URL still makes the line malformed, as JSON.parse says', () => {
	const broken = line(JSON.stringify([png(20_000)]).replace('base64,', 'base64,\u0001'));
	expect(() => JSON.parse(broken.toString())).toThrow();
	expect(new PrerenderedOutputs({kernel: jsonBlockKernel()}).cut(broken)).toBeUndefined();
});
