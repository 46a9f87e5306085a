/** The zsh completion script (`penguin-view --completions zsh`), an _arguments spec. */
import type {FlagEntry} from '../flag-table.js';
import {shortHelp, type CompletionFacts} from './completion-facts.js';

// Inside '…' in the script, and inside an _arguments spec's […] and :message:.
const quoted = (text: string): string => text.replaceAll("'", "'\\''");
const specText = (text: string): string => text.replace(/[\\\]:[]/g, match => `\\${match}`);

/** The action completing a flag's value. */
function action(entry: FlagEntry): string {
	const {values, list, fileValue} = entry.spec;
	if (values && list) return `_values -s , ${entry.use.value ?? 'value'} ${values.join(' ')}`;
	if (values) return `(${values.join(' ')})`;
	if (fileValue) return '_files';
	return ' ';
}

/** The specs of one name (and its short form), exclusive of the flag's other names (`-f --follow --no-follow`). */
function specs(entry: FlagEntry, all: readonly FlagEntry[]): string[] {
	const help = `[${specText(shortHelp(entry))}]`;
	const repeat = entry.spec.isMultiple ? '*' : '';
	const names = [entry.short, entry.long].filter((name): name is string => Boolean(name));
	const value = entry.use;
	const argument =
		entry.spec.type === 'string'
			? `${value.optional ? '::' : ':'}${specText(value.value ?? 'value')}:${action(entry)}`
			: '';
	const related = all
		.filter(other => other.key === entry.key)
		.flatMap(other => [other.short, other.long])
		.filter((name): name is string => Boolean(name));
	const exclusive = related.length > 1 && !entry.spec.isMultiple ? `(${related.join(' ')})` : '';
	// A long flag with a value takes it as --flag=value or --flag value.
	return names.map(
		name =>
			`${repeat}${exclusive}${name}${entry.spec.type === 'string' && name.startsWith('--') ? '=' : ''}${help}${argument}`,
	);
}

export function zshScript({entries, subcommands, sessionIds}: CompletionFacts): string {
	const lines = entries.flatMap(entry => specs(entry, entries)).map(spec => `\t\t'${quoted(spec)}' \\`);
	const alternatives =
		`'files:trace file or folder:_files' 'sessions:session id:_penguin_view_sessions' ` +
		`'subcommands:subcommand:(${subcommands.join(' ')})'`;
	return `#compdef penguin-view
# zsh completion for penguin-view: penguin-view --completions zsh
# Install: penguin-view --completions zsh > ~/.zfunc/_penguin-view, with fpath+=(~/.zfunc) before compinit in ~/.zshrc

_penguin_view_sessions() {
	local -a ids
	ids=(\${(f)"$(${sessionIds('"${PENGUIN_HOME:-$HOME/.penguin/data}"')})"})
	_describe -t sessions 'session id' ids
}

_penguin-view() {
	local context state state_descr line
	typeset -A opt_args
	_arguments -s \\
${lines.join('\n')}
		'1:trace, session id or folder:->target'
	[[ $state == target ]] && _alternative ${alternatives}
}

# Autoloaded from $fpath, this file is the completion function; sourced, it registers one.
if [[ $funcstack[1] == _penguin-view ]]; then
	_penguin-view "$@"
else
	compdef _penguin-view penguin-view
fi
`;
}
