// The footer's position while following a stream is worked out at most four times a second (use-steady-place.ts):
// a burst of changes ends on the last one all the same, with nothing drawn after it; not following, each shows at once.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {expect, test, vi} from 'vitest';
import {useSteadyPlace} from '../../source/ui/hooks/use-steady-place.js';
import {waitFor} from '../support/wait-for.js';

function Place({value, following}: {value: number; following: boolean}) {
	return <Text>{`place ${useSteadyPlace(() => value, following)}`}</Text>;
}

test('following, a burst of places ends on the last; not following, each place shows at once', async () => {
	const screen = render(<Place value={1} following />);
	for (let value = 2; value <= 30; value++) screen.rerender(<Place value={value} following />);
	await waitFor(() => screen.lastFrame() === 'place 30', 'the last place, once its quarter second is up');
	screen.rerender(<Place value={31} following={false} />);
	expect(screen.lastFrame()).toBe('place 31');
	screen.rerender(<Place value={32} following={false} />);
	expect(screen.lastFrame()).toBe('place 32');
	screen.unmount();
});

/** The test's clock, and how many times Counted was drawn. */
const stream = {clock: 0, renders: 0};

function Counted({value}: {value: number}) {
	stream.renders++;
	return <Text>{`place ${useSteadyPlace(() => value, true, stream.clock)}`}</Text>;
}

test("following a stream's frames, the position draws no frame of its own; when they stop, it draws one", async () => {
	// Only the hook's timer is faked, and its clock is this test's: React's own scheduling runs, let run after each
	// frame.
	vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
	const settled = async (): Promise<void> => {
		for (let turn = 0; turn < 3; turn++) await new Promise(resolve => setImmediate(resolve));
	};
	stream.clock = 0;
	stream.renders = 0;
	const advance = (ms: number): void => {
		stream.clock += ms;
		vi.advanceTimersByTime(ms);
	};
	try {
		// The stream's frames: one every 45 ms for two seconds, each a new place.
		const screen = render(<Counted value={0} />);
		await settled();
		for (let frame = 1; frame <= 44; frame++) {
			advance(45);
			await settled();
			screen.rerender(<Counted value={frame} />);
			await settled();
		}
		expect(stream.renders).toBe(45);
		// The places shown moved on, four times a second, and the last is held back.
		expect(screen.lastFrame()).toMatch(/^place [1-9]/);
		expect(screen.lastFrame()).not.toBe('place 44');
		// The stream stops: the last place is drawn by a frame of its own.
		advance(1000);
		await settled();
		expect(screen.lastFrame()).toBe('place 44');
		expect(stream.renders).toBe(46);
		screen.unmount();
	} finally {
		vi.useRealTimers();
	}
});
