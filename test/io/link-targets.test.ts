// A link's target as the screen asks for it: a file on this machine as file://HOST/path, asked
// about again while it is not there (a write_file call is drawn before it runs), remembered once
// it is; web addresses as themselves; other schemes and relative names as text.
import {expect, test} from 'vitest';
import {linkTargets} from '../../source/io/link-targets.js';

test('a file written after its call was first drawn becomes a link; one found is not asked about again', () => {
	const asked: string[] = [];
	let there = false;
	const linker = linkTargets('box', path => {
		asked.push(path);
		return there;
	});
	expect(linker('/w/new.txt')).toBeUndefined();
	there = true;
	expect(linker('/w/new.txt')).toBe('file://box/w/new.txt');
	there = false;
	expect(linker('/w/new.txt')).toBe('file://box/w/new.txt');
	expect(asked).toEqual(['/w/new.txt', '/w/new.txt']);
});

test('web addresses as themselves, other schemes and NUL bytes as text', () => {
	const linker = linkTargets('box', () => true);
	expect(linker('https://example.com/a b')).toBe('https://example.com/a%20b');
	expect(linker('javascript:alert(1)')).toBeUndefined();
	expect(linker('/w/a\u0000b')).toBeUndefined();
});
