/**
 * The overview beside the session from the start: at 140 columns or more the session list opens on the left (the
 * session keeping the keys) unless s hid it, and closes again when the terminal narrows (ui/views/beside.ts).
 */
import {useEffect, type Dispatch, type SetStateAction} from 'react';
import type {ScreenState} from '../screen/screen-types.js';
import {besideAtWidth} from '../views/beside.js';

/** Opens or closes the list beside the session as the width (or s) says. */
export function useOverviewBeside(options: {
	state: ScreenState;
	setState: Dispatch<SetStateAction<ScreenState>>;
	wide: boolean;
	canPick: boolean;
}): void {
	const {state, setState, wide, canPick} = options;
	const due = besideAtWidth(state, wide, canPick, 0) !== undefined;
	useEffect(() => {
		if (!due) return;
		setState(previous => besideAtWidth(previous, wide, canPick, (previous.pickerOpened ?? 0) + 1) ?? previous);
	}, [due, wide, canPick, setState]);
}
