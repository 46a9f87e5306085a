/**
 * The literal every match of a regular expression holds, found from its source alone: what the byte searches look
 * for so that only the texts (search-match.ts) and lines (`--grep`, content-pattern.ts) that may match are read. The
 * expression is read by regexpp, as JavaScript reads it without the `u` flag (a lone `{` is a character). Pure.
 */
import {type AST, RegExpParser} from '@eslint-community/regexpp';

/**
 * The longest run of characters that every match of the expression `source` holds, in order ('' when none can be
 * told): only characters of the expression's top level, one after another; a quantified one ends a run (kept in it when
 * the quantifier asks for one at least); nothing at all when the expression has an alternative (`|`) outside a group.
 */
export function requiredLiteral(source: string): string {
	let pattern: AST.Pattern;
	try {
		pattern = new RegExpParser().parsePattern(source, 0, source.length, {unicode: false});
	} catch {
		return '';
	}
	if (pattern.alternatives.length !== 1) return '';
	let best = '';
	let run = '';
	const cut = (): void => {
		if (run.length > best.length) best = run;
		run = '';
	};
	for (const element of pattern.alternatives[0]!.elements) {
		if (element.type === 'Character') run += String.fromCodePoint(element.value);
		else {
			// `a+` holds an `a`, then perhaps more of them: the run goes no further.
			if (element.type === 'Quantifier' && element.min >= 1 && element.element.type === 'Character')
				run += String.fromCodePoint(element.element.value);
			cut();
		}
	}
	cut();
	return best;
}
