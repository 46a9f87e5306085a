// A terminal for runScreen without a pseudo-terminal: a stdin Ink can put in raw mode, a stdout that keeps every byte.
import {EventEmitter} from 'node:events';
import {Writable} from 'node:stream';

/** A terminal's stdin as Ink uses it: raw mode, readable events. */
export class FakeStdin extends EventEmitter {
	isTTY = true;
	isRaw = false;
	/** Every raw mode set, in order (the screen hands it back to a pager and takes it again). */
	rawModes: boolean[] = [];
	private data: string | null = null;
	setRawMode(mode: boolean): this {
		this.isRaw = mode;
		this.rawModes.push(mode);
		return this;
	}
	setEncoding(): this {
		return this;
	}
	read(): string | null {
		const {data} = this;
		this.data = null;
		return data;
	}
	write(data: string): void {
		this.data = data;
		this.emit('readable');
	}
	ref(): this {
		return this;
	}
	unref(): this {
		return this;
	}
	resume(): this {
		return this;
	}
	pause(): this {
		return this;
	}
}

/** A `columns`×`rows` terminal; `written()` is everything the program wrote to it. */
export function fakeTerminal(
	columns = 80,
	rows = 20,
): {stdin: NodeJS.ReadStream; keys: FakeStdin; stdout: NodeJS.WriteStream; written: () => string} {
	const keys = new FakeStdin();
	let written = '';
	const stdout = new Writable({
		write(chunk: Buffer | string, _encoding, callback) {
			written += chunk.toString();
			callback();
		},
	}) as unknown as NodeJS.WriteStream;
	Object.assign(stdout, {isTTY: true, columns, rows});
	return {stdin: keys as unknown as NodeJS.ReadStream, keys, stdout, written: () => written};
}
