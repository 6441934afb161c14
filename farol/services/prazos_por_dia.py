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

from sqlalchemy import delete, func, insert, select
from sqlalchemy.dialects.postgresql import insert as insert_pg
from sqlalchemy.orm import Session

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


def _contagem(*condicoes: Any) -> Any:
    return (
        select(Prazo.om_id, Prazo.vencimento, func.count())
        .where(Prazo.encerrado_em.is_(None), *condicoes)
        .group_by(Prazo.om_id, Prazo.vencimento)
    )


def _contados(s: Session) -> dict[tuple[int, dt.date], int]:
    """A contagem dos próprios prazos em curso, por OM e dia de vencimento."""
    return {(om, venc): int(n) for om, venc, n in s.execute(_contagem())}


def conferir(s: Session) -> list[tuple[str, Any, Any]]:
    """As diferenças entre o contador gravado e a contagem dos prazos em curso, em
    `(om/vencimento, gravado, contado)`."""
    gravados = {
        (om, venc): n for om, venc, n in s.execute(select(C.om_id, C.vencimento, C.quantidade))
    }
    contados = _contados(s)
    diferencas = []
    for chave in sorted(gravados.keys() | contados.keys()):
        gravado, contado = gravados.get(chave, 0), contados.get(chave, 0)
        if gravado != contado:
            diferencas.append((f"{chave[0]}/{chave[1].isoformat()}", gravado, contado))
    return diferencas


def refazer(s: Session) -> int:
    """Regrava o contador pela contagem dos prazos em curso; devolve quantas linhas."""
    s.execute(delete(C))
    linhas = [
        {"om_id": om, "vencimento": venc, "quantidade": n}
        for (om, venc), n in _contados(s).items()
    ]
    if linhas:
        s.execute(insert(C), linhas)
    return len(linhas)


def somar_lote(s: Session, primeiro: int, ultimo: int) -> None:
    """Soma ao contador os prazos em curso dos processos de ids `primeiro` a `ultimo`, gravados
    com a conta dos gatilhos desligada (`processos_por_estado.em_lote`), num comando."""
    contagem = _contagem(Prazo.processo_id >= primeiro, Prazo.processo_id <= ultimo)
    comando = insert_pg(C).from_select(["om_id", "vencimento", "quantidade"], contagem)
    s.execute(
        comando.on_conflict_do_update(
            index_elements=[C.om_id, C.vencimento],
            set_={"quantidade": C.quantidade + comando.excluded.quantidade},
        )
    )


@caso_de_uso()
def conferir_contador(s: Session) -> list[tuple[str, Any, Any]]:
    """`conferir` como caso de uso (a CLI: `farol db resumos`)."""
    return conferir(s)


@caso_de_uso(escrita=True)
def refazer_contador(s: Session) -> int:
    """`refazer` como caso de uso (a CLI: `farol db resumos --refazer`)."""
    return refazer(s)
