"""Tudo o que a página do processo mostra, lido numa só transação.

A página não calcula nada que a API também precise: o detalhe do processo (com o nome de
cada prazo e os atos que o papel pode registrar agora), os anexos, os documentos oficiais e
se o papel pode emiti-los, as medidas e as partes da inspeção e, quando cabe uma decisão com
penalidade, o assistente de penalidade.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.etapas import etapas
from farol.normas.infracoes import catalogo
from farol.pdf.dados import TITULOS
from farol.relogio import hoje
from farol.services import (
    anexos,
    assistente_penalidade,
    documentos,
    inspecao_do_processo,
    leitura,
)
from farol.services.jurisdicao import Ator
from farol.services.unit_of_work import caso_de_uso


@caso_de_uso()
def vista(s: Session, ator: Ator, processo_id: int) -> dict[str, Any]:
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
    return {
        "p": d,
        "documentos_oficiais": documentos.listar.na_sessao(s, ator, processo_id),
        # só os tipos que o papel emite (quem registra o ato que o documento materializa)
        "tipos_documento": [
            (t.value, TITULOS[t])
            for t in documentos.tipos_do_regime(d["regime"])
            if ator.papel in documentos.papeis_que_emitem(d["regime"], t)
        ],
        "pode_emitir": documentos.pode_emitir(ator),
        "anexos": lista_anexos,
        "anexos_por_ato": por_ato,
        "medidas": inspecao_do_processo.medidas.na_sessao(s, ator, processo_id),
        "partes": inspecao_do_processo.partes.na_sessao(s, ator, processo_id),
        "campo_inspecao": inspecao_do_processo.registro_de_campo.na_sessao(s, ator, processo_id),
        "assistente": assistente,
        # o indicador de etapas: os estados do quadro do regime, o atual e os percorridos
        "etapas": etapas(maquina, d["estado"], [a["tipo"] for a in d["atos"]]),
        "autores_por_infracao": {
            i["codigo"]: infracoes[i["codigo"]].autores
            for i in d["infracoes"]
            if i["codigo"] in infracoes
        },
        "infracoes_unicas": list({i["codigo"]: i for i in d["infracoes"]}.values()),
        "multa_por_falta": {k: v.penalidade.multa_por_falta for k, v in infracoes.items()},
    }
