// Loaded with `node --import` by the benchmark: reports the process's peak RSS on exit.
if (process.env.PENGUIN_VIEW_RSS) {
	process.on('exit', () => process.stderr.write(`maxRSS=${process.resourceUsage().maxRSS}\n`));
}
