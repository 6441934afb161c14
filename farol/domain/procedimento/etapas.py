"""As etapas do procedimento para o indicador da página do processo, tiradas do quadro.

Nenhum estado é nomeado aqui: tudo vem do quadro do regime (`procedimento_<regime>.yaml`).

- A linha principal são os estados não finais, na ordem em que o quadro os declara, que se
  alcançam do estado inicial pelos destinos declarados das transições (sem os condicionais,
  `@mesmo` e `@anterior`) e dos quais se chega a um estado final: o caminho comum do
  procedimento. Os desvios (o sobrestamento, que só volta ao estado anterior; a restituição,
  alcançada só por destino condicional) ficam fora dela e entram só quando o processo está
  num deles, logo depois do último estado da linha principal por que ele passou.
- Depois dela, uma etapa de encerramento: o estado final em que o processo está, ou os
  estados finais possíveis.
- Os estados por que o processo passou vêm da repetição dos seus atos no quadro
  (`percorridos`): a etapa é "percorrida", "atual", "saltada" (antes da atual e não
  percorrida: o processo seguiu por outro caminho) ou "a seguir".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from farol.domain.procedimento.maquina import Maquina
from farol.domain.procedimento.quadro import ANTERIOR, MESMO, Transicao, origens_de

Situacao = Literal["percorrida", "atual", "saltada", "a_seguir"]


@dataclass(frozen=True)
class Etapa:
    numero: int
    estados: tuple[str, ...]
    """O estado da etapa; na de encerramento, os estados finais que ela reúne."""
    nome: str
    situacao: Situacao
    final: bool = False


def _destinos_declarados(maquina: Maquina) -> dict[str, set[str]]:
    """Estado -> estados a que as transições comuns levam pelo destino declarado."""
    grafo: dict[str, set[str]] = {e: set() for e in maquina.estados}
    for t in maquina.transicoes:
        if t.e_correcao or t.destino in (MESMO, ANTERIOR):
            continue
        for origem in origens_de(t, maquina.estados):
            grafo[origem].add(t.destino)
    return grafo


def _alcancaveis(grafo: dict[str, set[str]], inicio: str) -> set[str]:
    vistos, pilha = {inicio}, [inicio]
    while pilha:
        for proximo in grafo[pilha.pop()]:
            if proximo not in vistos:
                vistos.add(proximo)
                pilha.append(proximo)
    return vistos


def linha_principal(maquina: Maquina) -> tuple[str, ...]:
    """Os estados não finais do caminho comum, na ordem do quadro."""
    grafo = _destinos_declarados(maquina)
    do_inicio = _alcancaveis(grafo, maquina.estado_inicial)
    finais = set(maquina.estados_finais())
    return tuple(
        e
        for e in maquina.estados
        if e in do_inicio and not maquina.estados[e].final and _alcancaveis(grafo, e) & finais
    )


def percorridos(maquina: Maquina, tipos_dos_atos: Sequence[str], estado_atual: str) -> set[str]:
    """Os estados por que o processo passou, repetindo os atos (na ordem) no quadro.

    Onde o ato tem destino condicional (a guarda depende de fatos que a repetição não tem),
    vale o destino de onde parte o ato seguinte; no último ato, o estado atual."""
    por_origem: dict[tuple[str, str], Transicao] = {}
    for declarada in maquina.transicoes:  # vale a primeira do tipo a partir do estado
        for origem in origens_de(declarada, maquina.estados):
            por_origem.setdefault((origem, declarada.tipo_ato), declarada)
    tipos_de = {e: {tipo for (o, tipo) in por_origem if o == e} for e in maquina.estados}
    estado = maquina.estado_inicial
    vistos = {estado}
    antes_do_sobrestamento: str | None = None
    for n, tipo in enumerate(tipos_dos_atos):
        t = por_origem.get((estado, tipo))
        if t is None or t.e_correcao:
            continue
        anterior = antes_do_sobrestamento or estado
        candidatos = [
            estado if d == MESMO else anterior if d == ANTERIOR else d for d in t.destinos
        ]
        if len(set(candidatos)) > 1:
            seguinte = tipos_dos_atos[n + 1] if n + 1 < len(tipos_dos_atos) else None
            if seguinte is None:
                escolha = estado_atual if estado_atual in candidatos else candidatos[-1]
            else:
                escolha = next(
                    (c for c in candidatos if seguinte in tipos_de.get(c, set())),
                    candidatos[-1],
                )
        else:
            escolha = candidatos[0]
        if escolha != estado and t.destino != ANTERIOR:
            antes_do_sobrestamento = estado
        estado = escolha
        vistos.add(estado)
    vistos.add(estado_atual)
    return vistos


def estados_da_instancia(maquina: Maquina, prazos: Collection[str]) -> frozenset[str]:
    """Os estados a que só se chega por uma instância (a do recurso em última instância da
    NORMAM-07, extinta pela NORMAM-401): os que só se entram por atos que observam um dos
    `prazos` dela (`prazo_do_ato`) ou a partir de outros estados dela."""
    entradas: dict[str, list[tuple[Transicao, list[str]]]] = {}
    for t in maquina.transicoes:
        if t.e_correcao:
            continue
        for destino in t.destinos:
            if destino not in (MESMO, ANTERIOR):
                entradas.setdefault(destino, []).append((t, origens_de(t, maquina.estados)))
    dela: set[str] = set()
    mudou = True
    while mudou:
        mudou = False
        for estado, vindas in entradas.items():
            if estado not in dela and all(
                t.prazo_do_ato in prazos or set(origens) <= dela for t, origens in vindas
            ):
                dela.add(estado)
                mudou = True
    return frozenset(dela)


def etapas(
    maquina: Maquina,
    estado_atual: str,
    tipos_dos_atos: Sequence[str],
    omitir: Collection[str] = (),
) -> list[Etapa]:
    """As etapas do indicador, com a situação de cada uma para o processo. `omitir`: estados
    que o processo não alcançará (a instância extinta para ele), salvo se já passou por eles."""
    atual = maquina.estado(estado_atual)
    passou = percorridos(maquina, tipos_dos_atos, estado_atual)
    principal = [e for e in linha_principal(maquina) if e not in omitir or e in passou]
    if not atual.final and estado_atual not in principal:
        # o desvio entra logo depois do último estado da linha principal por que o processo
        # passou (de onde ele saiu dela)
        ultimo = max((n for n, e in enumerate(principal) if e in passou), default=-1)
        principal.insert(ultimo + 1, estado_atual)
    indice_atual = len(principal) if atual.final else principal.index(estado_atual)
    saida: list[Etapa] = []
    for n, e in enumerate(principal):
        situacao: Situacao
        if n == indice_atual:
            situacao = "atual"
        elif n < indice_atual:
            situacao = "percorrida" if e in passou else "saltada"
        else:
            # o rito que volta atrás na ordem do quadro (na NORMAM-07, o LTA antes da defesa)
            # já passou por etapas declaradas depois da atual
            situacao = "percorrida" if e in passou else "a_seguir"
        saida.append(Etapa(n + 1, (e,), maquina.estados[e].nome, situacao))
    finais = maquina.estados_finais()
    if atual.final:
        saida.append(Etapa(len(saida) + 1, (estado_atual,), atual.nome, "atual", final=True))
    else:
        nomes = " · ".join(maquina.estados[f].nome for f in finais)
        saida.append(Etapa(len(saida) + 1, tuple(finais), nomes, "a_seguir", final=True))
    return saida
