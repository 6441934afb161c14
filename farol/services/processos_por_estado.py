"""O contador de processos por OM, regime e estado (`processos_por_estado`, migração 0037).

O banco o mantém, na transação de cada processo aberto ou que muda de estado (gatilhos em
`processo`); aqui só se lê, se confere e se regrava:

- `por_estado` e `total`: o que o painel e a lista somam em vez de contar os processos da
  jurisdição (uma linha por OM, regime e estado, e não uma por processo);
- `conferir` e `refazer`: `farol db resumos` (e `--refazer`), como o resto do modelo de
  leitura;
- `em_lote` e `somar_lote`: a carga em massa (COPY no PostgreSQL) desliga a conta do gatilho
  na sua transação e soma cada lote num comando.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, insert, select, text
from sqlalchemy.dialects.postgresql import insert as insert_pg
from sqlalchemy.orm import Session

from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import Processo, ProcessosPorEstado

P = ProcessosPorEstado


def _condicoes(oms: frozenset[int], estado: str | None, regime: str | None) -> list[Any]:
    condicoes: list[Any] = [P.om_id.in_(oms)]
    if estado is not None:
        condicoes.append(P.estado == estado)
    if regime is not None:
        condicoes.append(P.regime == regime)
    return condicoes


def por_estado(s: Session, oms: frozenset[int]) -> dict[str, int]:
    """Quantos processos a jurisdição tem em cada estado (só os estados com algum)."""
    linhas = s.execute(
        select(P.estado, func.sum(P.quantidade))
        .where(P.om_id.in_(oms))
        .group_by(P.estado)
        .having(func.sum(P.quantidade) > 0)
    ).all()
    return {estado: int(n) for estado, n in linhas}


def total(
    s: Session, oms: frozenset[int], estado: str | None = None, regime: str | None = None
) -> int:
    """Quantos processos a jurisdição tem (no estado e no regime, se dados)."""
    soma = s.execute(
        select(func.coalesce(func.sum(P.quantidade), 0)).where(*_condicoes(oms, estado, regime))
    ).scalar_one()
    return int(soma)


def _contados(s: Session) -> dict[tuple[int, str, str], int]:
    """A contagem dos próprios processos, por OM, regime e estado."""
    return {
        (om, regime, estado): int(n)
        for om, regime, estado, n in s.execute(
            select(Processo.om_id, Processo.regime, Processo.estado, func.count()).group_by(
                Processo.om_id, Processo.regime, Processo.estado
            )
        )
    }


def conferir(s: Session) -> list[tuple[str, Any, Any]]:
    """As diferenças entre o contador gravado e a contagem dos processos, em
    `(om/regime/estado, gravado, contado)`."""
    gravados = {
        (om, regime, estado): n
        for om, regime, estado, n in s.execute(select(P.om_id, P.regime, P.estado, P.quantidade))
    }
    contados = _contados(s)
    diferencas = []
    for chave in sorted(gravados.keys() | contados.keys()):
        gravado, contado = gravados.get(chave, 0), contados.get(chave, 0)
        if gravado != contado:
            diferencas.append(("/".join(map(str, chave)), gravado, contado))
    return diferencas


def refazer(s: Session) -> int:
    """Regrava o contador pela contagem dos processos; devolve quantas linhas."""
    s.execute(delete(P))
    linhas = [
        {"om_id": om, "regime": regime, "estado": estado, "quantidade": n}
        for (om, regime, estado), n in _contados(s).items()
    ]
    if linhas:
        s.execute(insert(P), linhas)
    return len(linhas)


def em_lote(s: Session) -> bool:
    """No PostgreSQL, desliga a conta do gatilho até o fim da transação (a carga em massa soma
    os lotes com `somar_lote`); devolve se desligou (no SQLite, os gatilhos contam)."""
    if s.get_bind().dialect.name != "postgresql":
        return False
    s.execute(text("SELECT set_config('farol.contagem_em_lote', 'sim', true)"))
    return True


def somar_lote(s: Session, primeiro: int, ultimo: int) -> None:
    """Soma ao contador os processos de ids `primeiro` a `ultimo`, gravados com a conta do
    gatilho desligada (`em_lote`), num comando."""
    contagem = (
        select(Processo.om_id, Processo.regime, Processo.estado, func.count())
        .where(Processo.id >= primeiro, Processo.id <= ultimo)
        .group_by(Processo.om_id, Processo.regime, Processo.estado)
    )
    comando = insert_pg(P).from_select(["om_id", "regime", "estado", "quantidade"], contagem)
    s.execute(
        comando.on_conflict_do_update(
            index_elements=[P.om_id, P.regime, P.estado],
            set_={"quantidade": P.quantidade + comando.excluded.quantidade},
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
