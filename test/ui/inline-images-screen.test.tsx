// Images on the screen, as the terminal gets them, from the hand-made image trace
// (fixtures/images/: the spec's image_url with a small PNG data URL, a web image_url, a broken
// one, and read_image's output images). Without inline images: labels with type, pixel size and
// size, the web image by its address (never fetched). With kitty's protocol: each PNG sent once
// (a=T, U=1) and drawn by placeholders naming its id, through tmux's passthrough inside tmux.
// A huge data URL is a label, and never megabytes written.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {itermInline, kittyTransmit} from '../../source/render/inline-images.js';
import {inlineImages} from '../../source/ui/components/inline-images-sender.js';
import {fixturesDir, msg, traceInputs} from '../helpers/recordings.js';
import {waitFor} from '../helpers/run-cli.js';
import {fakeTerminal} from '../support/fake-terminal.js';
import {loadScreenUnderCi} from '../support/screen-under-ci.js';

const {runScreen} = await loadScreenUnderCi();

const traceName = '../images/session-2026-12-02-15-00-00-1a2b3c4d_001.jsonl';
const pngUrl = readFileSync(`${fixturesDir}images/session-2026-12-02-15-00-00-1a2b3c4d_001.jsonl`, 'utf8').match(
	/data:image\/png;base64,[A-Za-z0-9+/=]+/,
)![0];
const pngData = pngUrl.slice(pngUrl.indexOf(',') + 1);

async function screenOf(
	inputs: ModelInput[],
	options: {images?: 'kitty'; insideTmux?: boolean} = {},
): Promise<{written: string; frames: string}> {
	const terminal = fakeTerminal(100, 30);
	const store = new SessionStore({label: 'trace', state: 'ended'});
	store.apply(inputs);
	const running = runScreen(store, {
		color: true,
		stdin: terminal.stdin,
		stdout: terminal.stdout,
		patchConsole: false,
		...options,
	});
	await waitFor(() => terminal.written().includes('read_image'), 'the call on the screen');
	// Open every output (o), scroll to the top and back: the images are drawn again.
	terminal.keys.write('o');
	await waitFor(() => terminal.written().split('[image/png 8×6, 156 B]').length > 2, 'the output image label');
	terminal.keys.write('g');
	terminal.keys.write('G');
	terminal.keys.write('q');
	await running;
	return {written: terminal.written(), frames: terminal.written().replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')};
}

test('without inline images: labels with type, pixel size and size; a web image by its address', async () => {
	const {written, frames} = await screenOf(traceInputs(traceName));
	expect(frames).toContain('▣ you  [image/png 8×6, 156 B]');
	expect(frames).toContain('▣ you  [image https://example.com/cat.png]');
	expect(frames).toContain('▣ you  [image/png 17 B]');
	expect(frames).toContain('│ [image/png 8×6, 156 B]');
	expect(written).not.toContain('\u001b_G');
	expect(written).not.toContain(pngData);
});

test('with kitty: each PNG sent once, before its placeholders, which name it by colour', async () => {
	const {written} = await screenOf(traceInputs(traceName), {images: 'kitty'});
	// The first image the screen meets.
	const id = 1;
	const sent = kittyTransmit(id, pngData, 3, 1, {tmux: false});
	expect(sent).toBe(`\u001b_Ga=T,q=2,f=100,U=1,i=${id},c=3,r=1,m=0;${pngData}\u001b\\`);
	// The message's and the call's image are the same picture: sent once for both, however often drawn.
	expect(written.split(sent).length - 1).toBe(1);
	const placeholder = `\u001b[38;5;${id}m\u{10EEEE}\u0305\u0305\u{10EEEE}\u{10EEEE}\u001b[39m`;
	expect(written.indexOf(placeholder)).toBeGreaterThan(written.indexOf(sent));
	// Labels stay, above the picture.
	expect(written).toContain('[image/png 8×6, 156 B]');
});

test('with kitty inside tmux: sent through the passthrough, each ESC doubled', async () => {
	const {written} = await screenOf(traceInputs(traceName), {images: 'kitty', insideTmux: true});
	const id = 1;
	expect(written).toContain(
		`\u001bPtmux;\u001b\u001b_Ga=T,q=2,f=100,U=1,i=${id},c=3,r=1,m=0;${pngData}\u001b\u001b\\\u001b\\`,
	);
});

test('a huge data URL is a label: never megabytes written to the terminal', async () => {
	const huge = `${pngUrl}${'A'.repeat(3 * 1024 * 1024)}`;
	const inputs = [...traceInputs(traceName), msg('model_msg', {type: 'image_url', role: 'user', image_url: huge})];
	const {written, frames} = await screenOf(inputs, {images: 'kitty'});
	expect(frames).toMatch(/\[image\/png 8×6, 2\.\d MB\]/);
	expect(written.length).toBeLessThan(512 * 1024);
});

test("iTerm2's inline image: size, cells and the base64 in one sequence, through tmux too", () => {
	expect(itermInline('QUJD', 3, 16, 6, {tmux: false})).toBe(
		'\u001b]1337;File=inline=1;size=3;width=16;height=6;preserveAspectRatio=1:QUJD\u0007',
	);
	expect(itermInline('QUJD', 3, 16, 6, {tmux: true})).toBe(
		'\u001bPtmux;\u001b\u001b]1337;File=inline=1;size=3;width=16;height=6;preserveAspectRatio=1:QUJD\u0007\u001b\\',
	);
});

test('a large PNG is sent in chunks of 4096, keys on the first alone', () => {
	const data = 'A'.repeat(10_000);
	const sent = kittyTransmit(7, data, 16, 6, {tmux: false});
	expect(sent.match(/\u001b_G[^;]*;/g)).toEqual([
		'\u001b_Ga=T,q=2,f=100,U=1,i=7,c=16,r=6,m=1;',
		'\u001b_Gm=1;',
		'\u001b_Gm=0;',
	]);
});

test("w on an image message writes the image's bytes, not its label nor its base64", async () => {
	const dir = mkdtempSync(path.join(tmpdir(), 'penguin-view-image-w-'));
	try {
		const target = path.join(dir, 'picture.png');
		const terminal = fakeTerminal(100, 30);
		const store = new SessionStore({label: 'trace', state: 'ended'});
		store.apply(traceInputs(traceName));
		const running = runScreen(store, {
			color: false,
			stdin: terminal.stdin,
			stdout: terminal.stdout,
			patchConsole: false,
			handOverPlace: {shell: '/bin/sh', cwd: dir, home: dir},
		});
		await waitFor(() => terminal.written().includes('read_image'), 'the call on the screen');
		// The top, then down to the first image (the question is the first pane).
		const from = terminal.written().length;
		terminal.keys.write('g');
		terminal.keys.write('j');
		await waitFor(() => /›\s*▣ you {2}\[image\/png 8×6/.test(terminal.written().slice(from)), 'the image focused');
		terminal.keys.write('w');
		await waitFor(() => terminal.written().includes('w ▌'), 'the prompt');
		terminal.keys.write(`${target}\r`);
		await waitFor(() => terminal.written().includes('wrote the image (156 B)'), 'the footer line');
		terminal.keys.write('q');
		await running;
		expect(readFileSync(target)).toEqual(Buffer.from(pngData, 'base64'));
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
});

test('two different pictures never share an id (the first 255 get one each), the same one keeps its own', async () => {
	// The same 8×6 header, another byte in the image data: another picture.
	const bytes = Buffer.from(pngData, 'base64');
	bytes[bytes.length - 20] = bytes[bytes.length - 20]! ^ 0xff;
	const other = bytes.toString('base64');
	const inputs = [
		...traceInputs(traceName),
		msg('model_msg', {type: 'image_url', role: 'user', image_url: `data:image/png;base64,${other}`}),
	];
	const {written} = await screenOf(inputs, {images: 'kitty'});
	const idSent = (data: string): string | undefined =>
		[...written.matchAll(/\u001b_Ga=T,[^;]*,i=(\d+),[^;]*;([^\u001b]*)/g)].find(match => match[2] === data)?.[1];
	expect(new Set([idSent(pngData), idSent(other)])).toEqual(new Set(['1', '2']));
	const ids = inlineImages(process.stdout, false);
	const many = Array.from({length: 300}, (_, i) => `data-${i}`);
	expect(new Set(many.slice(0, 255).map(ids.idOf)).size).toBe(255);
	expect(ids.idOf('data-0')).toBe(1);
	expect(many.slice(255).every(data => ids.idOf(data) >= 1 && ids.idOf(data) <= 255)).toBe(true);
});
