/**
 * Print mode's check that what it was given is a trace at all. Pointed at a file that is
 * not JSON Lines (a log, a binary, a pretty-printed JSON document), print mode would list
 * every one of its lines as malformed, thousands of them. Until the first message arrives,
 * malformed lines are held back: a message lets them through in order, and from then on
 * nothing is held; but `limit` of them with no message, or an input that ends (or, when
 * following, is read to its end) with nothing but malformed lines, is refused once instead.
 */
import type {ModelInput} from './input.js';

/** How many malformed lines with no message before the input is refused. */
export const defaultGateLimit = 100;

/** Why the input was refused: how many lines were read, and whether that was all of it. */
export type Refusal = {lines: number; whole: boolean};

export class JsonLinesGate {
	private readonly next: (batch: ModelInput[]) => void;
	private readonly onRefused: (refusal: Refusal) => void;
	private readonly limit: number;
	private held: ModelInput[] = [];
	private malformed = 0;
	private state: 'judging' | 'open' | 'refused' = 'judging';

	constructor(next: (batch: ModelInput[]) => void, options: {onRefused: (refusal: Refusal) => void; limit?: number}) {
		this.next = next;
		this.onRefused = options.onRefused;
		this.limit = options.limit ?? defaultGateLimit;
	}

	/** Whether the input was refused (nothing more is passed on). */
	get refused(): boolean {
		return this.state === 'refused';
	}

	/** Takes a batch from the source. */
	readonly handle = (batch: ModelInput[]): void => {
		if (this.state === 'open') {
			this.next(batch);
			return;
		}
		if (this.state === 'refused') return;
		const out: ModelInput[] = [];
		for (let i = 0; i < batch.length; i++) {
			const input = batch[i]!;
			if (input.kind === 'message') {
				this.state = 'open';
				// `out` fills only while nothing is held, so it comes first.
				const rest = [...out, ...this.held];
				this.held = [];
				for (let j = i; j < batch.length; j++) rest.push(batch[j]!);
				this.next(rest);
				return;
			}
			if (input.kind === 'malformed') {
				this.malformed++;
				this.held.push(input);
				if (this.malformed >= this.limit) {
					this.refuse(false);
					return;
				}
				continue;
			}
			if (input.kind === 'end' && this.malformed > 0) {
				this.refuse(true);
				return;
			}
			// Nothing doubtful waits before it: a notice or a shard start goes on at once.
			if (this.held.length === 0) out.push(input);
			else this.held.push(input);
		}
		if (out.length > 0) this.next(out);
	};

	/** The source has read everything there is for now (a followed file waits for more). */
	caughtUp(): void {
		if (this.state === 'judging' && this.malformed > 0) this.refuse(true);
	}

	private refuse(whole: boolean): void {
		this.state = 'refused';
		this.held = [];
		this.onRefused({lines: this.malformed, whole});
	}
}

/**
 * The gate as the program uses it: wraps a source's handler, and once the input is refused,
 * holds the one line that says why and resolves `refused`.
 */
export class TraceCheck {
	/** `x.log: not a trace: none of its 3 lines is a JSON trace message`, once refused. */
	refusal: string | undefined;
	/** Resolves when the input is refused; never otherwise. */
	readonly refused: Promise<void>;
	private gate: JsonLinesGate | undefined;
	private resolve: () => void = () => undefined;

	constructor() {
		this.refused = new Promise(resolve => (this.resolve = resolve));
	}

	/** The handler to give the source named `label`, passing on to `next`. */
	wrap(label: string, next: (batch: ModelInput[]) => void): (batch: ModelInput[]) => void {
		this.gate = new JsonLinesGate(next, {
			onRefused: ({lines, whole}) => {
				const which = whole
					? lines === 1
						? 'its one line is not'
						: `none of its ${lines} lines is`
					: `none of its first ${lines} lines is`;
				this.refusal = `${label}: not a trace: ${which} a JSON trace message`;
				this.resolve();
			},
		});
		return this.gate.handle;
	}

	/** See JsonLinesGate.caughtUp. */
	caughtUp(): void {
		this.gate?.caughtUp();
	}
}
