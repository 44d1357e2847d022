"""``referee fix``: correct an earlier entry (issue 23).  Thin: ``core.fix`` works the correction
out and the session service saves it; this asks the table and draws the outcome."""

from __future__ import annotations

from typing import Any

from referee.cli import interrupt
from referee.cli.prompter import Prompter
from referee.cli.render import plain_console as console
from referee.cli.render import render
from referee.core import dialog as dialogs
from referee.core import fix as core_fix
from referee.core.errors import RecordError, RefereeError, UsageError
from referee.core.report import Line, Report
from referee.core.service import Fixed, SessionService, fix_reason, game_of, hides_private, is_open, replay
from referee.core.text import Catalog, catalog
from referee.store.sessions import Store


@interrupt.deferring
def fix(store: Store, key: str, entry: str | None, value: str | None, *, truncate: bool = False,
        all_agree: bool = False, note: str = "", lang: str | None = None,
        prompter: Prompter | None = None) -> None:
    """``--entry`` and ``--set``: the correction as given (a breaking later entry refuses, unless
    ``truncate``); neither: the table picks the entry and enters it again."""
    if (entry is None) != (value is None):
        raise UsageError("core.fix.entry_and_set")
    if entry is not None and value is not None:
        from referee.core import jsonio

        try:
            new = jsonio.nfc_document(jsonio.loads(value))  # (names in one form, as imports)
        except RecordError as error:
            raise UsageError("core.fix.bad_json", reason=error.render(lang or "en")) from None
        fixed = SessionService(store).fix(key, entry, new, truncate=truncate, all_agree=all_agree,
                                   note=note, lang=lang)
        tell(fixed, catalog(fixed.lang))
        return
    interactive(store, key, lang, prompter, all_agree=all_agree, note=note)


def tell(fixed: Fixed, t: Catalog, out: Any = None, said: list[Any] | None = None) -> None:
    """What a correction did, in a few lines (``said``: kept there instead, for ``play`` to draw
    under its next board, as the news of an entry)."""
    lines = told(fixed, t)
    if said is not None:
        said.extend(lines)
    else:
        render(lines, out or console())


def told(fixed: Fixed, t: Catalog) -> Report:
    c = fixed.correction
    if fixed.status in ("cancelled", "refused"):
        return [Line(t(f"core.fix.{fixed.status}"))]
    what = core_fix.headline(t, c.entry, c.was, c.now, c.note, fixed.hidden, fixed.prefix)
    lines: Report = [Line(t("core.fix.done_hidden" if fixed.hidden else "core.fix.done", what=what))]
    if c.broken is not None:
        lines.append(Line(t.n("core.fix.truncated", len(c.dropped), entry=c.broken.entry)))
    lines += [Line("  " + x) for x in core_fix.changed_lines(t, c.changed, prefix=fixed.prefix)] or \
        [Line("  " + t("core.fix.no_change"), "muted")]
    return lines


def interactive(store: Store, key: str, lang: str | None, prompter: Prompter | None, *,
                all_agree: bool = False, note: str = "", said: list[Any] | None = None) -> None:
    """Pick an entry, enter it again with the game's own questions (legal-only, private where it
    was private), and correct it.  ``said``: the outcome is kept there (``play`` draws it under
    its next board) instead of printed."""
    out = prompter.console if prompter is not None else console()

    def outcome(text: str) -> None:
        if said is not None:
            said.append(Line(text))
        else:
            out.print(text)

    session = store.open(key, write=False)
    game = game_of(session)
    parsed, _state, steps = _steps(game, session)
    lang = lang or session.lang
    t = catalog(lang)
    prompter = prompter or Prompter.for_terminal(out, lang, "core.fix.no_terminal")
    prompter.open = is_open(session)
    prompter.require()
    if not steps:
        outcome(t("core.fix.no_entries"))
        return
    hidden = hides_private(game, session, _state)
    groups: dict[str, list[int]] = {}
    for i, s in enumerate(steps):
        groups.setdefault(group_of(s.location), []).append(i)
    names = list(groups)
    # a way back at each list (a trial: only an entry could be picked, then cancelled)
    cancel = dialogs.Choice(t("core.fix.cancel_choice"), dialogs.UNDO, "u")
    if len(names) > 1:  # first the round (or the turns, ten at a time), then its entry
        name = prompter.ask(dialogs.Select("fix.group", t("core.fix.choose_group"),
                                           [*(dialogs.Choice(_group_label(game, t, n, groups[n], steps, hidden), n)
                                              for n in names), cancel],
                                           default=names[-1]))
    else:
        name = names[0]
    if name is dialogs.UNDO:
        outcome(t("core.fix.cancelled"))
        return
    choices = [dialogs.Choice(_label(game, t, steps[i], hidden), i) for i in groups[name]]
    k = prompter.ask(dialogs.Select("fix.entry", t("core.fix.choose_entry"), [*choices, cancel],
                                    default=groups[name][-1]))
    if k is dialogs.UNDO:
        outcome(t("core.fix.cancelled"))
        return
    actions = [s.action for s in steps]
    before = replay(game, game.write_record(parsed.players, actions[:k], parsed.meta))[1]
    colors = parsed.meta.get("colors") or {}
    hints = bool(session.settings.get("hints")) and game.info.has_hints
    def agree(players: list[str]) -> bool:
        out.print(t("core.fix.secret_note"))
        for name in players:
            if not prompter.ask(dialogs.Confirm("fix.agree", t("core.fix.secret_confirm", player=name))):
                return False
        return True

    # an entry chosen in secret and revealed since (skirmish cards, an army): every player agrees
    # BEFORE it is entered again (a trial: the new cards were revealed, then a player refused)
    if not all_agree and game.is_secret(actions[k]) and not prompter.open:
        if not agree(list(parsed.players)):
            outcome(t("core.fix.refused"))
            return
        all_agree = True
    out.print(t("core.fix.reenter", entry=core_fix.where(t, steps[k].location, prefix=game.info.text_prefix)))
    prompter.new_entry()
    dialog = game.dialog(before, t, colors, hints=hints, open=True) if prompter.open else \
        game.dialog(before, t, colors, hints=hints)
    new = dialogs.run(dialog, lambda q: prompter.ask(_cancel_for_undo(t, q)))
    if new is dialogs.UNDO or new == actions[k]:
        outcome(t("core.fix.cancelled"))
        return
    location, value = core_fix.entry_value(game, parsed.players, [*actions[:k], new],
                                           parsed.meta, k)
    if location != steps[k].location:  # the new entry lies elsewhere in the record
        raise RefereeError("core.fix.bad_value", location=steps[k].location)
    if not note:
        note = prompter.ask(dialogs.Text("fix.note", t("core.fix.note"), lambda x: x.strip()))

    def decide(c: Any) -> bool:
        out.print(t("core.fix.broken", entry=c.broken.entry,
                    reason=fix_reason(c.broken.error, lang, hidden)))
        return bool(prompter.ask(dialogs.Confirm("fix.truncate",
                                                 t("core.fix.stop_here", entry=c.broken.entry))))

    fixed = SessionService(store).fix(key, location, value, all_agree=all_agree, note=note, lang=lang,
                               decide=decide, agree=agree)
    tell(fixed, catalog(fixed.lang), out, said)


def _cancel_for_undo(t: Catalog, q: Any) -> Any:
    """An entry entered again offers the game's "undo the last entry" choice: here it cancels the
    correction, and says so (the tmux trial found "Undo the last entry" misleading there)."""
    if isinstance(q, dialogs.Select) and any(c.value is dialogs.UNDO for c in q.choices):
        from dataclasses import replace

        return replace(q, choices=[replace(c, label=t("core.fix.cancel_choice"))
                                   if c.value is dialogs.UNDO else c for c in q.choices])
    return q


def group_of(location: str) -> str:
    """Where an entry lies, for the list: its round (``rounds[4]``), its ten turns
    (``turns[10–19]``) or its part of the record (``armies``)."""
    try:
        path = core_fix.path_of(location)
    except ValueError:
        return location
    if len(path) >= 2 and isinstance(path[1], int):
        if len(path) == 2:
            low = path[1] // 10 * 10
            return f"{path[0]}[{low}–{low + 9}]"
        return core_fix.location_of(path[:2])
    return str(path[0])


def _steps(game: Any, session: Any) -> tuple[Any, Any, list[Any]]:
    parsed = game.parse_record(session.record)
    replay(game, session.record, session.path)  # a damaged session is named as such
    state, steps = parsed.replay()
    return parsed, state, steps


def _group_words(t: Catalog, name: str, prefix: str = "") -> str:
    """A part of the record in the list, in words ("Round 5", "Turns 11–20", "armies")."""
    low, dash, high = name.partition("–")
    if dash and low.startswith("turns[") and high.endswith("]"):
        return t("core.fix.said.turns", low=int(low[6:]) + 1, high=int(high[:-1]) + 1)
    return core_fix.where(t, name, prefix=prefix)


def _said(game: Any, t: Catalog, action: Any, hidden: bool) -> str | None:
    """An entry in words as the shared screen may say it (``None``: nothing but its place).
    ``hidden`` (a game in progress that does not play open, issue 22): the game's
    ``public_describe`` leaves its private values out (a card face down in a camp is named by
    its place and kind); a game without it names a secret entry by its place only."""
    if hidden:
        public = getattr(game, "public_describe", None)
        if public is not None:
            return str(public(t, action))
        if game.is_secret(action):
            return None
    return str(game.describe(t, action))


def _group_label(game: Any, t: Catalog, name: str, entries: list[int], steps: list[Any],
                 hidden: bool) -> str:
    """A part of the record in the list; one that holds one entry (a setup choice) says it."""
    words = _group_words(t, name, game.info.text_prefix)
    said = _said(game, t, steps[entries[0]].action, hidden) if len(entries) == 1 else None
    return words if said is None else f"{words}: {said}"


def _label(game: Any, t: Catalog, step: Any, hidden: bool) -> str:
    """An entry in the list: where it lies in its round or turn ("placements #2", or the turn
    itself) and what it was, in words, but for its private values (``_said``)."""
    words = core_fix.where(t, step.location, head=False, prefix=game.info.text_prefix) \
        or core_fix.where(t, step.location, prefix=game.info.text_prefix)
    said = _said(game, t, step.action, hidden)
    return words if said is None else f"{words}: {said}"


