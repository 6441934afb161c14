"""O recurso se registra com os fundamentos do pedido de reexame (Lei 9.784/1999 art. 60: "O
recurso interpõe-se por meio de requerimento no qual o recorrente deverá expor os fundamentos
do pedido de reexame, podendo juntar os documentos que julgar convenientes.").

A regra vem do quadro: a marca `exige_fundamentos`, com a citação, nos recursos da LESTA e da
poluição; a defesa não a leva (as fontes dela dão o prazo e a revelia, não o conteúdo). O
serviço e a página recusam o ato marcado que não traz texto nem documento anexado
(`processos.recusa_sem_fundamentos`).
"""

from __future__ import annotations

import pytest

from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.erros import EntradaInvalida
from farol.services.comandos import modelo_dos_dados
from farol.services.processos import (
    CAMPO_DOS_FUNDAMENTOS,
    EXIGE_FUNDAMENTOS,
    recusa_sem_fundamentos,
)

ART_60 = (
    "O recurso interpõe-se por meio de requerimento no qual o recorrente deverá expor os "
    "fundamentos do pedido de reexame, podendo juntar os documentos que julgar convenientes."
)


@pytest.mark.parametrize("regime", ["lesta", "poluicao"])
def test_os_recursos_e_so_eles_exigem_os_fundamentos_com_a_citacao_do_art_60(regime: str) -> None:
    m = carregar_regime(regime)
    assert set(m.tipos_com(EXIGE_FUNDAMENTOS)) == {"recurso", "recurso_final"}
    assert set(m.tipos_com(EXIGE_FUNDAMENTOS)) == set(m.tipos_com("interpoe_recurso"))
    assert not m.tem_marca("defesa", EXIGE_FUNDAMENTOS)
    fonte = m.marca(EXIGE_FUNDAMENTOS).fontes[0]
    assert fonte.referencia() == "Lei 9.784/1999 art. 60"
    assert fonte.texto == ART_60


def test_todo_ato_que_exige_os_fundamentos_tem_onde_escreve_los() -> None:
    for m in carregar_regimes():
        for tipo in m.tipos_com(EXIGE_FUNDAMENTOS):
            assert CAMPO_DOS_FUNDAMENTOS in modelo_dos_dados(m, tipo).model_fields, (m.regime, tipo)
            assert m.tem_marca(tipo, "aceita_anexo"), (m.regime, tipo)


@pytest.mark.parametrize("regime", ["lesta", "poluicao"])
@pytest.mark.parametrize("tipo", ["recurso", "recurso_final"])
@pytest.mark.parametrize(
    "dados",
    [
        {},
        {"texto": ""},
        {"texto": "   \n\t "},
        {"texto": "\u200b\u00a0.,"},
        {"texto": None},
        {"documento": "Protocolo 12/2026"},
    ],
    ids=[
        "sem dados",
        "texto vazio",
        "texto em branco",
        "invisivel e pontuacao",
        "texto nulo",
        "so a referencia",
    ],
)
def test_recurso_sem_texto_e_sem_anexo_e_recusado_no_campo_do_texto_com_a_regra(
    regime: str, tipo: str, dados: dict[str, object]
) -> None:
    recusa = recusa_sem_fundamentos(carregar_regime(regime), tipo, dados, com_anexo=False)
    assert isinstance(recusa, EntradaInvalida)
    assert recusa.campo == "dados.texto"
    assert recusa.regra == "Lei 9.784/1999 art. 60"
    # o ato pelo nome do quadro, sem o código interno (revisão de UX de 2026-12-05)
    assert f'"{carregar_regime(regime).nome_do_ato(tipo)}"' in recusa.mensagem
    assert f"({tipo})" not in recusa.mensagem
    assert "fundamentos do pedido de reexame" in recusa.mensagem
    assert "anexe o documento" in recusa.mensagem
    assert recusa.texto().startswith("dados.texto: ")
    assert recusa.texto().endswith("(Lei 9.784/1999 art. 60)")


@pytest.mark.parametrize("regime", ["lesta", "poluicao"])
def test_recurso_com_texto_ou_com_documento_anexado_passa(regime: str) -> None:
    m = carregar_regime(regime)
    assert (
        recusa_sem_fundamentos(m, "recurso", {"texto": "Pede a anulação."}, com_anexo=False) is None
    )
    assert recusa_sem_fundamentos(m, "recurso", {}, com_anexo=True) is None


@pytest.mark.parametrize("regime", ["lesta", "poluicao"])
def test_defesa_e_outros_atos_sem_texto_nao_sao_recusados_por_esta_regra(regime: str) -> None:
    m = carregar_regime(regime)
    for tipo in ("defesa", "ciencia_decisao"):
        assert recusa_sem_fundamentos(m, tipo, {}, com_anexo=False) is None
