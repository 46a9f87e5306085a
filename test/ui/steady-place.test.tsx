// The footer's position while following a stream is worked out at most four times a second (use-steady-place.ts):
// a burst of changes ends on the last one all the same, with nothing drawn after it; not following, each shows at once.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {expect, test} from 'vitest';
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
