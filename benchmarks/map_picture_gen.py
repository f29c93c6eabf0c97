"""A generated battle-map picture of a chosen size, textured like a real export: flagstone rooms,
grass, dirt paths and dark walls, drawn here with numpy and Pillow from a few small texture
tiles. It compresses the way a painted map does (noise would not), so decode times are those
of a real 46 MP map. Cached in benchmarks/out by its parameters: making one takes seconds."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

TEXTURE = 128  # px of one texture tile, repeated (with flips) over its area
CELL = 400  # px of one room or field of the layout


def map_picture(out_dir: Path, side: int = 6800, fmt: str = "png", seed: int = 26) -> Path:
    """A `side`×`side` picture in `fmt` ("png" or "webp"), made once and kept."""
    path = out_dir / f"map-{side}px-{seed}.{fmt}"
    if path.exists():
        return path
    out_dir.mkdir(parents=True, exist_ok=True)
    img = _picture(side, seed)
    tmp = path.with_name(f".{path.name}.part")
    if fmt == "webp":
        img.save(tmp, format="WEBP", quality=80, method=2)
    else:
        img.save(tmp, format="PNG", compress_level=6)
    tmp.replace(path)
    return path


def _picture(side: int, seed: int) -> Image.Image:
    rng = np.random.default_rng(seed)
    textures = [_stone(rng), _grass(rng), _dirt(rng)]
    cells = -(-side // CELL)
    layout = rng.integers(0, 2, size=(cells, cells))  # 0 stone room, 1 grass field
    canvas = np.empty((side, side, 3), np.uint8)
    reps = -(-CELL // TEXTURE)
    for cy in range(cells):
        for cx in range(cells):
            tex = textures[layout[cy, cx]]
            flip = tex[:, ::-1] if (cx + cy) % 2 else tex
            block = np.tile(flip, (reps, reps, 1))[:CELL, :CELL]
            tint = rng.integers(-12, 13, size=3)
            block = np.clip(block.astype(np.int16) + tint, 0, 255).astype(np.uint8)
            y0, x0 = cy * CELL, cx * CELL
            h, w = min(CELL, side - y0), min(CELL, side - x0)
            canvas[y0:y0 + h, x0:x0 + w] = block[:h, :w]
    img = Image.fromarray(canvas, "RGB")
    _paths_and_walls(img, textures[2], side, seed)
    return img


def _paths_and_walls(img: Image.Image, dirt: np.ndarray, side: int, seed: int) -> None:
    """Dirt paths wandering across the fields, dark walls around the rooms' edges."""
    rnd = random.Random(seed)
    mask = Image.new("L", img.size, 0)
    draw = ImageDraw.Draw(mask)
    for _ in range(max(4, side // 600)):
        x, y = rnd.uniform(0, side), 0.0
        pts = [(x, y)]
        while y < side:
            x = min(side, max(0.0, x + rnd.uniform(-300, 300)))
            y += rnd.uniform(150, 400)
            pts.append((x, y))
        draw.line(pts, fill=255, width=rnd.randrange(60, 140), joint="curve")
    mask = mask.filter(ImageFilter.GaussianBlur(6))
    reps = -(-side // TEXTURE)
    dirt_img = Image.fromarray(np.tile(dirt, (reps, reps, 1))[:side, :side], "RGB")
    img.paste(dirt_img, (0, 0), mask)
    walls = ImageDraw.Draw(img)
    for x in range(0, side, CELL * 3):
        walls.rectangle((x, 0, x + 24, side), fill=(38, 34, 30))
    for y in range(0, side, CELL * 2):
        walls.rectangle((0, y, side, y + 24), fill=(38, 34, 30))
        for gap in range(CELL, side, CELL * 3):  # doorways
            walls.rectangle((gap, y, gap + 90, y + 24), fill=(120, 96, 70))


def _smooth_noise(rng: np.random.Generator, scale: int) -> np.ndarray:
    """Noise at `TEXTURE / scale` resolution blown up smoothly: mottling, not static."""
    small = rng.random((TEXTURE // scale, TEXTURE // scale))
    img = Image.fromarray((small * 255).astype(np.uint8), "L").resize(
        (TEXTURE, TEXTURE), Image.Resampling.BICUBIC)
    return np.asarray(img, np.float32) / 255


def _stone(rng: np.random.Generator) -> np.ndarray:
    base = 120 + 50 * _smooth_noise(rng, 8)[..., None] * np.array([1.0, 0.95, 0.9])
    tex = base.astype(np.float32)
    tex[::32, :] *= 0.45  # mortar lines: flagstones of 32 px
    for row in range(0, TEXTURE, 32):
        shift = 16 if (row // 32) % 2 else 0
        tex[row:row + 32, shift::32] *= 0.45
    return np.clip(tex, 0, 255).astype(np.uint8)


def _grass(rng: np.random.Generator) -> np.ndarray:
    n = _smooth_noise(rng, 16)[..., None]
    fine = _smooth_noise(rng, 2)[..., None]
    tex = np.array([60.0, 110.0, 45.0]) + 40 * n + 18 * fine
    return np.clip(tex, 0, 255).astype(np.uint8)


def _dirt(rng: np.random.Generator) -> np.ndarray:
    n = _smooth_noise(rng, 8)[..., None]
    tex = np.array([125.0, 96.0, 64.0]) + 35 * n
    return np.clip(tex, 0, 255).astype(np.uint8)
