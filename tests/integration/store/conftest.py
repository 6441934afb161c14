"""Registros mínimos (OM, usuário, pessoa, processo) para os testes do store."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from sqlalchemy.orm import Session

from farol.store.db import Banco
from farol.store.numeracao import PROCESSO, numero_oficial, proximo_numero
from farol.store.orm import OM, Pessoa, Processo, Usuario

AGORA = dt.datetime(2026, 3, 10, 14, 30, 15, 123456, tzinfo=dt.UTC)
CPF_VALIDO = "52998224725"
CNPJ_VALIDO = "11222333000181"

NovoProcesso = Callable[[], Processo]


@pytest.fixture
def om(sessao: Session) -> OM:
    om = OM(
        sigla="CPSP",
        nome="Capitania dos Portos de São Paulo",
        tipo="CP",
        uf="SP",
        municipio="Santos",
    )
    sessao.add(om)
    sessao.commit()
    return om


@pytest.fixture
def usuario(sessao: Session, om: OM) -> Usuario:
    u = Usuario(
        login="ac.silva",
        nome="CC Silva",
        senha_hash="x",
        papel="autoridade_competente",
        om_id=om.id,
    )
    sessao.add(u)
    sessao.commit()
    return u


@pytest.fixture
def pessoa(sessao: Session) -> Pessoa:
    p = Pessoa(documento=CPF_VALIDO, tipo="fisica", nome="José da Silva")
    sessao.add(p)
    sessao.commit()
    return p


@pytest.fixture
def novo_processo(banco: Banco, om: OM, pessoa: Pessoa) -> NovoProcesso:
    """Cria (e confirma) um processo LESTA numerado na OM, a cada chamada."""

    def criar() -> Processo:
        with banco.unit_of_work() as s:
            seq = proximo_numero(s, om.id, 2026, PROCESSO)
            processo = Processo(
                om_id=om.id,
                numero=numero_oficial(2026, om.sigla, seq),
                regime="lesta",
                estado="autuado",
                autuado_id=pessoa.id,
                criado_em=AGORA,
            )
            s.add(processo)
        return processo

    return criar
