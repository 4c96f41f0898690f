# PyScript's `pyscript` module: the page's document and window.
from typing import Any

document: Any
window: Any
