/**
 * Keys as data: every command once, with its keys, its help text and whether the footer
 * hints at it. The help overlay, the footer hints and the root input handler all read this
 * table; nothing else in the screen knows which key does what.
 */
import {textWidth} from '../panes/segments.js';

export type CommandId =
	| 'focus-next'
	| 'focus-prev'
	| 'toggle'
	| 'replay-pause'
	| 'replay-faster'
	| 'replay-slower'
	| 'full'
	| 'toggle-thinking'
	| 'toggle-outputs'
	| 'scroll-down'
	| 'scroll-up'
	| 'next-pane'
	| 'prev-pane'
	| 'half-down'
	| 'half-up'
	| 'page-down'
	| 'page-up'
	| 'top'
	| 'right'
	| 'left'
	| 'left-edge'
	| 'right-end'
	| 'chop'
	| 'bottom'
	| 'next-problem'
	| 'prev-problem'
	| 'next-prompt'
	| 'prev-prompt'
	| 'search'
	| 'goto'
	| 'mark'
	| 'go-mark'
	| 'filter'
	| 'copy'
	| 'copy-args'
	| 'pager'
	| 'pipe'
	| 'edit'
	| 'write'
	| 'suspend'
	| 'next-match'
	| 'prev-match'
	| 'escape'
	| 'follow'
	| 'timeline'
	| 'context'
	| 'sessions'
	| 'switch'
	| 'list-focus'
	| 'allow'
	| 'deny'
	| 'stop'
	| 'steer'
	| 'withdraw'
	| 'notices'
	| 'help'
	| 'quit';

/** Keys that come as flags rather than text (Ink's Key names). */
export type SpecialKey =
	| 'upArrow'
	| 'downArrow'
	| 'leftArrow'
	| 'rightArrow'
	| 'pageUp'
	| 'pageDown'
	| 'home'
	| 'end'
	| 'return'
	| 'escape'
	| 'tab';

/** A key press as Ink reports it: the text typed and the flags. */
export type KeyPress = Partial<Record<SpecialKey | 'ctrl' | 'meta' | 'shift' | 'backspace' | 'delete', boolean>>;

/** One way to give a command: a typed character (with Ctrl or not) or a special key. */
export type Binding = {input?: string; ctrl?: boolean; key?: SpecialKey; label: string};

export type Command = {
	id: CommandId;
	keys: readonly Binding[];
	help: string;
	/** The footer's word for it; commands with the same word share one hint (`j/k move`). */
	footer?: string;
	/** Acts on a live session (over --sse, not --read-only): hinted in the footer only then. */
	acts?: true;
	/** Bound only during --replay. */
	replay?: true;
};

const char = (input: string, label = input): Binding => ({input, label});
const ctrl = (letter: string): Binding => ({input: letter, ctrl: true, label: `Ctrl+${letter.toUpperCase()}`});
const special = (key: SpecialKey, label: string): Binding => ({key, label});

/** The commands, in the order the help lists them. */
export const commands: readonly Command[] = [
	{
		id: 'focus-next',
		keys: [char('j'), special('downArrow', '↓')],
		help: 'the cursor a row down (across panes, as in vim)',
		footer: 'move',
	},
	{
		id: 'focus-prev',
		keys: [char('k'), special('upArrow', '↑')],
		help: 'the cursor a row up (stops following)',
		footer: 'move',
	},
	{
		id: 'replay-pause',
		keys: [char('p')],
		help: 'during --replay: pause or resume the replay',
		footer: 'pause',
		replay: true,
	},
	{id: 'replay-faster', keys: [char('+')], help: 'during --replay: twice as fast', footer: 'speed', replay: true},
	{id: 'replay-slower', keys: [char('-')], help: 'during --replay: half as fast', footer: 'speed', replay: true},
	{
		id: 'toggle',
		keys: [special('return', 'Enter')],
		help: 'open or close the pane the cursor is in (a fold); the cursor stays where it is on the screen',
		footer: 'open',
	},
	{
		id: 'allow',
		keys: [char('a')],
		help: 'allow the call waiting for approval (the focused one, else the first), after y',
		footer: 'allow/deny',
		acts: true,
	},
	{
		id: 'deny',
		keys: [char('r')],
		help: 'deny (refuse) the call waiting for approval, after y',
		footer: 'allow/deny',
		acts: true,
	},
	{id: 'stop', keys: [ctrl('x')], help: 'stop the run, after y', footer: 'stop', acts: true},
	{
		id: 'steer',
		keys: [char('>')],
		help:
			'steer the run: a message it reads between steps; on an idle session, a new task (the prompt says ' +
			'which; Enter sends, Esc cancels)',
		footer: 'steer',
		acts: true,
	},
	{
		id: 'withdraw',
		keys: [char('<')],
		help: 'withdraw the newest steering message still queued on the server (shown above the footer), after y',
		acts: true,
	},
	{
		id: 'copy',
		keys: [char('y')],
		help: "copy the focused pane (its text, a command's output, every line) to the clipboard",
	},
	{id: 'copy-args', keys: [char('Y')], help: 'copy the focused call: a command itself, else its arguments'},
	{
		id: 'pager',
		keys: [char('v')],
		help: "open the focused pane's whole text in $PAGER (default less -R); the screen comes back after",
	},
	{
		id: 'pipe',
		keys: [char('|')],
		help: "then a command: pipe the focused pane's text to it through your shell, as less does",
	},
	{
		id: 'edit',
		keys: [char('O')],
		help: "open the focused call's file in $VISUAL/$EDITOR at its line (an edit at its first changed line)",
	},
	{
		id: 'write',
		keys: [char('w')],
		help: "then a file name: write the focused pane's text to it (asks before replacing)",
	},
	{
		id: 'full',
		keys: [char('x')],
		help: 'every line of the output the cursor is in, or head and tail again (the cursor stays put)',
	},
	{id: 'toggle-thinking', keys: [char('t')], help: 'open or close all thinking', footer: 'thinking'},
	{id: 'toggle-outputs', keys: [char('o')], help: 'open or close all tool outputs', footer: 'outputs'},
	{id: 'scroll-down', keys: [ctrl('e')], help: 'the view a row down (the cursor stays on screen)'},
	{id: 'scroll-up', keys: [ctrl('y')], help: 'the view a row up'},
	{id: 'half-down', keys: [char('d'), ctrl('d')], help: 'half a page down'},
	{id: 'half-up', keys: [char('u'), ctrl('u')], help: 'half a page up'},
	{
		id: 'page-down',
		keys: [char(' ', '␣'), char('f'), ctrl('f'), special('pageDown', 'PgDn')],
		help: 'a page down',
		footer: 'page',
	},
	{id: 'page-up', keys: [char('b'), ctrl('b'), special('pageUp', 'PgUp')], help: 'a page up'},
	{id: 'next-pane', keys: [char('}')], help: 'the head of the next pane'},
	{id: 'prev-pane', keys: [char('{')], help: 'the head of this pane, else of the previous one'},
	{
		id: 'chop',
		keys: [char('S')],
		help: 'chop long rows at the edge rather than wrap them, or wrap them again (as less -S; -S starts so)',
	},
	{
		id: 'right',
		keys: [special('rightArrow', '→')],
		help: 'chopped rows half a screen to the right, without laying them out again (chops them first); pane heads stay',
	},
	{id: 'left', keys: [special('leftArrow', '←')], help: 'chopped rows half a screen back to the left'},
	{id: 'right-end', keys: [char('$')], help: 'chopped rows shifted to the end of the longest row on screen'},
	{id: 'left-edge', keys: [char('0')], help: 'chopped rows back at their left edge'},
	{id: 'top', keys: [char('g'), special('home', 'Home')], help: 'the top of the session'},
	{id: 'bottom', keys: [char('G'), special('end', 'End')], help: 'the bottom, following again'},
	{
		id: 'next-problem',
		keys: [char('e')],
		help: 'next problem: failed or refused call, retry, abort, malformed line',
		footer: 'next problem',
	},
	{id: 'prev-problem', keys: [char('E')], help: 'previous problem'},
	{id: 'next-prompt', keys: [char(']')], help: 'next user message'},
	{id: 'prev-prompt', keys: [char('[')], help: 'previous user message (stops following)'},
	{
		id: 'search',
		keys: [char('/')],
		help:
			'search: a JavaScript regular expression (a capital makes it exact), every match in every pane counted;' +
			' Enter on nothing repeats the last search, ↑/↓ bring back earlier ones',
		footer: 'search',
	},
	{
		id: 'goto',
		keys: [char(':')],
		help:
			'jump: a line (:1204), a place (:50%, as the footer counts), a pane (:p12) or a line in it (:p12.150), or' +
			' a local time (:14:45, the first pane at or after it); stops following',
	},
	{id: 'mark', keys: [char('m')], help: "then a letter: mark the cursor's line"},
	{
		id: 'go-mark',
		keys: [char("'")],
		help: "then a letter: back to that line; '' back to where you were before the last jump",
	},
	{
		id: 'filter',
		keys: [char('&')],
		help:
			'show only the panes that match (! problems only, tool:NAME one tool, -thinking no thinking; Enter on ' +
			'nothing shows all)',
	},
	{id: 'next-match', keys: [char('n')], help: 'the next match (still after Esc)'},
	{id: 'prev-match', keys: [char('N')], help: 'the previous match'},
	{id: 'escape', keys: [special('escape', 'Esc')], help: 'leave search, the timeline or the picker; close this help'},
	{id: 'follow', keys: [char('F')], help: 'follow again: stay at the bottom as the session grows', footer: 'follow'},
	{
		id: 'timeline',
		keys: [char('T')],
		help: 'timeline: requests and tool calls on a time axis (Enter shows the row in the session, T back)',
		footer: 'timeline',
	},
	{
		id: 'context',
		keys: [char('C')],
		help:
			"context and cost: each request's prompt against the window, cost and running total, what fills the " +
			'context now (Enter shows the row in the session, C back)',
	},
	{
		id: 'sessions',
		keys: [char('s')],
		help:
			'every session at a glance (what each does now, those waiting for you first): j/k to choose, / to filter, ' +
			'Enter to open, Esc to close; at 140 columns or more it is beside the session from the start ' +
			'and s hides or shows it',
		footer: 'sessions',
	},
	{
		id: 'list-focus',
		keys: [special('tab', 'Tab')],
		help: 'with the sessions beside the session: move between the list and the session',
	},
	{
		id: 'switch',
		keys: [char('L')],
		help:
			'open the session offered in the footer: one that started since, or another that waits for approval, ' +
			'failed or finished',
	},
	{
		id: 'notices',
		keys: [char('M')],
		help: 'the notice log: every notice, warning and error so far, with its time and whole text (q, Esc or M closes it)',
	},
	{id: 'help', keys: [char('?')], help: 'this help: j/k scroll it, q, Esc or ? closes it', footer: 'help'},
	{id: 'suspend', keys: [ctrl('z')], help: 'suspend to the shell, as less does: fg brings the screen back'},
	{
		id: 'quit',
		keys: [char('q'), ctrl('c')],
		help: 'quit (in the help, the notice log, the timeline: close it)',
		footer: 'quit',
	},
];

const specialKeys: readonly SpecialKey[] = [
	'upArrow',
	'downArrow',
	'leftArrow',
	'rightArrow',
	'pageUp',
	'pageDown',
	'home',
	'end',
	'return',
	'escape',
	'tab',
];

/** The command a key press gives, if any; the replay's keys only while `replaying`. */
export function commandFor(input: string, key: KeyPress, replaying = false): CommandId | undefined {
	const pressed = specialKeys.find(name => key[name]);
	for (const command of commands) {
		if (command.replay && !replaying) continue;
		for (const binding of command.keys) {
			if (binding.key !== undefined) {
				if (binding.key === pressed) return command.id;
			} else if (pressed === undefined && binding.input === input && Boolean(binding.ctrl) === Boolean(key.ctrl)) {
				return command.id;
			}
		}
	}
	return undefined;
}

/** The help overlay's lines: the keys of each command and what it does. */
export function helpEntries(): Array<{keys: string; help: string}> {
	return commands.map(command => ({keys: command.keys.map(binding => binding.label).join(' '), help: command.help}));
}

/** Whether pressing `binding` gives `id` now (a replay's key shadows the same key's other command). */
function gives(binding: Binding, id: CommandId, replaying: boolean): boolean {
	const key: KeyPress = binding.key === undefined ? {ctrl: binding.ctrl} : {[binding.key]: true};
	return commandFor(binding.input ?? '', key, replaying) === id;
}

/**
 * The footer's key hints, as `keys word` pairs in table order; those that act on a session only
 * when `acting`, the replay's only while `replaying`. Each command is hinted by its first key that
 * gives it in that mode (during a replay, `Enter open` when Space pauses).
 */
export function footerHints(acting = false, replaying = false): string[] {
	const groups = new Map<string, string[]>();
	for (const command of commands) {
		if (!command.footer || (command.acts && !acting) || (command.replay && !replaying)) continue;
		const binding = command.keys.find(candidate => gives(candidate, command.id, replaying));
		if (binding === undefined) continue;
		const labels = groups.get(command.footer) ?? [];
		labels.push(binding.label);
		groups.set(command.footer, labels);
	}
	return [...groups].map(([word, labels]) => `${labels.join('/')} ${word}`);
}

/** The hints joined to fit `width`: the ones before the last two (help, quit) give way first. */
export function footerHintLine(width: number, acting = false, replaying = false): string {
	const hints = footerHints(acting, replaying);
	const join = (list: string[]): string => list.join(' · ');
	while (hints.length > 2 && textWidth(join(hints)) > width) hints.splice(hints.length - 3, 1);
	return join(hints);
}
