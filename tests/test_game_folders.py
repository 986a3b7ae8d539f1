"""A game is one folder: no module outside `games/<game>/` and `web/games/<game>/` names a game,
and a game's modules import neither the shell, the server, the web client nor another game.

The names come from the registry (id, aliases, package, display name), so a new game is
covered as soon as it is registered.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from duoplay.core import declared
from duoplay.core.registry import find_game, game_ids

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "duoplay"
GAMES = SRC / "games"
MODULES = (".py", ".js", ".css", ".html")  # message catalogs and other data files are not modules
SHELL = ("duoplay.server", "duoplay.cli", "duoplay.web")

def _package(game: Any) -> str:
    """The game's package: its folder under games/, or its top-level package if it lives elsewhere."""
    parts = type(game).__module__.split(".")
    return parts[2] if parts[:2] == ["duoplay", "games"] and len(parts) > 2 else parts[0]


def _games() -> list[Any]:
    return [find_game(game_id) for game_id in game_ids()]


def _names() -> set[str]:
    """Every name of every registered game, in lower case."""
    return {name.lower() for game in _games()
            for name in (game.id, *game.aliases, _package(game), game.name)}


def _matcher(names: set[str]) -> re.Pattern[str]:
    """A name as a word (letters, digits and _ around it end it), any case, any spacing."""
    words = sorted((r"\s+".join(map(re.escape, name.split())) for name in names), key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(words) + r")(?![A-Za-z0-9_])", re.IGNORECASE)


def _game_folders() -> list[Path]:
    return [folder for game in _games()
            for folder in (GAMES / _package(game), SRC / "web" / "games" / declared.web_table(game))]


def _platform_modules() -> Iterator[Path]:
    folders = _game_folders()
    for path in sorted(SRC.rglob("*")):
        if path.suffix in MODULES and path.is_file() and not any(path.is_relative_to(f) for f in folders):
            yield path


def _places(pattern: re.Pattern[str]) -> list[tuple[str, int, str]]:
    """(file, line, name) of every game name in a platform module."""
    found = []
    for path in _platform_modules():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in pattern.finditer(line):
                name = " ".join(match.group(1).lower().split())
                found.append((path.relative_to(ROOT).as_posix(), number, name))
    return found


def test_the_names_come_from_the_registry_and_are_found_as_words() -> None:
    names = _names()
    assert {game.id for game in _games()} <= names
    pattern = _matcher(names)
    for name in names:
        assert pattern.search(f'find_game("{name.upper()}")'), name
        assert not pattern.search(f"x{name}x"), name


def test_no_platform_module_names_a_game() -> None:
    places = [f"{path}:{line}: {name!r}" for path, line, name in _places(_matcher(_names()))]
    assert not places, ("a module outside the game folders names a game; move what it says about the "
                        "game into the game's folder, behind a declaration:\n" + "\n".join(places))


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) of every import in a module, relative ones resolved, and of every
    string that names a module to load ("duoplay.x.y" or "duoplay.x.y:attribute")."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(("duoplay", *path.relative_to(SRC).with_suffix("").parts))
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            yield node.lineno, module
            yield from ((node.lineno, f"{module}.{alias.name}") for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and re.fullmatch(r"duoplay(\.\w+)+(:\w+)?", node.value):
            yield node.lineno, node.value.partition(":")[0]


def _is_within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_games_import_only_the_core_and_their_own_package() -> None:
    packages = {folder.name for folder in GAMES.iterdir() if folder.is_dir() and folder.name != "__pycache__"}
    packages |= {_package(game) for game in _games()}
    found = []
    for path in sorted(GAMES.rglob("*.py")):
        parts = path.relative_to(GAMES).parts
        own = parts[0] if len(parts) > 1 else None
        others = [f"duoplay.games.{p}" for p in sorted(packages) if p != own]
        lines = {line: module for line, module in _imports(path)
                 if any(_is_within(module, forbidden) for forbidden in (*SHELL, *others))}
        found += [f"{path.relative_to(ROOT).as_posix()}:{line}: imports {module}"
                  for line, module in sorted(lines.items())]
    assert not found, "a game depends on the platform's shell or on another game:\n" + "\n".join(found)
