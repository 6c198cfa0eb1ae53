# Two entry points for a fresh machine (Python 3.11+): `make tutorial` and `make test`.
# Each creates its own virtual environment in .venv on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: tutorial test clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# JupyterLab refuses to run as root (containers, CI boxes) unless told it may
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

tutorial: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) --notebook-dir=. notebooks/01_start_here.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV)
