/**
 * The config file, `config.toml` in the config directory (settings.ts finds it): its keys written
 * once, with their types, and the check of a parsed file against them. Pure: the parsed TOML in,
 * the values and one line per problem out. The command line overrides every key (cli.tsx).
 */
import type {FlagSpec} from './flag-table.js';
import {isRecord} from './protocol/guards.js';

/** The config file's name in the config directory. */
export const configFileName = 'config.toml';

/** One key: a boolean, or one of a few words. */
export type ConfigKeySpec = {
	readonly type: 'boolean' | 'string';
	/** The only words a string key takes. */
	readonly values?: readonly string[];
	/** The flag of the same name overrides it (the key's value is that flag's default). */
	readonly flag?: true;
	readonly help: string;
};

/** Every key of the config file. */
export const configKeys = {
	theme: {
		type: 'string',
		values: ['auto', 'dark', 'light'],
		flag: true,
		help: "the screen's colours: auto (ask the terminal for its background), dark or light",
	},
	chop: {type: 'boolean', flag: true, help: 'long rows cut at the edge rather than wrapped, as -S'},
	progress: {type: 'boolean', flag: true, help: 'false: no progress signal in the tab, as --no-progress'},
	links: {type: 'boolean', flag: true, help: 'false: no hyperlinks, as --no-links'},
	images: {type: 'boolean', flag: true, help: 'false: images as labels, not drawn inline, as --no-images'},
	notify: {type: 'boolean', flag: true, help: 'desktop notifications, as --notify'},
} as const satisfies Record<string, ConfigKeySpec>;

export type ConfigKey = keyof typeof configKeys;

type ValueOf<Spec> = Spec extends {values: readonly (infer Word)[]}
	? Word
	: Spec extends {type: 'boolean'}
		? boolean
		: never;

/** The values the file sets; a key it leaves out (or gets wrong) is absent: the program's default. */
export type Config = {-readonly [Key in ConfigKey]?: ValueOf<(typeof configKeys)[Key]>};

/** What was read from the file: its values, and one line for each thing wrong with it. */
export type ConfigFile = {values: Readonly<Config>; problems: readonly string[]};

/** No file: every key at the program's default. */
export const noConfig: ConfigFile = {values: {}, problems: []};

const keyList = Object.keys(configKeys).join(', ');

/** The config of a parsed TOML document: known keys of the right type kept, everything else one line each. */
export function configOf(document: unknown): ConfigFile {
	if (!isRecord(document)) return {values: {}, problems: ['not a table of keys']};
	const values: Record<string, boolean | string> = {};
	const problems: string[] = [];
	for (const [key, value] of Object.entries(document)) {
		const spec: ConfigKeySpec | undefined = Object.hasOwn(configKeys, key) ? configKeys[key as ConfigKey] : undefined;
		if (spec === undefined) problems.push(`unknown key '${key}' (the keys: ${keyList}); it is ignored`);
		else if (spec.type === 'boolean' && typeof value !== 'boolean')
			problems.push(`${key} takes true or false, not ${shown(value)}; it is ignored`);
		else if (spec.values !== undefined && (typeof value !== 'string' || !spec.values.includes(value)))
			problems.push(
				`${key} takes ${spec.values.map(word => `"${word}"`).join(', ')}, not ${shown(value)}; it is ignored`,
			);
		else values[key] = value as boolean | string;
	}
	return {values: values as Config, problems};
}

/** A value as the problem line shows it: short, and in TOML's words. */
function shown(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
	if (Array.isArray(value)) return 'an array';
	if (isRecord(value)) return 'a table';
	return String(value);
}

/** The key and value as the file would hold them (`theme = "auto" | "dark" | "light"`), for --help and the man page. */
export function configKeyLabel(key: ConfigKey): string {
	const spec: ConfigKeySpec = configKeys[key];
	const value = spec.values === undefined ? 'true | false' : spec.values.map(word => `"${word}"`).join(' | ');
	return `${key} = ${value}`;
}

/** The flag table with the config's values as the defaults of the flags that override them: a flag given wins. */
export function flagsWithConfig<Table extends Record<string, FlagSpec>>(table: Table, config: Readonly<Config>): Table {
	const withDefaults: Record<string, FlagSpec> = {...table};
	for (const [key, value] of Object.entries(config)) {
		const spec: ConfigKeySpec = configKeys[key as ConfigKey];
		const flag = withDefaults[key];
		if (spec.flag && flag !== undefined && value !== undefined) withDefaults[key] = {...flag, default: value};
	}
	return withDefaults as Table;
}

/** The config file's part of --help and the man page: the file, then each key with its values. */
export function configEntries(): Array<{name: string; help: string}> {
	return [
		{
			name: configFileName,
			help:
				'in $XDG_CONFIG_HOME/penguin-view (default ~/.config/penguin-view), beside the saved logins: what every ' +
				'run starts with, a key = value a line; a flag given wins; a bad key is one line on stderr, and ignored',
		},
		...(Object.keys(configKeys) as ConfigKey[]).map(key => ({name: configKeyLabel(key), help: configKeys[key].help})),
	];
}
