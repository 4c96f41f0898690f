# Pyodide's `pyodide` package (only `pyodide.ffi` is used by the page).
