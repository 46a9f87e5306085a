// --export html opened from disk in stock Firefox (Debian's firefox-esr, installed by .ci/run; skipped with a line
// where it is missing, failed under CI), driven over WebDriver BiDi (test/support/firefox-bidi.ts). The same
// recorded sessions as the Chromium tests; one Firefox for the file, one tab per page; a screenshot of each page is
// kept under test/artifacts/ for a person to look at.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, expect, it, type TestContext} from 'vitest';
import {type Firefox, launchFirefox} from '../support/firefox-bidi.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {needTool, toolInstalled} from '../support/optional-tool.js';
import {recordedPage, type RecordedName, recordedTraces, toolNames} from '../support/html-pages.js';

const dir = makeTempDir('penguin-view-firefox-html-');
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
let browser: Promise<Firefox> | undefined;
afterAll(async () => {
	if (browser) await (await browser).close();
	removeTempDir(dir);
});

/** Firefox, started once for the file (skips, or fails under CI, when it is not installed). */
function openBrowser(ctx: TestContext): Promise<Firefox> {
	// Debian's package is firefox-esr; a machine with Mozilla's own build has `firefox`.
	const command = toolInstalled('firefox') && !toolInstalled('firefox-esr') ? 'firefox' : 'firefox-esr';
	needTool(ctx, command, 'the HTML export in Firefox');
	browser ??= launchFirefox(command).then(async firefox => {
		await firefox.send('session.subscribe', {events: ['log.entryAdded', 'network.beforeRequestSent']});
		return firefox;
	});
	return browser;
}

type Tab = {
	/** The value of `expression` (JSON-serializable) in the page. */
	evaluate<T>(expression: string): Promise<T>;
	/** A real mouse click in the middle of the first element `selector` matches. */
	click(selector: string): Promise<void>;
	/** The viewport `width` wide and as tall as the page, every item laid out. */
	wholePage(width: number): Promise<void>;
	/** The whole page as a PNG, 1000 pixels wide, kept as test/artifacts/html-firefox-NAME.png. */
	screenshot(name: string): Promise<Buffer>;
	errors: string[];
	requests: string[];
};

/**
 * A new tab on `url`, noting console and script errors and every request other than the page itself. Firefox reports
 * the page's inline font (a `data:` URL) as a request too: that is the page's own content, from no network.
 */
async function openTab(firefox: Firefox, url: string): Promise<Tab> {
	const {context} = (await firefox.send('browsingContext.create', {type: 'tab'})) as {context: string};
	const errors: string[] = [];
	const requests: string[] = [];
	firefox.onEvent(({method, params}) => {
		if (method === 'log.entryAdded') {
			const entry = params as {level: string; text: string; source: {context?: string}};
			if (entry.source.context === context && entry.level === 'error') errors.push(entry.text);
		} else if (method === 'network.beforeRequestSent') {
			const sent = params as {context: string | null; request: {url: string}};
			const own = sent.request.url === url || sent.request.url.startsWith('data:');
			if (sent.context === context && !own) requests.push(sent.request.url);
		}
	});
	await firefox.send('browsingContext.setViewport', {context, viewport: {width: 1000, height: 800}});
	await firefox.send('browsingContext.navigate', {context, url, wait: 'complete'});
	const run = async (expression: string): Promise<Record<string, unknown>> => {
		const outcome = await firefox.send('script.evaluate', {expression, target: {context}, awaitPromise: true});
		if (outcome.type !== 'success') throw new Error(`in the page: ${JSON.stringify(outcome.exceptionDetails)}`);
		return outcome.result as Record<string, unknown>;
	};
	const evaluate = async <T>(expression: string): Promise<T> => {
		const result = await run(`JSON.stringify(${expression})`);
		return JSON.parse(result.value as string) as T;
	};
	const wholePage = async (width: number): Promise<void> => {
		// Items off screen are not laid out nor drawn (content-visibility): the viewport as tall as the page.
		await firefox.send('browsingContext.setViewport', {context, viewport: {width, height: 800}});
		const height = await evaluate<number>('document.documentElement.scrollHeight');
		const viewport = {width, height: Math.min(height, 30_000)};
		await firefox.send('browsingContext.setViewport', {context, viewport});
		// Two frames: Firefox lays out the items newly in view only at its next rendering update.
		await run('new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))');
	};
	return {
		errors,
		requests,
		evaluate,
		async click(selector) {
			const element = await run(`(() => {
				const element = document.querySelector(${JSON.stringify(selector)});
				element.scrollIntoView({block: 'center'});
				return element;
			})()`);
			const origin = {type: 'element', element: {sharedId: element.sharedId}};
			const pointer = [
				{type: 'pointerMove', x: 0, y: 0, origin},
				{type: 'pointerDown', button: 0},
				{type: 'pointerUp', button: 0},
			];
			const actions = [{type: 'pointer', id: 'mouse', parameters: {pointerType: 'mouse'}, actions: pointer}];
			await firefox.send('input.performActions', {context, actions});
		},
		wholePage,
		async screenshot(name) {
			await wholePage(1000);
			const {data} = (await firefox.send('browsingContext.captureScreenshot', {context, origin: 'document'})) as {
				data: string;
			};
			mkdirSync(artifacts, {recursive: true});
			const png = Buffer.from(data, 'base64');
			writeFileSync(path.join(artifacts, `html-firefox-${name}.png`), png);
			return png;
		},
	};
}

for (const name of Object.keys(recordedTraces) as RecordedName[]) {
	it(`opens the ${name} session from disk with every tool call's name, no console error and no request`, async ctx => {
		const firefox = await openBrowser(ctx);
		const tab = await openTab(firefox, await recordedPage(name, dir));
		const shown = await tab.evaluate<string[]>(
			"Array.from(document.querySelectorAll('.tool-name'), element => element.textContent)",
		);
		const expected = toolNames(name, dir);
		expect(expected.length).toBeGreaterThan(0);
		for (const tool of expected) expect(shown).toContain(tool);
		const png = await tab.screenshot(name);
		expect(png.subarray(1, 4).toString()).toBe('PNG');
		expect(tab.errors).toEqual([]);
		expect(tab.requests).toEqual([]);
	});
}

it("opens a fold on click, and every fold with the page's Unfold all (its script runs under its CSP)", async ctx => {
	const firefox = await openBrowser(ctx);
	const tab = await openTab(firefox, await recordedPage('tools', dir));
	const fold = 'main > section.k-tool_call details';
	const outputShown = (): Promise<boolean> =>
		tab.evaluate<boolean>("document.querySelector('main > section.k-tool_call pre.output').checkVisibility()");
	expect(await tab.evaluate<boolean>(`document.querySelector('${fold}').open`)).toBe(false);
	expect(await outputShown()).toBe(false);
	await tab.click(`${fold} > summary`);
	expect(await tab.evaluate<boolean>(`document.querySelector('${fold}').open`)).toBe(true);
	expect(await outputShown()).toBe(true);
	await tab.click('#unfold-all');
	expect(await tab.evaluate<number>("document.querySelectorAll('details:not([open])').length")).toBe(0);
	await tab.screenshot('tools-unfolded');
	expect(tab.errors).toEqual([]);
	expect(tab.requests).toEqual([]);
});

it('scrolls nothing sideways at 390 pixels but code', async ctx => {
	const firefox = await openBrowser(ctx);
	for (const name of ['tools', 'compaction', 'subagent'] as const) {
		const tab = await openTab(firefox, await recordedPage(name, dir));
		await tab.click('#unfold-all');
		await tab.wholePage(390);
		expect(await tab.evaluate<number>('document.documentElement.scrollWidth'), name).toBeLessThanOrEqual(390);
		// Nor inside an item (each is its own paint box, which would clip what sticks out rather than scroll).
		const wider = await tab.evaluate<string[]>(`Array.from(
			document.querySelectorAll('main > section.item, main section.item > *'),
		).filter(element => element.scrollWidth > element.clientWidth + 1).map(element => element.id || element.className)`);
		expect(wider, name).toEqual([]);
	}
});
