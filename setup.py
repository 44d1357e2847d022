"""What pyproject.toml cannot say: the packages are *found* — every folder under referee/ with an
``__init__.py``, so a new game's folder ships without an edit — and ``prompts/`` ships beside them
as ``referee.prompts`` (its folder is mapped in pyproject.toml).  Setuptools' automatic discovery
(``[tool.setuptools.packages.find]``) cannot add a package that lives outside the folders it
searches, and ``packages`` is either that table or a fixed list, so the two are joined here."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["referee", "referee.*"]), "referee.prompts"])
