"""Videau's page: the Python that PyScript and the embeds' worker run in Pyodide.

Wings, each importing only from the ones above it and from ``core``:

- :mod:`app.text`: the one translation lookup, :func:`app.text.t`, over French and English words.
- :mod:`app.board`: pure; a match -> what the board shows (:mod:`~app.board.view`) -> SVG
  (:mod:`~app.board.render`).
- :mod:`app.records`: .mat files, position IDs, replay, dice statistics, and the page's panel for them.
- :mod:`app.embed`: the embeddable diagram (no DOM: it runs in a worker).
- :mod:`app.page`: the playable page, the DOM glue; :mod:`app.main` boots it.
"""
