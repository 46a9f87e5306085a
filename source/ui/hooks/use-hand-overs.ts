/**
 * The screen's side of | and w (hand-over.ts) and Ctrl+Z (terminal-suspend.ts): each ask of
 * the state is carried out once by the program, and what came of it set back as the footer's
 * line. The line after the terminal was lent differs from the frame before it, so Ink draws the
 * whole frame again over the screen the other program left.
 */
import {useEffect, useRef, type Dispatch, type SetStateAction} from 'react';
import {handOverAnswer, type HandOverAsk, type HandOverResult} from '../screen/hand-over.js';
import type {ScreenState} from '../screen/screen-types.js';

/** What the program does for the screen: pipe or write a pane, suspend to the shell. */
export type HandOvers = {
	handOver?: (ask: HandOverAsk) => HandOverResult;
	suspend?: () => string | undefined;
};

/** Carries out the state's | and w asks and its Ctrl+Z, once each. */
export function useHandOvers(
	state: ScreenState,
	setState: Dispatch<SetStateAction<ScreenState>>,
	program: HandOvers,
): void {
	const latest = useRef(program);
	latest.current = program;
	const handAsk = state.handAsk;
	useEffect(() => {
		if (!handAsk) return;
		const result = latest.current.handOver ? latest.current.handOver(handAsk) : {message: '| and w do nothing here'};
		setState(previous => handOverAnswer(previous, handAsk, result));
	}, [handAsk, setState]);
	const suspendSeq = state.suspend;
	useEffect(() => {
		if (!suspendSeq) return;
		const problem = latest.current.suspend ? latest.current.suspend() : 'Ctrl+Z does nothing here';
		setState(previous => ({...previous, message: problem ?? 'back from the shell'}));
	}, [suspendSeq, setState]);
}
