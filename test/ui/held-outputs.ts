import {SessionModel} from '../../source/model/session-model.js';
import type {TextHolder, TextReader} from '../../source/model/held-text.js';

/**
 * A model that keeps every tool output held (as the screen keeps long ones on disk), and a
 * reader that serves them back and counts each read.
 */
export function heldOutputs(): {model: SessionModel; texts: TextReader; reads: () => number} {
	const stored: string[] = [];
	let reads = 0;
	const holdText: TextHolder = text => {
		stored.push(text);
		return {spill: stored.length - 1, bytes: text.length};
	};
	const texts: TextReader = {
		read(held) {
			reads++;
			return 'spill' in held ? stored[held.spill]! : '';
		},
	};
	return {model: new SessionModel({holdText}), texts, reads: () => reads};
}
