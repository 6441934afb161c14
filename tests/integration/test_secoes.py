"""As listas do processo numa consulta só (`farol.store.secoes`): cada seção devolve, linha a
linha e na mesma ordem, o que a sua consulta devolveria sozinha, com os tipos de cada coluna
(datas, instantes, JSON, decimais), nos dois bancos."""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, select

from farol.relogio import hoje
from farol.services import demo, leitura
from farol.store.db import Banco
from farol.store.orm import Ato, Pagamento, Penalidade, Processo
from farol.store.secoes import Secoes


def _confere(banco: Banco, consultas: dict[str, tuple[Any, Any]]) -> dict[str, int]:
    """Cada seção de `Secoes(consultas)` igual à sua consulta sozinha, em cada processo; devolve
    quantas linhas cada seção comparou."""
    secoes = Secoes(consultas)
    vistas: dict[str, int] = dict.fromkeys(consultas, 0)
    with banco.unit_of_work(somente_leitura=True) as s:
        conexao = s.connection()
        for pid in conexao.execute(select(Processo.id).order_by(Processo.id)).scalars():
            juntas = secoes.separar(conexao.execute(secoes.consulta, {"processo_id": pid}))
            assert set(juntas) == set(consultas)
            for nome, (consulta, ordem) in consultas.items():
                sozinha = conexao.execute(consulta.order_by(ordem), {"processo_id": pid})
                esperadas = [tuple(x) for x in sozinha]
                assert [tuple(x) for x in juntas[nome]] == esperadas, (pid, nome)
                assert [type(v) for x in juntas[nome] for v in x] == [
                    type(v) for x in esperadas for v in x
                ], (pid, nome)
                vistas[nome] += len(esperadas)
                if juntas[nome]:  # os nomes das colunas da consulta original
                    assert juntas[nome][0]._fields == tuple(sozinha.keys()), nome
    return vistas


def test_cada_secao_da_uniao_e_a_sua_consulta_sozinha(banco: Banco) -> None:
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    # a demonstração não tem processo aberto por outro (a custódia da apreensão, a conclusão
    # da apuração): um processo passa a apontar outro como origem, para a seção `abertos`
    with banco.unit_of_work() as s:
        origem, aberto = s.execute(select(Processo).order_by(Processo.id).limit(2)).scalars()
        aberto.origem_id = origem.id
    vistas = _confere(banco, leitura._CONSULTAS_DO_PROCESSO)
    # a demonstração tem linhas de todas as seções: o teste comparou algo em cada uma
    assert all(vistas.values()), vistas
    # seções de uma coluna, e colunas de mesmo tipo em seções diferentes (a mesma vaga)
    pid: Any = bindparam("processo_id")
    vistas = _confere(
        banco,
        {
            "pagos": (select(Pagamento.valor).where(Pagamento.processo_id == pid), Pagamento.id),
            "multas": (
                select(Penalidade.multa, Penalidade.infracao).where(Penalidade.processo_id == pid),
                Penalidade.id,
            ),
            "seqs": (select(Ato.seq).where(Ato.processo_id == pid), Ato.seq),
        },
    )
    assert all(vistas.values()), vistas
