/**
 * The page's style sheet, inline (its hash is in the page's CSP): light and dark by the
 * reader's setting, code coloured by tone, diffs red and green, every fold open in print,
 * and on a narrow screen (390 px) nothing wider than the page but code and tables, which
 * scroll in their own boxes.
 */

/** The style sheet's text. */
export const pageStyle = `
:root { --bg: #fff; --fg: #1f2328; --dim: #656d76; --line: #d0d7de; --box: #f6f8fa; --accent: #0969da;
  --red: #cf222e; --green: #1a7f37; --yellow: #9a6700; --purple: #8250df; --blue: #0550ae; --cyan: #1b7c83;
  --add-bg: #dafbe1; --del-bg: #ffebe9; color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --dim: #8d96a0; --line: #30363d; --box: #161b22; --accent: #4493f8;
    --red: #ff7b72; --green: #7ee787; --yellow: #e3b341; --purple: #d2a8ff; --blue: #79c0ff; --cyan: #56d4dd;
    --add-bg: #12261e; --del-bg: #25171c; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 60rem; padding: 0 1rem 4rem; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 1rem 0 .5rem; }
h2 { font-size: 1.2rem; }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
h3.who-user { color: var(--accent); }
h3.who-assistant { color: var(--purple); }
time { color: var(--dim); font-weight: normal; font-size: .85em; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .1rem .75rem; margin: 0; }
dl.facts dt { color: var(--dim); }
dl.facts dd { margin: 0; }
#toolbar { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: .5rem; align-items: center;
  padding: .5rem 0; background: var(--bg); border-bottom: 1px solid var(--line); }
#toolbar[hidden] { display: none; }
#position { flex: 1 1 8rem; min-width: 0; }
button, select { font: inherit; }
#player-status { color: var(--dim); font-size: .85em; }
/* A long session: items off screen are neither laid out nor painted until scrolled to. */
main > section.item { margin: .25rem 0; content-visibility: auto; contain-intrinsic-size: auto 3rem; }
section.item[hidden] { display: none; }
details { border: 1px solid var(--line); border-radius: 6px; margin: .35rem 0; background: var(--box); }
details > summary { cursor: pointer; padding: .25rem .5rem; }
details .fold { padding: 0 .5rem .5rem; min-width: 0; }
details.f-subagent { border-left: 3px solid var(--purple); }
details.failed > summary .facts { color: var(--red); }
.tool-name { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-weight: 600; }
.headline { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.facts { color: var(--dim); font-size: .85em; }
.state-failed, .state-forbidden, .state-denied { color: var(--red); }
.label, .quiet, .path { color: var(--dim); font-size: .9em; }
.warn { color: var(--yellow); }
.boundary { border-top: 2px dashed var(--line); padding-top: .35rem; margin-top: 1rem; font-weight: 600; }
pre.code { overflow-x: auto; max-width: 100%; background: var(--bg); border: 1px solid var(--line); border-radius: 4px;
  padding: .4rem .5rem; margin: .35rem 0; font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  overflow-wrap: normal; }
pre.command { font-weight: 600; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.md code, .image-label code { overflow-wrap: anywhere; }
.md pre code { overflow-wrap: normal; }
.cut { color: var(--dim); font-style: italic; }
.d-add { color: var(--green); background: var(--add-bg); display: inline-block; min-width: 100%; }
.d-del { color: var(--red); background: var(--del-bg); display: inline-block; min-width: 100%; }
.t-keyword { color: var(--purple); } .t-string { color: var(--green); } .t-comment, .t-meta { color: var(--dim); }
.t-number { color: var(--yellow); } .t-title { color: var(--blue); } .t-type { color: var(--cyan); }
.t-deletion { color: var(--red); }
div.table { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: .9em; }
th, td { border: 1px solid var(--line); padding: .15rem .4rem; text-align: left; vertical-align: top; }
table { overflow-wrap: normal; }
.ledger td, .ledger th { white-space: nowrap; }
figure.image { margin: .35rem 0; }
figure.image img { max-width: 100%; height: auto; border: 1px solid var(--line); }
figcaption { color: var(--dim); font-size: .85em; }
a { color: var(--accent); }
a.permalink { float: right; margin-left: .5rem; color: var(--dim); text-decoration: none; font-size: .8em; }
@media print {
  #toolbar { display: none; }
  section.item[hidden] { display: block; }
  main > section.item { content-visibility: visible; }
  details::details-content { content-visibility: visible; display: block; }
  pre.code { white-space: pre-wrap; overflow-wrap: anywhere; }
}
`;
