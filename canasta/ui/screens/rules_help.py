"""Rules help: the rules of the game in force (`rules_text.py`), a section list with a search, and a way for the
table to open the help at the rule a refused move breaks (`help_for_refusal`, keyed by `refusals.Code`: the
paragraph of the game's own rules that carries the code, else the place every game shares). From the
title it offers every game's rules: a Game row picks the game shown, and the search looks in all of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from canasta.engine.refusals import Code
from canasta.engine.rules import Rules, Variant
from canasta.i18n import _
from canasta.ui.geometry import Box
from canasta.ui.kit.widgets import (
    ACTIVATE_KEYS,
    Choice,
    FocusRing,
    PushButton,
    ScrollList,
    TextField,
    TextLine,
    Widget,
    draw_backdrop,
    draw_focus,
    draw_panel,
    ui_px,
    wrap_lines,
)
from canasta.ui.look.theme import Theme
from canasta.ui.screens.house_rules import variant_name
from canasta.ui.screens.rules_text import Section, rule_sections


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A place in the rules help: a section and a paragraph's anchor in it."""

    section: str
    anchor: str


def _refs(section: str, **anchors: tuple[Code, ...]) -> dict[Code, RuleRef]:
    return {code: RuleRef(section, anchor) for anchor, codes in anchors.items() for code in codes}


# Every refusal code, to the rule it enforces (a test checks that every code is here and every place exists).
RULE_FOR_CODE: dict[Code, RuleRef] = {
    **_refs("turn", turn_order=(Code.HAND_OVER, Code.NOT_YOUR_TURN),
            draw=(Code.MUST_DRAW_FIRST, Code.ALREADY_DREW), meld=(Code.CARD_NOT_IN_HAND, Code.EMPTY_MELD_STEP)),
    **_refs("stock_end", stock_end=(Code.STOCK_EMPTY,), forced_take=(Code.MUST_TAKE_PILE, Code.CANNOT_PASS),
            last_red_three=(Code.FINAL_TURN_NO_DISCARD,)),
    **_refs("pile", taking=(Code.PILE_EMPTY,), blocked=(Code.PILE_BLOCKED_BLACK_THREE, Code.PILE_TOP_WILD),
            one_card=(Code.ONE_CARD_PILE,), initial_with_pile=(Code.PILE_NEEDS_INITIAL_MELD,),
            frozen_take=(Code.PILE_FROZEN_NEEDS_NATURAL_PAIR,),
            unfrozen_take=(Code.PILE_TAKE_NEEDS_NATURAL_PAIR, Code.PILE_TAKE_BY_ADDING_NOT_ALLOWED,
                           Code.PILE_TAKE_NEEDS_MELD, Code.PILE_TAKE_WRONG_RANK)),
    **_refs("melds", meld_size=(Code.MELD_TOO_SMALL, Code.MELD_MIXED_RANKS, Code.MELD_WITHOUT_NATURAL_RANK,
                                Code.GROUP_RANK_MISMATCH, Code.MELD_KIND_NOT_IN_GAME),
            wild_limit=(Code.MELD_TOO_FEW_NATURALS, Code.MELD_TOO_MANY_WILDS, Code.MELD_WILDS_EXCEED_NATURALS),
            one_per_rank=(Code.NO_MELD_OF_RANK, Code.MELD_TOO_LARGE, Code.NO_SUCH_MELD, Code.WHICH_MELD,
                          Code.SEQUENCE_NATURALS_ONLY, Code.SEQUENCE_ONE_SUIT, Code.SEQUENCE_NOT_RUN,
                          Code.SEQUENCE_SUIT_MISMATCH, Code.WILD_MELD_WILDS_ONLY, Code.WILDS_ON_CANASTA,
                          Code.TOO_MANY_GROUPS, Code.CANNOT_COMBINE, Code.TAKE_ONTO_NOT_ALONE, Code.PILE_ONTO_CANASTA),
            black_threes=(Code.BLACK_THREES_ONLY_GOING_OUT, Code.BLACK_THREE_MELD_WITH_WILD,
                          Code.TOO_MANY_BLACK_THREES)),
    **_refs("initial_meld", minimum=(Code.INITIAL_MELD_BELOW_MINIMUM,)),
    **_refs("going_out", needs_canasta=(Code.GOING_OUT_NEEDS_CANASTA, Code.CANNOT_MELD_EVERYTHING,
                                        Code.GOING_OUT_NEEDS_SEQUENCE, Code.GOING_OUT_NEEDS_BOOKS),
            keep_two=(Code.MUST_KEEP_TWO_CARDS,),
            concealed_minimum=(Code.EXEMPT_LAST_CARD,)),
    **_refs("asking_partner", answer=(Code.MUST_ANSWER, Code.PARTNER_SAID_NO, Code.MUST_GO_OUT, Code.NOT_ASKED),
            asking=(Code.MUST_ASK_PARTNER, Code.ASK_PARTNER_OFF, Code.ALREADY_ASKED),
            timing=(Code.ASK_AFTER_MELDING,), no_partner=(Code.NO_PARTNER,)),
    # Refusals of rules a game's own paragraphs explain (they carry these codes); here the nearest shared place.
    **_refs("melds", wild_limit=(Code.DEAD_RANK, Code.RANK_TAKES_NO_WILD, Code.RULE_OF_FIVE, Code.ONE_OPEN_WILD_MELD,
                                 Code.WILD_MELD_OPEN)),
    **_refs("initial_meld", minimum=(Code.INITIAL_MIXED_CANASTA, Code.INITIAL_MELD_NEEDS_CLEAN_TRIPLE)),
    **_refs("pile", blocked=(Code.PILE_TOP_DEAD_RANK,), taking=(Code.PILE_MELD_FULL,)),
    **_refs("turn", discard=(Code.THREE_DISCARD, Code.WILD_DISCARD, Code.DISCARD_ONTO_EMPTY_PILE,
                             Code.NO_LEGAL_DISCARD)),
    **_refs("going_out", needs_canasta=(Code.GOING_OUT_OPEN_MELD,)),
    **_refs("asking_partner", asking=(Code.ASKED_THIS_HAND,)),
    **_refs("going_out", needs_canasta=(Code.SPECIAL_HANDS_OFF, Code.SPECIAL_HAND_NOT_NOW,
                                        Code.SPECIAL_HAND_SIDE_HAS_MELDED, Code.SPECIAL_HAND_NEEDS_14_CARDS,
                                        Code.SPECIAL_HAND_NOT_MADE)),
    **_refs("cards", threes=(Code.THREE_ALREADY_KEPT,)),
    # Cuban Canasta's and Pennies from Heaven's: their own paragraphs carry them (no other game gives them).
    **_refs("melds", one_per_rank=(Code.CLOSED_RANK, Code.ONE_WILD_MELD, Code.ONE_OPEN_MELD_PER_RANK),
            meld_size=(Code.MELD_OVER_SEVEN_CARDS,)),
    **_refs("pile", blocked=(Code.PILE_TOP_CLOSED_RANK, Code.PILE_TOP_BLOCKED)),
    **_refs("turn", discard=(Code.BLACK_THREE_FIRST_ROUND, Code.SEVEN_DISCARD_LOCKED, Code.SEVEN_GOING_OUT_DISCARD)),
    **_refs("going_out", needs_canasta=(Code.GOING_OUT_NEEDS_CANASTA_TYPES,)),
}  # fmt: skip


def rule_for_refusal(code: Code, rules: Rules | None = None) -> RuleRef:
    """Where the rules help of a game explains the rule behind a refusal: the paragraph of its sections that says
    it explains that code, else the place every game shares (`RULE_FOR_CODE`), else the first section. Without
    rules, classic Canasta's for four."""
    sections = rule_sections(rules or Rules.for_players(4))
    for section in sections:
        for paragraph in section.paragraphs:
            if code in paragraph.codes:
                return RuleRef(section.id, paragraph.anchor)
    shared = RULE_FOR_CODE.get(code)
    if shared is not None and any(section.id == shared.section and shared.anchor in section.anchors()
                                  for section in sections):  # fmt: skip
        return shared
    return RuleRef("turn", "turn_order")


def help_for_refusal(theme: Theme, rules: Rules, code: Code, back: Callable[[], None]) -> RulesHelpScene:
    """The rules help opened at the rule a refused move breaks, that paragraph marked."""
    return RulesHelpScene(theme, rules, back, rule_for_refusal(code, rules))


class SectionEntry(Widget):
    """A section's title in the list; choosing it shows the section."""

    def __init__(self, section: Section, choose: Callable[[Section], None]) -> None:
        super().__init__()
        self.section = section
        self.choose = choose
        self.chosen = False

    def focusable(self) -> bool:
        return True

    def height(self, px: int, width: int, theme: Theme) -> int:
        return int(px * 1.9)

    def key(self, key: int, text: str) -> bool:
        if key in ACTIVATE_KEYS or key == pygame.K_RIGHT:
            self.choose(self.section)
            return True
        return False

    def click(self, pos: tuple[int, int], button: int) -> bool:
        self.choose(self.section)
        return True

    def draw(self, screen: pygame.Surface, theme: Theme, px: int, focused: bool) -> None:
        palette = theme.palette
        if self.chosen or self.hover:
            pygame.draw.rect(screen, palette.button_hover if self.chosen else palette.button, self.box.as_tuple(),
                             border_radius=6)  # fmt: skip
        if focused:
            draw_focus(screen, theme, self.box)
        theme.text(screen, self.section.title, Box(self.box.x + 8, self.box.y, self.box.w - 16, self.box.h), px,
                   bold=self.chosen)  # fmt: skip


class RulesHelpScene:
    """Search and sections on the left, the chosen section's text on the right, Back below.

    With several `games` (the rules of each, `rules` among them or added), a Game row above the search picks
    the game shown, and a search finds the sections of every game, listed under each game's name.

    Keyboard: Tab moves between the game, the search, the sections, the text and Back; Up/Down choose a section
    or scroll the text; Left/Right change the game; Ctrl+F (or /) goes to the search; Esc goes back.
    """

    def __init__(self, theme: Theme, rules: Rules, back: Callable[[], None], at: RuleRef | None = None,
                 games: Sequence[Rules] = ()) -> None:  # fmt: skip
        self.theme = theme
        self.back = back
        self.size = (1280, 800)
        self.dim = False  # True when drawn over the table
        offered = {**{game.variant: game for game in games}, rules.variant: rules}
        self.books = {variant: (game, rule_sections(game)) for variant, game in offered.items()}
        self.rules, self.sections = self.books[rules.variant]  # the game shown, and its sections
        self.game_row: Choice[Variant] | None = None
        if len(self.books) > 1:
            self.game_row = Choice(_("Game"), tuple(self.books), lambda: self.rules.variant, self._choose_game,
                                   variant_name)  # fmt: skip
        self.marked = at
        self.query = ""
        self.search = TextField("", self._search, lambda text: True, 40, _("Search the rules"))
        self.index = ScrollList()
        self.text = ScrollList()
        self.back_button = PushButton(_("Back"), back, _("Esc"))
        above = [self.game_row] if self.game_row is not None else []
        self.ring = FocusRing([*above, self.search, self.index, self.text, self.back_button])
        first = next((s for s in self.sections if at is not None and s.id == at.section), self.sections[0])
        self.shown = first
        self._fill_index(self._found())
        self.ring.focus(self.index)
        self._focus_text = at is not None  # once the text is laid out, it takes the focus

    # -- what is shown ------------------------------------------------------------------------------------------

    def found(self) -> list[Section]:
        """The sections the search finds: of every game offered while searching, else all the shown game's."""
        return [section for _game, section in self._found()]

    def _found(self) -> list[tuple[Variant, Section]]:
        games = tuple(self.books) if self.query.strip() else (self.rules.variant,)
        return [(game, section) for game in games for section in self.books[game][1] if section.matches(self.query)]

    def _fill_index(self, found: list[tuple[Variant, Section]]) -> None:
        """The sections found, under each game's name when a search looks in several games."""
        headed = len(self.books) > 1 and bool(self.query.strip())
        items: list[Widget] = []
        for number, (game, section) in enumerate(found):
            if headed and (number == 0 or found[number - 1][0] is not game):
                items.append(TextLine([variant_name(game)], bold=True, dim=True, scale=1.1))
            items.append(SectionEntry(section, self.show))
        self.index.set_items(items)
        for number, entry in enumerate(items):
            if isinstance(entry, SectionEntry) and entry.section is self.shown:
                entry.chosen = True
                self.index.cursor = number

    def _search(self, text: str) -> None:
        self.query = text
        found = self.found()
        if found and not any(section is self.shown for section in found):
            self.show(found[0])
        self._fill_index(self._found())
        self._fill_text()

    def _choose_game(self, game: Variant) -> None:
        """Show another game's rules, at its section of the same name."""
        self.rules, self.sections = self.books[game]
        self.shown = next((section for section in self.sections if section.id == self.shown.id), self.sections[0])
        self._fill_index(self._found())
        self._fill_text()

    def show(self, section: Section) -> None:
        """Show `section` (of whichever game it is: the Game row follows)."""
        game = next((game for game, (_rules, sections) in self.books.items()
                     if any(own is section for own in sections)), self.rules.variant)  # fmt: skip
        self.rules, self.sections = self.books[game]
        self.shown = section
        for entry in self.index.items:
            if isinstance(entry, SectionEntry):
                entry.chosen = entry.section is section
        self._fill_text()

    def _fill_text(self) -> None:
        px = ui_px(self.size)
        width = self.text.box.w - px - 24
        lines: list[Widget] = []
        if not self.found():
            lines.append(TextLine([_("No section mentions \u201c{words}\u201d.").format(words=self.query)], dim=True))
            self.text.set_items(lines)
            return
        lines.append(TextLine([self.shown.title], bold=True, scale=1.25))
        target = -1
        for paragraph in self.shown.paragraphs:
            marked = self.marked is not None and self.marked.section == self.shown.id
            marked = marked and self.marked is not None and paragraph.anchor == self.marked.anchor
            hit = bool(self.query.strip()) and all(word in paragraph.text.casefold()
                                                   for word in self.query.casefold().split())  # fmt: skip
            if paragraph.changed:
                lines.append(TextLine([_("House rule of this game")], bold=True, dim=True, scale=0.85))
            if marked:
                target = len(lines)
            for line in wrap_lines(self.theme.font(px), paragraph.text, width):
                row = TextLine([line])
                row.highlight = marked or hit
                lines.append(row)
            lines.append(TextLine([""], scale=0.4))
        self.text.offset = 0
        self.text.set_items(lines)
        if target >= 0:
            self.text.scroll_to(target)

    # -- the Scene protocol ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and self._to_search(event):
            self.ring.focus(self.search)
            return
        self.ring.handle(event)
        entry = self.index.current()
        if self.ring.focused is self.index and isinstance(entry, SectionEntry) and entry.section is not self.shown:
            self.show(entry.section)  # the section under the cursor is shown as the cursor moves

    def _to_search(self, event: pygame.event.Event) -> bool:
        ctrl_f = event.key == pygame.K_f and bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        slash = event.key == pygame.K_SLASH and self.ring.focused is not self.search
        return ctrl_f or slash

    def update(self, dt_s: float) -> None:
        return None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        px = ui_px(size)
        width, height = size
        button_h = int(px * 2.4)
        self.back_button.box = Box((width - px * 16) // 2, height - px - button_h, px * 16, button_h)
        top, bottom = int(px * 3.2), self.back_button.box.y - px
        left_w = max(px * 24, (width - 3 * px) // 3)  # room for the longest section title
        self.left_panel = Box(px, top, left_w, bottom - top)
        self.right_panel = Box(2 * px + left_w, top, width - 3 * px - left_w, bottom - top)
        row_top = top + px // 2
        if self.game_row is not None:
            row_h = self.game_row.height(px, left_w - px, self.theme)
            self.game_row.box = Box(self.left_panel.x + px // 2, row_top, left_w - px, row_h)
            row_top += row_h + px // 4
        self.search.box = Box(self.left_panel.x + px // 2, row_top, left_w - px, int(px * 2.2))
        index_top = self.search.box.bottom + px // 2
        self.index.layout(Box(self.left_panel.x + px // 2, index_top, left_w - px // 2,
                              self.left_panel.bottom - index_top - px // 2), px, self.theme)  # fmt: skip
        panel = self.right_panel
        self.text.layout(Box(panel.x + px, panel.y + px // 2, panel.w - px * 3 // 2, panel.h - px), px, self.theme)
        self._fill_text()
        if self._focus_text:
            self.ring.focus(self.text)
            self._focus_text = False

    def draw(self, screen: pygame.Surface) -> None:
        theme, px = self.theme, ui_px(self.size)
        draw_backdrop(screen, theme, _("Rules"), self.size, self.dim)
        draw_panel(screen, theme, self.left_panel)
        draw_panel(screen, theme, self.right_panel)
        self.ring.draw(screen, theme, px)
