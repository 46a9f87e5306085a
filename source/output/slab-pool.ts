/**
 * Copies of byte strings packed into a few large buffers ("slabs") that are used again once
 * every copy in them is released. Fresh memory costs a page fault per 4 kB the first time it
 * is written: copying 90 MB of tool outputs into new buffers took ~145 ms of a 100 MB print,
 * into reused ones a few.
 *
 * A released copy's bytes may be overwritten by the next copy: whoever holds them must have
 * copied them by then (the printer's ByteBatcher copies every piece it is given, whatever
 * its size). `PENGUIN_VIEW_SLAB_POOL=0` makes every copy a buffer of its own.
 */

/** A copy; `release` says it is no longer needed (its bytes may then be overwritten). */
export type SlabCopy = {bytes: Buffer; release(): void};

type Slab = {buffer: Buffer; used: number; live: number};

const noRelease = (): void => {};
const pooled = process.env.PENGUIN_VIEW_SLAB_POOL !== '0';

export class SlabPool {
	private current: Slab | undefined;
	private readonly spares: Slab[] = [];

	constructor(
		private readonly slabBytes = 1024 * 1024,
		private readonly maxSpares = 4,
	) {}

	/** A copy of `bytes`: in a slab, or in a buffer of its own when it is large. */
	copy(bytes: Uint8Array): SlabCopy {
		if (!pooled || bytes.length > this.slabBytes / 4) return {bytes: Buffer.from(bytes), release: noRelease};
		let slab = this.current;
		if (slab === undefined || bytes.length > slab.buffer.length - slab.used) {
			// The slab left behind becomes a spare when its last copy is released (now, if it has none).
			if (slab !== undefined && slab.live === 0) this.spare(slab);
			slab = this.spares.pop() ?? {buffer: Buffer.allocUnsafeSlow(this.slabBytes), used: 0, live: 0};
			this.current = slab;
		}
		const copy = slab.buffer.subarray(slab.used, slab.used + bytes.length);
		copy.set(bytes);
		slab.used += bytes.length;
		slab.live++;
		const owner = slab;
		let released = false;
		return {
			bytes: copy,
			release: () => {
				if (released) return;
				released = true;
				owner.live--;
				if (owner.live === 0 && owner !== this.current) this.spare(owner);
			},
		};
	}

	private spare(slab: Slab): void {
		slab.used = 0;
		if (this.spares.length < this.maxSpares) this.spares.push(slab);
	}
}
