/**
 * Lines the viewer cannot read as it expects: a malformed line, and a message of a type it
 * does not know or of a shape it does not expect. Each is kept as a generic row (nothing is
 * dropped); when many are, the trace is likely another harness's (or another version's), and
 * that is said once, with the counts, rather than left to a wall of rows to suggest.
 */
import type {MalformedLine} from '../../protocol/parse-line.js';
import type {AnyPayload} from '../../protocol/types.js';
import type {NoticeItem, SessionCounts} from '../view-model.js';
import type {SessionCore} from './core.js';

/** Below this many lines of an unknown shape, or a fifth of the lines, they are only rows. */
const minimumUnknown = 10;

// Grouped by hand: the first toLocaleString loads the locale data, a cost the first frame would pay.
const count = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The one line that says most of a trace is of a shape this viewer does not know, or undefined. */
export function unknownShapeText(counts: SessionCounts): string | undefined {
	const lines = counts.messages + counts.malformed;
	if (counts.unknownShape < minimumUnknown || counts.unknownShape * 5 < lines) return undefined;
	return (
		`${count(counts.unknownShape)} of ${count(lines)} lines have a shape this viewer does not know: not a ` +
		`PenguinHarness 0.2 trace?`
	);
}

/** A malformed line, as a row of its own. */
export function addMalformed(core: SessionCore, malformed: MalformedLine): void {
	core.view.counts.malformed++;
	core.push(
		{
			kind: 'malformed',
			line: malformed.line,
			offset: malformed.offset,
			shard: malformed.shard,
			reason: malformed.reason,
			excerpt: malformed.excerpt,
			...core.base(),
		},
		'item',
	);
}

/** Messages this viewer cannot read as their type: a generic row each, and the notice when there are many. */
export class OddLines {
	private notice: NoticeItem | undefined;

	constructor(private readonly core: SessionCore) {}

	add(payload: AnyPayload, why: 'unknown' | 'invalid', at: number | undefined): void {
		let summary: string;
		try {
			summary = JSON.stringify(payload);
		} catch {
			summary = String(payload.type);
		}
		if (summary.length > 300) summary = `${summary.slice(0, 299)}…`;
		const {core} = this;
		core.push({kind: 'unknown', payloadType: String(payload.type), why, summary, ...core.base(at)}, 'item');
		core.view.counts.unknownShape++;
		this.refresh();
	}

	/** The notice's counts brought up to date (or the notice made, once there are enough). */
	refresh(): void {
		const {core} = this;
		// Print mode says it once on stderr at the end, with the final counts (main.ts); the
		// screen shows one notice where it became clear, its counts kept current.
		if (core.shared.log) return;
		const text = unknownShapeText(core.view.counts);
		if (text === undefined) return;
		if (this.notice === undefined)
			this.notice = core.push<NoticeItem>({kind: 'notice', level: 'warn', text, ...core.base(core.lastAt)});
		else if (this.notice.text !== text) core.touch(this.notice).text = text;
	}
}
