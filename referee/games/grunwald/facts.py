"""Na Grunwald!'s facts at one shared screen (issue 22; docs/table.md; rulebook 001)."""

from referee.core.facts import MEMORY_AID, PRIVATE, PUBLIC, Fact

FACTS = (
    Fact("the cards revealed on the board, the pawns, ducats, provisions and helpers", PUBLIC,
         "Z każdego ze stosów należy odkryć wierzchnią kartę.",
         "The top card of each stack is revealed."),
    Fact("a player's hand (knights taken face up from the board)", MEMORY_AID,
         "Pozostałe karty rycerzy gracze cały czas trzymają w ręku.",
         "The players keep their other knight cards in hand all the time."),
    Fact("a player's camp: the values of the cards in it (how many: public)", PRIVATE,
         "kładziemy ją na stół rewersem do góry",
         "we put it on the table face down"),
    Fact("the skirmish card, until all are revealed", PRIVATE,
         "wybierają po jednej karcie spośród kart trzymanych w dłoni i wykładają je zakryte na stół",
         "each chooses one card from those held in hand and lays it face down on the table"),
    Fact("the skirmish cards once revealed", PUBLIC,
         "gracze jednocześnie odkrywają wyłożone karty",
         "the players reveal the cards laid out at the same time"),
)
