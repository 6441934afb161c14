"""Fixtures de banco de dados para toda a suíte.

SQLite por padrão; PostgreSQL quando `FAROL_TEST_DATABASE_URL` está definida, p.ex.

    FAROL_TEST_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test pytest

- SQLite: a sessão de testes migra um banco-modelo uma vez; cada teste recebe uma cópia
  nova dele (API de backup do SQLite), num arquivo temporário.
- PostgreSQL: cada módulo de teste ganha um esquema próprio (`farol_teste_<aleatório>`,
  via `search_path` na URL), migrado uma vez e apagado no fim; antes de cada teste as
  tabelas são esvaziadas com DELETE, com o gatilho que protege `ato` desligado só naquela
  transação (basta ser dono das tabelas; não exige superusuário).

Fixtures: `url_banco` (URL de um banco migrado e vazio), `banco` (`farol.store.db.Banco`),
`sessao` (uma `Session` dele), `url_banco_vazio` (banco ainda sem migração nenhuma) e
`motor` ("sqlite" ou "postgresql").
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from apoio import copiar_sqlite, hash_rapido
from sqlalchemy import Engine
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from farol.relogio import hoje
from farol.services import usuarios
from farol.services.demo import carregar_demo
from farol.store.db import Banco, criar_engine, normalizar_url
from farol.store.migrar import atualizar_banco
from farol.store.orm import Base

URL_PG = os.environ.get("FAROL_TEST_DATABASE_URL") or None


def _texto(url: URL) -> str:
    return url.render_as_string(hide_password=False)


def _url_no_esquema(esquema: str) -> str:
    assert URL_PG is not None
    base = normalizar_url(URL_PG)
    return _texto(base.update_query_dict({"options": f"-csearch_path={esquema}"}))


class _EsquemaPG:
    """Um esquema descartável no PostgreSQL de testes."""

    def __init__(self) -> None:
        assert URL_PG is not None
        self.nome = f"farol_teste_{uuid.uuid4().hex[:12]}"
        self.url = _url_no_esquema(self.nome)
        self._admin = criar_engine(URL_PG, poolclass=NullPool)
        with self._admin.begin() as c:
            c.exec_driver_sql(f'CREATE SCHEMA "{self.nome}"')

    def apagar(self) -> None:
        with self._admin.begin() as c:
            c.exec_driver_sql(f'DROP SCHEMA "{self.nome}" CASCADE')
        self._admin.dispose()


GATILHOS_DE_IMUTABILIDADE = (
    ("ato", "ato_imutavel"),
    ("documento_emitido", "documento_emitido_imutavel"),
    ("alteracao_cadastral", "alteracao_cadastral_imutavel"),
    ("alteracao_de_conta", "alteracao_de_conta_imutavel"),
)


def _esvaziar(engine: Engine) -> None:
    """Apaga todas as linhas; o gatilho de `ato` fica desligado só nesta transação.

    Mais rápido que TRUNCATE para tabelas quase vazias (os ids não recomeçam em 1) e basta
    ser dono das tabelas, sem superusuário.
    """
    with engine.begin() as c:
        for tabela, gatilho in GATILHOS_DE_IMUTABILIDADE:
            c.exec_driver_sql(f"ALTER TABLE {tabela} DISABLE TRIGGER {gatilho}")
        for tabela in reversed(Base.metadata.sorted_tables):
            c.exec_driver_sql(f'DELETE FROM "{tabela.name}"')
        for tabela, gatilho in GATILHOS_DE_IMUTABILIDADE:
            c.exec_driver_sql(f"ALTER TABLE {tabela} ENABLE TRIGGER {gatilho}")


@pytest.fixture(scope="session")
def _modelo_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    caminho = tmp_path_factory.mktemp("modelo") / "modelo.sqlite3"
    atualizar_banco(f"sqlite:///{caminho}")
    return caminho


@pytest.fixture(scope="module")
def _postgresql_migrado() -> Iterator[tuple[str, Engine]]:
    esquema = _EsquemaPG()
    atualizar_banco(esquema.url)
    limpeza = criar_engine(esquema.url, poolclass=NullPool)
    yield esquema.url, limpeza
    limpeza.dispose()
    esquema.apagar()


@pytest.fixture
def url_banco(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """URL de um banco migrado (revisão mais recente) e sem dados."""
    if URL_PG:
        url, limpeza = request.getfixturevalue("_postgresql_migrado")
        _esvaziar(limpeza)
        return str(url)
    destino = tmp_path / "farol.sqlite3"
    copiar_sqlite(request.getfixturevalue("_modelo_sqlite"), destino)
    return f"sqlite:///{destino}"


@pytest.fixture
def url_banco_vazio(tmp_path: Path) -> Iterator[str]:
    """URL de um banco sem migração nenhuma (para testar as próprias migrações)."""
    if not URL_PG:
        yield f"sqlite:///{tmp_path / 'vazio.sqlite3'}"
        return
    esquema = _EsquemaPG()
    yield esquema.url
    esquema.apagar()


@pytest.fixture
def banco(url_banco: str) -> Iterator[Banco]:
    b = Banco.conectar(url_banco)
    yield b
    b.fechar()


@pytest.fixture
def sessao(banco: Banco) -> Iterator[Session]:
    with banco.sessoes() as s:
        yield s


@pytest.fixture(scope="session")
def motor() -> str:
    """`postgresql` ou `sqlite`: o banco em que a suíte está rodando."""
    return make_url(URL_PG).get_backend_name() if URL_PG else "sqlite"


@pytest.fixture(scope="module")
def url_banco_modulo(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> str:
    """Banco migrado e vazio, novo para cada módulo de teste."""
    if URL_PG:
        url, _ = request.getfixturevalue("_postgresql_migrado")  # esquema novo por módulo
        return str(url)
    destino = tmp_path_factory.mktemp("web") / "farol.sqlite3"
    copiar_sqlite(request.getfixturevalue("_modelo_sqlite"), destino)
    return f"sqlite:///{destino}"


@pytest.fixture(scope="module")
def banco_demo(url_banco_modulo: str) -> Iterator[Banco]:
    banco = Banco.conectar(url_banco_modulo)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(usuarios, "hash_senha", hash_rapido)
        carregar_demo(banco, hoje(), log=lambda _: None)
    yield banco
    banco.fechar()


# --- camadas (tests/unit, tests/integration, tests/e2e) e textos legais de referência -------

CAMADAS = ("unit", "integration", "e2e")
FIXTURES_DE_BANCO = {"url_banco", "url_banco_vazio", "url_banco_modulo", "banco", "sessao"}
SEMENTES = Path(
    os.environ.get("FAROL_SEMENTES") or Path(__file__).resolve().parents[2] / "shared" / "seeds"
)


def _no_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _testes_longos() -> bool:
    """A versão completa dos testes `longo`: no CI (`CI=true`) ou com `FAROL_TESTES_LONGOS=1`."""
    valor = os.environ.get("FAROL_TESTES_LONGOS", "").strip().lower()
    return valor in {"1", "true", "yes"} or _no_ci()


def pytest_configure(config: pytest.Config) -> None:
    """No CI (`CI=true`) os textos legais de ../shared/seeds são obrigatórios: sem eles as
    citações não são conferidas contra a lei, e a suíte para em vez de pular em silêncio."""
    for camada, descricao in [
        ("unit", "tests/unit: funções puras, sem banco"),
        ("integration", "tests/integration: serviços e store sobre o banco"),
        ("e2e", "tests/e2e: API HTTP e navegador"),
    ]:
        config.addinivalue_line("markers", f"{camada}: {descricao}")
    if _no_ci() and not SEMENTES.is_dir():
        raise pytest.UsageError(f"CI=true e textos legais ausentes em {SEMENTES}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marca cada teste com a sua camada (`-m unit`, `-m "not e2e"`) e recusa banco de dados
    num teste de unidade; pula a versão completa dos testes `longo` fora do CI."""
    longos = _testes_longos()
    for item in items:
        if not longos and item.get_closest_marker("longo"):
            item.add_marker(
                pytest.mark.skip(reason="versão completa (longo): CI=true ou FAROL_TESTES_LONGOS=1")
            )
        try:
            partes = item.path.relative_to(config.rootpath).parts
        except ValueError:
            continue
        camada = partes[1] if len(partes) > 2 and partes[0] == "tests" else None
        if camada not in CAMADAS:
            continue
        item.add_marker(camada)
        if camada == "unit" and FIXTURES_DE_BANCO & set(getattr(item, "fixturenames", ())):
            raise pytest.UsageError(
                f"{item.nodeid}: teste de unidade usa o banco; o lugar dele é tests/integration"
            )


@pytest.fixture(scope="session")
def sementes() -> Path:
    """A pasta dos textos legais de referência (../shared/seeds, ou `FAROL_SEMENTES`). Ausente:
    pula o teste fora do CI; no CI a suíte nem começa (`pytest_configure`)."""
    if not SEMENTES.is_dir():
        motivo = f"textos legais de referência ausentes em {SEMENTES}"
        if _no_ci():
            pytest.fail(motivo + " (obrigatórios no CI)")
        pytest.skip(motivo)
    return SEMENTES
