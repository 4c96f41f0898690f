# Pyodide's `pyodide.ffi`: moving values between Python and JavaScript.
from collections.abc import Callable
from typing import Any

class JsProxy:
    """A JavaScript object seen from Python."""

    def __getattr__(self, name: str) -> Any: ...

class JsDoubleProxy(JsProxy):
    """A Python callable wrapped for JavaScript by ``create_proxy``; freed by ``destroy``."""

    def destroy(self) -> None: ...

jsnull: Any

def create_proxy(obj: Callable[..., Any], /) -> JsDoubleProxy: ...
def to_js(obj: Any, /, *, dict_converter: Any = ...) -> Any: ...
