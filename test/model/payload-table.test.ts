// The reducer's table of handlers by payload type: every type this version knows and no other,
// so a type named like an object's own key (`constructor`, `__proto__`) is a line of an unknown shape.
import {expect, test} from 'vitest';
import {handlerOfType} from '../../source/model/session/payloads/table.js';
import {SessionModel} from '../../source/model/session-model.js';
import {knownPayloadTypes} from '../../source/protocol/types.js';

test('the table holds a handler for each known payload type, and nothing else', () => {
	expect([...handlerOfType.keys()].sort()).toEqual([...knownPayloadTypes].sort());
});

test('a payload type named like a key every object has is a line of an unknown shape, shown as a row', () => {
	const model = new SessionModel();
	for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
		model.apply(
			{kind: 'message', message: {timestamp: '2026-12-02T10:00:00.000Z', type: 'event_msg', payload: {type}}},
			0,
		);
	}
	expect(model.view.counts.unknownShape).toBe(4);
	expect(model.view.items).toHaveLength(4);
});
