// A server's usage answer read as session costs (server/usage-costs.ts): the harness's figure as given, null as no
// price, a
// row that does not read as none, an answer of another shape as none at all; and what the cost column says of each.
import {describe, expect, it} from 'vitest';
import {mergeCosts, readSessionCosts, sessionCostText} from '../../source/server/usage-costs.js';
import {usageAnswer} from '../support/harness-usage.js';

const row = (key: unknown, cost: unknown, hasUncosted: unknown) => ({
	key,
	cacheRead: 0,
	cacheWrite: 10,
	output: 1,
	total: 11,
	requests: 1,
	cost,
	hasUncosted,
});
// The row's tokens by kind, as every row below gives them.
const counts = {cache_read: 0, cache_write: 10, output: 1, total: 11};
/** A whole usage answer with these groups (rows the harness would not send among them). */
const answerWith = (groups: unknown[]): Record<string, unknown> => ({
	...(usageAnswer([]).json as Record<string, unknown>),
	groups,
});

describe('readSessionCosts', () => {
	it("takes each group's cost, hasUncosted and tokens by kind as the server gives them", () => {
		const answer = answerWith([row('a', 0.25, false), row('b', 1.5, true), row('c', null, true)]);
		expect(readSessionCosts(answer)).toEqual(
			new Map([
				['a', {usd: 0.25, unpriced: false, requests: 1, tokens: 11, counts}],
				['b', {usd: 1.5, unpriced: true, requests: 1, tokens: 11, counts}],
				['c', {unpriced: true, requests: 1, tokens: 11, counts}],
			]),
		);
	});

	it('a cost that is not a sum of money is no price; a row without a session id is left out', () => {
		const answer = answerWith([
			row('a', '0.25', false),
			row('b', -1, false),
			row('c', Number.NaN, false),
			row('', 1, false),
			row(7, 1, false),
			'x',
		]);
		expect(readSessionCosts(answer)).toEqual(
			new Map([
				['a', {unpriced: false, requests: 1, tokens: 11, counts}],
				['b', {unpriced: false, requests: 1, tokens: 11, counts}],
				['c', {unpriced: false, requests: 1, tokens: 11, counts}],
			]),
		);
	});

	it('requests and tokens that are not counts are left out', () => {
		const answer = answerWith([
			{...row('a', 0.25, false), requests: -1, total: '11'},
			{...row('b', 0.25, false), requests: 2.5, total: Number.NaN},
		]);
		expect(readSessionCosts(answer)).toEqual(
			new Map([
				['a', {usd: 0.25, unpriced: false}],
				['b', {usd: 0.25, unpriced: false}],
			]),
		);
	});

	it('an answer grouped otherwise, or without groups, is not read', () => {
		const answer = answerWith([row('2026-12-03', 1, false)]);
		expect(readSessionCosts({...answer, groupBy: 'date'})).toBeUndefined();
		expect(readSessionCosts({groupBy: 'session'})).toBeUndefined();
		expect(readSessionCosts('<html>')).toBeUndefined();
	});
});

describe('sessionCostText', () => {
	it('a price, * when it leaves out a model without one, — when unknown, nothing without a price', () => {
		expect(sessionCostText({usd: 0.035_312, unpriced: false})).toBe('$0.0353');
		expect(sessionCostText({usd: 1.5, unpriced: true})).toBe('$1.50*');
		expect(sessionCostText({unpriced: true})).toBe('');
		expect(sessionCostText(undefined)).toBe('');
		expect(sessionCostText('unknown')).toBe('—');
	});
});

describe('mergeCosts', () => {
	it("a project asked again: its sessions' new figures, its failure cleared or said; other projects' kept", () => {
		const known = {
			bySession: new Map([
				['a1', {usd: 1, unpriced: false}],
				['b1', {usd: 2, unpriced: false}],
			]),
			failed: new Map([
				['a', 'late'],
				['c', 'refused'],
			]),
		};
		const fresh = {bySession: new Map([['a1', {usd: 1.5, unpriced: true}]]), failed: new Map<string, string>()};
		const merged = mergeCosts(known, fresh, ['a']);
		expect(merged.bySession).toEqual(
			new Map([
				['a1', {usd: 1.5, unpriced: true}],
				['b1', {usd: 2, unpriced: false}],
			]),
		);
		expect(merged.failed).toEqual(new Map([['c', 'refused']]));
		// The known costs are not changed in place.
		expect(known.bySession.get('a1')).toEqual({usd: 1, unpriced: false});
		expect(mergeCosts(undefined, {bySession: new Map(), failed: new Map([['a', 'late']])}, ['a']).failed).toEqual(
			new Map([['a', 'late']]),
		);
	});
});
