/**
 * The screen's code colours: the highlighter, loaded the first time a pane asks for colours
 * (not before the first frame, and never in a run with no code drawn), and each text's
 * coloured lines remembered, so that a block is highlighted once however many frames draw it.
 * Until the highlighter is in, panes are drawn as before; when it comes, `version` moves
 * (the layout then lays out its panes again) and `onReady` asks for a frame.
 */
import {codeLines, languageOf, languageOfPath, type CodeLines, type Highlighter} from '../../render/code-colour.js';

/** What a pane builder asks of the code colours: undefined means draw the text as before. */
export type CodePainter = {
	/** Lines of `code` (sanitized) in the language of file `path`. */
	file(code: string, path: string): CodeLines | undefined;
	/** Lines of `code` (sanitized) in the language a fence's info string names. */
	fence(code: string, info: string): CodeLines | undefined;
	/** Moves when the highlighter is loaded: rows laid out before it are stale. */
	readonly version: number;
};

/** The highlighter with highlight.js's common languages, from its own chunk of the bundle. */
export async function loadCommonHighlighter(): Promise<Highlighter> {
	return (await import('../../render/load-highlighter.js')).makeHighlighter();
}

/** Longer texts are drawn without colour: the highlighter's time grows with the text. */
const maxChars = 256 * 1024;
/** About how many characters of coloured text are remembered. */
const keptChars = 4 * 1024 * 1024;

export class CodeColours implements CodePainter {
	version = 0;
	private highlighter?: Highlighter;
	private loading = false;
	private readonly kept = new Map<string, CodeLines>();
	private keptSize = 0;

	/** `load` gives the highlighter (a dynamic import); `onReady` is called once it is in. */
	constructor(
		private readonly load: () => Promise<Highlighter>,
		private readonly onReady: () => void,
	) {}

	file(code: string, path: string): CodeLines | undefined {
		const highlighter = this.ready(code);
		const language = highlighter && languageOfPath(highlighter, path);
		return language === undefined ? undefined : this.lines(highlighter!, code, language);
	}

	fence(code: string, info: string): CodeLines | undefined {
		const highlighter = this.ready(code);
		const language = highlighter && languageOf(highlighter, info);
		return language === undefined ? undefined : this.lines(highlighter!, code, language);
	}

	/** The highlighter, or undefined while it loads (asked for here the first time). */
	private ready(code: string): Highlighter | undefined {
		if (code.length > maxChars || code === '') return undefined;
		if (this.highlighter === undefined && !this.loading) {
			this.loading = true;
			this.load().then(
				highlighter => {
					this.highlighter = highlighter;
					this.version++;
					this.onReady();
				},
				// Without its chunk (a broken install), code is drawn as before.
				() => undefined,
			);
		}
		return this.highlighter;
	}

	private lines(highlighter: Highlighter, code: string, language: string): CodeLines {
		const key = `${language}\n${code}`;
		let lines = this.kept.get(key);
		if (lines === undefined) {
			if (this.keptSize + code.length > keptChars) {
				this.kept.clear();
				this.keptSize = 0;
			}
			lines = codeLines(highlighter, code, language);
			this.kept.set(key, lines);
			this.keptSize += code.length;
		}
		return lines;
	}
}
