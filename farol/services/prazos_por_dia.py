"""O contador de prazos em curso por OM e dia de vencimento (`prazos_em_curso_por_dia`,
migração 0041).

O banco o mantém, na transação de cada prazo aberto, encerrado ou com o vencimento mudado
(gatilhos em `prazo`); aqui só se lê, se confere e se regrava, como `processos_por_estado`:

- `contar`: o que o painel soma para os prazos em curso que vencem num período (uma linha por
  OM e dia, e não uma entrada de índice por prazo);
- `conferir` e `refazer`: `farol db resumos` (e `--refazer`), como o resto do modelo de leitura;
- `somar_lote`: a carga em massa (COPY no PostgreSQL, com a conta dos gatilhos desligada por
  `processos_por_estado.em_lote`) soma os prazos de cada lote num comando.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol.services import contador
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import Prazo, PrazosEmCursoPorDia

C = PrazosEmCursoPorDia


def contar(s: Session, oms: frozenset[int], de: dt.date, ate: dt.date) -> int:
    """Quantos prazos em curso da jurisdição vencem de `de` a `ate` (inclusive)."""
    soma = s.execute(
        select(func.coalesce(func.sum(C.quantidade), 0)).where(
            C.om_id.in_(oms), C.vencimento >= de, C.vencimento <= ate
        )
    ).scalar_one()
    return int(soma)


CHAVES = ("om_id", "vencimento")


def _contagem(*condicoes: Any) -> Any:
    """Os prazos em curso contados por OM e dia de vencimento."""
    return (
        select(Prazo.om_id, Prazo.vencimento, func.count())
        .where(Prazo.encerrado_em.is_(None), *condicoes)
        .group_by(Prazo.om_id, Prazo.vencimento)
    )


def conferir(s: Session) -> list[tuple[str, Any, Any]]:
    """As diferenças entre o contador gravado e a contagem dos prazos em curso, em
    `(om/vencimento, gravado, contado)`."""
    return contador.conferir(s, C, CHAVES, _contagem())


def refazer(s: Session) -> int:
    """Regrava o contador pela contagem dos prazos em curso; devolve quantas linhas."""
    return contador.refazer(s, C, CHAVES, _contagem())


def somar_lote(s: Session, primeiro: int, ultimo: int) -> None:
    """Soma ao contador os prazos em curso dos processos de ids `primeiro` a `ultimo`, gravados
    com a conta dos gatilhos desligada (`processos_por_estado.em_lote`), num comando."""
    contagem = _contagem(Prazo.processo_id >= primeiro, Prazo.processo_id <= ultimo)
    contador.somar(s, C, CHAVES, contagem)


@caso_de_uso()
def conferir_contador(s: Session) -> list[tuple[str, Any, Any]]:
    """`conferir` como caso de uso (a CLI: `farol db resumos`)."""
    return conferir(s)


@caso_de_uso(escrita=True)
def refazer_contador(s: Session) -> int:
    """`refazer` como caso de uso (a CLI: `farol db resumos --refazer`)."""
    return refazer(s)
