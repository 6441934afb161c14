"""A jurisdição de cada pedido (issue 13, item 4): o usuário, a OM e a assinatura da árvore de
OMs numa consulta só; a árvore fica na memória do processo e se relê quando muda (uma OM
criada em qualquer processo muda a assinatura), sem dar a ninguém uma OM fora da sua
jurisdição."""

from __future__ import annotations

import datetime as dt

import pytest
from apoio import comandos_sql, hash_rapido
from sqlalchemy import select

from farol.relogio import agora, hoje
from farol.services import autenticacao, demo, usuarios
from farol.store.db import Banco
from farol.store.orm import OM, Usuario

OCIOSA = dt.timedelta(hours=1)


def _ator(banco: Banco, login: str, chave: str) -> tuple[autenticacao.Ator, int]:
    with banco.unit_of_work(somente_leitura=True) as s:
        uid = s.execute(select(Usuario.id).where(Usuario.login == login)).scalar_one()
    with comandos_sql(banco.engine) as comandos, banco.unit_of_work(somente_leitura=True) as s:
        ator, _ = autenticacao.ator_da_sessao.na_sessao(s, uid, chave, agora(), OCIOSA)
    assert ator is not None
    consultas = [c for c in comandos if c.lstrip().upper().startswith("SELECT")]
    return ator, len(consultas)


def _chave(banco: Banco, login: str) -> str:
    with banco.unit_of_work() as s:
        uid = s.execute(select(Usuario.id).where(Usuario.login == login)).scalar_one()
        return autenticacao.abrir_sessao.na_sessao(s, uid, agora())


def test_ator_numa_consulta_e_arvore_relida_quando_uma_om_nasce(
    banco: Banco, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    cp, dpc = _chave(banco, "autoridade.cpsc"), _chave(banco, "dpc")
    _ator(banco, "autoridade.cpsc", cp)  # a árvore entra na memória
    antes, consultas = _ator(banco, "autoridade.cpsc", cp)
    assert consultas == 1
    nacional, _ = _ator(banco, "dpc", dpc)
    assert antes.oms < nacional.oms

    with banco.unit_of_work() as s:
        cpsc = s.execute(select(OM).where(OM.sigla == "CPSC")).scalar_one()
        nova = usuarios.criar_om(s, sigla="DLTESTE", nome="Delegacia de Teste", tipo="DL",
                                 uf="SC", municipio="Laguna", superior=cpsc)  # fmt: skip
        outra = usuarios.criar_om(s, sigla="CPTESTE", nome="Capitania de Teste", tipo="CP",
                                  uf="SC", municipio="Itajaí")  # fmt: skip
        nova_id, outra_id = nova.id, outra.id
    depois, _ = _ator(banco, "autoridade.cpsc", cp)
    assert depois.oms == antes.oms | {nova_id}  # a subordinada entra; a outra Capitania não
    assert outra_id not in depois.oms
    assert _ator(banco, "dpc", dpc)[0].oms == nacional.oms | {nova_id, outra_id}
