// The overview's ages move on while nothing else redraws the screen: an idle session's `idle 46 s` does not stay so
// for a minute (issue 46). On vitest's fake timers: time moves only when the test moves it.
import {render} from 'ink-testing-library';
import {afterEach, expect, test, vi} from 'vitest';
import {entryOf} from '../../source/server/session-list.js';
import {openPicker} from '../../source/ui/views/picker.js';
import {pickerAgeTickMs, SessionPicker} from '../../source/ui/components/SessionPicker.js';
import {waitFor} from '../support/wait-for.js';

afterEach(() => {
	vi.useRealTimers();
});

const now = Date.parse('2026-12-07T04:30:00Z');
const idle = entryOf({
	sessionId: 'session-2026-12-07-04-22-25-46bdbcb1',
	projectId: 'p',
	agentId: 'a',
	status: 'idle',
	title: 'Workspace tools tour',
	lastActiveAt: '2026-12-07T04:29:14.000Z',
	hasTrace: true,
});

test('an idle age ticks on with no other redraw', async () => {
	vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
	const app = render(
		<SessionPicker
			state={{...openPicker(1), entries: [idle]}}
			width={120}
			height={8}
			now={now}
			root="http://localhost:7473"
			opening={false}
		/>,
	);
	expect(app.lastFrame()).toContain('idle 46 s');
	await waitFor(() => vi.getTimerCount() === 1, 'the tick to start');
	vi.advanceTimersByTime(6 * pickerAgeTickMs);
	await waitFor(() => !app.lastFrame()!.includes('idle 46 s'), 'the age moved on', {show: () => app.lastFrame() ?? ''});
	expect(app.lastFrame()).toMatch(/idle (1|2) m/);
	app.unmount();
});
