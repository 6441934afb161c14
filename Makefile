# Farol — comandos do projeto. Cada alvo cria o seu ambiente virtual em .venv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.instalado

.PHONY: run test test-pg lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## make run: instala, carrega a demonstração no SQLite embutido e executa o serviço
run: $(STAMP)
	$(BIN)/farol demo --servir

## make test: instala e executa lint, tipos e todos os testes
test: $(STAMP)
	$(BIN)/ruff check farol tests bench
	$(BIN)/mypy
	$(BIN)/pytest

## make test-pg: a mesma suíte no PostgreSQL de FAROL_TEST_DATABASE_URL (o lint já rodou)
test-pg: $(STAMP)
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check farol tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/prazos.py
	$(BIN)/python bench/documentos.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
