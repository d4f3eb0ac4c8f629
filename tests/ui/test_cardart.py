"""Card art: the committed images are exactly what the generator draws, every card has one, and they look right.

tests/conftest.py runs pygame headless (SDL_VIDEODRIVER=dummy); nothing here opens a window.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
import pygame
import pytest

from canasta.ui.look.assets import assets_dir, cards_dir
from canasta.ui.look.cardart import (
    BACK_NAME,
    BASE_WIDTH,
    CardStyle,
    asset_names,
    card_height,
    card_names,
    generate,
    main,
    render_card,
)

Pixels = npt.NDArray[np.uint8]
REGENERATE = "python -m canasta.ui.look.cardart"


def _pixels(image: Path | pygame.Surface) -> Pixels:
    """The image as a (height, width, 4) RGBA array."""
    surface = pygame.image.load(str(image)) if isinstance(image, Path) else image
    width, height = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), dtype=np.uint8).reshape(height, width, 4)


def _count(pixels: Pixels, low: tuple[int, int, int], high: tuple[int, int, int]) -> int:
    """How many opaque pixels have every channel within [low, high]."""
    rgb = pixels[..., :3]
    inside = np.all((rgb >= low) & (rgb <= high), axis=-1) & (pixels[..., 3] == 255)
    return int(inside.sum())


def _committed(style: CardStyle, name: str) -> Pixels:
    return _pixels(cards_dir(style.value) / f"{name}.png")


RED_INK = ((150, 0, 0), (255, 80, 80))
GREEN_INK = ((0, 90, 0), (70, 255, 110))
BLUE_INK = ((0, 30, 140), (70, 120, 255))
GOLD_INK = ((190, 130, 0), (255, 200, 90))


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every style drawn afresh into a temporary folder, as the command line does."""
    root = tmp_path_factory.mktemp("cards")
    for style in CardStyle:
        generate(root / style.value, style)
    return root


def test_cards_dir_is_under_the_assets_folder() -> None:
    assert cards_dir("classic") == assets_dir() / "cards" / "classic"
    assert (assets_dir() / "fonts" / "LICENSE-DejaVu.txt").is_file()


def test_every_card_has_a_name_once() -> None:
    names = card_names()
    assert len(names) == 53 == len(set(names))
    assert {"AC", "TD", "QH", "KS", "2C", "JK"} <= set(names)
    assert asset_names() == (*names, BACK_NAME)


@pytest.mark.parametrize("style", list(CardStyle), ids=lambda style: style.value)
def test_every_card_has_a_committed_image_of_the_base_size(style: CardStyle) -> None:
    folder = cards_dir(style.value)
    assert sorted(path.stem for path in folder.glob("*.png")) == sorted(asset_names())
    for name in asset_names():
        assert pygame.image.load(str(folder / f"{name}.png")).get_size() == (BASE_WIDTH, card_height(BASE_WIDTH))


@pytest.mark.parametrize("style", list(CardStyle), ids=lambda style: style.value)
def test_committed_images_are_what_the_generator_draws(style: CardStyle, regenerated: Path) -> None:
    """The art changes only through canasta.ui.look.cardart: regenerating gives the committed images exactly.

    Pixels are compared rather than PNG bytes, so a pygame-ce build with another zlib cannot fail it; on one
    machine the generator's bytes are identical from run to run as well.
    """
    fresh = regenerated / style.value
    assert sorted(path.name for path in fresh.iterdir()) == sorted(f"{name}.png" for name in asset_names())
    differ = [
        name for name in asset_names() if not np.array_equal(_pixels(fresh / f"{name}.png"), _committed(style, name))
    ]
    assert not differ, f"{style.value}: {differ} differ from what the generator draws; run {REGENERATE}"


def test_drawing_is_deterministic(tmp_path: Path) -> None:
    first = generate(tmp_path / "one", CardStyle.CLASSIC, 40)
    second = generate(tmp_path / "two", CardStyle.CLASSIC, 40)
    assert [path.read_bytes() for path in first] == [path.read_bytes() for path in second]


@pytest.mark.parametrize("name", asset_names())
def test_no_image_is_blank(name: str) -> None:
    pixels = _committed(CardStyle.CLASSIC, name)
    inner = pixels[10:-10, 10:-10]  # inside the border
    not_white = np.any(inner[..., :3] != 255, axis=-1).sum()
    assert not_white > inner.shape[0] * inner.shape[1] * 0.02
    assert pixels[0, 0, 3] == 0, "the rounded corners are transparent"
    assert pixels[pixels.shape[0] // 2, 1, 3] == 255, "the card's edge is opaque"


@pytest.mark.parametrize("name", [name for name in card_names() if name != "JK"])
def test_classic_red_suits_are_red_and_black_suits_are_not(name: str) -> None:
    reds = _count(_committed(CardStyle.CLASSIC, name), *RED_INK)
    if name[1] in "HD":
        assert reds > 200
    else:
        assert reds == 0


@pytest.mark.parametrize("rank", list("A23456789TJQK"))
def test_four_colour_clubs_are_green_and_diamonds_blue(rank: str) -> None:
    assert _count(_committed(CardStyle.FOUR_COLOUR, rank + "C"), *GREEN_INK) > 200
    assert _count(_committed(CardStyle.FOUR_COLOUR, rank + "D"), *BLUE_INK) > 200
    assert _count(_committed(CardStyle.FOUR_COLOUR, rank + "H"), *RED_INK) > 200
    for suit in "CDS":
        assert _count(_committed(CardStyle.FOUR_COLOUR, rank + suit), *RED_INK) == 0


@pytest.mark.parametrize("name", card_names())
def test_only_wild_cards_carry_the_gold_corner_mark(name: str) -> None:
    pixels = _committed(CardStyle.CLASSIC, name)
    height, width = pixels.shape[:2]
    corner = pixels[: int(height * 0.45), : int(width * 0.25)]  # the index column, clear of court and joker art
    marked = _count(corner, *GOLD_INK) > 10
    assert marked == (name[0] == "2" or name == "JK")


def test_any_width_can_be_drawn_directly() -> None:
    surface = render_card("QH", CardStyle.FOUR_COLOUR, 60)
    assert surface.get_size() == (60, 84)
    assert _count(_pixels(surface), *RED_INK) > 10


def test_unknown_cards_are_refused() -> None:
    for name in ("XX", "1H", "QZ", "JKX", ""):
        with pytest.raises(ValueError, match="unknown"):
            render_card(name, CardStyle.CLASSIC, 40)


def test_command_line_writes_every_image(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--out", str(tmp_path), "--style", "four_colour", "--width", "40"]) == 0
    written = sorted(path.stem for path in (tmp_path / "four_colour").glob("*.png"))
    assert written == sorted(asset_names())
    assert not (tmp_path / "classic").exists()
    assert "four_colour: 54 images" in capsys.readouterr().out
