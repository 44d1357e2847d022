"""Medieval Battle's facts at one shared screen (issue 22; docs/table.md; rulebook 002)."""

from referee.core.facts import PRIVATE, PUBLIC, Fact

FACTS = (
    Fact("an army, until both are chosen (MB-R1)", PRIVATE,
         "budują swoje armie dokonując w sekrecie wyboru żetonów oddziałów",
         "build their armies choosing the unit counters in secret"),
    Fact("the map, the units on it and off it, flags, victory points, time tokens", PUBLIC,
         "Gracze mogą przyjrzeć się planszy",
         "The players may look over the board"),
)
