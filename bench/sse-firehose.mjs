#!/usr/bin/env node
/**
 * An SSE firehose for the benchmark: a stand-in for a PenguinHarness server on 127.0.0.1
 * that streams one session's answer as `partial_text` deltas at a fixed rate, in the
 * session-stream wire format (`data: <envelope>\nid: <epoch>-<seq>\n\n`).
 *
 *   GET /api/sessions/<id>/messages   the history: session_meta, a few turns, no live tail
 *   GET /api/sessions/<id>/stream     RATE deltas a second for SECONDS, as answers of
 *                                     PER_ANSWER deltas (start, deltas, stop, then the
 *                                     complete text), then heartbeats only
 *
 * Each delta is a word; every PARAGRAPH words the answer starts a new paragraph (`\n\n`),
 * as a model's markdown does. With PREFILL, an answer's first delta carries that many
 * characters of paragraphs at once: the screen is then streaming into a long message (the
 * bench's "long" case, 200 kB) rather than a short one.
 *
 *   node bench/sse-firehose.mjs [--rate 1000] [--seconds 10] [--port 0] [--prefill 0] [--paragraph 40]
 * prints the stream URL and serves until killed. bench/run.mjs imports startFirehose().
 */
import http from 'node:http';

export const firehoseSessionId = 'session-2026-12-02-10-00-00-firehose';
const words = 'the agent streams its answer word by word while the viewer keeps up and the reader scrolls'.split(' ');

/** About `length` characters of text: paragraphs of `paragraph` words. */
function paragraphs(length, paragraph) {
	let out = '';
	for (let i = 0; out.length < length; i++)
		out += `${words[i % words.length]}${paragraph > 0 && (i + 1) % paragraph === 0 ? '.\n\n' : ' '}`;
	return out;
}

/** Starts the server; resolves with its URL and hooks to know when streaming starts and ends. */
export async function startFirehose({
	rate = 1000,
	seconds = 10,
	perAnswer = 400,
	prefill = 0,
	paragraph = 40,
	historyTurns = 40,
	port = 0,
} = {}) {
	const epoch = Date.now().toString(36);
	let seq = 0;
	const listeners = {start: [], end: []};
	const connections = new Set();
	const envelope = (type, payload) => JSON.stringify({timestamp: new Date().toISOString(), type, payload});
	const frame = data => `data: ${data}\nid: ${epoch}-${++seq}\n\n`;
	const history = [
		envelope('session_meta', {
			session_id: firehoseSessionId,
			provider: 'custom',
			model_id: 'firehose-model',
			model_context_window: 200000,
			workspace: '/home/dev/work',
		}),
	];
	for (let turn = 1; turn <= historyTurns; turn++) {
		history.push(envelope('model_msg', {type: 'text', role: 'user', text: `Question ${turn}: what happens next?`}));
		history.push(envelope('model_msg', {type: 'text', role: 'assistant', text: `Answer ${turn}. ${words.join(' ')}.`}));
	}
	const stats = {sent: 0, chars: 0, startedAt: 0, endedAt: 0};

	const server = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://x');
		if (url.pathname.endsWith('/messages')) {
			response.writeHead(200, {'content-type': 'application/json'});
			response.end(JSON.stringify({messages: history.map(line => JSON.parse(line))}));
			return;
		}
		if (!url.pathname.endsWith('/stream')) {
			response.writeHead(404).end();
			return;
		}
		response.writeHead(200, {
			'content-type': 'text/event-stream',
			'cache-control': 'no-cache',
			connection: 'keep-alive',
		});
		response.socket?.setNoDelay(true);
		connections.add(response);
		response.on('close', () => connections.delete(response));
		stream(response);
	});

	function stream(response) {
		let answer = 0;
		let inAnswer = 0;
		let text = '';
		const startedAt = performance.now();
		stats.startedAt = Date.now();
		for (const listener of listeners.start) listener();
		const next = () => {
			let out = '';
			if (inAnswer === 0) {
				answer++;
				text = '';
				out += frame(envelope('model_msg', {type: 'partial_text', role: 'assistant', event_type: 'start', text: ''}));
				if (prefill > 0) {
					const filled = paragraphs(prefill, paragraph);
					text += filled;
					stats.chars += filled.length;
					out += frame(
						envelope('model_msg', {type: 'partial_text', role: 'assistant', event_type: 'delta', text: filled}),
					);
				}
			}
			const word =
				`${words[(seq + answer) % words.length]}` +
				`${paragraph > 0 && (inAnswer + 1) % paragraph === 0 ? '.\n\n' : ' '}`;
			text += word;
			stats.chars += word.length;
			out += frame(envelope('model_msg', {type: 'partial_text', role: 'assistant', event_type: 'delta', text: word}));
			inAnswer++;
			if (inAnswer === perAnswer) {
				inAnswer = 0;
				out += frame(envelope('model_msg', {type: 'partial_text', role: 'assistant', event_type: 'stop', text: ''}));
				out += frame(envelope('model_msg', {type: 'text', role: 'assistant', text, stop_reason: 'completed'}));
			}
			stats.sent++;
			return out;
		};
		// Every 5 ms, the deltas that are due: an even rate without a timer per event.
		const timer = setInterval(() => {
			const due = Math.min(rate * seconds, Math.floor(((performance.now() - startedAt) / 1000) * rate));
			let out = '';
			while (stats.sent < due) out += next();
			if (out) response.write(out);
			if (stats.sent >= rate * seconds) {
				clearInterval(timer);
				stats.endedAt = Date.now();
				for (const listener of listeners.end) listener();
			}
		}, 5);
		const heartbeat = setInterval(() => response.write(': ping\n\n'), 20_000);
		response.on('close', () => {
			clearInterval(timer);
			clearInterval(heartbeat);
		});
	}

	await new Promise(resolve => server.listen(port, '127.0.0.1', resolve));
	const address = server.address();
	return {
		url: `http://127.0.0.1:${address.port}/api/sessions/${firehoseSessionId}/stream`,
		stats,
		on(event, listener) {
			listeners[event].push(listener);
		},
		async close() {
			for (const response of connections) response.destroy();
			await new Promise(resolve => server.close(resolve));
		},
	};
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const option = (name, fallback) => {
		const index = process.argv.indexOf(`--${name}`);
		return index === -1 ? fallback : Number(process.argv[index + 1]);
	};
	const firehose = await startFirehose({
		rate: option('rate', 1000),
		seconds: option('seconds', 10),
		port: option('port', 0),
		prefill: option('prefill', 0),
		paragraph: option('paragraph', 40),
		perAnswer: option('per-answer', 400),
	});
	console.log(firehose.url);
	firehose.on('start', () => process.stderr.write('streaming…\n'));
	firehose.on('end', () =>
		process.stderr.write(
			`sent ${firehose.stats.sent} deltas in ` +
				`${((firehose.stats.endedAt - firehose.stats.startedAt) / 1000).toFixed(1)} s\n`,
		),
	);
}
