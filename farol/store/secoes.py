"""Várias consultas de um mesmo registro numa ida ao banco (`UNION ALL` com a seção de cada linha).

A leitura de um processo pede várias listas (atos, prazos, penalidades...), cada uma com as
suas colunas. Cada consulta ao banco é uma ida e volta pela rede (no PostgreSQL, ~0,2 ms na
mesma máquina e mais entre máquinas) e um custo fixo no SQLAlchemy e no driver; `Secoes` junta
as listas numa consulta só, sem mudar o que cada uma devolve:

    secoes = Secoes({"atos": (consulta_dos_atos, Ato.seq), "prazos": (consulta, Prazo.id)})
    por_secao = secoes.separar(conexao.execute(secoes.consulta, parametros))
    por_secao["atos"]  # as linhas dos atos, na ordem de Ato.seq, com os nomes das colunas

Cada linha da união tem a seção (a posição dela no dicionário), a ordem dentro da seção e as
colunas das seções, que partilham as vagas de mesmo tipo: as da sua seção com valores, as vagas
que ela não usa com `NULL` convertido ao tipo da vaga (o PostgreSQL resolve os tipos de uma união
aos pares, e um `NULL` sem tipo nas duas primeiras viraria texto). O SQLAlchemy converte cada
coluna pelo tipo dela (datas, JSON, decimais), como nas consultas separadas.
"""

from __future__ import annotations

from collections import defaultdict, deque, namedtuple
from collections.abc import Callable, Iterable, Mapping
from operator import itemgetter
from typing import Any

from sqlalchemy import ColumnElement, Integer, cast, literal_column, null, select, union_all


class Secoes:
    """As consultas de `consultas` (nome → (consulta, coluna da ordem)) numa união só."""

    def __init__(self, consultas: Mapping[str, tuple[Any, Any]]) -> None:
        subconsultas = []
        for nome, (consulta, ordem) in consultas.items():
            sub = consulta.add_columns(ordem.label("_ordem_da_secao")).order_by(None).subquery(nome)
            subconsultas.append((nome, sub, [c for c in sub.c if c.name != "_ordem_da_secao"]))
        # cada coluna de uma seção ocupa uma vaga do seu tipo; as seções partilham as vagas de
        # mesmo tipo (o mesmo tipo SQL e a mesma conversão do SQLAlchemy): a união tem a largura
        # da seção mais larga de cada tipo, não a soma de todas as colunas
        vagas: list[Any] = []
        por_tipo: dict[str, list[int]] = defaultdict(list)
        lugares: list[list[int]] = []
        for _, _, colunas in subconsultas:
            livres = {tipo: deque(v) for tipo, v in por_tipo.items()}
            lugar = []
            for c in colunas:
                tipo = repr(c.type)
                if livres.get(tipo):
                    lugar.append(livres[tipo].popleft())
                else:
                    lugar.append(len(vagas))
                    por_tipo[tipo].append(len(vagas))
                    vagas.append(c.type)
            lugares.append(lugar)
        self._formas: list[tuple[str, Any, Any]] = []
        ramos = []
        juntas = zip(subconsultas, lugares, strict=True)
        for indice, ((nome, sub, colunas), lugar) in enumerate(juntas):
            forma = namedtuple(nome, [c.name for c in colunas])  # type: ignore[misc]
            posicoes = [2 + v for v in lugar]
            self._formas.append((nome, forma, _colunas(posicoes)))
            da_vaga = dict(zip(lugar, colunas, strict=True))
            linha: list[ColumnElement[Any]] = [
                literal_column(str(indice), Integer).label("secao"),
                sub.c["_ordem_da_secao"].label("ordem"),
            ]
            for v, tipo in enumerate(vagas):
                valor = da_vaga[v] if v in da_vaga else cast(null(), tipo)
                linha.append(valor.label(f"c{v}"))
            ramos.append(select(*linha).select_from(sub))
        self.consulta = union_all(*ramos).order_by("secao", "ordem")
        """A união: executar com os parâmetros de todas as consultas."""

    def separar(self, linhas: Iterable[Any]) -> dict[str, list[Any]]:
        """As linhas da união de volta às suas seções, cada uma como uma tupla nomeada com as
        colunas da consulta original, na ordem dada."""
        saida: dict[str, list[Any]] = {nome: [] for nome, *_ in self._formas}
        formas = self._formas
        for linha in linhas:
            nome, forma, colunas = formas[linha[0]]
            saida[nome].append(forma._make(colunas(linha)))
        return saida


def _colunas(posicoes: list[int]) -> Callable[[Any], tuple[Any, ...]]:
    """As colunas de uma seção numa linha da união, como tupla (o `itemgetter` de uma posição
    só devolve o valor, não uma tupla de um)."""
    if len(posicoes) == 1:
        (unica,) = posicoes
        return lambda linha: (linha[unica],)
    return itemgetter(*posicoes)
