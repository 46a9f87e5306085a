/** The session picker, in place of the body: title, filter line, one session per row. */
import {Box} from 'ink';
import {useEffect, useState} from 'react';
import {pickerRows, type PickerState} from '../views/picker.js';
import {RowLine} from './RowLine.js';
import {seg} from '../panes/segments.js';
import {glyph} from '../panes/theme.js';

export type SessionPickerProps = {
	state: PickerState;
	width: number;
	height: number;
	now: number;
	/** The data root, as shown. */
	root: string;
	/** Where the sessions are, for `no sessions …`. */
	where?: string;
	/** Lines above the list (a project the server refused). */
	notices?: readonly string[];
	/** The id of the session on screen now (marked `*`). */
	current?: string;
	/** The chosen session is being opened. */
	opening: boolean;
	/** False: beside the session, which has the keys; the list is drawn dimmed, without its cursor. */
	focused?: boolean;
};

/** How often the list's ages move on while nothing else redraws it (ms). */
export const pickerAgeTickMs = 10_000;

const mark = seg(glyph.focus, {color: 'cyan', bold: true});
const blank = seg(' ');

/** Exactly `height` rows; the chosen session has the focus mark in the gutter. */
export function SessionPicker(props: SessionPickerProps) {
	const {state, width, height, now, root, where, notices, current, opening, focused = true} = props;
	// An idle session's age moves on though nothing redraws the screen: the clock it was drawn with, plus the ticks since.
	const [ticks, setTicks] = useState({from: now, count: 0});
	useEffect(() => {
		const tick = (): void => setTicks(last => ({from: now, count: last.from === now ? last.count + 1 : 1}));
		const timer = setInterval(tick, pickerAgeTickMs);
		timer.unref?.();
		return () => clearInterval(timer);
	}, [now]);
	const shownNow = ticks.from === now ? now + ticks.count * pickerAgeTickMs : now;
	const shown = {width: width - 1, height, now: shownNow, root, where, notices, current, opening, cursor: focused};
	const {rows, selectedRow} = pickerRows(state, shown);
	const lines = [];
	for (let i = 0; i < height; i++) {
		const row = rows[i] && (focused ? rows[i] : rows[i].map(segment => ({...segment, dim: true})));
		lines.push(<RowLine key={i} segments={row ? [i === selectedRow ? mark : blank, ...row] : []} />);
	}
	return <Box flexDirection="column">{lines}</Box>;
}
