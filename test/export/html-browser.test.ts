// --export html checked in a real browser: headless Chromium from the system's packages (.ci/run
// installs it; skipped with a line on a machine without it), driven by playwright-core. Each
// page is the built program's output for a recorded session (a subagent, parallel tool calls
// with a long output, a compaction, an image) or a hostile one; screenshots are kept under
// test/artifacts/ for a person to look at.
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {type Browser, chromium, type Page} from 'playwright-core';
import {afterAll, expect, it, type TestContext} from 'vitest';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {needTool, toolInstalled} from '../support/optional-tool.js';
import {exportPage, recordedPage, type RecordedName, recordedTraces, toolNames} from '../support/html-pages.js';

const dir = makeTempDir('penguin-view-html-');
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
let browser: Promise<Browser> | undefined;
afterAll(async () => {
	if (browser) await (await browser).close();
	removeTempDir(dir);
});

const htmlFixtures = fileURLToPath(new URL('../fixtures/html/', import.meta.url));
const imageTrace = path.join(htmlFixtures, 'session-2026-12-03-09-00-00-1mage001_001.jsonl');
const hostileTrace = path.join(htmlFixtures, 'session-2026-12-03-09-10-00-h0st1le1_001.jsonl');

/** Chromium, started once for the file (skips, or fails under CI, when it is not installed). */
async function openBrowser(ctx: TestContext): Promise<Browser> {
	needTool(ctx, 'chromium', 'the HTML export in a browser');
	browser ??= chromium.launch({executablePath: chromiumPath(), args: ['--no-sandbox']});
	return browser;
}

/** Debian's `chromium` (a script that starts the browser), found on PATH. */
function chromiumPath(): string {
	const folders = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
	const found = folders
		.map(folder => path.join(folder, 'chromium'))
		.find(file => toolInstalled(path.basename(file), path.dirname(file)));
	return found ?? 'chromium';
}

type Watched = {page: Page; errors: string[]; requests: string[]};

/** A new page that notes console errors, page errors and every request other than the page file itself. */
async function watchedPage(
	chrome: Browser,
	url: string,
	options: {javaScriptEnabled?: boolean} = {},
): Promise<Watched> {
	const context = await chrome.newContext({viewport: {width: 1000, height: 800}, ...options});
	const page = await context.newPage();
	const errors: string[] = [];
	const requests: string[] = [];
	page.on('console', message => {
		if (message.type() === 'error') errors.push(message.text());
	});
	page.on('pageerror', error => errors.push(String(error)));
	page.on('request', request => {
		if (request.url() !== url) requests.push(request.url());
	});
	await page.goto(url, {waitUntil: 'load'});
	return {page, errors, requests};
}

/** The whole page as a picture: the viewport made as tall as the page first, since items off screen are not drawn. */
async function screenshot(page: Page, name: string): Promise<Buffer> {
	mkdirSync(artifacts, {recursive: true});
	const width = page.viewportSize()?.width ?? 1000;
	const height = await page.evaluate(() => document.documentElement.scrollHeight);
	await page.setViewportSize({width, height: Math.min(height, 30_000)});
	return page.screenshot({path: path.join(artifacts, `html-${name}.png`), fullPage: true});
}

for (const name of Object.keys(recordedTraces) as RecordedName[]) {
	it(`shows the ${name} session with every tool call's name, no console error and no request`, async ctx => {
		const chrome = await openBrowser(ctx);
		const {page, errors, requests} = await watchedPage(chrome, await recordedPage(name, dir));
		const shown = await page.locator('.tool-name').allTextContents();
		const expected = toolNames(name, dir);
		expect(expected.length).toBeGreaterThan(0);
		for (const tool of expected) expect(shown).toContain(tool);
		// The top session's calls are on the page as it opens (their folds closed, their summaries not).
		for (const tool of await page.locator('main > section.k-tool_call > details > summary .tool-name').all()) {
			expect(await tool.isVisible()).toBe(true);
		}
		await screenshot(page, name);
		expect(errors).toEqual([]);
		expect(requests).toEqual([]);
	});
}

it('nests the subagent under its call and shows a compaction with its summary', async ctx => {
	const chrome = await openBrowser(ctx);
	const sub = await watchedPage(chrome, await recordedPage('subagent', dir));
	const call = sub.page.locator('main > section.k-tool_call').first();
	await expect(call.locator('details.f-subagent .tool-name').allTextContents()).resolves.toContain('exec_command');
	const compaction = await watchedPage(chrome, await recordedPage('compaction', dir));
	const boundary = compaction.page.locator('section.k-compaction .boundary');
	expect(await boundary.first().textContent()).toMatch(/^Compaction/);
	await compaction.page.locator('section.k-compaction details > summary', {hasText: 'Summary'}).first().click();
	expect(await compaction.page.locator('section.k-compaction details[open] .fold').first().isVisible()).toBe(true);
});

it('opens a fold on click, and all of them with Unfold all', async ctx => {
	const chrome = await openBrowser(ctx);
	const {page} = await watchedPage(chrome, await recordedPage('tools', dir));
	const first = page.locator('main > section.k-tool_call').first();
	const output = first.locator('pre.output');
	expect(await output.isVisible()).toBe(false);
	await first.locator('summary').first().click();
	await output.waitFor({state: 'visible'});
	expect(await first.locator('details').first().getAttribute('open')).not.toBeNull();
	await page.click('#unfold-all');
	const closed = await page.locator('details:not([open])').count();
	expect(closed).toBe(0);
	// The long output (seq 1 300) is cut as the screen cuts it, and says what it left out.
	expect(await page.locator('pre.output .cut').first().textContent()).toMatch(/284 lines \(.+\) not shown/);
	await screenshot(page, 'tools-unfolded');
});

it('plays the items at their pace, pauses, and shows everything at the slider end', async ctx => {
	const chrome = await openBrowser(ctx);
	const {page} = await watchedPage(chrome, await recordedPage('tools', dir));
	// The page's clock moves only when the test moves it.
	const start = Date.UTC(2026, 0, 1);
	await page.clock.install({time: start});
	await page.reload({waitUntil: 'load'});
	await page.clock.pauseAt(start + 1_000);
	const total = await page.locator('main > section.item').count();
	const visible = (): Promise<number> => page.locator('main > section.item:not([hidden])').count();
	expect(await visible()).toBe(total);
	await page.click('#play');
	expect(await page.textContent('#play')).toBe('Pause');
	expect(await visible()).toBe(1);
	await page.clock.runFor(3_000);
	const played = await visible();
	expect(played).toBeGreaterThan(1);
	expect(played).toBeLessThan(total);
	await page.click('#play');
	expect(await page.textContent('#play')).toBe('Play');
	// Paused: a minute on the page's clock shows nothing more.
	await page.clock.runFor(60_000);
	expect(await visible()).toBe(played);
	// 64×: the rest of the session plays within a second of its clock.
	await page.selectOption('#speed', '64');
	await page.click('#play');
	await page.clock.runFor(5_000);
	expect(await visible()).toBe(total);
	expect(await page.textContent('#play')).toBe('Play');
	await page.locator('#position').fill('2');
	expect(await visible()).toBe(2);
});

it('shows every item, folds closed and no toolbar, without script', async ctx => {
	const chrome = await openBrowser(ctx);
	const {page, errors} = await watchedPage(chrome, await recordedPage('tools', dir), {javaScriptEnabled: false});
	const total = await page.locator('main > section.item').count();
	expect(await page.locator('main > section.item:not([hidden])').count()).toBe(total);
	expect(await page.locator('#toolbar').isVisible()).toBe(false);
	expect(errors).toEqual([]);
});

it('prints every fold open', async ctx => {
	const chrome = await openBrowser(ctx);
	const {page} = await watchedPage(chrome, await recordedPage('tools', dir));
	const output = page.locator('main > section.k-tool_call pre.output').first();
	expect(await output.isVisible()).toBe(false);
	await page.emulateMedia({media: 'print'});
	expect(await output.isVisible()).toBe(true);
});

it('scrolls nothing sideways at 390 pixels but code', async ctx => {
	const chrome = await openBrowser(ctx);
	for (const name of ['tools', 'compaction', 'subagent'] as const) {
		const {page} = await watchedPage(chrome, await recordedPage(name, dir));
		await page.setViewportSize({width: 390, height: 844});
		await page.click('#unfold-all');
		// The whole page in the viewport: items off screen are not laid out (content-visibility), nor would their
		// overflow count.
		const height = await page.evaluate(() => document.documentElement.scrollHeight);
		await page.setViewportSize({width: 390, height: Math.min(height, 30_000)});
		const width = await page.evaluate(() => document.documentElement.scrollWidth);
		expect(width, name).toBeLessThanOrEqual(390);
		// Nor inside an item (each is its own paint box, which would clip what sticks out rather than scroll).
		const wider = await page.evaluate(() =>
			Array.from(document.querySelectorAll('main > section.item, main section.item > *'))
				.filter(element => element.scrollWidth > element.clientWidth + 1)
				.map(element => element.id || element.className),
		);
		expect(wider, name).toEqual([]);
		if (name === 'tools') await screenshot(page, 'tools-390px');
	}
});

it('shows a data-URL image inline and a web image as its address, loading nothing', async ctx => {
	const chrome = await openBrowser(ctx);
	const {page, errors, requests} = await watchedPage(chrome, await exportPage(imageTrace, dir));
	const size = await page.locator('figure.image img').evaluate(img => (img as HTMLImageElement).naturalWidth);
	expect(size).toBe(16);
	expect(await page.locator('.image-label').textContent()).toContain('https://example.com/logo.png');
	expect(await page.locator('main table td').allTextContents()).toEqual(['square', 'red']);
	await screenshot(page, 'image');
	expect(errors).toEqual([]);
	expect(requests).toEqual([]);
});

it('runs no script of a hostile trace, folds open or closed', async ctx => {
	const chrome = await openBrowser(ctx);
	const {page, requests} = await watchedPage(chrome, await exportPage(hostileTrace, dir));
	await page.click('#unfold-all');
	expect(await page.evaluate(() => (window as unknown as {__pwned?: string}).__pwned)).toBeUndefined();
	// The text is shown as text: the markup in it is on the page, its link is no link.
	expect(await page.locator('main').textContent()).toContain("<script>window.__pwned='script'</script>");
	expect(await page.locator('main a:not(.permalink)').count()).toBe(0);
	expect(await page.locator('main img, main svg, main script').count()).toBe(0);
	await screenshot(page, 'hostile');
	expect(requests).toEqual([]);
});
