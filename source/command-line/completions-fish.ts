/** The fish completion script (`penguin-view --completions fish`). */
import type {FlagEntry} from '../flag-table.js';
import {shortHelp, type CompletionFacts} from './completion-facts.js';

// Inside '…' in fish, only \ and ' are special.
const quoted = (text: string): string => `'${text.replace(/[\\']/g, match => `\\${match}`)}'`;

function line(entry: FlagEntry): string {
	const parts = ['complete -c penguin-view'];
	if (entry.short) parts.push(`-s ${entry.short.slice(1)}`);
	parts.push(`-l ${entry.long.slice(2)}`);
	const {type, values, list, fileValue} = entry.spec;
	if (type === 'string') {
		// -r: takes a value; -x: one that is not a file name.
		parts.push(fileValue ? '-r' : '-x');
		if (values && list) parts.push(`-a ${quoted(`(__fish_complete_list , 'printf "%s\\n" ${values.join(' ')}')`)}`);
		else if (values) parts.push(`-a ${quoted(values.join(' '))}`);
	}
	parts.push(`-d ${quoted(shortHelp(entry))}`);
	return parts.join(' ');
}

export function fishScript({entries, subcommands, sessionIds}: CompletionFacts): string {
	const sessionIdLine =
		`complete -c penguin-view -n 'not string match -q -- "-*" (commandline -ct)' ` +
		`-a '(__penguin_view_sessions)' -d 'session id'`;
	return `# fish completion for penguin-view: penguin-view --completions fish
# Install: penguin-view --completions fish > ~/.config/fish/completions/penguin-view.fish

function __penguin_view_sessions
	set -l root $HOME/.penguin/data
	set -q PENGUIN_HOME; and test -n "$PENGUIN_HOME"; and set root $PENGUIN_HOME
	${sessionIds('$root')}
end

${entries.map(line).join('\n')}
${sessionIdLine}
complete -c penguin-view -n __fish_use_subcommand -a ${quoted(subcommands.join(' '))} -d subcommand
`;
}
