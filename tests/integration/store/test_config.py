"""Configuração: padrões na pasta de dados do usuário, ambiente com prefixo FAROL_."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from pydantic import ValidationError

from farol.config import Configuracao


@pytest.fixture
def pasta(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for variavel in ("FAROL_DATABASE_URL", "FAROL_SEGREDO", "FAROL_FUSO"):
        monkeypatch.delenv(variavel, raising=False)
    destino = tmp_path / "dados" / "farol"
    monkeypatch.setenv("FAROL_PASTA_DADOS", str(destino))
    return destino


def test_banco_padrao_e_sqlite_na_pasta_de_dados_criada_sob_demanda(pasta: Path) -> None:
    assert not pasta.exists()
    c = Configuracao()
    assert c.database_url == f"sqlite:///{pasta / 'farol.sqlite3'}"
    assert pasta.is_dir()


def test_segredo_e_gerado_uma_vez_e_guardado_so_para_o_dono(pasta: Path) -> None:
    primeiro = Configuracao().segredo.get_secret_value()
    segundo = Configuracao().segredo.get_secret_value()
    assert primeiro == segundo and len(primeiro) >= 43
    modo = stat.S_IMODE((pasta / "segredo").stat().st_mode)
    assert modo == 0o600


def test_segredo_nao_aparece_na_representacao(pasta: Path) -> None:
    c = Configuracao()
    assert c.segredo.get_secret_value() not in repr(c)


def test_ambiente_com_prefixo_farol_substitui_os_padroes(
    pasta: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAROL_DATABASE_URL", "postgresql+psycopg://farol@banco/farol")
    monkeypatch.setenv("FAROL_SEGREDO", "s" * 40)
    c = Configuracao()
    assert c.database_url == "postgresql+psycopg://farol@banco/farol"
    assert c.segredo.get_secret_value() == "s" * 40
    assert not (pasta / "segredo").exists()


def test_fuso_padrao_e_sao_paulo(pasta: Path) -> None:
    assert Configuracao().zona.key == "America/Sao_Paulo"


def test_fuso_desconhecido_e_recusado(pasta: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAROL_FUSO", "America/Atlantida")
    with pytest.raises(ValidationError, match="fuso horário desconhecido"):
        Configuracao()
