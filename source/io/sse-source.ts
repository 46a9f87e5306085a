/** Connects --sse to the store. Wired to the SSE client in source/io/sse/. */
import type {Flags} from '../main.js';
import type {SessionStore} from '../model/store.js';

export type SseStart = {ok: true; source: {close(): void | Promise<void>}} | {ok: false; message: string};

export async function startSse(_url: string, _flags: Flags, _store: SessionStore, _options: {follow: boolean; interactive: boolean}): Promise<SseStart> {
	return {ok: false, message: '--sse is not wired yet'};
}
