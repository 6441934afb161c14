"""Várias consultas de um mesmo registro numa ida ao banco (`UNION ALL` com a seção de cada linha).

A leitura de um processo pede várias listas (atos, prazos, penalidades...), cada uma com as
suas colunas. Cada consulta ao banco é uma ida e volta pela rede (no PostgreSQL, ~0,2 ms na
mesma máquina e mais entre máquinas) e um custo fixo no SQLAlchemy e no driver; `Secoes` junta
as listas numa consulta só, sem mudar o que cada uma devolve:

    secoes = Secoes({"atos": (consulta_dos_atos, Ato.seq), "prazos": (consulta, Prazo.id)})
    por_secao = secoes.separar(conexao.execute(secoes.consulta, parametros))
    por_secao["atos"]  # as linhas dos atos, na ordem de Ato.seq, com os nomes das colunas

Cada linha da união tem a seção (a posição dela no dicionário), a ordem dentro da seção e, lado a
lado, as colunas de todas as seções: as da sua com valores e as das outras com `NULL` convertido
ao tipo da coluna (o PostgreSQL resolve os tipos de uma união aos pares, e um `NULL` sem tipo nas
duas primeiras viraria texto). O SQLAlchemy converte cada coluna pelo tipo dela (datas, JSON,
decimais), como nas consultas separadas.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import ColumnElement, Integer, cast, literal_column, null, select, union_all


class Secoes:
    """As consultas de `consultas` (nome → (consulta, coluna da ordem)) numa união só."""

    def __init__(self, consultas: Mapping[str, tuple[Any, Any]]) -> None:
        subconsultas = []
        for nome, (consulta, ordem) in consultas.items():
            sub = consulta.add_columns(ordem.label("_ordem_da_secao")).order_by(None).subquery(nome)
            subconsultas.append((nome, sub, [c for c in sub.c if c.name != "_ordem_da_secao"]))
        total = sum(len(colunas) for _, _, colunas in subconsultas)
        self._formas: list[tuple[str, int, int, Any]] = []
        ramos = []
        inicio = 2
        for indice, (nome, sub, colunas) in enumerate(subconsultas):
            fim = inicio + len(colunas)
            forma = namedtuple(nome, [c.name for c in colunas])  # type: ignore[misc]
            self._formas.append((nome, inicio, fim, forma))
            linha: list[ColumnElement[Any]] = [
                literal_column(str(indice), Integer).label("secao"),
                sub.c["_ordem_da_secao"].label("ordem"),
            ]
            posicao = 2
            for _, _, outras in subconsultas:
                for c in outras:
                    valor = c if inicio <= posicao < fim else cast(null(), c.type)
                    linha.append(valor.label(f"c{posicao}"))
                    posicao += 1
            assert posicao == total + 2
            ramos.append(select(*linha).select_from(sub))
            inicio = fim
        self.consulta = union_all(*ramos).order_by("secao", "ordem")
        """A união: executar com os parâmetros de todas as consultas."""

    def separar(self, linhas: Iterable[Any]) -> dict[str, list[Any]]:
        """As linhas da união de volta às suas seções, cada uma como uma tupla nomeada com as
        colunas da consulta original, na ordem dada."""
        saida: dict[str, list[Any]] = {nome: [] for nome, *_ in self._formas}
        formas = self._formas
        for linha in linhas:
            nome, inicio, fim, forma = formas[linha[0]]
            saida[nome].append(forma._make(linha[inicio:fim]))
        return saida
