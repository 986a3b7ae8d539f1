"""Check that the AI part installs from a built wheel into a fresh virtual environment, without the
server stack, and plays: build a wheel of the committed tree (`git archive HEAD`), make a venv,
`pip install 'duoplay-*.whl[ai]'`, then evaluate the heuristic bot against the random bot there.

    python benchmarks/ai_install_check.py [--keep DIR]

Needs network access to the package index (setuptools for the build, the `ai` extra's packages)
unless pip's cache holds them; takes a minute or two.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
PLAY = """
import importlib.util
from duoplay.ai import evaluate
from duoplay.games.uno_duo.ai import compiled
result = evaluate("heuristic", "uno-duo", "random", games=20, game_options={"target_score": 30})
print("C module:", compiled.AVAILABLE, "| heuristic vs random:", result)
server = [m for m in ("starlette", "uvicorn", "websockets") if importlib.util.find_spec(m)]
print("server stack installed:", server or "none")
"""


def run(command: list[str], cwd: Path) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done.stdout


def check(work: Path) -> str:
    source, dist, fresh = work / "src", work / "dist", work / "fresh"
    source.mkdir()
    steps = tqdm(total=4, desc="install check", unit="step")
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    steps.update()
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", str(source), "-w", str(dist)], work)
    wheel = next(dist.glob("duoplay-*.whl"))
    steps.update()
    venv.create(fresh, with_pip=True)
    python = fresh / "bin" / "python"
    run([str(python), "-m", "pip", "install", f"{wheel}[ai]"], work)
    steps.update()
    played = run([str(python), "-c", PLAY], Path("/"))  # not the checkout: the installed package
    steps.update()
    steps.close()
    installed = run([str(python), "-m", "pip", "list", "--format=freeze"], work)
    return f"wheel: {wheel.name}\ninstalled: {' '.join(installed.split())}\n{played}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="work in this (empty) directory and keep it")
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        print(check(args.keep))
        return
    with tempfile.TemporaryDirectory() as work:
        print(check(Path(work)))


if __name__ == "__main__":
    main()
