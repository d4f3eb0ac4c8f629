"""What the table tells the human about his own actions on the message line while he plays on (the log has it all):
what his red threes did to the score, his side's red threes turning to count for it, and where the table put the
wild cards of a meld step whose melds he did not name ("2♥ and joker went to our queens.")."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.cards import Card
from canasta.engine.events import Event, MeldEvent, RedThreeEvent
from canasta.engine.playerview import PlayerView
from canasta.engine.refusal_text import list_words
from canasta.i18n import ngettext
from canasta.ui.table.narration.sentences import Line, card_label, meld_holding, red_three_news


def own_news(groups: Sequence[Sequence[Event]], lines: Sequence[Line], view: PlayerView) -> str | None:
    """The news of the actions just heard (`groups`, each action's events, with the `lines` announcing them) for
    the human whose `view` this is: None when none of them is his (his news stands), else the words in short ("" for
    nothing worth telling beyond the prompt)."""
    news: list[str] = []
    his = False
    for group, line in zip(groups, lines, strict=True):
        threes = [event.card for event in group if isinstance(event, RedThreeEvent) and event.seat == view.seat]
        if threes:
            news.append(red_three_news(view, threes))
        for event in group:
            if isinstance(event, MeldEvent) and event.seat == view.seat:
                news.extend(wilds_went(view, event))
        if line.seat == view.seat:
            news.extend(line.notes)
        his = his or bool(threes) or line.seat == view.seat
    return " ".join(news) if his else None


def wilds_went(view: PlayerView, event: MeldEvent) -> list[str]:
    """Where the wild cards of the human's meld step went, where the step itself does not say it (wild cards alone,
    or several melds at once): "2♥ and joker went to our queens."; nothing otherwise."""
    groups = [*event.new, *(cards for _rank, cards in event.add), *(cards for _index, cards in event.add_to)]
    cards = [card for group in groups for card in group]
    wilds = [card for card in cards if card.is_wild]
    if not wilds or (len(groups) == 1 and len(wilds) < len(cards)):
        return []
    went: dict[str, list[Card]] = {}
    for card in wilds:
        went.setdefault(meld_holding(view, view.seat, (card,)), []).append(card)
    sentences = [
        ngettext("{cards} went to {meld}.", "{cards} went to {meld}.", len(held)).format(
            cards=list_words([card_label(card) for card in held]), meld=meld
        )
        for meld, held in went.items()
    ]
    return [sentence[:1].upper() + sentence[1:] for sentence in sentences]  # "Joker went to …"
