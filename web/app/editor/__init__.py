"""The position editor's pure wing: the state it edits and its board (:mod:`app.editor.model`), its form
(:mod:`app.editor.form`). The page's glue is :mod:`app.page.dialogs.editor_dialog`; the rules are
:mod:`core.setup_draft`'s."""
