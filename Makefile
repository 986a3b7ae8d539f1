# duoplay: `make run` starts the server, `make test` runs every test. Both install what they need.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PREPARED := $(VENV)/.prepared
EXTRAS := server,ai,bench,dev,duos,duple,openspiel

.PHONY: run test test-fast lint system-deps build-deps bench soak probe screenshots clean

$(STAMP): pyproject.toml setup.py src/duoplay/games/uno_duo/ai/_compiled.c src/duoplay/games/uno_duo/_native.c | build-deps
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip==25.3
	$(PY) -m pip install --quiet -e ".[$(EXTRAS)]"
	@# spylls ships its own test suite as a top-level `tests` package, which shadows ours in
	@# subprocesses (bot pool workers, servers under test): remove that stray package.
	$(PY) -c "import importlib.metadata as m, shutil; d = m.distribution('spylls'); \
	  [shutil.rmtree(d.locate_file(f).parent, ignore_errors=True) for f in d.files or () if str(f) == 'tests/__init__.py']"
	touch $(STAMP)

# A C compiler and Python's headers build the optional C modules of UNO Duo's rules and learning
# environment (setup.py); without them `pip install` goes on and the pure-Python path runs.
build-deps:
	@missing=""; \
	command -v gcc >/dev/null || missing="$$missing gcc"; \
	include=$$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])'); \
	test -f "$$include/Python.h" || missing="$$missing python3-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

# Debian packages the tests use (the browser and its headless shell, an emoji font as players'
# devices have, PostgreSQL, Redis and nginx for the cluster, a terminal, WordNet and FreeDict
# dictionaries for the DUOS bot, spelling dictionaries for the Duple judge), installed once, only
# when missing.
system-deps:
	@missing=""; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	test -x /usr/bin/chromium-headless-shell || missing="$$missing chromium-headless-shell"; \
	test -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf || missing="$$missing fonts-noto-color-emoji"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	test -x /usr/sbin/nginx || missing="$$missing nginx"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	test -f /usr/share/wordnet/index.noun || missing="$$missing wordnet-base"; \
	test -f /usr/share/hunspell/es_ES.dic || missing="$$missing hunspell-es"; \
	test -f /usr/share/hunspell/en_US.dic || missing="$$missing hunspell-en-us"; \
	test -f /usr/share/hunspell/sv_SE.dic || missing="$$missing hunspell-sv"; \
	test -f /usr/share/hunspell/pl_PL.dic || missing="$$missing hunspell-pl"; \
	test -f /usr/share/hunspell/fr_FR.dic || missing="$$missing hunspell-fr"; \
	/sbin/ldconfig -p | grep -q libhunspell-1.7.so.0 || missing="$$missing libhunspell-1.7-0"; \
	for dictionary in swe-eng swe-spa swe-deu swe-fra spa-eng fra-eng pol-eng; do \
	  ls /usr/share/dictd/freedict-$$dictionary.* >/dev/null 2>&1 || missing="$$missing dict-freedict-$$dictionary"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

CACHED = env -u PYTHONDONTWRITEBYTECODE

# What the games derive once per machine from the installed packages and dictionaries (duoplay
# prepare): part of installing, so no test or first match pays it.
$(PREPARED): $(STAMP) | system-deps
	$(VENV)/bin/duoplay prepare
	touch $(PREPARED)

run: $(PREPARED)
	$(VENV)/bin/duoplay serve --host 127.0.0.1 --port 8000

# Three workers on two cores: browser tests spend much of their time waiting on pages and servers.
# The lint runs beside them (its output after theirs), and either failing fails the target.
# Byte code is cached for the run even where the environment turns that off: hundreds of servers,
# bot workers and commands start during it, and each compiled the package and its tests again.
test: $(PREPARED) system-deps
	@$(MAKE) --no-print-directory lint > .lint.log 2>&1 & linting=$$!; \
	$(CACHED) $(PY) -m compileall -q -j 0 src; \
	$(CACHED) $(PY) -m pytest -n 3 -q --durations=15 -m "not netns"; tested=$$?; \
	$(CACHED) $(PY) -m pytest -q -m netns; isolated=$$?; \
	wait $$linting; linted=$$?; cat .lint.log; rm -f .lint.log; \
	[ $$tested -eq 0 ] && [ $$isolated -eq 0 ] && [ $$linted -eq 0 ]

test-fast: $(PREPARED)
	$(CACHED) $(PY) -m pytest -n 2 -q -m "not slow and not browser and not postgres and not live"

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy

# The browser tests save the pictures the README and docs show.
screenshots: $(PREPARED) system-deps
	DUOPLAY_SCREENSHOTS=1 $(PY) -m pytest -q -m browser tests/web

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/bot_strength.py --rounds 400

# 10 minutes of mixed load, churn, fuzzing and kill -9 on a real server (not part of `make test`).
soak: $(STAMP)
	$(PY) benchmarks/soak.py --minutes 10

# The attacks of the hardening issue on a real server beside a well-behaved room, about 2 minutes
# (not part of `make test`); its last line: `probe: N attacks, B breaks, victim p99 X ms`.
probe: $(STAMP)
	$(PY) benchmarks/probe.py --seconds 12

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
