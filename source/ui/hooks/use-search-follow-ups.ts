/**
 * What a key leaves to be done after the frame: g pressed on a preview (the end of a big trace) goes to the top once
 * the whole history is in; n or N whose match is not found yet is looked for a slice at a time, keys served between
 * (search-keys.ts); a search made on the preview that found nothing there looks again in the whole; `+/PATTERN`
 * searches once the session is read.
 */
import {useEffect, type Dispatch, type MutableRefObject, type SetStateAction} from 'react';
import {continueStep} from '../reading/search-keys.js';
import {handleKey, runCommand, searchAgain} from '../screen/screen-state.js';
import type {ScreenEnv, ScreenState} from '../screen/screen-types.js';

/** Runs the follow-ups of `state` against the screen's current `env`. */
export function useSearchFollowUps(options: {
	state: ScreenState;
	setState: Dispatch<SetStateAction<ScreenState>>;
	previewing: boolean;
	env: MutableRefObject<ScreenEnv | undefined>;
	/** The session has items (what `+/PATTERN` waits for, besides the whole history). */
	loaded: boolean;
}): void {
	const {state, setState, previewing, env, loaded} = options;
	// `+/PATTERN`: from the session's top, as less's +/ searches from the first line.
	const atStart = state.search.atStart;
	useEffect(() => {
		if (previewing || !loaded || atStart === undefined) return;
		setState(previous => {
			if (previous.search.atStart === undefined) return previous;
			const top = runCommand({...previous, search: {...previous.search, atStart: undefined}}, 'top', env.current!);
			return handleKey(
				{...top, search: {...top.search, editing: true, draft: atStart}},
				'',
				{return: true},
				env.current!,
			);
		});
	}, [previewing, loaded, atStart]);
	// g pressed on a preview (the end of a big trace) meant the session's top, which the
	// preview does not hold: once the whole history has replaced it, go there.
	useEffect(() => {
		if (!previewing && state.topPending)
			setState(previous =>
				previous.topPending ? runCommand({...previous, topPending: undefined}, 'top', env.current!) : previous,
			);
	}, [previewing, state.topPending]);
	// n or N whose match is not found yet: looked for a slice at a time, keys served between (search-keys.ts).
	const pendingStep = state.search.pending;
	useEffect(() => {
		if (pendingStep === undefined) return undefined;
		let next: NodeJS.Timeout;
		const slice = (): void => {
			setState(previous => continueStep(previous, env.current!));
			next = setTimeout(slice, 0);
		};
		next = setTimeout(slice, 0);
		return () => clearTimeout(next);
	}, [pendingStep]);
	// A search made on the preview looked in its end alone: one that found nothing there looks again in the whole.
	useEffect(() => {
		if (!previewing && state.search.onPreview) setState(previous => searchAgain(previous, env.current!));
	}, [previewing, state.search.onPreview]);
}
