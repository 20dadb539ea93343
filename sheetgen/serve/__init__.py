"""`sheetgen serve`: a local workbench on 127.0.0.1.

- the gallery of every output, by game and product, with previews, rebuilt
  incrementally when a content file is saved and updated in open pages at once
  (server-sent events), with the build's diagnostics as the terminal shows them;
- every `sheetgen new` generator as a form derived from its option declarations;
- the builders the games offer (`builders`; Cubit's: a cube checked by its rules as you
  type, its net previewed at a chosen size and paper, and downloaded as PDF or SVG).

Modules: `workspace` (content, output, rebuilds), `app` (pages), `forms`, `builders`, `preview`
(documents checked and laid out in memory), `confine` (request paths, new files),
`guard` (other sites kept out, costly work bounded), `server` (uvicorn, the watcher,
stopping).
"""
