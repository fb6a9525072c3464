VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
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
	touch $(STAMP)

test: lint typecheck pytest pytest-compiled

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP)
	BIGBLIND_EXPECT_COMPILED=0 $(VENV)/bin/pytest

# The dependencies of the compiled venv change with pyproject.toml only; bigblind itself
# is rebuilt from the working tree on every run (mypyc: about a minute on two cores).
$(CSTAMP): pyproject.toml setup.py
	python3 -m venv $(CVENV)
	$(CPY) -m pip install --quiet --upgrade pip
	BIGBLIND_PURE_PYTHON=1 $(CPY) -m pip install --quiet '.[dev,env,distributed,server]' 'setuptools>=77'
	touch $(CSTAMP)

compiled: $(CSTAMP)
	$(CPY) -m pip install --quiet --no-deps --no-build-isolation --force-reinstall .
	$(CVENV)/bin/bigblind --version

# The whole suite against the compiled wheel: the tests, this README and the doctests of
# the installed modules (the compiled ones included), never the sources in src/.
pytest-compiled: compiled
	BIGBLIND_EXPECT_COMPILED=1 PY_IGNORE_IMPORTMISMATCH=1 $(CPY) -m pytest -p no:cacheprovider tests README.md \
		"$$($(CPY) -c 'import bigblind, os; print(os.path.dirname(bigblind.__file__))')"

play: $(STAMP)
	$(VENV)/bin/bigblind play

serve: $(STAMP)
	$(VENV)/bin/bigblind serve

clean:
	rm -rf $(VENV) $(CVENV) build *.egg-info src/*.egg-info .mypy_cache .pytest_cache .ruff_cache
