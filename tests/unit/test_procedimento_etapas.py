"""O indicador de etapas da página do processo (issue 15, item 17): as etapas saem do quadro de
estados do regime (farol/domain/procedimento/etapas.py), na ordem declarada, e a situação de
cada uma sai dos atos do processo repetidos no quadro.

Roteiros do regime LESTA (procedimento_lesta.yaml): constatada -> notificado -> autuado ->
em_defesa -> aguardando_julgamento -> julgado_procedente -> decisao_notificada -> ...; o
sobrestamento e a restituição são desvios, fora da linha principal."""

from __future__ import annotations

import pytest

from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.domain.procedimento.etapas import (
    Etapa,
    estados_da_instancia,
    etapas,
    linha_principal,
    percorridos,
)
from farol.domain.procedimento.maquina import Maquina

LESTA = carregar_regime("lesta")
ATE_A_DEFESA = ["notificacao_comparecimento", "lavratura_auto", "ciencia_auto"]


def _situacoes(lista: list[Etapa]) -> dict[str, str]:
    return {" ".join(e.estados): e.situacao for e in lista}


def test_a_linha_principal_da_lesta_segue_a_ordem_do_quadro_sem_finais_nem_desvios() -> None:
    linha = linha_principal(LESTA)
    assert linha[0] == LESTA.estado_inicial
    assert linha[:5] == (
        "constatada", "notificado", "autuado", "em_defesa", "aguardando_julgamento",
    )  # fmt: skip
    assert list(linha) == [e for e in LESTA.estados if e in linha]  # a ordem declarada
    assert not set(linha) & set(LESTA.estados_finais())
    assert "sobrestado" not in linha  # só volta ao estado anterior
    assert "aguardando_restituicao" not in linha  # só por destino condicional


def test_processo_em_defesa_tem_as_tres_primeiras_etapas_percorridas_e_as_outras_a_seguir() -> None:
    lista = etapas(LESTA, "em_defesa", ATE_A_DEFESA)
    assert [e.numero for e in lista] == list(range(1, len(lista) + 1))
    atual = [e for e in lista if e.situacao == "atual"]
    assert [(e.numero, e.estados, e.nome) for e in atual] == [
        (4, ("em_defesa",), LESTA.estados["em_defesa"].nome)
    ]
    assert [e.situacao for e in lista[:3]] == ["percorrida"] * 3
    assert {e.situacao for e in lista[4:]} == {"a_seguir"}
    # a última etapa reúne os desfechos possíveis, pelos nomes do quadro
    fim = lista[-1]
    assert fim.final and fim.estados == LESTA.estados_finais()
    assert fim.nome == " · ".join(LESTA.estados[f].nome for f in LESTA.estados_finais())


def test_arquivado_nos_esclarecimentos_salta_as_etapas_do_auto_e_encerra_no_arquivamento() -> None:
    atos = ["notificacao_comparecimento", "esclarecimentos_prestados", "esclarecimentos_acolhidos"]
    lista = etapas(LESTA, "arquivado", atos)
    situacao = _situacoes(lista)
    assert situacao["constatada"] == situacao["notificado"] == "percorrida"
    assert situacao["autuado"] == situacao["em_defesa"] == "saltada"  # seguiu outro caminho
    fim = lista[-1]
    assert (fim.estados, fim.situacao, fim.final) == (("arquivado",), "atual", True)
    assert fim.nome == LESTA.estados["arquivado"].nome
    assert "a_seguir" not in situacao.values()


def test_o_sobrestamento_entra_logo_depois_da_etapa_de_onde_o_processo_saiu() -> None:
    lista = etapas(LESTA, "sobrestado", [*ATE_A_DEFESA, "sobrestamento"])
    estados = [e.estados[0] for e in lista]
    assert estados[3:5] == ["em_defesa", "sobrestado"]
    assert _situacoes(lista)["sobrestado"] == "atual"
    assert _situacoes(lista)["em_defesa"] == "percorrida"
    # levantado o sobrestamento, o processo volta à defesa e o desvio sai do indicador
    volta = etapas(LESTA, "em_defesa", [*ATE_A_DEFESA, "sobrestamento", "levantamento_sobrestamento"])  # fmt: skip
    assert "sobrestado" not in _situacoes(volta)
    assert _situacoes(volta)["em_defesa"] == "atual"


def test_o_levantamento_que_espera_a_ciencia_fica_no_desvio_e_a_ciencia_volta_a_defesa() -> None:
    sobrestou = [*ATE_A_DEFESA, "sobrestamento", "levantamento_sobrestamento"]
    lista = etapas(LESTA, "sobrestamento_levantado", sobrestou)
    assert [e.estados[0] for e in lista][3:5] == ["em_defesa", "sobrestamento_levantado"]
    assert _situacoes(lista)["sobrestamento_levantado"] == "atual"
    assert {"em_defesa", "sobrestado", "sobrestamento_levantado"} <= percorridos(
        LESTA, sobrestou, "sobrestamento_levantado"
    )
    volta = etapas(LESTA, "em_defesa", [*sobrestou, "ciencia_levantamento_sobrestamento"])
    assert "sobrestamento_levantado" not in _situacoes(volta)
    assert _situacoes(volta)["em_defesa"] == "atual"
    # com um ato depois da ciência, a repetição segue pelo estado de retorno (a defesa)
    depois = percorridos(
        LESTA, [*sobrestou, "ciencia_levantamento_sobrestamento", "defesa"], "aguardando_julgamento"
    )
    assert {"em_defesa", "aguardando_julgamento"} <= depois


def test_ato_de_destino_condicional_segue_o_estado_de_onde_parte_o_ato_seguinte() -> None:
    # o pagamento pode quitar ou manter o estado: depois dele veio o recurso, logo não quitou
    atos = [*ATE_A_DEFESA, "defesa", "julgamento_procedente", "ciencia_decisao", "pagamento",
            "recurso"]  # fmt: skip
    passou = percorridos(LESTA, atos, "em_recurso")
    assert "quitado" not in passou
    assert {"decisao_notificada", "em_recurso"} <= passou
    # o último ato decide pelo estado atual: pago e quitado
    assert "quitado" in percorridos(LESTA, atos[:-1], "quitado")


@pytest.mark.parametrize("maquina", carregar_regimes(), ids=lambda m: m.regime)
def test_em_todo_regime_o_processo_novo_tem_uma_so_etapa_atual_a_primeira(maquina: Maquina) -> None:
    lista = etapas(maquina, maquina.estado_inicial, [])
    assert [e.situacao for e in lista].count("atual") == 1
    assert lista[0].situacao == "atual" and lista[0].estados == (maquina.estado_inicial,)
    assert all(e.nome for e in lista)
    assert lista[-1].final and not any(e.final for e in lista[:-1])


def test_a_instancia_extinta_sai_do_indicador_salvo_se_o_processo_passou_por_ela() -> None:
    """O recurso ao DGN da NORMAM-07 (poluição) só cabe contra a decisão comunicada antes da
    NORMAM-401 (dados/transicao.yaml, instancias_extintas): o serviço omite os estados dele
    do processo em que o prazo não se abriu; o que passou por eles continua a vê-los."""
    poluicao = carregar_regime("poluicao")
    dgn = estados_da_instancia(
        poluicao, ("prazo.poluicao.recurso_final", "prazo.poluicao.decisao_recurso_final")
    )
    assert dgn == {"em_recurso_final", "recurso_final_decidido", "decisao_definitiva_notificada"}
    assert estados_da_instancia(LESTA, ("prazo.poluicao.recurso_final",)) == frozenset()
    omitidos = etapas(poluicao, "em_defesa", ["ciencia_auto"], omitir=dgn)
    assert not {e.estados[0] for e in omitidos} & dgn
    assert {e.estados[0] for e in etapas(poluicao, "em_defesa", ["ciencia_auto"])} >= dgn
    recorreu = ["ciencia_auto", "defesa", "registro_laudo", "ciencia_laudo", "complementacao",
                "julgamento_procedente", "ciencia_decisao", "recurso", "decisao_recurso_nao_provido",
                "ciencia_decisao_recurso", "recurso_final"]  # fmt: skip
    lista = etapas(poluicao, "em_recurso_final", recorreu, omitir=dgn)
    assert _situacoes(lista)["em_recurso_final"] == "atual"


def test_no_rito_da_normam_07_o_lta_ja_recebido_nao_aparece_como_etapa_a_seguir() -> None:
    """Na NORMAM-07 a defesa corre da ciência do LTA: o processo passa pelo LTA (declarado
    depois da defesa no quadro) antes de chegar à defesa; essas etapas são percorridas."""
    poluicao = carregar_regime("poluicao")
    atos = ["lavratura_auto_poluicao", "ciencia_auto", "registro_laudo", "ciencia_laudo"]
    lista = etapas(poluicao, "em_defesa", atos)
    situacao = _situacoes(lista)
    assert situacao["em_defesa"] == "atual"
    assert situacao["aguardando_laudo"] == situacao["laudo_recebido"] == "percorrida"
    assert situacao["aguardando_julgamento"] == "a_seguir"
