// less's prompt for v: the title taken literally (less's prompt characters escaped, `$` replaced, controls gone), then
// where the reader is.
import {expect, test} from 'vitest';
import {lessPrompt} from '../../source/io/pager.js';

test('escapes what less would read as prompt syntax, and the $ that would end its option', () => {
	expect(lessPrompt('exec_command: test -f a.txt && echo $HOME 100% ok?')).toBe(
		'exec_command\\: test -f a\\.txt && echo ＄HOME 100\\% ok\\? ?e(END) :?pB%pB\\%..%t',
	);
	expect(lessPrompt('a\u001b]0;x\u0007b\\c')).toBe('a ]0;x b\\\\c ?e(END) :?pB%pB\\%..%t');
});
