/** The bash completion script (`penguin-view --completions bash`). */
import type {CompletionFacts} from './completion-facts.js';

export function bashScript({entries, subcommands, sessionIds}: CompletionFacts): string {
	const words = entries.flatMap(entry => [...(entry.short ? [entry.short] : []), entry.long]).join(' ');
	// A case per flag that takes a value: its known values, file names, or nothing to offer.
	const valueCases = entries
		.filter(entry => entry.spec.type === 'string')
		.map(entry => {
			const names = [entry.short, entry.long].filter(Boolean).join('|');
			const {values, list, fileValue} = entry.spec;
			if (values && list) return `\t\t${names}) _penguin_view_list '${values.join(' ')}'; return ;;`;
			if (values) return `\t\t${names}) COMPREPLY=($(compgen -W '${values.join(' ')}' -- "$cur")); return ;;`;
			if (fileValue) return `\t\t${names}) _penguin_view_files; return ;;`;
			return `\t\t${names}) return ;;`;
		});
	return `# bash completion for penguin-view: penguin-view --completions bash
# Install: penguin-view --completions bash > ~/.local/share/bash-completion/completions/penguin-view

_penguin_view_sessions() {
	${sessionIds('"${PENGUIN_HOME:-$HOME/.penguin/data}"')}
}

_penguin_view_files() {
	local IFS=$'\\n'
	compopt -o filenames 2>/dev/null
	COMPREPLY+=($(compgen -f -- "$cur"))
}

# A comma-separated list: complete the word after the last comma.
_penguin_view_list() {
	local prefix=""
	[[ $cur == *,* ]] && prefix="\${cur%,*},"
	COMPREPLY=($(compgen -P "$prefix" -W "$1" -- "\${cur##*,}"))
	compopt -o nospace 2>/dev/null
}

_penguin_view() {
	local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
	# --flag=value: bash splits at the =.
	if [[ $cur == = ]]; then
		cur=""
	elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
		prev=\${COMP_WORDS[COMP_CWORD-2]}
	fi
	COMPREPLY=()
	case $prev in
${valueCases.join('\n')}
	esac
	if [[ $cur == -?* ]]; then
		COMPREPLY=($(compgen -W '${words}' -- "$cur"))
		return
	fi
	# A subcommand only first; a trace file, folder or session id anywhere.
	[[ $COMP_CWORD -eq 1 ]] && COMPREPLY=($(compgen -W '${subcommands.join(' ')}' -- "$cur"))
	_penguin_view_files
	local IFS=$'\\n'
	COMPREPLY+=($(compgen -W "$(_penguin_view_sessions)" -- "$cur"))
}

complete -F _penguin_view penguin-view
`;
}
