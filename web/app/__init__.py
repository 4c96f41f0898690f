"""Videau's page: the Python that PyScript and the embeds' worker run in Pyodide.

Wings, each importing only from the ones above it and from ``core`` (no import cycle):

- :mod:`app.text`: the one translation lookup, :func:`app.text.t`, over French and English words.
- :mod:`app.board`: pure; a match -> what the board shows (:mod:`~app.board.view`) -> SVG
  (:mod:`~app.board.render`). No game rule is computed here: every fact (legal steps, hits,
  resignation levels, limits) comes from the core.
- :mod:`app.embed`: the embeddable diagram, pure (no DOM: it runs in a worker).
- :mod:`app.dom`: DOM helpers shared by the page and its panels (needs Pyodide).
- :mod:`app.records`: .mat files, position IDs, replay, dice statistics (pure), and
  :mod:`~app.records.panel`, their DOM panel, which sees the page through ``PanelHost``.
- :mod:`app.page`: the playable page (the App and its DOM glue); :mod:`app.main` boots it.
"""
