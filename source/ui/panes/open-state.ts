/**
 * Which panes are open: a default per group of panes (from --expand, flipped by t and o)
 * and the reader's choices per pane on top. Immutable: every change makes a new object,
 * so that React sees it.
 */

/** Panes that open and close together. */
export type PaneGroup = 'thinking' | 'outputs' | 'text' | 'details';

export type OpenState = {
	readonly defaults: Readonly<Record<PaneGroup, boolean>>;
	/** The reader's choice for one pane, remembered with its group so t and o can reset it. */
	readonly overrides: ReadonlyMap<number, {group: PaneGroup; open: boolean}>;
	/** Panes whose output is shown in full rather than head and tail. */
	readonly full: ReadonlySet<number>;
};

/** The starting state: text open, the rest closed, unless --expand says otherwise. */
export function openStateFrom(expand: readonly string[] = []): OpenState {
	const all = expand.includes('all');
	return {
		defaults: {
			text: true,
			thinking: all || expand.includes('thinking'),
			outputs: all || expand.includes('outputs'),
			details: all || expand.includes('details'),
		},
		overrides: new Map(),
		full: new Set(),
	};
}

/** Whether pane `id` of `group` is open. */
export function isOpen(open: OpenState, id: number, group: PaneGroup): boolean {
	return open.overrides.get(id)?.open ?? open.defaults[group];
}

/** Pane `id` opened or closed by the reader. */
export function setOpen(open: OpenState, id: number, group: PaneGroup, value: boolean): OpenState {
	const overrides = new Map(open.overrides);
	if (value === open.defaults[group]) overrides.delete(id);
	else overrides.set(id, {group, open: value});
	return {...open, overrides};
}

/** Every pane of a group flipped at once (t, o): the reader's single choices in it are dropped. */
export function toggleGroup(open: OpenState, group: PaneGroup): OpenState {
	const overrides = new Map([...open.overrides].filter(([, choice]) => choice.group !== group));
	return {...open, defaults: {...open.defaults, [group]: !open.defaults[group]}, overrides};
}

/** Show pane `id` in full (or back to head and tail). */
export function setFull(open: OpenState, id: number, value: boolean): OpenState {
	const full = new Set(open.full);
	if (value) full.add(id);
	else full.delete(id);
	return {...open, full};
}
