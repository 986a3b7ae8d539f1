"""Every refusal a game raises is a message id with parameters, as clients translate it.

A catalog extractor reads the first argument of each error call, so templates must be
literal strings (not f-strings, not built at run time), and every `{name}` in a template
must be a keyword the call passes. Clients fill `{name}` only: no conversions or formats.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import duoplay.games
from duoplay.core import errors

GAMES = Path(duoplay.games.__file__).parent
ERROR_NAMES = {name for name, value in vars(errors).items()
               if isinstance(value, type) and issubclass(value, errors.GameError)}
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
SOURCES = sorted(GAMES.rglob("*.py"))


def error_calls(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERROR_NAMES]


def test_the_games_raise_errors_at_all() -> None:
    assert sum(len(error_calls(ast.parse(path.read_text("utf-8")))) for path in SOURCES) > 40


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(GAMES)))
def test_error_templates_are_literal_and_their_parameters_are_passed(path: Path) -> None:
    for call in error_calls(ast.parse(path.read_text("utf-8"))):
        where = f"{path.name}:{call.lineno}"
        assert call.args, f"{where}: an error needs a template"
        template = call.args[0]
        assert isinstance(template, ast.Constant) and isinstance(template.value, str), (
            f"{where}: the template must be a literal string (not an f-string or a variable)")
        assert len(call.args) == 1, f"{where}: parameters are passed by keyword"
        names = PLACEHOLDER.findall(template.value)
        for name in names:
            assert name.isidentifier(), f"{where}: {{{name}}} is not a plain parameter name"
        passed = {k.arg for k in call.keywords if k.arg is not None}
        spread = any(k.arg is None for k in call.keywords)  # **COLOUR_NAMES
        missing = set(names) - passed
        assert not missing or spread, f"{where}: the template names {sorted(missing)}, the call passes none"
        unused = passed - set(names)
        assert not unused, f"{where}: parameters {sorted(unused)} are not in the template"
