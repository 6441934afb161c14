"""Validação do quadro de estados ao carregar: referências, papéis, guardas, prazos e grafo."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from farol.domain.papeis import PAPEIS, PAPEIS_SEM_ATOS
from farol.domain.procedimento.guardas import GUARDAS
from farol.domain.procedimento.quadro import (
    ABRE_PROCESSO_SANCIONADOR,
    ANTERIOR,
    AUTOR_DO_ATO_CORRIGIDO,
    IDENTIFICADOR,
    MESMO,
    NAO_FINAIS,
    Estado,
    Quadro,
    id_prazo,
    origens_de,
    retornos_de,
)


def validar_quadro(q: Quadro) -> list[str]:
    """Problemas do quadro, em português; lista vazia se ele é válido."""
    problemas: list[str] = []
    if not IDENTIFICADOR.match(q.regime):
        problemas.append(f'regime com id inválido: "{q.regime}"')
    ids = [e.id for e in q.estados]
    estados = {e.id: e for e in q.estados}
    for repetido in sorted({i for i in ids if ids.count(i) > 1}):
        problemas.append(f'estado declarado mais de uma vez: "{repetido}"')
    for i in ids:
        if not IDENTIFICADOR.match(i):
            problemas.append(f'estado com id inválido: "{i}"')
    inicial = estados.get(q.estado_inicial)
    if inicial is None:
        problemas.append(f'estado inicial inexistente: "{q.estado_inicial}"')
    elif inicial.final:
        problemas.append(f'estado inicial é final: "{q.estado_inicial}"')
    if not any(e.final for e in q.estados):
        problemas.append("nenhum estado final")

    prazos_validos = {id_prazo(q.regime, etapa) for etapa in q.prazos}

    def prazo_ok(prazo: str, onde: str) -> None:
        if prazo not in prazos_validos:
            problemas.append(
                f'{onde}: prazo "{prazo}" não declarado (esperado prazo.{q.regime}.<etapa> '
                "com a etapa na lista `prazos`)"
            )

    for e in q.estados:
        for p in e.prazos:
            prazo_ok(p, f'estado "{e.id}"')
        if e.encerra_prazos and (e.final or e.prazos):
            problemas.append(
                f'estado "{e.id}": `encerra_prazos` só cabe num estado não final sem prazos'
            )

    referencias_quebradas = False
    vistos: dict[tuple[str, str], int] = {}
    iniciados: set[str] = set()
    for n, t in enumerate(q.transicoes):
        onde = f'transição "{t.tipo_ato}"'
        if not IDENTIFICADOR.match(t.tipo_ato):
            problemas.append(f"{onde}: tipo de ato com id inválido")
        if NAO_FINAIS in t.origens and t.origens != (NAO_FINAIS,):
            problemas.append(f'{onde}: "{NAO_FINAIS}" não se combina com outras origens')
        elif t.origens != (NAO_FINAIS,):
            for o in t.origens:
                if o not in estados:
                    referencias_quebradas = True
                    problemas.append(f'{onde}: estado de origem inexistente "{o}"')
                elif estados[o].final:
                    problemas.append(f'{onde}: parte do estado final "{o}"')
        for destino in t.destinos:
            if destino not in estados and destino not in (MESMO, ANTERIOR):
                referencias_quebradas = True
                problemas.append(f'{onde}: estado de destino inexistente "{destino}"')
        for condicional in t.destino_se:
            condicao = condicional.se
            if condicao not in GUARDAS or GUARDAS[condicao].tipo != "condicao":
                problemas.append(f'{onde}: condição "{condicao}" não é uma guarda de condição')
            if condicional.destino == ANTERIOR:
                problemas.append(f'{onde}: "{ANTERIOR}" não cabe num destino condicional')
        if AUTOR_DO_ATO_CORRIGIDO in t.papeis and not t.e_correcao:
            problemas.append(f'{onde}: "{AUTOR_DO_ATO_CORRIGIDO}" deve ser o único papel')
        elif not t.e_correcao:
            for p in t.papeis:
                if p not in PAPEIS:
                    problemas.append(f'{onde}: papel desconhecido "{p}"')
                elif p in PAPEIS_SEM_ATOS:
                    problemas.append(f"{onde}: o papel {p} não registra atos")
        for g in t.guardas:
            if g not in GUARDAS:
                problemas.append(f'{onde}: guarda não declarada "{g}"')
            elif GUARDAS[g].tipo == "sinalizador" and t.prazo_do_ato is None:
                problemas.append(f'{onde}: a guarda "{g}" exige `prazo_do_ato`')
        for inicio in t.inicia:
            prazo_ok(inicio.prazo, onde)
            iniciados.add(inicio.prazo)
            se = inicio.se
            if se is not None and (se not in GUARDAS or GUARDAS[se].tipo != "condicao"):
                problemas.append(f'{onde}: condição "{se}" não é uma guarda de condição')
            if inicio.contado_do_vencimento_de is not None:
                prazo_ok(inicio.contado_do_vencimento_de, onde)
            if inicio.prorroga and inicio.contado_do_vencimento_de not in t.encerra:
                problemas.append(
                    f'{onde}: o prazo "{inicio.prazo}" prorroga outro: declare-o em '
                    "`contado_do_vencimento_de` e entre os que o ato encerra"
                )
        for encerrado in t.encerra:
            prazo_ok(encerrado, onde)
        if t.prazo_do_ato is not None:
            prazo_ok(t.prazo_do_ato, onde)
            if t.prazo_do_ato not in t.encerra:
                problemas.append(f"{onde}: o prazo do ato deve estar entre os que ele encerra")
        for documento in (*t.documentos, *(e.documento for e in t.altera_efeito_de)):
            if not IDENTIFICADOR.match(documento):
                problemas.append(f'{onde}: documento com id inválido "{documento}"')
        problemas += _problemas_do_regime_aberto(q, t.tipo_ato, t.marcas, t.abre_regime)
        for o in (o for o in origens_de(t, estados) if o in estados):
            anterior = vistos.setdefault((o, t.tipo_ato), n)
            if anterior != n:
                problemas.append(f'dois atos "{t.tipo_ato}" partindo do estado "{o}"')
    for etapa in q.prazos:
        if id_prazo(q.regime, etapa) not in iniciados:
            problemas.append(f'prazo "{id_prazo(q.regime, etapa)}" declarado e nunca iniciado')
    problemas += _problemas_das_marcas(q)
    if inicial is None or referencias_quebradas:
        return problemas  # o grafo só se examina com todas as pontas existentes
    return problemas + _problemas_do_grafo(q, estados)


def _problemas_do_regime_aberto(
    q: Quadro, tipo_ato: str, marcas: tuple[str, ...], abre_regime: str | None
) -> list[str]:
    """O ato que abre outro processo (marca `abre_processo_sancionador`) declara o regime dele
    (`abre_regime`), outro que não o deste quadro; nenhum outro ato o declara. Se o regime
    tem quadro, confere-se na carga (`carregar_regime`)."""
    onde = f'transição "{tipo_ato}"'
    if ABRE_PROCESSO_SANCIONADOR in marcas and abre_regime is None:
        return [f'{onde}: a marca "{ABRE_PROCESSO_SANCIONADOR}" exige `abre_regime`']
    if ABRE_PROCESSO_SANCIONADOR not in marcas and abre_regime is not None:
        return [f'{onde}: `abre_regime` só cabe no ato com a marca "{ABRE_PROCESSO_SANCIONADOR}"']
    if abre_regime is not None and (
        not IDENTIFICADOR.match(abre_regime) or abre_regime == q.regime
    ):
        return [f'{onde}: `abre_regime` inválido: "{abre_regime}"']
    return []


def _problemas_das_marcas(q: Quadro) -> list[str]:
    """Toda marca usada está declarada para o seu alvo; toda declarada é usada."""
    problemas: list[str] = []
    ids = [m.id for m in q.marcas]
    vocabulario = {e.id for e in q.estados} | {t.tipo_ato for t in q.transicoes}
    for repetida in sorted({i for i in ids if ids.count(i) > 1}):
        problemas.append(f'marca declarada mais de uma vez: "{repetida}"')
    for m in q.marcas:
        if not IDENTIFICADOR.match(m.id):
            problemas.append(f'marca com id inválido: "{m.id}"')
        elif m.id in vocabulario:
            problemas.append(f'marca com o nome de um estado ou tipo de ato: "{m.id}"')
    alvos = {m.id: m.alvo for m in q.marcas}
    usadas: set[str] = set()
    usos = [(f'estado "{e.id}"', "estado", e.marcas) for e in q.estados]
    usos += [(f'transição "{t.tipo_ato}"', "ato", t.marcas) for t in q.transicoes]
    for onde, alvo, marcas in usos:
        for marca in marcas:
            usadas.add(marca)
            if marca not in alvos:
                problemas.append(f'{onde}: marca não declarada "{marca}"')
            elif alvos[marca] != alvo:
                problemas.append(f'{onde}: a marca "{marca}" é de {alvos[marca]}, não de {alvo}')
    for marca in ids:
        if marca not in usadas:
            problemas.append(f'marca "{marca}" declarada e nunca usada')
    return problemas


def _problemas_do_grafo(q: Quadro, estados: Mapping[str, Estado]) -> list[str]:
    retornos = retornos_de(q.transicoes, estados)
    arestas: dict[str, set[str]] = {e: set() for e in estados}
    for t in q.transicoes:
        for o in origens_de(t, estados):
            for destino in t.destinos:
                if destino == MESMO:
                    continue
                if destino == ANTERIOR:
                    arestas[o] |= retornos.get(o, set())
                else:
                    arestas[o].add(destino)
    problemas: list[str] = []
    alcancaveis = _alcance(q.estado_inicial, arestas)
    for e in estados:
        if e not in alcancaveis:
            problemas.append(f'estado inalcançável a partir de "{q.estado_inicial}": "{e}"')
    reverso: dict[str, set[str]] = {e: set() for e in estados}
    for o, destinos in arestas.items():
        for d in destinos:
            reverso[d].add(o)
    chegam_ao_fim: set[str] = set()
    for estado in estados.values():
        if estado.final:
            chegam_ao_fim |= _alcance(estado.id, reverso)
    for estado in estados.values():
        if estado.final:
            continue
        if not arestas[estado.id] - {estado.id}:
            problemas.append(f'estado não final sem saída: "{estado.id}"')
        elif estado.id not in chegam_ao_fim:
            problemas.append(f'estado não final que não leva a nenhum estado final: "{estado.id}"')
    for t in q.transicoes:
        if t.destino == ANTERIOR:
            for o in origens_de(t, estados):
                if not retornos.get(o):
                    problemas.append(
                        f'transição "{t.tipo_ato}": "{ANTERIOR}" a partir de "{o}", '
                        "aonde nenhuma transição leva"
                    )
    return problemas


def _alcance(inicio: str, arestas: Mapping[str, set[str]]) -> set[str]:
    vistos = {inicio}
    fila = deque([inicio])
    while fila:
        for proximo in arestas.get(fila.popleft(), set()):
            if proximo not in vistos:
                vistos.add(proximo)
                fila.append(proximo)
    return vistos
