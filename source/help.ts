/** The --help text: every flag, in the words the README uses too. */
export const helpText = `
	Usage
	  $ penguin-view [trace | session-id | folder | -]
	  $ penguin-view --sse http://localhost:7364/api/sessions/<id>/stream
	  $ penguin-view --sse http://localhost:7364 [--list | --latest]
	  $ penguin-view login http://localhost:7364 --user NAME
	  $ penguin-view logout http://localhost:7364

	What to open
	  trace          a trace file, any shard: the whole session is shown, then followed;
	                 a file of any other name (a copy, a --json recording) alone; a gzip
	                 file (.gz or not) read to its end
	  session-id     looked up under $PENGUIN_HOME (default ~/.penguin/data)
	  folder         a traces folder or a data root: its newest session
	  -              read a trace from standard input
	  (nothing)      a pipe or a file on standard input, else the newest session under
	                 $PENGUIN_HOME
	  --latest       the newest running session (else the newest), on disk or on a
	                 server; a session that starts later is offered (L switches)

	Options
	  --print             plain text, each item once it is complete (the default when
	                      stdout is not a terminal)
	  --json              write the session as JSON Lines of complete messages
	  --no-follow         show what is there now and exit
	  --replay [SPEED]    play a finished trace with its original timing (SPEED 1)
	  --expand LIST       open by default: thinking, outputs, all (repeatable, or a,b)
	  --no-color          no colour (NO_COLOR and TERM=dumb do the same)
	  --no-bell           no terminal bell when a tool call starts to wait for approval
	  --mouse             the wheel scrolls, a click focuses (Shift selects text then)
	  --debug             print the stack of an unexpected error

	Sessions, figures, sharing
	  --list              the sessions under $PENGUIN_HOME, newest first (--json too);
	                      with --sse SERVER, the server's sessions
	  --stats             requests, retries, tool calls by name, tokens, longest steps
	  --export FORMAT     md (a readable transcript), json (the view model) or sts
	                      (the Hub's Session Trace format)
	  --redact            with --export: hide home and workspace paths and secrets
	  --prices FILE       prices from FILE (TOML or JSON, [[models]] with pricing, as
	                      a project's .project_config.toml) instead of the project's
	                      own; without it, a model with no price shows tokens only

	Following a live session (SSE)
	  --sse URL           http(s)://HOST/api/sessions/<id>/stream; on the server's own
	                      machine use localhost, not 127.0.0.1 (its preview host, which
	                      answers 401 to every API call)
	  --sse SERVER        http(s)://HOST:PORT (or the web app's …/chat/<id>): pick any
	                      of the server's sessions, kept live
	  --cookie VALUE      the penguin_session cookie (or PENGUIN_VIEW_COOKIE)
	  --header "N: v"     an extra request header (repeatable)
	  --user NAME         log in as NAME (password from PENGUIN_PASSWORD, or asked)
	  --insecure          accept a TLS certificate the system does not trust
	  --read-only         never act on the session: a (allow), r (deny), Ctrl+X (stop)
	                      and > (steer) do nothing

	Saved logins
	  login URL --user NAME   log in (password from PENGUIN_PASSWORD, or asked) and
	                      save the server's cookie in $XDG_CONFIG_HOME/penguin-view
	                      (default ~/.config/penguin-view, mode 0600); every request
	                      to that server then carries it until it expires, unless
	                      --cookie, PENGUIN_VIEW_COOKIE or --user is given
	  login               the saved logins and when each expires
	  logout URL          end the session on the server and forget the login
	                      (a file named login or logout alone opens; ./login always)

	Exit codes
	  0 done or interrupted · 1 the source failed · 2 bad usage
`;
