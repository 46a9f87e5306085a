// JSON text as JSON.stringify would not write it, for the tests of what reads such text as written (the print kernels).

/** Every `every`-th letter (or `/`, `é`) of `json` written as a \u escape (upper or lower case hex), a `/` as `\/`. */
export const reescaped = (json: string, every: number, upper: boolean): string => {
	let n = 0;
	return json.replace(/[a-z/é]/g, char => {
		if (++n % every !== 0) return char;
		if (char === '/') return '\\/';
		const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
		return `\\u${upper ? hex.toUpperCase() : hex}`;
	});
};
