"""No PostgreSQL a aplicação roda com um papel que não é dono de nada (issue 14, ponto 2).

O SQL de `farol db papeis` (`sql_do_papel_da_aplicacao`) dá ao papel só o que a aplicação usa.
Com ele, a demonstração inteira carrega, um documento se emite e a auditoria confere; e o que
um invasor com as credenciais da aplicação tentaria — TRUNCATE, desligar um gatilho, apagar ou
reescrever atos, apagar a numeração, desligar os gatilhos da sessão — é recusado pelo banco.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from apoio import hash_rapido
from sqlalchemy import select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from farol.relogio import hoje
from farol.services import auditoria, documentos, usuarios
from farol.services.demo import carregar_demo
from farol.services.jurisdicao import ator_do_usuario
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.copias import esquema_atual
from farol.store.db import Banco, criar_engine
from farol.store.orm import Processo, Usuario
from farol.store.papeis_pg import sql_do_papel_da_aplicacao

RECUSA = r"permission denied|must be owner|permissão negada|deve ser o dono"


@pytest.fixture
def banco_da_aplicacao(url_banco: str, motor: str) -> Iterator[Banco]:
    if motor != "postgresql":
        pytest.skip("papéis e posse: PostgreSQL")
    papel = f"farol_app_{uuid.uuid4().hex[:10]}"
    dono = criar_engine(url_banco, poolclass=NullPool)
    with dono.begin() as c:
        c.exec_driver_sql(f"CREATE ROLE {papel} LOGIN")
        c.exec_driver_sql(sql_do_papel_da_aplicacao(papel, esquema_atual(url_banco)))
    url = make_url(url_banco).set(username=papel).render_as_string(hide_password=False)
    banco = Banco.conectar(url)
    try:
        yield banco
    finally:
        banco.fechar()
        with dono.begin() as c:
            c.exec_driver_sql(f"DROP OWNED BY {papel}")
            c.exec_driver_sql(f"DROP ROLE {papel}")
        dono.dispose()


def test_a_aplicacao_funciona_com_o_papel_sem_posse_e_o_banco_recusa_o_resto(
    banco_da_aplicacao: Banco, monkeypatch: pytest.MonkeyPatch
) -> None:
    banco = banco_da_aplicacao
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    carregar_demo(banco, hoje(), log=lambda _: None)
    with banco.unit_of_work() as s:
        p = s.execute(select(Processo).where(Processo.estado == "notificado").limit(1)).scalar_one()
        u = s.execute(
            select(Usuario).where(Usuario.om_id == p.om_id, Usuario.papel == "inspetor")
        ).scalars().first()
        assert u is not None
        doc = documentos.emitir(
            s, ator_do_usuario(s, u), p.id, "notificacao_comparecimento", "https://farol.mil.br"
        )
    assert auditoria.auditar(BancoUnitOfWork(banco)).diferencas == []
    assert documentos.verificar_codigo(BancoUnitOfWork(banco), doc.codigo).autentico

    for comando in (
        "TRUNCATE ato CASCADE",
        "TRUNCATE numeracao",
        "ALTER TABLE ato DISABLE TRIGGER ato_imutavel",
        "ALTER TABLE ato DISABLE TRIGGER ALL",
        "DROP TABLE documento_emitido CASCADE",
        "DELETE FROM ato",
        "UPDATE ato SET papel = 'dpc'",
        "DELETE FROM documento_emitido",
        "UPDATE documento_emitido SET sha256 = sha256",
        "DELETE FROM numeracao",
        "DELETE FROM processo",
        "SET session_replication_role = replica",
    ):
        with pytest.raises(DBAPIError, match=RECUSA), banco.engine.begin() as c:
            c.exec_driver_sql(comando)
    assert auditoria.auditar(BancoUnitOfWork(banco)).diferencas == []
