#!/usr/bin/env python3
"""Draws the example collection's sleeve art: abstract covers of our own (colour
fields, circles, stripes, blocks, waves, the title in large type), never copies of
real sleeves, and a back sleeve and a label photo for two albums.

Each drawing is an SVG written here, turned into a PNG by the `vips` command
(libvips-tools, which the Makefile's deps install); `rk-cover make` then makes
cover.webp (400x400) and cover-thumb.webp (100x100) from it exactly as `rk cover
set` does. Gallery photos are WebP files in the album's photos/ folder, written by
`vips` with no metadata. No Python package beyond the standard library.

    python3 scripts/make-example-art.py --rk-cover "$(swift build --show-bin-path)/rk-cover"

The drawings depend only on each album's id, title, artist and year, so running
it again makes the same pictures (`make example-art`).
"""

import argparse
import hashlib
import math
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[1]
COLLECTION = ROOT / "example-collection"
SIZE = 800  # drawn at twice the cover's size, so the scaled cover is crisp
FONT = "DejaVu Sans, Liberation Sans, Nimbus Sans, sans-serif"
SERIF = "DejaVu Serif, Liberation Serif, Nimbus Roman, serif"

# Four colours each: background, two shapes, and the type.
PALETTES = [
    ("#1d3557", "#e63946", "#f1faee", "#a8dadc"),
    ("#f4efe6", "#e07a5f", "#3d405b", "#81b29a"),
    ("#0b0c10", "#c5a880", "#f2f2f2", "#8b2e2e"),
    ("#264653", "#e9c46a", "#f4a261", "#f6f1e7"),
    ("#fefae0", "#283618", "#bc6c25", "#606c38"),
    ("#2b2d42", "#ef233c", "#edf2f4", "#8d99ae"),
    ("#ffcb05", "#111111", "#e4572e", "#fbfbfb"),
    ("#5f0f40", "#fb8b24", "#e36414", "#f7ede2"),
    ("#03045e", "#00b4d8", "#caf0f8", "#ff6b6b"),
    ("#dfe7e2", "#1b4332", "#d00000", "#2d6a4f"),
]

# Photos (back sleeve and label) for these albums; the rest have a cover only.
PHOTOS = ["albums/miles-davis-kind-of-blue", "albums/radiohead-ok-computer"]


def front_matter(text: str) -> dict:
    """The plain scalar keys of an album.md front matter (all this script needs)."""
    fields = {}
    match = re.match(r"---\r?\n(.*?)\r?\n---", text, re.S)
    for line in (match.group(1) if match else "").splitlines():
        m = re.match(r"([a-z_]+):\s*(.*?)\s*(?:#.*)?$", line)
        if m and m.group(2):
            value = m.group(2)
            if len(value) >= 2 and value[0] == value[-1] == "'":
                value = value[1:-1].replace("''", "'")
            elif len(value) >= 2 and value[0] == value[-1] == '"':
                value = re.sub(r"\\(.)", r"\1", value[1:-1])
            fields[m.group(1)] = value
    return fields


def tracks(text: str) -> list:
    """(side heading or None, track text) for each item of the track list."""
    found, side, inside = [], None, False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line.strip() == "## Tracks"
        elif inside and line.startswith("### "):
            side = line[4:].strip()
        elif inside and re.match(r"\s*(\d+[.)]|[-*+])\s+", line):
            found.append((side, re.sub(r"^\s*(\d+[.)]|[-*+])\s+", "", line).strip()))
    return found


class Random:
    """A small generator seeded by the album, so each drawing is the same every run."""

    def __init__(self, seed: str):
        self.state = hashlib.sha256(seed.encode()).digest()
        self.used = 0

    def next(self) -> float:
        if self.used + 4 > len(self.state):
            self.state = hashlib.sha256(self.state).digest()
            self.used = 0
        value = int.from_bytes(self.state[self.used:self.used + 4], "big") / 2**32
        self.used += 4
        return value

    def between(self, low, high):
        return low + (high - low) * self.next()

    def pick(self, items):
        return items[int(self.next() * len(items)) % len(items)]


def wrap(title: str, width: int) -> list:
    """The title in lines of at most `width` characters (a word longer stays whole)."""
    lines, line = [], ""
    for word in title.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + [line] if line else lines


def title_lines(title: str) -> list:
    """The title in the lines that give the largest type (fewer lines on a tie), at most four."""
    longest_word = max((len(w) for w in title.split()), default=1)
    layouts = [wrap(title, width) for width in range(longest_word, max(longest_word, len(title)) + 1)]
    layouts = [lines for lines in layouts if len(lines) <= 4] or [wrap(title, len(title))]
    return max(layouts, key=lambda lines: (font_size(lines), -len(lines)))


def font_size(lines) -> int:
    # Bold sans is about 0.7 em a character: the longest line fits 680 px.
    return int(min(118, (SIZE - 120) / (0.7 * max(len(line) for line in lines))))


def title_layout(title):
    """The lines, their font size and the block's height."""
    lines = title_lines(title)
    size = font_size(lines)
    return lines, size, len(lines) * size * 1.04 + 34 * 1.7


def title_block(layout, artist, year, colour) -> str:
    """The title in large type, the artist and year under it, at the lower left."""
    lines, size, height = layout
    small = 34
    y = SIZE - 56 - height
    parts = [f'<g fill="{colour}" font-family="{FONT}">']
    for line in lines:
        y += size
        parts.append(f'<text x="60" y="{y:.0f}" font-size="{size}" font-weight="bold" letter-spacing="-1">{escape(line)}</text>')
        y += size * 0.04
    byline = f"{artist} · {year}" if year else artist
    parts.append(f'<text x="62" y="{y + small * 1.5:.0f}" font-size="{small}" opacity=".85">{escape(byline)}</text>')
    parts.append("</g>")
    return "\n".join(parts)


def luminance(colour: str) -> float:
    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def art_fields(p, rnd):
    bg, a, b, _ = p
    shapes = [f'<rect width="{SIZE}" height="{SIZE}" fill="{bg}"/>']
    y = 50
    for colour, share in [(a, rnd.between(0.22, 0.32)), (b, rnd.between(0.12, 0.2))]:
        h = SIZE * share
        shapes.append(f'<rect x="50" y="{y:.0f}" width="{SIZE - 100}" height="{h:.0f}" rx="18" fill="{colour}" opacity=".92"/>')
        y += h + 26
    return "\n".join(shapes), None


def art_circles(p, rnd):
    bg, a, b, c = p
    cx, cy = rnd.between(420, 620), rnd.between(220, 330)
    shapes = [f'<rect width="{SIZE}" height="{SIZE}" fill="{bg}"/>']
    radius = rnd.between(230, 290)
    for i, colour in enumerate([a, b, a, c, b]):
        shapes.append(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{radius * (1 - i * 0.19):.0f}" fill="{colour}"/>')
    shapes.append(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="10" fill="{bg}"/>')
    return "\n".join(shapes), None


def art_stripes(p, rnd):
    bg, a, b, c = p
    angle = rnd.pick([-30, -20, 20, 35])
    band = rnd.between(46, 70)
    shapes = [f'<rect width="{SIZE}" height="{SIZE}" fill="{bg}"/>',
              f'<g transform="rotate({angle} 400 400)">']
    colours = [a, b, c]
    for i in range(-8, 9):
        if i % 3 == 2:
            continue
        shapes.append(f'<rect x="-400" y="{400 + i * band * 1.6:.0f}" width="1600" height="{band:.0f}" fill="{colours[i % 3]}"/>')
    shapes.append("</g>")
    return "\n".join(shapes), None


def art_blocks(p, rnd):
    bg, a, b, c = p
    shapes = [f'<rect width="{SIZE}" height="{SIZE}" fill="{bg}"/>']
    cell = 160
    for row in range(3):
        for col in range(5):
            x, y = 0 + col * cell, 0 + row * cell
            colour = rnd.pick([a, b, c, bg])
            kind = rnd.pick(["square", "quarter", "circle", "half"])
            if kind == "square":
                shapes.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{colour}"/>')
            elif kind == "circle":
                shapes.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell / 2 - 8}" fill="{colour}"/>')
            elif kind == "quarter":
                shapes.append(f'<path d="M{x} {y}h{cell}a{cell} {cell} 0 0 1 -{cell} {cell}z" fill="{colour}"/>')
            else:
                shapes.append(f'<path d="M{x} {y + cell}a{cell / 2} {cell / 2} 0 0 1 {cell} 0z" fill="{colour}"/>')
    return "\n".join(shapes), None


def art_waves(p, rnd):
    bg, a, b, c = p
    shapes = [f'<rect width="{SIZE}" height="{SIZE}" fill="{bg}"/>']
    amplitude, length = rnd.between(20, 45), rnd.between(160, 260)
    for i, colour in enumerate([a, b, c, a, b]):
        base = 60 + i * 70
        points = " ".join(
            f"{x},{base + amplitude * math.sin((x / length + i * 0.35) * 2 * math.pi):.1f}" for x in range(0, SIZE + 20, 20))
        shapes.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="26" stroke-linecap="round"/>')
    return "\n".join(shapes), None


STYLES = [art_fields, art_circles, art_stripes, art_blocks, art_waves]


def cover_svg(album_id, fields) -> str:
    """Shapes above, the title on the plain ground below them, in the colour that reads best."""
    rnd = Random(album_id)
    palette = PALETTES[int(hashlib.sha256(("p" + album_id).encode()).hexdigest(), 16) % len(PALETTES)]
    style = STYLES[int(hashlib.sha256(("s" + album_id).encode()).hexdigest(), 16) % len(STYLES)]
    shapes, _ = style(palette, rnd)
    layout = title_layout(fields.get("title", "?"))
    top = SIZE - 56 - layout[2] - 40
    ink = max(palette[1:], key=lambda c: contrast(c, palette[0]))
    year = (fields.get("released") or "")[:4]
    return svg(
        f'<rect width="{SIZE}" height="{SIZE}" fill="{palette[0]}"/>\n'
        f'<clipPath id="art"><rect width="{SIZE}" height="{top:.0f}"/></clipPath>\n'
        f'<g clip-path="url(#art)">\n{shapes}\n</g>\n'
        + title_block(layout, fields.get("artist", "?"), year, ink))


def back_svg(fields, items) -> str:
    """A back sleeve: the track list by side, a catalogue line and a barcode-like mark."""
    bg, ink = "#f3ede2", "#2a2a2a"
    parts = [f'<rect width="{SIZE}" height="{SIZE}" fill="{bg}"/>',
             f'<g font-family="{SERIF}" fill="{ink}">',
             f'<text x="60" y="110" font-size="46" font-weight="bold">{escape(fields.get("title", ""))}</text>',
             f'<text x="60" y="160" font-size="30" font-style="italic">{escape(fields.get("artist", ""))}</text>']
    y, side = 230, object()
    for heading, text in items:
        if heading != side:
            side = heading
            if heading:
                y += 14
                parts.append(f'<text x="60" y="{y}" font-size="24" font-weight="bold" letter-spacing="3">{escape(heading.upper())}</text>')
                y += 44
        parts.append(f'<text x="80" y="{y}" font-size="28">{escape(text)}</text>')
        y += 42
    label = " ".join(x for x in [fields.get("label", ""), fields.get("catalog_number", "")] if x)
    parts.append(f'<text x="60" y="{SIZE - 60}" font-size="22" letter-spacing="2">{escape(label.upper())}</text></g>')
    for i in range(28):
        width = 2 + (i * 7) % 5
        parts.append(f'<rect x="{SIZE - 260 + i * 7}" y="{SIZE - 130}" width="{width}" height="80" fill="{ink}"/>')
    return svg("\n".join(parts))


def label_svg(fields, palette) -> str:
    """A record label: black vinyl with grooves, the centre label with title and side."""
    bg, a, b, c = palette
    c = max(["#111111", "#fafafa", bg, b, c], key=lambda ink: contrast(ink, a))
    parts = [f'<rect width="{SIZE}" height="{SIZE}" fill="#d9d4cc"/>',
             '<circle cx="400" cy="400" r="380" fill="#111"/>']
    for r in range(370, 190, -12):
        parts.append(f'<circle cx="400" cy="400" r="{r}" fill="none" stroke="#2a2a2a" stroke-width="2"/>')
    parts += [f'<circle cx="400" cy="400" r="170" fill="{a}"/>',
              f'<circle cx="400" cy="400" r="150" fill="none" stroke="{c}" stroke-width="3"/>',
              f'<g font-family="{FONT}" fill="{c}" text-anchor="middle">',
              f'<text x="400" y="330" font-size="26" font-weight="bold">{escape(fields.get("label", "Records").upper())}</text>',
              f'<text x="400" y="470" font-size="24" font-weight="bold">{escape(fields.get("title", ""))}</text>',
              f'<text x="400" y="502" font-size="20">{escape(fields.get("artist", ""))}</text>',
              '<text x="300" y="410" font-size="30" font-weight="bold">A</text>',
              f'<text x="400" y="364" font-size="18">{escape(fields.get("catalog_number", ""))}</text>',
              '<text x="500" y="410" font-size="18">33⅓</text></g>',
              '<circle cx="400" cy="400" r="14" fill="#d9d4cc"/>']
    return svg("\n".join(parts))


def svg(body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}">\n'
            f"{body}\n</svg>\n")


def vips(*args):
    subprocess.run(["vips", *map(str, args)], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rk-cover", required=True, help="the built rk-cover (swift build --show-bin-path)")
    parser.add_argument("--collection", default=str(COLLECTION))
    options = parser.parse_args()
    collection = Path(options.collection)
    with tempfile.TemporaryDirectory(prefix="rk-art-") as scratch:
        scratch = Path(scratch)
        for folder in sorted((collection / "albums").iterdir()):
            text_path = folder / "album.md"
            if not text_path.is_file():
                continue
            text = text_path.read_text()
            fields = front_matter(text)
            album_id = f"albums/{folder.name}"
            drawing = scratch / f"{folder.name}.svg"
            drawing.write_text(cover_svg(album_id, fields))
            picture = scratch / f"{folder.name}.png"
            vips("copy", drawing, picture)
            subprocess.run([options.rk_cover, "make", str(picture), str(folder)], check=True)
            if album_id in PHOTOS:
                photos = folder / "photos"
                photos.mkdir(exist_ok=True)
                palette = PALETTES[int(hashlib.sha256(("p" + album_id).encode()).hexdigest(), 16) % len(PALETTES)]
                for number, made in [(1, back_svg(fields, tracks(text))), (2, label_svg(fields, palette))]:
                    source = scratch / f"{folder.name}-{number}.svg"
                    source.write_text(made)
                    # Q 70 and no metadata: a few tens of kilobytes each.
                    vips("copy", source, f"{photos / f'photo-{number}.webp'}[Q=70,strip]")
            print(f"{album_id}: {fields.get('title')}", file=sys.stderr)


if __name__ == "__main__":
    main()
