/** The session's header: what session_meta says, and what the server says when no message has. */
import type {SessionMetaPayload} from '../../protocol/types.js';
import type {SessionInfo} from '../input.js';
import type {SessionHeader} from '../view-model.js';
import {str} from './core.js';

/** Fills the header from a session_meta (a later one, after a rotation, updates it). */
export function fillHeaderFromMeta(header: SessionHeader, payload: SessionMetaPayload): void {
	header.sessionId = payload.session_id;
	header.provider = str(payload.provider) ?? header.provider;
	header.modelId = str(payload.model_id) ?? header.modelId;
	const window = Number(payload.model_context_window);
	if (Number.isFinite(window) && window > 0) header.contextWindow = window;
	header.workspace = str(payload.workspace) ?? header.workspace;
	header.agentState = str(payload.agent_state) ?? header.agentState;
	header.source = str(payload.source) ?? header.source;
	header.systemPrompt = str(payload.system_prompt) ?? header.systemPrompt;
	if (payload.tools && payload.tools.length > 0) header.tools = payload.tools;
}

/** What the server says about the session: fills what no message has said yet. */
export function fillHeaderFromInfo(header: SessionHeader, info: SessionInfo): void {
	header.sessionId ??= info.sessionId;
	header.provider ??= info.provider;
	header.modelId ??= info.modelId;
	header.workspace ??= info.workspace;
	header.title ??= info.title;
	header.contextWindow ??= info.contextWindow;
}
