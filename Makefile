# Two entry points for a fresh machine (Python 3.11+): `make tutorial` (`make tutorial LANG=ar`: in Arabic, `LANG=fa`: in Persian)
# and `make test`.
# Each creates its own virtual environment in .venv on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: tutorial test test-compiled clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# JupyterLab refuses to run as root (containers, CI boxes) unless told it may
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The course starts at lesson 1. JupyterLab prints its URLs with this page as their path, each on a line
# of its own, so a newcomer without a desktop browser can click or copy it. LAB_ARGS adds JupyterLab options.
# LANG=ar (or an Arabic locale, ar_JO.UTF-8) opens the Arabic course instead (notebooks/ar/, the same lessons),
# LANG=fa (or fa_IR.UTF-8) the Persian one (notebooks/fa/).
LESSON1 := notebooks/$(if $(filter ar ar_%,$(LANG)),ar/,$(if $(filter fa fa_%,$(LANG)),fa/,))01_first_hand.ipynb
LAB_ARGS ?=

tutorial: $(STAMP)
	@echo "Opening lesson 1 of the course. If no browser opens, open the URL printed below that ends in"
	@echo "/lab/tree/$(LESSON1)?token=..."
	$(BIN)/jupyter lab $(ROOT_FLAG) --notebook-dir=. --LabApp.default_url=/lab/tree/$(LESSON1) $(LAB_ARGS)

# every test runs here (CI too); the ten slowest are listed at the end to keep the suite's cost in view
test: $(STAMP)
	$(BIN)/python -m pytest -q --durations=10

# The optional compiled core (setup.py, BANAKIL_COMPILE=1; the modules in banakil_replay/native.py) built
# into build/compiled beside the pure .venv, and the tests that tell the two paths apart run on it:
# conformance, the golden playthroughs, fast/plain agreement, the solver. CI runs it after `make test`.
COMPILED := $(CURDIR)/build/compiled
COMPILED_TESTS := tests/test_compiled.py tests/test_conformance.py tests/test_golden.py tests/test_fast_paths.py \
	tests/test_solver.py tests/test_solver_kroot.py

# Left out there: the tests that watch or swap the solver's inner calls by patching its module globals (_pack,
# _covers, SHORTCUTS, best_points, best_pair), which compiled code calls directly, so the patch never takes
# effect there; they run on the pure path.
WHITE_BOX := not test_the_search_shortcuts_change_no_layout and not test_the_yes_or_no_cover_search_answers_as_the_scored_one \
	and not test_the_searches_read_their_picks_back_as_they_built_them

# pytest is run as a script, not `python -m`, which would put this folder (the pure sources) first on the path
test-compiled: $(STAMP)
	rm -rf $(COMPILED)
	BANAKIL_COMPILE=1 $(BIN)/pip install --quiet --no-deps --target $(COMPILED) .
	PYTHONPATH=$(COMPILED) BANAKIL_EXPECT_COMPILED=1 $(BIN)/pytest -q -p no:cacheprovider -k "$(WHITE_BOX)" \
		$(COMPILED_TESTS)

clean:
	rm -rf $(VENV) build
