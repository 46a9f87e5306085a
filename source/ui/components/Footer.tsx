/** The footer: a rule, the session's numbers, and the prompt or key hints. */
import {Box} from 'ink';
import type {SessionView} from '../../model/view-model.js';
import {sendsTask, type ActPrompt} from '../screen/acting.js';
import {ActPromptLine, PendingSteerLine} from './ActPrompt.js';
import {RowLine} from './RowLine.js';
import {SearchPrompt, type SearchPromptProps} from './SearchPrompt.js';
import {seg, truncateSegments, type Segment} from '../panes/segments.js';
import {positionSegments} from '../reading/position.js';
import {footerStats} from '../screen/status-line.js';

export type FooterProps = SearchPromptProps & {
	view: SessionView;
	newCount: number;
	rule: boolean;
	/** Key hints of a mode (the picker, the timeline) in place of the main view's, unless a message is shown. */
	hints?: string;
	/** A session that started since, offered in place of the hints or a message (not of the search prompt). */
	offer?: string;
	/** Acting: the question or steering prompt in place of the last row. */
	act?: ActPrompt;
	/** Steering queued and not yet on the stream: one row above the numbers. */
	pendingSteer?: readonly string[];
	/** Where the cursor is (`line 1,204 of 5,880 · 20 %`), at the right of the numbers. */
	position?: string;
	/** The position's short form, for a narrow row (`1,204/5,880 20%`). */
	shortPosition?: string;
	/** What the session cost (`$0.0353`), when its model has a price. */
	cost?: string;
	/** What went wrong with the source (a reconnect and why): in place of the hints or a message, with the whole width. */
	trouble?: Segment[];
	/** A prompt is being typed in the hints' row (the filter's): it keeps the row. */
	typing?: boolean;
};

/** Two rows and an optional rule above them. */
export function Footer(props: FooterProps) {
	return (
		<Box flexDirection="column">
			{props.rule ? <RowLine segments={[seg('─'.repeat(props.width), {dim: true})]} /> : null}
			{props.pendingSteer && props.pendingSteer.length > 0 ? (
				<PendingSteerLine pending={props.pendingSteer} width={props.width} />
			) : null}
			<RowLine
				segments={footerStats(
					props.view,
					props.newCount,
					props.width,
					positionSegments(props.position),
					positionSegments(props.shortPosition ?? props.position),
					props.cost,
				)}
			/>
			{/* A question asked comes first: it waits for y or n. Then what went wrong with the source: it
			    wins over any message or hint (only a prompt being typed keeps the row). */}
			{props.act && props.hints === undefined ? (
				<ActPromptLine prompt={props.act} width={props.width} task={sendsTask(props.view)} />
			) : props.trouble && !props.editing && !props.typing ? (
				<RowLine segments={props.trouble} />
			) : props.offer !== undefined && !props.editing ? (
				<RowLine segments={truncateSegments([seg(` ${props.offer}`, {color: 'yellow', bold: true})], props.width)} />
			) : props.hints !== undefined && !props.message && !props.editing ? (
				<RowLine segments={truncateSegments([seg(` ${props.hints}`, {dim: true})], props.width)} />
			) : (
				<SearchPrompt
					editing={props.editing}
					draft={props.draft}
					message={props.message}
					query={props.query}
					width={props.width}
					acting={props.acting}
					replaying={props.replaying}
				/>
			)}
		</Box>
	);
}
