/**
 * The command line's flags as the program reads them: the type is made from the flag table
 * (flag-table.ts), so a flag exists in one place. Adding one there fails to compile until
 * flag-readers.ts names the modules that read it.
 */
import type {FlagSpec, flags} from './flag-table.js';

/** The flags of `Table` as the program reads them: camel-case keys (`readOnly`), defaults filled. */
export type ParsedFlags<Table extends Record<string, FlagSpec>> = {
	-readonly [Key in keyof Table]: Table[Key] extends {type: 'boolean'}
		? Table[Key] extends {default: boolean}
			? boolean
			: boolean | undefined
		: Table[Key] extends {isMultiple: true}
			? string[]
			: string | undefined;
};

/** Every flag's name as the program reads it (`readOnly` for --read-only). */
export type FlagName = keyof typeof flags;

/** The flags, as cli.tsx parses them and main, the entry and server mode read them. */
export type Flags = ParsedFlags<typeof flags>;
