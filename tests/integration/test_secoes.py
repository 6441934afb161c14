"""As listas do processo numa consulta só (`farol.store.secoes`): cada seção devolve, linha a
linha e na mesma ordem, o que a sua consulta devolveria sozinha, com os tipos de cada coluna
(datas, instantes, JSON, decimais), nos dois bancos."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from farol.relogio import hoje
from farol.services import demo, leitura
from farol.store.db import Banco
from farol.store.orm import (
    Ato,
    AutoInfracaoItem,
    Constatacao,
    Pagamento,
    Penalidade,
    Prazo,
    Processo,
)
from farol.store.secoes import Secoes

ORDENS = {
    "cabecalho": leitura._P.c.id,
    "atos": Ato.seq,
    "prazos": Prazo.id,
    "pagamentos": Pagamento.id,
    "penalidades": Penalidade.id,
    "itens_do_auto": AutoInfracaoItem.id,
    "constatacoes": Constatacao.id,
}
CONSULTAS: dict[str, Any] = {
    "cabecalho": leitura._CABECALHO,
    "atos": leitura._ATOS,
    "prazos": leitura._PRAZOS,
    "pagamentos": leitura._PAGAMENTOS,
    "penalidades": leitura._PENALIDADES,
    "itens_do_auto": leitura._ITENS_DO_AUTO,
    "constatacoes": leitura._CONSTATACOES,
}


def test_cada_secao_da_uniao_e_a_sua_consulta_sozinha(banco: Banco) -> None:
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    secoes = Secoes({nome: (consulta, ORDENS[nome]) for nome, consulta in CONSULTAS.items()})
    vistas: dict[str, int] = dict.fromkeys(CONSULTAS, 0)
    with banco.unit_of_work(somente_leitura=True) as s:
        conexao = s.connection()
        for pid in conexao.execute(select(Processo.id).order_by(Processo.id)).scalars():
            juntas = secoes.separar(conexao.execute(secoes.consulta, {"processo_id": pid}))
            assert set(juntas) == set(CONSULTAS)
            for nome, consulta in CONSULTAS.items():
                sozinha = conexao.execute(consulta.order_by(ORDENS[nome]), {"processo_id": pid})
                esperadas = [tuple(x) for x in sozinha]
                assert [tuple(x) for x in juntas[nome]] == esperadas, (pid, nome)
                assert [type(v) for x in juntas[nome] for v in x] == [
                    type(v) for x in esperadas for v in x
                ], (pid, nome)
                vistas[nome] += len(esperadas)
                if juntas[nome]:  # os nomes das colunas da consulta original
                    assert juntas[nome][0]._fields == tuple(sozinha.keys()), nome
    # a demonstração tem linhas de todas as seções: o teste comparou algo em cada uma
    assert all(vistas.values()), vistas
