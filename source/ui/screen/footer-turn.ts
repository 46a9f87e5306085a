/**
 * Whose turn the footer's last row is: the source's trouble (a reconnect and why) or the
 * reader's message (what a key did). The newer one: a message left from before the trouble
 * never hides it, while the answer to a key pressed since (`could not allow …`) shows until
 * the next key. The trouble wins a tie.
 */
export class FooterTurn {
	private seq = 0;
	private message: {text?: string; seq: number} = {seq: 0};
	private trouble: {text?: string; seq: number} = {seq: 0};

	/** Notes what each is now (once per frame); true when the trouble is to be shown. */
	troubleWins(message: string | undefined, trouble: string | undefined): boolean {
		if (message !== this.message.text) this.message = {text: message, seq: ++this.seq};
		if (trouble !== this.trouble.text) this.trouble = {text: trouble, seq: ++this.seq};
		return trouble !== undefined && (message === undefined || this.trouble.seq >= this.message.seq);
	}
}
