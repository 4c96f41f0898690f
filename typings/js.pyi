# Pyodide's `js` module: the JavaScript global scope (only what the page uses is declared).
from typing import Any

Blob: Any
Object: Any
Promise: Any
URL: Any
URLSearchParams: Any
Uint8Array: Any
Worker: Any
console: Any
navigator: Any
performance: Any
