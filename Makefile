VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# What playing needs alone (the core: numpy, numba, textual, rich): `make play` on a fresh
# clone installs no more. `make test` installs everything into the same venv.
PLAY_STAMP := $(VENV)/.play
# Both cores (or as many as given): the suite is split over worker processes.
WORKERS ?= 2
# The compiled form: a wheel built with mypyc, installed into a venv of its own.
CVENV ?= .venv-compiled
CPY := $(CVENV)/bin/python
CSTAMP := $(CVENV)/.deps

.PHONY: test lint typecheck pytest compiled pytest-compiled play serve clean

# The development install is editable and pure Python: edits take effect at once.
$(STAMP): pyproject.toml setup.py
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	BIGBLIND_PURE_PYTHON=1 $(PY) -m pip install --quiet -e '.[dev,env,distributed,server]'
	touch $(STAMP) $(PLAY_STAMP)

$(PLAY_STAMP): pyproject.toml setup.py
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	BIGBLIND_PURE_PYTHON=1 $(PY) -m pip install --quiet -e .
	touch $(PLAY_STAMP)

test: lint typecheck pytest pytest-compiled

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP)
	BIGBLIND_EXPECT_COMPILED=0 $(VENV)/bin/pytest -n $(WORKERS)

# The dependencies of the compiled venv change with pyproject.toml only; bigblind itself
# is rebuilt from the working tree on every run (mypyc: about a minute on two cores).
$(CSTAMP): pyproject.toml setup.py
	python3 -m venv $(CVENV)
	$(CPY) -m pip install --quiet --upgrade pip
	BIGBLIND_PURE_PYTHON=1 $(CPY) -m pip install --quiet '.[dev,env,distributed,server]' 'setuptools>=77'
	touch $(CSTAMP)

compiled: $(CSTAMP)
	rm -rf build  # setuptools would pack the extensions of an earlier build too
	$(CPY) -m pip install --quiet --no-deps --no-build-isolation --force-reinstall .
	$(CVENV)/bin/bigblind --version

# What compiling can change, against the compiled wheel: the tests of the compiled modules
# (the engine, the deck, the evaluator) and of the layers that call them directly (sessions,
# formats, bots, the batch engine's replays), the package's build and import, this README and the doctests of the
# installed modules, never the sources in src/. The interfaces above (room, terminal, CLI,
# environment) reach the engine only through those layers and run in the pure form.
# PY_IGNORE_IMPORTMISMATCH lets pytest take a module's doctests from the extension that the
# import finds beside its .py file.
COMPILED_TESTS := tests/engine tests/evaluation tests/sessions tests/formats tests/bots tests/fast \
	tests/test_build.py tests/test_cards.py tests/test_package.py
pytest-compiled: compiled
	BIGBLIND_EXPECT_COMPILED=1 PY_IGNORE_IMPORTMISMATCH=1 $(CPY) -m pytest -p no:cacheprovider \
		-n $(WORKERS) $(COMPILED_TESTS) README.md \
		"$$($(CPY) -c 'import bigblind, os; print(os.path.dirname(bigblind.__file__))')"

play: $(PLAY_STAMP)
	$(VENV)/bin/bigblind play

serve: $(STAMP)
	$(VENV)/bin/bigblind serve

clean:
	rm -rf $(VENV) $(CVENV) build *.egg-info src/*.egg-info .mypy_cache .pytest_cache .ruff_cache
