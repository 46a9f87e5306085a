// Every kind of item shows in every view that shows items (the screen's pane, search, y, print, Markdown, STS), but
// where a view leaves a kind out on purpose, listed here.
import {describe, expect, test} from 'vitest';
import {formatMarkdown} from '../../source/export/markdown-export.js';
import {formatSts} from '../../source/export/sts.js';
import {shown} from '../../source/model/held-text.js';
import type {FinalizedEntry} from '../../source/model/session/core.js';
import type {Item, ItemKind, SessionView} from '../../source/model/view-model.js';
import {itemTexts, type ItemOf} from '../../source/render/item-kinds.js';
import {lineText, PlainRenderer} from '../../source/render/plain.js';
import {copyOf} from '../../source/ui/screen/copy-text.js';
import {allPanes, Layouter} from '../../source/ui/panes/layout.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {searchText} from '../../source/ui/reading/search.js';

const at = Date.parse('2026-12-02T14:00:00Z');
const base = {rev: 0, at};

/**
 * One item of each kind, each of a shape its views show (a request that failed: one that went
 * well draws nothing on purpose). Typed by ItemKind: a new kind fails to compile until it has one.
 */
const samples: {[K in ItemKind]: ItemOf<K>} = {
	user_text: {...base, id: 1, kind: 'user_text', text: 'what is a trace'},
	assistant_text: {...base, id: 2, kind: 'assistant_text', text: 'a record of a session', streaming: false},
	thinking: {...base, id: 3, kind: 'thinking', text: 'they ask about traces', streaming: false},
	tool_call: {
		...base,
		id: 4,
		kind: 'tool_call',
		callId: 'c1',
		name: 'exec_command',
		args: '{"cmd":"ls"}',
		state: 'done',
		output: 'a.txt',
		outputStreaming: false,
		images: [],
	},
	image: {...base, id: 5, kind: 'image', role: 'user', image: {mimeType: 'image/png', bytes: 2048}},
	request: {...base, id: 6, kind: 'request', index: 1, status: 'failed', error: 'overloaded', retried: false},
	compaction: {
		...base,
		id: 7,
		kind: 'compaction',
		status: 'completed',
		reason: 'threshold',
		summary: 'so far: traces',
		summaryStreaming: false,
	},
	shard: {...base, id: 8, kind: 'shard', index: 2, afterCompaction: true},
	abort: {...base, id: 9, kind: 'abort', reason: 'user pressed stop'},
	subagent: {
		...base,
		id: 10,
		kind: 'subagent',
		sessionId: 'session-child',
		description: 'look around',
		missing: 'its trace was not found',
	},
	malformed: {...base, id: 11, kind: 'malformed', line: 3, offset: 120, reason: 'not JSON', excerpt: '{"type":'},
	notice: {...base, id: 12, kind: 'notice', level: 'warn', text: 'the trace was truncated'},
	goal_finished: {...base, id: 13, kind: 'goal_finished', outcome: 'complete', rounds: 2},
	mcp_connect: {
		...base,
		id: 14,
		kind: 'mcp_connect',
		servers: ['github'],
		status: 'completed',
		results: [{server: 'github', status: 'connected'}],
	},
	unknown: {...base, id: 15, kind: 'unknown', payloadType: 'brand_new', why: 'unknown', summary: '{"x":1}'},
};

const kinds = Object.keys(samples) as ItemKind[];

function sessionOf(items: Item[]): SessionView {
	return {
		header: {sessionId: 'session-2026-12-02-14-00-00-0badcafe', tools: []},
		items,
		tokens: {},
		spend: [],
		counts: {requests: 0, retries: 0, toolCalls: 0, failures: 0, malformed: 0, messages: 0, unknownShape: 0},
		shard: 1,
		compacting: false,
		ended: true,
		awaitingApproval: 0,
		approvalRequests: 0,
		rev: 0,
		appends: 0,
	};
}

/** The moments print mode writes an item at (a call and a compaction in phases). */
function printed(item: Item): string {
	const session = sessionOf([item]);
	const renderer = new PlainRenderer({color: false});
	const whats: Array<FinalizedEntry['what']> =
		item.kind === 'tool_call'
			? ['call', 'output']
			: item.kind === 'compaction'
				? ['compaction_begin', 'compaction_end']
				: ['item'];
	// The session's header first, so that what remains is the item's own.
	renderer.entry({depth: 0, session, item: samples.shard, what: 'item'});
	return whats.flatMap(what => renderer.entry({depth: 0, session, item, what}).map(lineText)).join('\n');
}

/** What each view writes for one item ('' for nothing). */
const views: Record<string, (item: Item) => string> = {
	pane: item =>
		allPanes(new Layouter().layout(sessionOf([item]), 99, openStateFrom(['all']), at))
			.map(pane => pane.rows.length)
			.join(''),
	search: item => searchText(item),
	copy: item => copyOf(shown(item, undefined))?.text ?? '',
	print: printed,
	markdown: item => (formatMarkdown(sessionOf([item])) === formatMarkdown(sessionOf([])) ? '' : 'changed'),
	sts: item => (formatSts(sessionOf([item])) === formatSts(sessionOf([])) ? '' : 'changed'),
};

/** Kinds a view writes nothing for, on purpose (and why). */
const silent: Record<string, ItemKind[]> = {
	// The pane's own label says all there is: nothing to find or copy.
	search: ['image', 'shard'],
	copy: ['image', 'shard'],
	// They describe the source, not the session.
	sts: ['shard', 'notice', 'malformed'],
};

describe('every kind of item shows in every view', () => {
	for (const [view, write] of Object.entries(views)) {
		test(`${view}: writes every kind but ${(silent[view] ?? []).join(', ') || 'none'}`, () => {
			const shown = kinds.filter(kind => write(samples[kind]) !== '');
			expect(shown).toEqual(kinds.filter(kind => !(silent[view] ?? []).includes(kind)));
		});
	}

	test('each kind has its text, and search finds it', () => {
		expect(Object.keys(itemTexts).sort()).toEqual([...kinds].sort());
		expect(searchText(samples.notice)).toBe('the trace was truncated');
		expect(searchText(samples.goal_finished)).toBe('goal complete');
	});
});
