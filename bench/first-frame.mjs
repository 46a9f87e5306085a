// Quick measure of target 1 alone while working on it: `node bench/first-frame.mjs [size MB] [runs]`.
// Opens the benchmark's trace of that size (made by `npm run bench` first) on the screen and
// prints each run's time from process start to the end of the trace on screen.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startScreen} from './screen.mjs';

const [size = '100', runs = '7'] = process.argv.slice(2);
const dir = fileURLToPath(new URL(`out/${size}mb`, import.meta.url));
const file = path.join(
	dir,
	readdirSync(dir)
		.filter(name => name.endsWith('.jsonl'))
		.sort()[0],
);
const mark = 'End of the bench session';
const times = [];
for (let i = 0; i < Number(runs); i++) {
	const screen = startScreen([file], {mark: `(${mark})`});
	const start = await screen.until(events => events.find(event => event.e === 'start'), 20_000);
	const end = await screen.until(events => events.find(event => event.e === 'mark'), 20_000);
	screen.stop();
	if (start && end) times.push(end.t - start.origin);
}
times.sort((a, b) => a - b);
console.log(
	`${size} MB: ${times.map(t => t.toFixed(0)).join(' ')} ms (best ${times[0]?.toFixed(0)}, median ` +
		`${times[Math.floor(times.length / 2)]?.toFixed(0)})`,
);
