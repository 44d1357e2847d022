"""The one error family: a rule-breaking entry always names its rule; every record error renders as
one line with its file, location and rule id, in either language."""

from __future__ import annotations

import pytest

from referee.core.errors import RecordError, RefereeError, RuleError, from_file


def test_a_rule_error_is_a_record_error_that_names_its_rule():
    error = RuleError("NG-C1", "players", "grunwald.error.player_count", count=1)
    assert isinstance(error, RecordError) and isinstance(error, RefereeError)
    assert error.rule == "NG-C1" and error.location == "players"
    with pytest.raises(ValueError):
        RuleError(None, "players", "grunwald.error.player_count", count=1)


def test_a_format_error_has_no_rule():
    error = RecordError(None, "rounds[0]", "core.record.missing_key", key="reveal")
    assert error.rule is None
    assert error.render("en").startswith("rounds[0]: ")


def test_record_errors_name_their_file_location_and_rule_in_both_languages():
    with pytest.raises(RuleError) as info, from_file("g.json"):
        raise RuleError("NG-C1", "players", "grunwald.error.player_count", count=1)
    for lang in ("en", "pl"):
        line = info.value.render(lang)
        assert line.startswith("g.json: players: NG-C1: ") and "\n" not in line
    assert info.value.as_dict("en")["rule"] == "NG-C1"


def test_a_quoted_value_never_breaks_the_error_line():
    """Found by the record-shape fuzzer (issue 24): a name or value holding a line separator
    (``\\n``, ``\\x85``, ``\\u2028`` …) made a two-line error; it is escaped, in both languages."""
    from referee.core.errors import RecordError, RuleError

    for breaker in ("\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"):
        for error in (RecordError(None, "rounds[0].placements[0].pawn", "grunwald.record.bad_pawn",
                                  value=f"a{breaker}b"),
                      RuleError("NG-C1", "rounds[0].placements[0].player", "grunwald.error.unknown_player",
                                player=f"Ola{breaker}", players="Ola, Bartek")):
            for lang in ("en", "pl"):
                assert len(error.render(lang).splitlines()) == 1, (breaker, error.render(lang))
