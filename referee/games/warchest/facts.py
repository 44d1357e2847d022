"""War Chest's facts at one shared screen (issue 22; docs/table.md; rulebook 004)."""

from referee.core.facts import MEMORY_AID, PRIVATE, PUBLIC, Fact

FACTS = (
    Fact("the coins drawn: a player's hand", PRIVATE,
         "tak, aby przeciwnik nie widział, jakie sztony zostały wylosowane",
         "so that the opponent does not see which coins were drawn"),
    Fact("the coin discarded face down (initiative, recruit, pass)", PRIVATE,
         "nie pokazuj przeciwnikowi, jaki to szton",
         "do not show the opponent which coin it is"),
    Fact("a player's exact bag and face-down discard (they would tell the hand)", PRIVATE,
         "nie pokazuj przeciwnikowi, jaki to szton",
         "do not show the opponent which coin it is"),
    Fact("a coin played face up, the map, the control markers, the face-up discard", PUBLIC,
         "Odkryte sztony na stosie sztonów odrzuconych pozostają widoczne dla przeciwnika",
         "Face-up coins on the discard pile stay visible to the opponent"),
    Fact("the coin recruited from the supply", PUBLIC,
         "pokaż go przeciwnikowi",
         "show it to the opponent"),
    Fact("what each bag, hand and face-down discard may hold together (supply, face-up "
         "discard, removed coins, the next draw)", MEMORY_AID,
         "Wiedza, jakie sztony zostały odrzucone, stanowi jeden z kluczowych aspektów taktycznych "
         "tej gry.",
         "Knowing which coins were discarded is one of the game's key tactical aspects."),
)
