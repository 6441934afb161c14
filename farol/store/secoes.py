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
que ela não usa com `NULL`. No primeiro ramo, o `NULL` vai convertido ao tipo da vaga (o
PostgreSQL resolve os tipos de uma união aos pares, e um `NULL` sem tipo nos dois primeiros
viraria texto); nos demais, sem tipo nem rótulo (o tipo e o nome vêm do primeiro). Cada ramo é a
própria consulta com as colunas trocadas, sem subconsulta em volta: o SQL tem um terço do
tamanho, e o SQLAlchemy e o driver o percorrem a cada execução. O SQLAlchemy converte cada
coluna pelo tipo dela (datas, JSON, decimais), como nas consultas separadas.
"""

from __future__ import annotations

from collections import defaultdict, deque, namedtuple
from collections.abc import Callable, Iterable, Mapping
from operator import itemgetter
from typing import Any

from sqlalchemy import (
    LABEL_STYLE_NONE,
    ColumnElement,
    Integer,
    String,
    Text,
    cast,
    literal_column,
    null,
    union_all,
)

_NULL: ColumnElement[Any] = literal_column("NULL")
"""`NULL` sem rótulo (o `null()` do SQLAlchemy sai como `NULL AS anon_1` em cada vaga)."""


class Secoes:
    """As consultas de `consultas` (nome → (consulta, coluna da ordem)) numa união só."""

    def __init__(self, consultas: Mapping[str, tuple[Any, Any]]) -> None:
        colunas_de = [list(consulta.selected_columns) for consulta, _ in consultas.values()]
        # cada coluna de uma seção ocupa uma vaga do seu tipo; as seções partilham as vagas de
        # mesmo tipo (a mesma conversão do SQLAlchemy; `_familia`): a união tem a largura da
        # seção mais larga de cada tipo, não a soma de todas as colunas
        vagas: list[Any] = []
        por_tipo: dict[str, list[int]] = defaultdict(list)
        lugares: list[list[int]] = []
        for colunas in colunas_de:
            livres = {tipo: deque(v) for tipo, v in por_tipo.items()}
            lugar = []
            for c in colunas:
                tipo = _familia(c.type)
                if livres.get(tipo):
                    lugar.append(livres[tipo].popleft())
                else:
                    lugar.append(len(vagas))
                    por_tipo[tipo].append(len(vagas))
                    vagas.append(c.type)
            lugares.append(lugar)
        self._formas: list[tuple[str, Any, Any]] = []
        ramos = []
        juntas = zip(consultas.items(), colunas_de, lugares, strict=True)
        for indice, ((nome, (consulta, ordem)), colunas, lugar) in enumerate(juntas):
            forma = namedtuple(nome, [c.name for c in colunas])  # type: ignore[misc]
            posicoes = [2 + v for v in lugar]
            self._formas.append((nome, forma, _colunas(posicoes)))
            # as colunas da própria consulta, sem subconsulta em volta (o SQL fica curto)
            da_vaga = dict(zip(lugar, colunas, strict=True))
            primeiro = indice == 0
            linha: list[ColumnElement[Any]] = [literal_column(str(indice), Integer), ordem]
            for v, tipo in enumerate(vagas):
                if v in da_vaga:
                    linha.append(da_vaga[v])
                else:
                    # só o primeiro ramo dá o tipo ao NULL: o dos demais vem dele
                    linha.append(cast(null(), tipo) if primeiro else _NULL)
            if primeiro:
                nomes = ["secao", "ordem", *(f"c{v}" for v in range(len(vagas)))]
                linha = [c.label(n) for c, n in zip(linha, nomes, strict=True)]
            ramo = consulta.order_by(None).with_only_columns(*linha, maintain_column_froms=True)
            # os nomes são os do primeiro ramo: os demais sem rótulos (nem `AS anon_1`)
            ramos.append(ramo if primeiro else ramo.set_label_style(LABEL_STYLE_NONE))
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


def _familia(tipo: Any) -> str:
    """Os tipos que partilham uma vaga: os mesmos (`repr`: o mesmo tipo SQL, a mesma conversão);
    as cadeias de qualquer tamanho numa só (nenhuma conversão; no PostgreSQL a união de VARCHAR
    de tamanhos diferentes e TEXT sai como texto)."""
    if type(tipo) in (String, Text):
        return "texto"
    return repr(tipo)


def _colunas(posicoes: list[int]) -> Callable[[Any], tuple[Any, ...]]:
    """As colunas de uma seção numa linha da união, como tupla (o `itemgetter` de uma posição
    só devolve o valor, não uma tupla de um)."""
    if len(posicoes) == 1:
        (unica,) = posicoes
        return lambda linha: (linha[unica],)
    return itemgetter(*posicoes)
