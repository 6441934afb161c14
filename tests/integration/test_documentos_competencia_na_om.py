"""Quem emite o documento oficial de um processo da Delegacia: a mesma competência de quem
registra nele o ato que o documento materializa (Norma de 2023, item 3.5 a I: nas áreas das
Delegacias, os atos relativos às penalidades e às medidas são do Delegado; item 3.5 a II: ao
Capitão dos Portos, os do recurso). Antes, a Autoridade Competente e o Capitão da CP sede, que
não registram a notificação no processo da Delegacia (403), emitiam e substituíam o documento
dele (revisão de segurança de 2026-12-06)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from farol.erros import Proibido
from farol.services import documentos, inspecoes, vista_processo
from farol.services.jurisdicao import ator_do_usuario
from farol.services.unit_of_work import BancoUnitOfWork
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco
from farol.store.orm import DocumentoEmitido

URL = "https://farol.exemplo.mil.br"
NOTIFICACAO = "notificacao_comparecimento"


@pytest.fixture
def cenario(banco: Banco) -> dict[str, Any]:
    with banco.unit_of_work() as s:
        cp = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        dl = criar_om(s, sigla="DELITAJAI", nome="Delegacia da Capitania dos Portos em Itajaí",
                      tipo="DL", uf="SC", municipio="Itajaí", superior=cp)  # fmt: skip
        usuarios = {
            login: ator_do_usuario(
                s, criar_usuario(s, login=login, nome=login, senha="x", papel=papel, om=om)
            )
            for login, papel, om in [
                ("inspetor.dl", "inspetor", dl),
                ("delegado", "autoridade_competente", dl),
                ("autoridade.cp", "autoridade_competente", cp),
                ("capitao.cp", "capitao_dos_portos", cp),
                ("inspetor.cp", "inspetor", cp),
            ]
        }
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410999999", "nome": "Gaivota Ágil"},
            "proprietario": {"documento": "529.982.247-25", "nome": "Maria da Silva",
                             "endereco": "Rua das Gaivotas, 1, Itajaí/SC"},
            "data_hora": "2026-09-01T10:00:00-03:00", "local": "Rio Itajaí-Açu",
            "situacao": "parada", "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, usuarios["inspetor.dl"], cmd).processos[0].id
    return {"banco": banco, "pid": pid, "usuarios": usuarios}


def _emitidos(banco: Banco, pid: int) -> int:
    with banco.unit_of_work(somente_leitura=True) as s:
        return int(
            s.execute(
                select(func.count())
                .select_from(DocumentoEmitido)
                .where(DocumentoEmitido.processo_id == pid)
            ).scalar_one()
        )


@pytest.mark.parametrize("login", ["autoridade.cp", "capitao.cp"])
def test_autoridade_e_capitao_da_sede_nao_emitem_o_documento_do_processo_da_delegacia(
    cenario: dict[str, Any], login: str
) -> None:
    banco, pid = cenario["banco"], cenario["pid"]
    ator = cenario["usuarios"][login]
    with pytest.raises(Proibido) as e:
        documentos.emitir_documento(BancoUnitOfWork(banco), ator, pid, NOTIFICACAO, URL)
    assert "DELITAJAI" in e.value.mensagem
    assert e.value.regra and "3.5" in e.value.regra
    assert _emitidos(banco, pid) == 0  # nada emitido, nada substituído


def test_o_documento_da_delegacia_sai_por_quem_registra_o_ato_nela(
    cenario: dict[str, Any],
) -> None:
    """O Delegado e os inspetores (os da CP sede também registram a notificação na Delegacia)
    emitem; a reemissão substitui a anterior, como antes."""
    banco, pid = cenario["banco"], cenario["pid"]
    for login in ("delegado", "inspetor.dl", "inspetor.cp"):
        documentos.emitir_documento(
            BancoUnitOfWork(banco), cenario["usuarios"][login], pid, NOTIFICACAO, URL
        )
    assert _emitidos(banco, pid) == 3


def test_a_pagina_do_processo_da_delegacia_so_oferece_o_que_o_usuario_emite_nela(
    cenario: dict[str, Any],
) -> None:
    banco, pid = cenario["banco"], cenario["pid"]
    uow = BancoUnitOfWork(banco)
    oferecidos = {
        login: [x.tipo for x in vista_processo.vista(uow, ator, pid)["documentos_possiveis"]]
        for login, ator in cenario["usuarios"].items()
    }
    assert NOTIFICACAO in oferecidos["delegado"]
    assert NOTIFICACAO in oferecidos["inspetor.cp"]
    assert oferecidos["autoridade.cp"] == []
    assert NOTIFICACAO not in oferecidos["capitao.cp"]
