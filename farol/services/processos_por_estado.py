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

from sqlalchemy import Connection, func, select, text
from sqlalchemy.orm import Session

from farol.services import contador
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


def regimes_por_estado(s: Session, oms: frozenset[int]) -> dict[str, set[str]]:
    """Os regimes que têm processos em cada estado na jurisdição (um id de estado pode ser de
    mais de um quadro: `arquivado` é da LESTA, da poluição e do inquérito)."""
    linhas = s.execute(
        select(P.estado, P.regime)
        .where(P.om_id.in_(oms))
        .group_by(P.estado, P.regime)
        .having(func.sum(P.quantidade) > 0)
    ).all()
    saida: dict[str, set[str]] = {}
    for estado, regime in linhas:
        saida.setdefault(estado, set()).add(regime)
    return saida


def total(
    s: Session | Connection,
    oms: frozenset[int],
    estado: str | None = None,
    regime: str | None = None,
) -> int:
    """Quantos processos a jurisdição tem (no estado e no regime, se dados); `s` também pode
    ser a conexão da sessão (a lista: sem o ORM)."""
    soma = s.execute(
        select(func.coalesce(func.sum(P.quantidade), 0)).where(*_condicoes(oms, estado, regime))
    ).scalar_one()
    return int(soma)


CHAVES = ("om_id", "regime", "estado")


def _contagem(*condicoes: Any) -> Any:
    """Os processos contados por OM, regime e estado."""
    return (
        select(Processo.om_id, Processo.regime, Processo.estado, func.count())
        .where(*condicoes)
        .group_by(Processo.om_id, Processo.regime, Processo.estado)
    )


def conferir(s: Session) -> list[tuple[str, Any, Any]]:
    """As diferenças entre o contador gravado e a contagem dos processos, em
    `(om/regime/estado, gravado, contado)`."""
    return contador.conferir(s, P, CHAVES, _contagem())


def refazer(s: Session) -> int:
    """Regrava o contador pela contagem dos processos; devolve quantas linhas."""
    return contador.refazer(s, P, CHAVES, _contagem())


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
    contador.somar(s, P, CHAVES, _contagem(Processo.id >= primeiro, Processo.id <= ultimo))


@caso_de_uso()
def conferir_contador(s: Session) -> list[tuple[str, Any, Any]]:
    """`conferir` como caso de uso (a CLI: `farol db resumos`)."""
    return conferir(s)


@caso_de_uso(escrita=True)
def refazer_contador(s: Session) -> int:
    """`refazer` como caso de uso (a CLI: `farol db resumos --refazer`)."""
    return refazer(s)
