// What asking the terminal for its background costs the first frame: the time from the start to the alternate
// screen, with --theme dark (nothing asked) and with auto (asked), in a pseudo-terminal made by script(1), which
// answers neither OSC 11 nor DA1, so the wait is sat out whole. Alternating runs; medians.
//   node bench/theme-wait.mjs dist/cli.js examples/session-2026-12-02-14-45-42-8e7b556c_001.jsonl 9
import {spawn} from 'node:child_process';

const [cli = 'dist/cli.js', trace = 'examples/session-2026-12-02-14-45-42-8e7b556c_001.jsonl', runs = '9'] =
	process.argv.slice(2);

/** Milliseconds from the start to the alternate screen. */
function once(args) {
	return new Promise(resolve => {
		const start = process.hrtime.bigint();
		const child = spawn('script', ['-qfc', `node ${cli} ${args} ${trace}`, '/dev/null'], {
			env: {...process.env, TERM: 'xterm-256color', COLORFGBG: ''},
		});
		let out = '';
		child.stdout.on('data', chunk => {
			out += chunk;
			if (out.includes('\u001b[?1049h')) {
				resolve(Number(process.hrtime.bigint() - start) / 1e6);
				child.kill('SIGKILL');
			}
		});
	});
}

const dark = [];
const asked = [];
for (let i = 0; i < Number(runs); i++) {
	dark.push(await once('--theme dark'));
	asked.push(await once(''));
}
const median = list => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(
	`--theme dark ${median(dark).toFixed(0)} ms; asked, no answer ${median(asked).toFixed(0)} ms; ` +
		`the question costs ${(median(asked) - median(dark)).toFixed(0)} ms (median of ${runs})`,
);
