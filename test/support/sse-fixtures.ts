// Recorded SSE captures and `/messages` answers of the server session, read for the SSE tests.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {OmniMessage} from '../../source/protocol/types.js';

/** The raw SSE captures. */
export const sseFixtureDir = fileURLToPath(new URL('../fixtures/sse/', import.meta.url));

/** The recorded API answers. */
export const httpFixtureDir = fileURLToPath(new URL('../fixtures/http/', import.meta.url));

/** Raw answers and streams of a real server (PenguinHarness 0.2.4), recorded for issue 15: see its README. */
export const serverFixtureDir = fileURLToPath(new URL('../fixtures/server/', import.meta.url));

/** The id of the recorded server session. */
export const recordedSessionId = readFileSync(path.join(httpFixtureDir, 'A-sid.txt'), 'utf8').trim();

/** One read of the recorder: text received `ms` after the request. */
export type RecordedChunk = {ms: number; chunk: string};

/** The reads of one capture, in order (the meta line and the end line left out). */
export function recordedChunks(name = 'A-session-stream.jsonl'): RecordedChunk[] {
	const lines = readFileSync(path.join(sseFixtureDir, name), 'utf8').split('\n');
	const chunks: RecordedChunk[] = [];
	for (const line of lines) {
		if (line.trim() === '') continue;
		const value = JSON.parse(line) as Partial<RecordedChunk>;
		if (typeof value.chunk === 'string' && typeof value.ms === 'number')
			chunks.push({ms: value.ms, chunk: value.chunk});
	}
	return chunks;
}

/** The whole capture as one string. */
export function recordedText(name = 'A-session-stream.jsonl'): string {
	return recordedChunks(name)
		.map(chunk => chunk.chunk)
		.join('');
}

/** One SSE block of a capture: its text (with the blank line that ends it) and its id. */
export type RecordedBlock = {text: string; id?: string; event?: string; data?: string};

/** The capture cut into blocks at each blank line; the server writes LF only. */
export function recordedBlocks(name = 'A-session-stream.jsonl'): RecordedBlock[] {
	return blocksOf(recordedText(name));
}

/** A raw SSE recording of `fixtures/server/` (`session-stream-approval.txt`) cut into blocks. */
export function serverStreamBlocks(name: string): RecordedBlock[] {
	return blocksOf(readFileSync(path.join(serverFixtureDir, name), 'utf8'));
}

/** A recorded answer of `fixtures/server/`, `{status, json}`. */
export function serverAnswer(name: string): RecordedAnswer {
	return JSON.parse(readFileSync(path.join(serverFixtureDir, name), 'utf8')) as RecordedAnswer;
}

function blocksOf(text: string): RecordedBlock[] {
	const blocks: RecordedBlock[] = [];
	let start = 0;
	for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n', start)) {
		const blockText = text.slice(start, end + 2);
		const block: RecordedBlock = {text: blockText};
		for (const line of blockText.split('\n')) {
			if (line.startsWith('id: ')) block.id = line.slice(4);
			else if (line.startsWith('event: ')) block.event = line.slice(7);
			else if (line.startsWith('data: ')) block.data = line.slice(6);
		}
		blocks.push(block);
		start = end + 2;
	}
	return blocks;
}

/** The OmniMessages a capture carries, in order (unnamed events). */
export function recordedMessages(name = 'A-session-stream.jsonl'): OmniMessage[] {
	return recordedBlocks(name)
		.filter(block => block.event === undefined && block.data !== undefined)
		.map(block => JSON.parse(block.data!) as OmniMessage);
}

/** A recorded API answer, `{status, json}`. */
export type RecordedAnswer = {status: number; json: unknown};

/** One recorded `/messages` (or other API) answer. */
export function recordedAnswer(name: string): RecordedAnswer {
	return JSON.parse(readFileSync(path.join(httpFixtureDir, name), 'utf8')) as RecordedAnswer;
}

/** The seq of a `<epoch>-<seq>` id. */
export function seqOf(id: string | undefined): number {
	return id === undefined ? Number.NaN : Number(id.slice(id.lastIndexOf('-') + 1));
}
