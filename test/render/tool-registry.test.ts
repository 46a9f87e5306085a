/**
 * Tools as data: one entry in the registry is all a new tool needs for every output to
 * show it its way (the screen's pane, print mode, Markdown, the one-line summary), and the
 * upstream's tool names are written nowhere else in the source.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {toView} from '../../source/commands/to-view.js';
import {formatMarkdown} from '../../source/export/markdown-export.js';
import {SessionModel} from '../../source/model/session-model.js';
import {lineText, PlainRenderer} from '../../source/render/plain.js';
import {toolPresenters, type ToolPresenter} from '../../source/render/tool-registry.js';
import {summarizeToolCall} from '../../source/render/tool-summary.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {msg, paneWith, textOf, viewFrom} from '../ui/helpers.js';

// The outputs read a table no one changes: this file hands them one with two tools added, as
// adding them to the registry would (the table is read once, when the outputs load).
const added = vi.hoisted(
	(): Array<[string, ToolPresenter]> => [
		[
			'brew_coffee',
			{
				summary: a => ({headline: `${String(a['cups'])} cups of ${String(a['beans'])}`}),
				argumentParts: a => [{kind: 'text', text: `grind ${String(a['beans'])}`, tone: 'command'}],
				printArgs: () => 'beans ground, water hot',
				markdownArgs: () => ({text: 'a recipe', language: 'text'}),
			},
		],
		['brew_decaf', {summary: () => ({headline: 'coffee'})}],
	],
);
vi.mock('../../source/render/tool-registry.js', async original => {
	const registry = await original<typeof import('../../source/render/tool-registry.js')>();
	return {...registry, toolPresenters: new Map([...registry.toolPresenters, ...added])};
});

const at = (second: number): string => new Date(Date.UTC(2026, 11, 2, 14, 0, second)).toISOString();

/** A session with one call of `name` and its output. */
function callInputs(name: string, args: Record<string, unknown>) {
	return [
		msg({type: 'tool_call', role: 'assistant', name, arguments: JSON.stringify(args), tool_call_id: 'c1'}, at(1)),
		msg(
			{type: 'tool_call_output', role: 'tool', tool_call_id: 'c1', output: 'brewed', stop_reason: 'completed'},
			at(2),
		),
	];
}

function printed(name: string, args: Record<string, unknown>): string {
	const model = new SessionModel({recordFinalized: true, keepItems: false});
	model.applyAll([...callInputs(name, args), {kind: 'end'}], 0);
	const renderer = new PlainRenderer({color: false});
	return model
		.takeFinalized(true)
		.flatMap(entry => renderer.entry(entry))
		.map(lineText)
		.join('\n');
}

describe('the tool registry', () => {
	it('shows a new tool in every output from its one entry', () => {
		const args = {beans: 'arabica', cups: 2};
		// A tool without an entry: the generic presenter (key=value, pretty JSON).
		expect(summarizeToolCall('brew_tea', JSON.stringify(args)).headline).toBe('beans=arabica cups=2');
		expect(toolPresenters.has('brew_coffee')).toBe(true);
		expect(summarizeToolCall('brew_coffee', JSON.stringify(args)).headline).toBe('2 cups of arabica');
		const pane = textOf(
			paneWith(viewFrom(callInputs('brew_coffee', args)), 'brew_coffee', openStateFrom(['all'])).rows,
		);
		expect(pane).toMatch(/^✓ brew_coffee {2}2 cups of arabica/);
		expect(pane).toContain('\n  grind arabica\n');
		const print = printed('brew_coffee', args);
		expect(print).toContain('tool call brew_coffee (c1): 2 cups of arabica');
		expect(print).toContain('  beans ground, water hot');
		const markdown = formatMarkdown(toView([...callInputs('brew_coffee', args), {kind: 'end'}], 0));
		expect(markdown).toContain('`brew_coffee` · 2 cups of arabica');
		expect(markdown).toContain('```text\na recipe\n```');
	});

	it('leaves what an entry does not say to the generic presenter', () => {
		const print = printed('brew_decaf', {beans: 'robusta'});
		expect(print).toContain('tool call brew_decaf (c1): coffee');
		expect(print).toContain('  {\n    "beans": "robusta"\n  }');
	});

	it('is the one place the upstream tool names are written (with the protocol naming run_subagent)', () => {
		const root = path.resolve(import.meta.dirname, '..', '..', 'source');
		const names = ['exec_command', 'edit_file', 'write_file', 'read_file', 'read_image', 'run_subagent', 'mcp__'];
		const places = new Map<string, string[]>();
		for (const file of readdirSync(root, {recursive: true, encoding: 'utf8'}).filter(file => /\.tsx?$/.test(file))) {
			const text = readFileSync(path.join(root, file), 'utf8');
			for (const name of names) {
				if (text.includes(`'${name}`) || text.includes(`"${name}`))
					places.set(name, [...(places.get(name) ?? []), file.split(path.sep).join('/')]);
			}
		}
		for (const name of names)
			expect(places.get(name)?.filter(file => file !== 'render/tool-registry.ts') ?? [], name).toEqual(
				name === 'run_subagent' ? ['protocol/types.ts'] : [],
			);
		expect(places.get('exec_command')).toEqual(['render/tool-registry.ts']);
	});
});
