"""Renders assets/megalith.svg into the PNG sizes a Linux desktop asks for
(assets/icons/megalith-<size>.png). Run it after changing the SVG; a test checks that the
PNGs still match it.

    .venv/bin/python packaging/make_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SVG = ASSETS / "megalith.svg"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def png_path(size: int) -> Path:
    return ASSETS / "icons" / f"megalith-{size}.png"


def render(size: int):  # -> QImage; Qt imported here so the module loads without it
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise ValueError(f"{SVG} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1] + ["-platform", "offscreen"])
    png_path(SIZES[0]).parent.mkdir(exist_ok=True)
    for size in SIZES:
        if not render(size).save(str(png_path(size))):
            print(f"could not write {png_path(size)}", file=sys.stderr)
            return 1
        print(png_path(size).relative_to(ASSETS.parent))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
