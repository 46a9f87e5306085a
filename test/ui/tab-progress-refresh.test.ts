// The tab's progress said again while it lasts: ghostty drops a state it has not heard of for about
// 15 seconds, so a run longer than that would lose its signal. Nothing is said again once cleared.
import {afterEach, expect, test, vi} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {tabProgressRefreshMs, tabProgressWriter} from '../../source/ui/components/tab-progress-writer.js';
import {serverStreamInputs} from '../helpers/recordings.js';

afterEach(() => vi.useRealTimers());

const recorded = serverStreamInputs('session-stream-approval.txt');
const upTo = (id: string): ModelInput[] =>
	recorded.slice(0, recorded.findIndex(entry => entry.id === id) + 1).map(entry => entry.input);

test('busy is written again every refresh while the run goes on, and never after the tab is cleared', () => {
	vi.useFakeTimers();
	const store = new SessionStore({label: 'stream', state: 'live'});
	store.apply(upTo('1f407cf9-23'));
	const written: string[] = [];
	const writer = tabProgressWriter(store, sequence => written.push(sequence), {tmux: false});
	expect(written).toEqual(['\u001b]9;4;3;0\u001b\\']);
	vi.advanceTimersByTime(tabProgressRefreshMs * 3);
	expect(written).toEqual(Array(4).fill('\u001b]9;4;3;0\u001b\\'));
	writer.clear();
	vi.advanceTimersByTime(tabProgressRefreshMs * 3);
	expect(written.at(-1)).toBe('\u001b]9;4;0;0\u001b\\');
	expect(written).toHaveLength(5);
	// The refresh stays within ghostty's 15 seconds.
	expect(tabProgressRefreshMs).toBeLessThan(15_000);
});
