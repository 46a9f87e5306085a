/** A compaction's begin and end; while it runs, fragments and requests are its own (see ../compaction.ts). */
import {isFiniteNumber, isOptional, isString} from '../../../protocol/guards.js';
import type {AnyPayload, CompactionBeginPayload, CompactionEndPayload} from '../../../protocol/types.js';
import {beginCompaction, endCompaction} from '../compaction.js';
import {on, type PayloadHandlers} from './handler.js';

export function isCompactionBeginPayload(p: AnyPayload): p is CompactionBeginPayload {
	return (
		p.type === 'compaction_begin' && isOptional(p['context'], isFiniteNumber) && isOptional(p['turns'], isFiniteNumber)
	);
}

export function isCompactionEndPayload(p: AnyPayload): p is CompactionEndPayload {
	return p.type === 'compaction_end' && isString(p['status']);
}

export const compactionPayloads = {
	compaction_begin: on(isCompactionBeginPayload, (p, s, at) => {
		beginCompaction(s.core, s.fragments, p, at);
	}),
	compaction_end: on(
		isCompactionEndPayload,
		(p, s, at) => {
			s.lastCompactionEnded = endCompaction(s.core, s.fragments, p, at);
		},
		(_p, s, at) => {
			// Of a shape not known, it still ends the compaction: no spinner left running for good.
			if (s.core.compaction) endCompaction(s.core, s.fragments, {type: 'compaction_end', status: 'unknown'}, at);
		},
	),
} satisfies PayloadHandlers;
