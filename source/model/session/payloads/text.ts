/** What the model says and thinks, as complete messages: text (the user's or the answer), thinking, binary thinking. */
import {isRecord, isString, isTextPayload} from '../../../protocol/guards.js';
import type {AnyPayload, InlineThinkingPayload, ThinkingPayload} from '../../../protocol/types.js';
import {base64Bytes} from '../../images.js';
import type {TextMarker, ThinkingItem, UserTextItem} from '../../view-model.js';
import {str} from '../core.js';
import {delivered} from '../steering.js';
import {on, type PayloadHandlers, type Session} from './handler.js';

export function isThinkingPayload(p: AnyPayload): p is ThinkingPayload {
	return p.type === 'thinking' && isString(p['thinking']);
}

export function isInlineThinkingPayload(p: AnyPayload): p is InlineThinkingPayload {
	return p.type === 'inline_thinking' && isString(p['data']);
}

const markerPattern = /^\s*\[(context_summary|user_steering|goal|turn_aborted|turn_retried)\]/;

function addUserText(s: Session, text: string, sender: string | undefined, at: number | undefined): void {
	const {core} = s;
	if (core.compaction) {
		// The compaction's own prompt: kept with it, not part of the conversation.
		core.touch(core.compaction).prompt = text;
		return;
	}
	const marker = markerPattern.exec(text)?.[1] as TextMarker | undefined;
	if (marker === 'user_steering' && s.view.task) s.view.task = delivered(s.view.task, text);
	core.push<UserTextItem>(
		{kind: 'user_text', text: core.kept(text), sender, marker, id: core.nextId(), rev: 0, at},
		'item',
	);
}

export const textPayloads = {
	text: on(isTextPayload, (p, s, at) => {
		if (p.role === 'user') addUserText(s, p.text, str(p.sender), at);
		else s.fragments.completeText(p.text, at, p.stop_reason);
	}),
	thinking: on(isThinkingPayload, (p, s, at) => {
		s.fragments.completeThinking(
			p.thinking,
			isRecord(p.fidelity) && 'encrypted_content' in p.fidelity,
			at,
			p.stop_reason,
		);
	}),
	inline_thinking: on(isInlineThinkingPayload, (p, s, at) => {
		if (s.core.compaction) return;
		const item: ThinkingItem = {
			kind: 'thinking',
			text: '',
			streaming: false,
			inline: {mimeType: str(p.mime_type) ?? 'application/octet-stream', bytes: base64Bytes(p.data)},
			...s.core.base(at),
		};
		s.core.push(item, 'item');
	}),
} satisfies PayloadHandlers;
