/**
 * Colours for the sanitizer: SGR parameters are folded into a small attribute state, which is
 * written back out in one canonical form. That keeps only attributes we know, makes the
 * output idempotent and lets every line open and close its own colours.
 */
export type Style = {
	bold: boolean;
	dim: boolean;
	italic: boolean;
	/** '' (none), '4', '21' (double) or '4:n' (styled). */
	underline: string;
	inverse: boolean;
	strike: boolean;
	overline: boolean;
	/** '' (default) or the parameters that select it, e.g. '31', '38;5;208', '38;2;1;2;3'. */
	fg: string;
	bg: string;
	/** Underline colour, colon form: '58:5:n' or '58:2::r:g:b'. */
	ul: string;
};

export function plainStyle(): Style {
	return {
		bold: false,
		dim: false,
		italic: false,
		underline: '',
		inverse: false,
		strike: false,
		overline: false,
		fg: '',
		bg: '',
		ul: '',
	};
}

export function styleKey(style: Style): string {
	const parts: string[] = [];
	if (style.bold) parts.push('1');
	if (style.dim) parts.push('2');
	if (style.italic) parts.push('3');
	if (style.underline !== '') parts.push(style.underline);
	if (style.inverse) parts.push('7');
	if (style.strike) parts.push('9');
	if (style.overline) parts.push('53');
	if (style.fg !== '') parts.push(style.fg);
	if (style.bg !== '') parts.push(style.bg);
	if (style.ul !== '') parts.push(style.ul);
	return parts.join(';');
}

// A colour component 0–255 in canonical form; an empty parameter counts as 0.
function byte(value: string | undefined): string | undefined {
	if (value === undefined) return undefined;
	if (value === '') return '0';
	if (value.length > 3 || !/^\d+$/.test(value)) return undefined;
	const n = Number(value);
	return n <= 255 ? String(n) : undefined;
}

function setExtended(style: Style, which: number, mode: '5' | '2', values: (string | undefined)[]): void {
	if (values.some(value => value === undefined)) return;
	if (which === 58) {
		style.ul = mode === '5' ? `58:5:${values[0]}` : `58:2::${values.join(':')}`;
		return;
	}
	const value = `${which};${mode};${values.join(';')}`;
	if (which === 38) style.fg = value;
	else style.bg = value;
}

// One parameter with colon sub-parameters: extended colours and underline styles.
function applyColonParam(style: Style, param: string): void {
	const parts = param.split(':');
	const head = Number(parts[0]);
	if (head === 4) {
		const kind = parts[1] === '' ? 0 : Number(parts[1]);
		if (kind === 0) style.underline = '';
		else if (kind === 1) style.underline = '4';
		else if (kind >= 2 && kind <= 5) style.underline = `4:${kind}`;
		return;
	}
	if (head !== 38 && head !== 48 && head !== 58) return;
	if (parts[1] === '5' && parts.length === 3) {
		setExtended(style, head, '5', [byte(parts[2])]);
	} else if (parts[1] === '2' && (parts.length === 5 || parts.length === 6)) {
		// With six parts the third is a colour-space id, which nobody uses; skip it.
		const rgb = parts.slice(parts.length - 3);
		setExtended(style, head, '2', rgb.map(byte));
	}
}

export function applySgr(style: Style, params: string): void {
	const list = params.split(';');
	for (let i = 0; i < list.length; i++) {
		const param = list[i];
		if (param.includes(':')) {
			applyColonParam(style, param);
			continue;
		}
		const n = param === '' ? 0 : Number(param);
		if (n === 0) Object.assign(style, plainStyle());
		else if (n === 1) style.bold = true;
		else if (n === 2) style.dim = true;
		else if (n === 3) style.italic = true;
		else if (n === 4) style.underline = '4';
		else if (n === 7) style.inverse = true;
		else if (n === 9) style.strike = true;
		else if (n === 21) style.underline = '21';
		else if (n === 22) style.bold = style.dim = false;
		else if (n === 23) style.italic = false;
		else if (n === 24) style.underline = '';
		else if (n === 27) style.inverse = false;
		else if (n === 29) style.strike = false;
		else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) style.fg = String(n);
		else if (n === 39) style.fg = '';
		else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) style.bg = String(n);
		else if (n === 49) style.bg = '';
		else if (n === 53) style.overline = true;
		else if (n === 55) style.overline = false;
		else if (n === 59) style.ul = '';
		else if (n === 38 || n === 48 || n === 58) {
			// Semicolon form: the next parameters belong to this one.
			const mode = list[i + 1];
			if (mode === '5') {
				setExtended(style, n, '5', [byte(list[i + 2])]);
				i += 2;
			} else if (mode === '2') {
				setExtended(style, n, '2', [byte(list[i + 2]), byte(list[i + 3]), byte(list[i + 4])]);
				i += 4;
			} else if (mode !== undefined) {
				i += 1;
			}
		}
		// Anything else (blink, conceal, fonts, …) is dropped: concealed text would hide
		// content from the reader, and the rest is noise in a viewer.
	}
}
