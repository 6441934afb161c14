# Farol — comandos do projeto. Cada alvo cria o seu ambiente virtual em .venv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.instalado
# As camadas com banco rodam em paralelo (pytest-xdist): cada módulo fica num só processo,
# com o seu banco (cópia SQLite ou esquema PostgreSQL) e o seu servidor numa porta livre.
PARALELO ?= -n auto --dist loadfile

.PHONY: run test test-pg lint docs bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## make run: instala, carrega a demonstração no SQLite embutido (se vazio) e executa o serviço
run: $(STAMP)
	$(BIN)/farol serve --demo

## make test: instala e executa lint, tipos e os testes em camadas: tests/unit (puros, uma
## vez) e tests/integration + tests/e2e (banco, API, navegador) no SQLite embutido
test: lint
	$(BIN)/pytest tests/unit
	$(BIN)/pytest $(PARALELO) tests/integration tests/e2e

## make test-pg: as camadas com banco no PostgreSQL de FAROL_TEST_DATABASE_URL (o CI roda
## depois de make test; os testes de unidade não tocam o banco e não se repetem)
test-pg: $(STAMP)
	@test -n "$$FAROL_TEST_DATABASE_URL" || \
	  { echo "make test-pg: defina FAROL_TEST_DATABASE_URL=postgresql+psycopg://..." >&2; exit 2; }
	$(BIN)/pytest $(PARALELO) tests/integration tests/e2e

## make docs: regenera as partes geradas de docs/*.md (make test confere com farol docs --verificar)
docs: $(STAMP)
	$(BIN)/farol docs

lint: $(STAMP)
	$(BIN)/ruff check farol tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/prazos.py
	$(BIN)/python bench/documentos.py
	$(BIN)/python bench/escala.py --k 10 --massa 20000
	$(BIN)/python bench/api.py --processos 20000 --segundos 10
	$(BIN)/python bench/atos.py --processos 20000 --segundos 10
	$(BIN)/python bench/recalculo.py --processos 20000

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
