"""O documento de uma decisão imprime o que ela decidiu: as penalidades em vigor logo depois do
ato (`repositorio.vigentes(s, p, ato)`), não as de hoje, que um recurso pode ter reformado ou
afastado depois. Sobre toda a demonstração (julgamentos reformados em parte e providos)."""

from __future__ import annotations

import pytest
from apoio import hash_rapido
from sqlalchemy import select

from farol.domain.procedimento.carregar import carregar_regime
from farol.relogio import hoje
from farol.services import demo, usuarios
from farol.store.db import Banco
from farol.store.orm import Ato, Penalidade, Processo
from farol.store.repositorio import vigentes


@pytest.fixture
def demo_carregada(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> Banco:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    return banco


def _multas(penalidades: list[Penalidade]) -> list[tuple[str, object]]:
    return [(x.infracao, x.multa) for x in penalidades]


def test_cada_decisao_tem_as_penalidades_que_fixou_mesmo_reformada_ou_afastada_depois(
    demo_carregada: Banco,
) -> None:
    reformados = afastados = 0
    with demo_carregada.unit_of_work(somente_leitura=True) as s:
        for p in s.execute(select(Processo).order_by(Processo.id)).scalars():
            decisoes = list(
                s.execute(
                    select(Ato)
                    .where(
                        Ato.id.in_(select(Penalidade.ato_id).where(Penalidade.processo_id == p.id))
                    )
                    .order_by(Ato.seq)
                ).scalars()
            )
            if not decisoes:
                continue
            for ato in decisoes:  # cada decisão: exatamente as penalidades que ela gravou
                gravadas = s.execute(
                    select(Penalidade).where(Penalidade.ato_id == ato.id).order_by(Penalidade.id)
                ).scalars()
                assert _multas(vigentes(s, p, ato)) == _multas(list(gravadas)), (p.numero, ato.tipo)
            hoje_ = _multas(vigentes(s, p))
            primeira = _multas(vigentes(s, p, decisoes[0]))
            if len(decisoes) > 1 and primeira != hoje_:
                reformados += 1
            if not hoje_ and p.estado in carregar_regime(p.regime).estados_com("sem_penalidade"):
                afastados += 1
                assert primeira  # o julgamento continua com a multa que impôs
    assert reformados >= 1 and afastados >= 1, (reformados, afastados)
