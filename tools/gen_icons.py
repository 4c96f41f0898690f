"""Write the app's PNG icons (web/icons/*.png) from web/icons/icon.svg, in Debian's Chromium.

    python tools/gen_icons.py          # needs playwright and /usr/bin/chromium (./build.sh deps)

The PNGs are committed: the build copies them and needs no browser. Run this again after
changing ``icon.svg``; ``tests/tools/test_icons.py`` checks that the files match the manifest.

- ``icon-192.png``, ``icon-512.png``: the SVG as it is (purpose ``any``).
- ``icon-maskable-512.png``: the same drawing shrunk into the central 80% safe zone on the
  icon's background colour, so that a launcher's circle or squircle mask never cuts it
  (purpose ``maskable``).
- ``apple-touch-icon.png`` (180 px): iOS home screens, which ignore the manifest and round
  the corners themselves, hence a full-bleed square.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "web" / "icons"
BACKGROUND = "#1f3b2d"
CHROMIUM = os.environ.get("VIDEAU_CHROMIUM", "/usr/bin/chromium")

# name -> (size in px, fraction of the side the drawing takes, square background behind it)
OUTPUTS: dict[str, tuple[int, float, bool]] = {
    "icon-192.png": (192, 1.0, False),
    "icon-512.png": (512, 1.0, False),
    "icon-maskable-512.png": (512, 0.8, True),
    "apple-touch-icon.png": (180, 1.0, True),
}


def page_html(svg: str, size: int, scale: float, square: bool) -> str:
    """A page that shows ``svg`` at ``size`` px, scaled by ``scale`` on an optional square."""
    inner = round(size * scale)
    background = BACKGROUND if square else "transparent"
    return (
        "<!doctype html><html><body style='margin:0;background:transparent'>"
        f"<div id='icon' style='width:{size}px;height:{size}px;background:{background};"
        "display:flex;align-items:center;justify-content:center'>"
        f"<div style='width:{inner}px;height:{inner}px'>{svg}</div></div></body></html>"
    )


def main() -> None:
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "icon.svg").read_text(encoding="utf-8").replace("<svg ", "<svg width='100%' height='100%' ", 1)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"])
        page = browser.new_page()
        for name, (size, scale, square) in OUTPUTS.items():
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(page_html(svg, size, scale, square))
            page.locator("#icon").screenshot(path=str(ICONS / name), omit_background=not square)
            print(f"wrote {ICONS / name}", file=sys.stderr)
        browser.close()


if __name__ == "__main__":
    main()
