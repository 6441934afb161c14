"""O nome de cada ato na linha do tempo vem da transição que ele disparou: o mesmo tipo de ato
tem nomes diferentes conforme o estado (o pagamento "com recurso pendente" só quando há recurso
pendente). Antes, todo pagamento levava o nome da última transição do tipo no quadro."""

from __future__ import annotations

from farol.domain.procedimento.carregar import carregar_regime

ATE_O_RECURSO = [
    "notificacao_comparecimento",
    "lavratura_auto",
    "ciencia_auto",
    "defesa",
    "julgamento_procedente",
    "ciencia_decisao",
    "recurso",
]


def _nomes(tipos: list[str]) -> list[str | None]:
    return carregar_regime("lesta").nomes_dos_atos([(t, {}) for t in tipos])


def test_pagamento_depois_do_recurso_decidido_e_notificado_e_o_pagamento_da_multa() -> None:
    nomes = _nomes(
        [*ATE_O_RECURSO, "decisao_recurso_nao_provido", "ciencia_decisao_recurso", "pagamento"]
    )
    assert nomes[-1] == "Pagamento da multa"
    assert nomes[-3] == "Recurso não provido (penalidade mantida)"


def test_pagamento_com_o_recurso_pendente_leva_o_nome_do_recurso_pendente() -> None:
    assert _nomes([*ATE_O_RECURSO, "pagamento"])[-1] == (
        "Pagamento da multa com recurso pendente"
    )
    assert _nomes([*ATE_O_RECURSO[:-1], "pagamento"])[-1] == "Pagamento da multa"


def test_efeito_suspensivo_na_primeira_instancia_e_na_ultima() -> None:
    primeira = _nomes([*ATE_O_RECURSO, "efeito_suspensivo"])[-1]
    assert primeira == "Concessão de efeito suspensivo ao recurso (decisão fundamentada)"
    ultima = _nomes(
        [
            *ATE_O_RECURSO,
            "decisao_recurso_nao_provido",
            "ciencia_decisao_recurso",
            "recurso_final",
            "efeito_suspensivo",
        ]
    )[-1]
    assert ultima is not None and "última instância" in ultima


def test_ato_do_sistema_nao_tem_nome_de_transicao() -> None:
    assert _nomes(["notificacao_comparecimento", "emissao_documento"])[-1] is None
