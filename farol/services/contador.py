"""O que os contadores do modelo de leitura mantidos por gatilhos (`processos_por_estado`,
`prazos_por_dia`) têm em comum: uma tabela com as colunas da chave e `quantidade`, e a contagem
das linhas de origem por essa chave (um SELECT das colunas da chave e do `count(*)`, na mesma
ordem). Daí se confere o gravado (`farol db resumos`), se regrava tudo (`--refazer`) e se soma
um lote da carga em massa gravado com os gatilhos desligados."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, delete, insert, select
from sqlalchemy.dialects.postgresql import insert as insert_pg
from sqlalchemy.orm import Session


def _contados(s: Session, contagem: Select[Any]) -> dict[tuple[Any, ...], int]:
    return {tuple(linha[:-1]): int(linha[-1]) for linha in s.execute(contagem)}


def conferir(
    s: Session, tabela: Any, chaves: tuple[str, ...], contagem: Select[Any]
) -> list[tuple[str, Any, Any]]:
    """As diferenças entre o contador gravado e a contagem, em `(chave/..., gravado, contado)`."""
    colunas = [getattr(tabela, c) for c in chaves]
    gravados = {
        tuple(linha[:-1]): linha[-1] for linha in s.execute(select(*colunas, tabela.quantidade))
    }
    contados = _contados(s, contagem)
    diferencas = []
    for chave in sorted(gravados.keys() | contados.keys()):
        gravado, contado = gravados.get(chave, 0), contados.get(chave, 0)
        if gravado != contado:
            diferencas.append(("/".join(map(str, chave)), gravado, contado))
    return diferencas


def refazer(s: Session, tabela: Any, chaves: tuple[str, ...], contagem: Select[Any]) -> int:
    """Regrava o contador pela contagem; devolve quantas linhas."""
    s.execute(delete(tabela))
    linhas = [
        {**dict(zip(chaves, chave, strict=True)), "quantidade": n}
        for chave, n in _contados(s, contagem).items()
    ]
    if linhas:
        s.execute(insert(tabela), linhas)
    return len(linhas)


def somar(s: Session, tabela: Any, chaves: tuple[str, ...], contagem: Select[Any]) -> None:
    """Soma a contagem (de um lote) ao contador, num comando (PostgreSQL)."""
    comando = insert_pg(tabela).from_select([*chaves, "quantidade"], contagem)
    s.execute(
        comando.on_conflict_do_update(
            index_elements=[getattr(tabela, c) for c in chaves],
            set_={"quantidade": tabela.quantidade + comando.excluded.quantidade},
        )
    )
