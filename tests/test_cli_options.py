"""Issue 27, item 5: the command line's conveniences.  ``referee --version`` (from the package's
metadata), Typer's shell completion, and the global options (``--lang``, ``--data-dir``) accepted
after the subcommand as well as before it."""

from __future__ import annotations

import json
from importlib.metadata import version

import pytest
import typer

from referee.cli.app import app
from tests.conftest import referee


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """A data folder with one session, ``x`` (the tests only read it)."""
    data = str(tmp_path_factory.mktemp("options") / "data")
    done = referee("--data-dir", data, "new", "--players", "Ala,Bob", "--no-play", "--name", "x")
    assert done.returncode == 0, done.stderr
    return data


def test_version_is_the_installed_package_version():
    done = referee("--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"referee {version('referee')}\n", "")


def test_the_data_dir_after_the_subcommand_is_the_data_dir_before_it(archive):
    before = referee("--data-dir", archive, "show", "x")
    after = referee("show", "x", "--data-dir", archive)
    assert before.returncode == after.returncode == 0, (before.stderr, after.stderr)
    assert after.stdout == before.stdout
    listed = json.loads(referee("list", "--json", "--data-dir", archive).stdout)
    assert [s["name"] for s in listed] == ["x"]  # that archive, not the default one


def test_the_language_after_the_subcommand_is_the_language_before_it(archive):
    before = referee("--lang", "pl", "--data-dir", archive, "list")
    after = referee("list", "--lang", "pl", "--data-dir", archive)
    assert before.returncode == after.returncode == 0
    assert after.stdout == before.stdout and "Gracze" in after.stdout


def test_both_positions_at_once_the_one_after_the_subcommand_wins(archive):
    done = referee("--lang", "pl", "list", "--lang", "en", "--data-dir", archive)
    assert done.returncode == 0 and "Players" in done.stdout and "Gracze" not in done.stdout


def test_a_wrong_language_after_the_subcommand_is_a_usage_error(archive):
    done = referee("list", "--lang", "xx", "--data-dir", archive)
    assert done.returncode == 2 and "--lang" in done.stderr and "Traceback" not in done.stderr


def test_every_command_takes_the_global_options_and_says_so_in_its_help():
    group = typer.main.get_command(app)
    assert group.commands  # (every command, a new one too)
    for name, command in group.commands.items():
        options = {o for p in command.params for o in p.opts}
        assert {"--lang", "--data-dir"} <= options, name
        assert "--data-dir" in command.get_help(typer.Context(command, info_name=name)), name


def test_shell_completion_is_on():
    done = referee("--show-completion", "bash")
    assert done.returncode == 0 and "_REFEREE_COMPLETE" in done.stdout
    completed = referee(env={"_REFEREE_COMPLETE": "complete_bash", "COMP_WORDS": "referee show x --da",
                             "COMP_CWORD": "3"})
    assert completed.stdout.split() == ["--data-dir"]  # the global option after a subcommand too


def test_the_completion_options_are_described_in_the_tables_language():
    done = referee("--help", env={"REFEREE_LANG": "pl"})
    assert "--version" in done.stdout and "Wypisz wersję" in done.stdout
    assert "--install-completion" in done.stdout and "uzupełniania" in done.stdout
    assert "Install completion for the current shell" not in done.stdout  # (Typer's own English)
