"""Kajko i Kokosz's facts at one shared screen (issue 22; docs/table.md; rulebook 003)."""

from referee.core.facts import MEMORY_AID, PUBLIC, Fact

FACTS = (
    Fact("the cards before each player (their front), the stacks' sizes", PUBLIC,
         "Karty muszą leżeć tak, aby przeciwnicy widzieli, co się na nich znajduje.",
         "The cards must lie so that the opponents see what is on them."),
    Fact("the dangers still in each stack", MEMORY_AID,
         "Zapamiętaj, jakie karty zostały już odkryte",
         "Remember which cards have already been revealed"),
    Fact("the cards sent to the town (face down on the characters; how many: public)",
         MEMORY_AID,
         "żaden gracz nie może ich podglądać w trakcie gry",
         "no player may look at them during the game"),
)
