// A real server's session with a subagent and its title request, recorded (test/fixtures/server/r3-cost-*): the
// parent's and the child's traces over HTTP, the project's usage grouped by session (the parent's row holds its
// subagent's requests and its own title request, which the trace does not; the child's row is the child's title
// request), and the models answer with the prices the usage was priced at.
import {serverAnswer} from './sse-fixtures.js';
import type {SessionRow} from './penguin-server.js';

export const costParentId = 'session-2026-12-07-06-42-18-fb48ed39';
export const costChildId = 'session-2026-12-07-06-42-21-7697dc78';

/** The recorded trace events of the parent or the child (shard 1, the whole of each). */
export const costEvents = (sessionId: string): unknown[] =>
	(
		serverAnswer(sessionId === costChildId ? 'r3-cost-child-trace-1.json' : 'r3-cost-trace-1.json').json as {
			events: unknown[];
		}
	).events;

/** The recorded usage answer (`GET /api/projects/default_project/usage?groupBy=session`). */
export const costUsage = () => serverAnswer('r3-cost-usage.json') as {status: number; json: unknown};

/** The recorded usage row of a session. */
export const costRow = (sessionId: string) =>
	(costUsage().json as {groups: Array<Record<string, unknown> & {key: string}>}).groups.find(
		row => row.key === sessionId,
	)!;

/** The recorded models answer, with the prices the server priced the usage at. */
export const costModels = () => serverAnswer('r3-cost-models.json') as {status: number; json: unknown};

/**
 * The recorded session list's rows, without the paths on the recording machine (so that their traces are read over
 * HTTP wherever the test runs).
 */
export const costRows = (): SessionRow[] =>
	(serverAnswer('r3-cost-sessions.json').json as {sessions: SessionRow[]}).sessions.map(row => {
		const {tracePath: _path, workspace: _workspace, ...rest} = row;
		return rest as SessionRow;
	});
