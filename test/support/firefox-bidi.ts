/**
 * Stock Firefox (Debian's firefox-esr) driven over WebDriver BiDi, the W3C protocol it speaks
 * itself: playwright-core needs its own patched Firefox, and puppeteer-core 25 needs Node 22, so
 * the few commands the browser tests use are sent here over `ws` (Node 20 has no WebSocket).
 * One browser for a test file; each page is a tab of its own.
 */
import {type ChildProcess, spawn} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

/** How long one command or the start may take before the test is told so. */
const commandTimeoutMs = 30_000;

// The profile's preferences: no first-run pages and no background traffic. Every HTTP(S) request
// goes to a port on this machine no one listens on (9, the usual one, is a port Firefox refuses), so nothing the
// browser tries on its own leaves it.
const profilePrefs: Record<string, string | number | boolean> = {
	'browser.shell.checkDefaultBrowser': false,
	'browser.startup.homepage_override.mstone': 'ignore',
	'browser.aboutwelcome.enabled': false,
	'datareporting.policy.dataSubmissionEnabled': false,
	'toolkit.telemetry.reportingpolicy.firstRun': false,
	'app.update.disabledForTesting': true,
	'network.proxy.type': 1,
	'network.proxy.http': '127.0.0.1',
	'network.proxy.http_port': 65535,
	'network.proxy.ssl': '127.0.0.1',
	'network.proxy.ssl_port': 65535,
	'network.proxy.no_proxies_on': '',
	'network.captive-portal-service.enabled': false,
	'network.connectivity-service.enabled': false,
};

type BidiEvent = {method: string; params: Record<string, unknown>};
type Pending = {resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout};

/** A running Firefox and its BiDi session. */
export type Firefox = {
	/** Sends one command and resolves with its result (rejects with the browser's error message). */
	send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
	/** Calls `handler` with every event the session is subscribed to. */
	onEvent(handler: (event: BidiEvent) => void): void;
	close(): Promise<void>;
};

/** Starts `command` headless on a fresh profile and opens a BiDi session on it. */
export async function launchFirefox(command: string): Promise<Firefox> {
	const profile = mkdtempSync(path.join(tmpdir(), 'penguin-view-firefox-'));
	const prefs = Object.entries(profilePrefs).map(
		([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`,
	);
	writeFileSync(path.join(profile, 'user.js'), `${prefs.join('\n')}\n`);
	const child = spawn(
		command,
		['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port=0', 'about:blank'],
		{stdio: ['ignore', 'ignore', 'pipe'], env: {...process.env, MOZ_CRASHREPORTER_DISABLE: '1'}},
	);
	try {
		const address = await listeningAddress(child);
		const firefox = await connect(`${address}/session`, child, profile);
		await firefox.send('session.new', {capabilities: {}});
		return firefox;
	} catch (error) {
		child.kill('SIGKILL');
		rmSync(profile, {recursive: true, force: true});
		throw error;
	}
}

/** The `ws://…` address Firefox says on standard error it listens on. */
function listeningAddress(child: ChildProcess): Promise<string> {
	return new Promise((resolve, reject) => {
		let said = '';
		const timer = setTimeout(
			() => reject(new Error(`Firefox did not start a BiDi server: ${said.slice(-500)}`)),
			commandTimeoutMs,
		);
		child.once('error', error => {
			clearTimeout(timer);
			reject(error);
		});
		child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
			said += chunk;
			const found = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(said);
			if (!found) return;
			clearTimeout(timer);
			resolve(found[1]!);
		});
	});
}

function connect(url: string, child: ChildProcess, profile: string): Promise<Firefox> {
	const socket = new WebSocket(url, {handshakeTimeout: commandTimeoutMs});
	const pending = new Map<number, Pending>();
	const handlers: ((event: BidiEvent) => void)[] = [];
	let nextId = 1;
	socket.on('message', data => {
		const message = JSON.parse(String(data)) as {
			type: string;
			id?: number;
			result?: Record<string, unknown>;
			message?: string;
			error?: string;
		} & Partial<BidiEvent>;
		if (message.type === 'event') {
			for (const handler of handlers) handler({method: message.method!, params: message.params!});
			return;
		}
		const waiting = message.id === undefined ? undefined : pending.get(message.id);
		if (!waiting) return;
		pending.delete(message.id!);
		clearTimeout(waiting.timer);
		if (message.type === 'success') waiting.resolve(message.result ?? {});
		else waiting.reject(new Error(`${message.error}: ${message.message}`));
	});
	const firefox: Firefox = {
		send(method, params = {}) {
			const id = nextId++;
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => {
					pending.delete(id);
					reject(new Error(`Firefox did not answer ${method} within ${commandTimeoutMs} ms`));
				}, commandTimeoutMs);
				pending.set(id, {resolve: resolve as (value: unknown) => void, reject, timer});
				socket.send(JSON.stringify({id, method, params}));
			});
		},
		onEvent(handler) {
			handlers.push(handler);
		},
		async close() {
			const exited = new Promise(resolve => child.once('exit', resolve));
			await firefox.send('browser.close').catch(() => undefined);
			socket.close();
			const timer = setTimeout(() => child.kill('SIGKILL'), commandTimeoutMs);
			if (child.exitCode === null && child.signalCode === null) await exited;
			clearTimeout(timer);
			rmSync(profile, {recursive: true, force: true});
		},
	};
	return new Promise((resolve, reject) => {
		socket.once('open', () => resolve(firefox));
		socket.once('error', reject);
	});
}
