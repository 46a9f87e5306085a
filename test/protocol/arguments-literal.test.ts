// Which tool a call's line names, read from its bytes before it is parsed: for any line and names,
// what comparing the name's decoded text would say (print mode cuts only the lines of counting tools).
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {bytesAre, nameIsOneOf} from '../../source/protocol/arguments-literal.js';

const toolNames = ['edit_file', 'write_file', 'read_file', 'exec_command', 'edit', 'edit_files', 'é', ''];

test('for any line, nameIsOneOf says whether its first name key holds one of the names', () => {
	fc.assert(
		fc.property(
			fc.constantFrom(...toolNames),
			fc.subarray(toolNames),
			fc.constantFrom('{"type":"tool_call","name":"', '{"name":"', '{"x":"a\\"name\\":\\"', '{"x":1}'),
			fc.string({maxLength: 8}),
			(name, names, head, tail) => {
				const line = `${head}${name}","arguments":"{}"${tail}}`;
				// The reference: the first `"name":"` key after `{` or `,`, its value up to the next quote.
				const key = /[{,]"name":"([^"]*)"/.exec(line);
				const expected = key !== null && names.includes(key[1]!);
				expect(
					nameIsOneOf(
						Buffer.from(line),
						names.map(each => Buffer.from(each)),
					),
				).toBe(expected);
			},
		),
		{numRuns: 500},
	);
});

test('bytesAre compares a range with the bytes expected, length first', () => {
	const bytes = Buffer.from('xx"edit_file"yy');
	expect(bytesAre(bytes, 3, 12, Buffer.from('edit_file'))).toBe(true);
	expect(bytesAre(bytes, 3, 12, Buffer.from('edit_fil'))).toBe(false);
	expect(bytesAre(bytes, 3, 11, Buffer.from('edit_file'))).toBe(false);
	expect(bytesAre(bytes, 3, 12, Buffer.from('edit_filf'))).toBe(false);
	expect(bytesAre(bytes, 2, 2, Buffer.from(''))).toBe(true);
});
