"""`canasta.ui.look.theme`: every colour pair the table draws text or marks with meets WCAG AA contrast."""

import pytest

from canasta.storage.settings import CardStyle, TableTheme
from canasta.ui.look.assets import cards_dir
from canasta.ui.look.feltart import FELTS, felt_extremes
from canasta.ui.look.theme import PALETTES, Palette, TableLook, contrast_ratio, relative_luminance

NORMAL_TEXT, LARGE_TEXT_OR_GRAPHIC = 4.5, 3.0

# (foreground, background, least ratio): text on every background it is drawn on, and marks that carry meaning.
PAIRS = (
    ("text", "table", NORMAL_TEXT),
    ("dim_text", "table", NORMAL_TEXT),
    ("accent", "table", NORMAL_TEXT),  # the turn label's text
    ("warning", "table", NORMAL_TEXT),  # refusals in the message line
    ("text", "panel", NORMAL_TEXT),  # the scoreboard
    ("text", "button", NORMAL_TEXT),
    ("text", "button_hover", NORMAL_TEXT),
    ("dim_text", "button_disabled", NORMAL_TEXT),
    ("text", "overlay", NORMAL_TEXT),  # help, tooltips
    ("accent", "overlay", NORMAL_TEXT),  # the keys in the help, the banner
    ("dim_text", "overlay", NORMAL_TEXT),
    ("badge_text", "badge", NORMAL_TEXT),  # meld counts
    ("badge", "accent", NORMAL_TEXT),  # the "Drop here" tag
    ("frozen", "table", LARGE_TEXT_OR_GRAPHIC),  # the frozen pile's outline
    ("accent", "table_dark", LARGE_TEXT_OR_GRAPHIC),
    ("focus", "table", LARGE_TEXT_OR_GRAPHIC),  # the keyboard focus ring
    ("focus", "badge", LARGE_TEXT_OR_GRAPHIC),
)


def test_contrast_ratio_follows_wcag() -> None:
    assert contrast_ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast_ratio((120, 30, 200), (120, 30, 200)) == pytest.approx(1.0)
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == contrast_ratio((255, 255, 255), (0, 0, 0))
    assert relative_luminance((128, 128, 128)) == pytest.approx(0.2159, abs=1e-3)
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("theme", list(TableTheme))
@pytest.mark.parametrize(("foreground", "background", "least"), PAIRS)
def test_every_colour_pair_meets_wcag_aa(theme: TableTheme, foreground: str, background: str, least: float) -> None:
    palette = PALETTES[theme]
    ratio = contrast_ratio(getattr(palette, foreground), getattr(palette, background))
    assert ratio >= least, f"{theme.value}: {foreground} on {background} is {ratio:.2f}:1, needs {least}:1"


def test_the_high_contrast_table_has_more_contrast_than_the_green_one() -> None:
    green, high = PALETTES[TableTheme.GREEN], PALETTES[TableTheme.HIGH_CONTRAST]
    for name in ("text", "dim_text", "accent"):
        assert contrast_ratio(getattr(high, name), high.table) > contrast_ratio(getattr(green, name), green.table)


def test_every_theme_and_deck_style_exists() -> None:
    assert set(PALETTES) == set(TableTheme)
    assert PALETTES[TableTheme.GREEN] == Palette()
    for style in CardStyle:
        assert (cards_dir(style.value) / "QH.png").is_file()
        assert (cards_dir(style.value) / "back.png").is_file()


def test_the_default_look() -> None:
    look = TableLook()
    assert look.card_style is CardStyle.CLASSIC and not look.large_cards and not look.reduced_motion
    assert look.palette == Palette()
    assert TableLook(table_theme=TableTheme.HIGH_CONTRAST).palette == PALETTES[TableTheme.HIGH_CONTRAST]


# -- the felt and the panels drawn on it ------------------------------------------------------------------------

PANEL_ALPHA = 150 / 255  # a side's panel: its colour at this opacity over the felt (table_draw)


def _over(colour: tuple[int, int, int], ground: tuple[int, int, int], alpha: float) -> tuple[int, int, int]:
    red, green, blue = (round(alpha * c + (1 - alpha) * g) for c, g in zip(colour, ground, strict=True))
    return (red, green, blue)


# Words drawn straight on the felt (the message line, the stock and pile, the info) and on the side panels
# (the side's name in its colour, its figures), with the least ratio each needs.
ON_FELT = (
    ("text", NORMAL_TEXT), ("dim_text", NORMAL_TEXT), ("accent", NORMAL_TEXT), ("warning", NORMAL_TEXT),
    ("frozen", LARGE_TEXT_OR_GRAPHIC), ("ours", LARGE_TEXT_OR_GRAPHIC), ("theirs", LARGE_TEXT_OR_GRAPHIC),
)  # fmt: skip
ON_PANEL = (("text", NORMAL_TEXT), ("dim_text", NORMAL_TEXT), ("ours", NORMAL_TEXT), ("theirs", NORMAL_TEXT))
ON_PLATE = (("text", NORMAL_TEXT), ("accent", NORMAL_TEXT), ("ours", LARGE_TEXT_OR_GRAPHIC),
            ("theirs", LARGE_TEXT_OR_GRAPHIC))  # fmt: skip


@pytest.mark.parametrize("theme", list(TableTheme))
def test_words_on_the_felt_and_its_panels_meet_wcag_aa_at_its_lightest_and_darkest(theme: TableTheme) -> None:
    palette = PALETTES[theme]
    grounds = felt_extremes(palette.felt)
    assert FELTS[palette.felt].base == palette.table, "the felt is the table's colour, textured"
    for ground in grounds:
        panel = _over(palette.panel, ground, PANEL_ALPHA)
        for name, least in ON_FELT:
            assert contrast_ratio(getattr(palette, name), ground) >= least, (theme, name, ground)
        for name, least in ON_PANEL:
            assert contrast_ratio(getattr(palette, name), panel) >= least, (theme, name, panel)
    for name, least in ON_PLATE:
        assert contrast_ratio(getattr(palette, name), palette.plate) >= least, (theme, name)
