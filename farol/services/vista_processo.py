"""Tudo o que a página do processo mostra, lido numa só transação.

A página não calcula nada que a API também precise: o detalhe do processo (com o nome de
cada prazo e os atos que o papel pode registrar agora), os anexos, os documentos oficiais e
se o papel pode emiti-los, as medidas e as partes da inspeção e, quando cabe uma decisão com
penalidade, o assistente de penalidade.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.etapas import estados_da_instancia, etapas
from farol.domain.procedimento.maquina import Maquina
from farol.domain.procedimento.quadro import id_prazo
from farol.normas.infracoes import catalogo
from farol.normas.transicao import transicao
from farol.relogio import hoje
from farol.services import (
    anexos,
    assistente_penalidade,
    custodia,
    documentos,
    inspecao_do_processo,
    leitura,
)
from farol.services.jurisdicao import Ator, carregar_processo, competente_no_processo
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import Ato, Inspecao, Processo, Usuario


@caso_de_uso()
def vista(s: Session, ator: Ator, processo_id: int) -> dict[str, Any]:
    # O processo e a inspeção dele, que cada seção abaixo carrega (`carregar_processo`), ficam
    # presos aqui: o mapa de identidade da sessão os guarda só enquanto alguém os referencia, e
    # sem isto cada seção os leria de novo do banco (a página fazia 4 leituras do processo).
    p = carregar_processo(s, ator, processo_id)
    _inspecao_presa = None if p.inspecao_id is None else s.get(Inspecao, p.inspecao_id)
    d = leitura.detalhar.na_sessao(s, ator, processo_id).model_dump(mode="json")
    d["hoje"] = hoje().isoformat()
    lista_anexos = anexos.listar.na_sessao(s, ator, processo_id)
    por_ato: dict[int, list[dict[str, Any]]] = {}
    for a in lista_anexos:
        por_ato.setdefault(a["ato_id"] or 0, []).append(a)
    assistente = None
    maquina = carregar_regime(d["regime"])
    if any(maquina.tem_marca(t["tipo"], "impoe_penalidade") for t in d["atos_permitidos"]):
        assistente = assistente_penalidade.assistente.na_sessao(s, ator, processo_id)
    infracoes = catalogo().infracoes
    competente = competente_no_processo(ator, p.om_id)
    return {
        "p": d,
        "documentos_oficiais": documentos.listar.na_sessao(s, ator, processo_id),
        # só os tipos que o papel emite neste processo (quem registra nele o ato que o
        # documento materializa), e se já se emite
        "documentos_possiveis": documentos.possiveis.na_sessao(s, ator, processo_id),
        "rotulo_da_pessoa": maquina.quadro.pessoa,
        # o papel que lê os processos das subordinadas mas trata só os da própria OM
        "competente": competente,
        "anexos": lista_anexos,
        "anexos_por_ato": por_ato,
        "medidas": inspecao_do_processo.medidas.na_sessao(s, ator, processo_id),
        "partes": inspecao_do_processo.partes.na_sessao(s, ator, processo_id),
        "campo_inspecao": inspecao_do_processo.registro_de_campo.na_sessao(s, ator, processo_id),
        "assistente": assistente,
        # o indicador de etapas: os estados do quadro do regime, o atual e os percorridos
        "etapas": etapas(
            maquina,
            d["estado"],
            [a["tipo"] for a in d["atos"]],
            _instancias_que_nao_vem(maquina, d),
        ),
        "autores_por_infracao": {
            i["codigo"]: infracoes[i["codigo"]].autores
            for i in d["infracoes"]
            if i["codigo"] in infracoes
        },
        "infracoes_unicas": list({i["codigo"]: i for i in d["infracoes"]}.values()),
        "multa_por_falta": {k: v.penalidade.multa_por_falta for k, v in infracoes.items()},
        **_medidas_e_custodia(s, ator, d, competente),
    }


def _instancias_que_nao_vem(maquina: Maquina, d: dict[str, Any]) -> frozenset[str]:
    """Os estados de uma instância extinta pela norma nova (dados/transicao.yaml) que o
    processo não alcançará: nenhum prazo dela se abriu nele (o recurso ao DGN da NORMAM-07 só
    cabe contra a decisão comunicada antes da NORMAM-401; o indicador não o promete)."""
    abertos = {id_prazo(d["regime"], x["etapa"]) for x in d["prazos"]}
    fora: set[str] = set()
    for instancia in transicao().instancias_extintas.values():
        if not abertos & set(instancia.prazos):
            fora |= estados_da_instancia(maquina, instancia.prazos)
    return frozenset(fora)


def _medidas_e_custodia(
    s: Session, ator: Ator, d: dict[str, Any], competente: bool
) -> dict[str, Any]:
    """O que a página mostra das medidas do processo (quem levantou cada uma, quando e por
    quê; qual apreensão o papel pode recolher à custódia) e, no processo de custódia, as contas
    da guarda (o extrato de `custodia.extrato`, com o que falta pagar para a entrega) e o
    próximo vencimento."""
    regime_custodia = carregar_regime(custodia.REGIME)
    pode_recolher = competente and ator.papel in regime_custodia.papeis_que_registram("recolhe_bem")
    abertos = sorted((x for x in d["prazos"] if x["aberto"]), key=lambda x: x["vencimento"])
    return {
        "levantamentos": _levantamentos(s, d["medidas"]),
        "recolhiveis": [
            m["id"]
            for m in d["medidas"]
            if pode_recolher
            and m["em_vigor"]
            and m["tipo"] == custodia.APREENSAO
            and m["custodia_id"] is None
        ],
        "tipo_recolhimento": regime_custodia.tipo_com("recolhe_bem"),
        "custodias_das_medidas": _numeros(s, {m["custodia_id"] for m in d["medidas"]}),
        "extrato": (
            custodia.extrato.na_sessao(s, ator, d["id"]).model_dump(mode="json")
            if d["custodia"]
            else None
        ),
        "proximo_prazo": abertos[0] if abertos else None,
    }


def _numeros(s: Session, ids: set[int | None]) -> dict[int, str]:
    """O número de cada processo (as custódias abertas pelas apreensões), numa só consulta."""
    validos = {i for i in ids if i is not None}
    if not validos:
        return {}
    linhas = s.execute(select(Processo.id, Processo.numero).where(Processo.id.in_(validos)))
    return {pid: numero for pid, numero in linhas}


def _levantamentos(s: Session, medidas: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """O ato que levantou cada medida levantada: quando, por quem, o motivo e o processo (o
    Termo de Entrega da custódia levanta a apreensão em outro processo), numa só consulta."""
    ids = {m["levantada_pelo_ato_id"] for m in medidas if m["levantada_pelo_ato_id"]}
    if not ids:
        return {}
    por_ato = {}
    for a, nome, p in s.execute(
        select(Ato, Usuario.nome, Processo)
        .join(Processo, Processo.id == Ato.processo_id)
        .outerjoin(Usuario, Usuario.id == Ato.ator_id)
        .where(Ato.id.in_(ids))
    ).all():
        regime = carregar_regime(p.regime)
        por_ato[a.id] = {
            "data": a.data_ato.isoformat(),
            "por": nome,
            "papel": a.papel,
            "ato": regime.nome_do_ato(a.tipo),
            "motivo": (a.payload or {}).get("motivo"),
            "processo": {"id": p.id, "numero": p.numero},
            "seq": a.seq,
        }
    return {
        m["id"]: por_ato[m["levantada_pelo_ato_id"]]
        for m in medidas
        if m["levantada_pelo_ato_id"] in por_ato
    }
