/**
 * What the screen's state asks of the program after a frame: the bell as a call starts to wait, an action sent to
 * the server, the clipboard, the pager, a hand-over (| w Ctrl+Z), the replay's pause and speed, and quitting. Each
 * request is carried out once, and its answer said in the footer.
 */
import {useEffect, useRef, useState, type Dispatch, type SetStateAction} from 'react';
import type {ReplayControl} from '../../io/replay.js';
import type {SessionActions} from '../../io/sse/actions.js';
import type {SessionStore} from '../../model/session-store.js';
import type {PendingSteer} from '../screen/acting.js';
import {ApprovalBell} from '../screen/approval-bell.js';
import {copyMessage} from '../screen/copy-text.js';
import type {HandOverAsk, HandOverResult} from '../screen/hand-over.js';
import type {ScreenState} from '../screen/screen-types.js';
import {act, stopSentText} from '../screen/send-action.js';
import {ownStopText} from '../screen/own-stop.js';
import {useHandOvers} from './use-hand-overs.js';

/** Carries out the requests in `state` (see above). */
export function useScreenRequests(options: {
	state: ScreenState;
	setState: Dispatch<SetStateAction<ScreenState>>;
	store: SessionStore;
	actions: SessionActions | undefined;
	setSentSteering: Dispatch<SetStateAction<readonly PendingSteer[]>>;
	withdrawn: Set<string>;
	copy: ((text: string, what: string) => string | void) | undefined;
	page: ((text: string, title: string) => string | undefined) | undefined;
	handOver: ((ask: HandOverAsk) => HandOverResult) | undefined;
	suspend: (() => string | undefined) | undefined;
	replay: ReplayControl | undefined;
	bell: (() => void) | undefined;
	onQuit: () => void;
}): void {
	const {
		state,
		setState,
		store,
		actions,
		setSentSteering,
		withdrawn,
		copy,
		page,
		handOver,
		suspend,
		replay,
		bell,
		onQuit,
	} = options;
	// After each frame: a tool call that began to wait for a human rings the bell, once.
	const approvalBell = useRef<ApprovalBell | undefined>(undefined);
	approvalBell.current ??= new ApprovalBell();
	useEffect(() => {
		if (approvalBell.current!.due(store.view)) bell?.();
	});
	// y in the footer's question (or Enter in the steering prompt): send it, once.
	const sent = state.act?.sent;
	useEffect(() => {
		if (!sent || !actions) return;
		const itemsWhenSent = store.view.items.length;
		let unsubscribe: (() => void) | undefined;
		void act(sent, actions, store, setSentSteering, withdrawn).then(message => {
			if (message !== undefined) setState(previous => ({...previous, message}));
			if (message !== stopSentText) return;
			// A stop sent: once the run has ended, the footer says how (aborted, with the server's reason), as a nudge would.
			const check = (): void => {
				const ended = ownStopText(store.view, itemsWhenSent);
				if (ended === undefined) return;
				unsubscribe?.();
				setState(previous => (previous.message === stopSentText ? {...previous, message: ended} : previous));
			};
			unsubscribe = store.subscribe(check);
			check();
		});
		return () => unsubscribe?.();
	}, [sent, actions, store]);
	// y or Y: the clipboard gets the text once per request.
	const clipboard = state.clipboard;
	const copyTo = useRef(copy);
	copyTo.current = copy;
	useEffect(() => {
		if (!clipboard) return;
		const copied = {text: clipboard.text, what: clipboard.what ?? 'the text'};
		const said = copyTo.current?.(copied.text, copied.what);
		setState(previous => ({...previous, message: typeof said === 'string' ? said : copyMessage(copied)}));
	}, [clipboard]);
	// v: the pager takes the terminal until it closes; the screen is drawn again whole after.
	const pager = state.pager;
	const pageWith = useRef(page);
	pageWith.current = page;
	useEffect(() => {
		if (!pager) return;
		const problem = pageWith.current ? pageWith.current(pager.text, pager.title) : 'no pager here';
		// A message the frame before did not have: Ink draws the whole frame again over the
		// screen the pager left.
		setState(previous => ({...previous, message: problem ?? 'back from the pager'}));
	}, [pager]);
	// | and w, Ctrl+Z: the program lends the terminal or writes the file (use-hand-overs.ts).
	useHandOvers(state, setState, {handOver, suspend});
	// Space, + or -: the replay is told once per request, and the header drawn again.
	const replayAsk = state.replayAsk;
	const [, setReplayRev] = useState(0);
	useEffect(() => {
		if (!replayAsk || !replay) return;
		if (replayAsk.what === 'toggle') replay.toggle();
		else replay.scale(replayAsk.what === 'faster' ? 2 : 0.5);
		setReplayRev(n => n + 1);
	}, [replayAsk, replay]);
	const quitting = useRef(false);
	useEffect(() => {
		if (state.quit && !quitting.current) {
			quitting.current = true;
			onQuit();
		}
	}, [state.quit, onQuit]);
}
