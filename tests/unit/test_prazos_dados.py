"""Os dados de prazos e instâncias: citações, cobertura temporal, validação na carga e docs."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.normas.citacao import Versionado, registro_normas
from farol.normas.prazos import (
    PADRAO_ID,
    RegraPrazo,
    autoridade_recurso,
    autoridade_ultima_instancia,
    catalogo_instancias,
    catalogo_prazos,
    exige_deposito_previo,
    versao_vigente,
)

D = dt.date
DOCS = Path(__file__).resolve().parents[2] / "docs" / "prazos.md"
NORMA_2023 = D(2023, 12, 1)


def _itens_versionados() -> dict[str, Versionado[Any]]:
    itens: dict[str, Versionado[Any]] = dict(catalogo_prazos().regras)
    itens.update(catalogo_instancias().autoridades)
    itens.update(catalogo_instancias().deposito_previo)
    return itens


def test_regimes_e_etapas_pedidos_estao_todos_no_catalogo() -> None:
    cat = catalogo_prazos()
    assert cat.etapas("lesta") == (
        "comparecimento",
        "defesa",
        "julgamento",
        "pagamento",
        "recurso",
        "decisao_recurso",
        "recurso_final",
        "decisao_recurso_final",
        "acessoria",
    )
    assert set(cat.etapas("poluicao")) >= {
        "defesa",
        "julgamento",
        "laudo",
        "ciencia_laudo",
        "complemento_defesa",
        "julgamento_complemento",
        "recurso",
        "decisao_recurso",
        "pagamento",
    }
    assert cat.etapas("custodia") == (
        "regularizacao",
        "retirada",
        "regularizacao_edital",
        "retirada_edital",
        "reclamacao",
        "leilao",
    )
    assert cat.etapas("inquerito") == ("conclusao", "prorrogacao")
    assert cat.etapas("prescricao") == ("punitiva", "intercorrente")


@pytest.mark.parametrize(
    ("regra_id", "dias", "contagem"),
    [
        ("prazo.lesta.comparecimento", 8, "uteis"),
        ("prazo.lesta.defesa", 15, "uteis"),
        ("prazo.lesta.julgamento", 30, "corridos"),
        ("prazo.lesta.pagamento", 15, "corridos"),
        ("prazo.lesta.recurso", 5, "uteis"),
        ("prazo.lesta.decisao_recurso", 30, "corridos"),
        ("prazo.lesta.recurso_final", 5, "uteis"),
        ("prazo.lesta.decisao_recurso_final", 30, "corridos"),
        ("prazo.poluicao.defesa", 20, "corridos"),
        ("prazo.poluicao.julgamento", 60, "corridos"),
        ("prazo.poluicao.laudo", 60, "corridos"),
        ("prazo.poluicao.ciencia_laudo", 10, "corridos"),
        ("prazo.poluicao.complemento_defesa", 20, "corridos"),
        ("prazo.poluicao.julgamento_complemento", 30, "corridos"),
        ("prazo.poluicao.recurso", 20, "corridos"),
        ("prazo.poluicao.decisao_recurso", 30, "corridos"),
        ("prazo.poluicao.pagamento", 5, "corridos"),
        ("prazo.custodia.regularizacao", 90, "corridos"),
        ("prazo.custodia.retirada", 15, "corridos"),
        ("prazo.custodia.regularizacao_edital", 90, "corridos"),
        ("prazo.custodia.retirada_edital", 15, "corridos"),
        ("prazo.custodia.reclamacao", 30, "corridos"),
        ("prazo.inquerito.conclusao", 30, "corridos"),
        ("prazo.inquerito.prorrogacao", 30, "corridos"),
    ],
)
def test_prazo_em_vigor_pela_norma_de_2023_tem_os_dias_e_a_contagem_da_norma(
    regra_id: str, dias: int, contagem: str
) -> None:
    _, valor = catalogo_prazos().regras[regra_id].vigente(D(2024, 6, 1))
    assert (valor.dias, valor.contagem) == (dias, contagem)


def test_prescricoes_sao_em_anos_e_nao_se_prorrogam() -> None:
    regras = catalogo_prazos().regras
    for regra_id, anos in [("prazo.prescricao.punitiva", 5), ("prazo.prescricao.intercorrente", 3)]:
        _, valor = regras[regra_id].vigente(D(2024, 6, 1))
        assert (valor.anos, valor.dias, valor.prorroga) == (anos, None, False)


def test_toda_regra_e_toda_versao_carregam_citacao_de_norma_registrada() -> None:
    registro = registro_normas()
    for chave, item in _itens_versionados().items():
        for versao in item.versoes:
            citacoes = [versao.fonte]
            citacoes += list(getattr(versao.valor, "adicionais", ()))
            for c in citacoes:
                assert c.norma in registro, chave
                assert c.dispositivo.strip() and c.texto.strip(), chave
                assert c.referencia().startswith(registro[c.norma].sigla)
    for regra in catalogo_prazos().regras.values():
        assert PADRAO_ID.match(regra.id)
        assert regra.descricao.strip()


def test_nenhuma_versao_comeca_antes_da_vigencia_da_sua_norma() -> None:
    registro = registro_normas()
    for chave, item in _itens_versionados().items():
        for versao in item.versoes:
            assert versao.inicio >= registro[versao.fonte.norma].vigencia, chave


@pytest.mark.parametrize("chave", sorted(_itens_versionados()))
def test_cobertura_temporal_exatamente_uma_versao_em_cada_data(chave: str) -> None:
    """De cada primeira vigência até 2030, exatamente uma versão se aplica em cada dia."""
    item = _itens_versionados()[chave]
    versoes = item.versoes
    primeira = versoes[0].inicio
    with pytest.raises(ForaDeVigencia):
        versao_vigente(item, primeira - dt.timedelta(days=1), rotulo=chave)
    dia = primeira
    while dia <= D(2030, 12, 31):
        aplicaveis = [
            v
            for i, v in enumerate(versoes)
            if v.inicio <= dia and (i + 1 == len(versoes) or dia < versoes[i + 1].inicio)
        ]
        assert len(aplicaveis) == 1, (chave, dia)
        if aplicaveis[0].valor is None:
            with pytest.raises(ForaDeVigencia, match="extinto"):
                versao_vigente(item, dia, rotulo=chave)
        else:
            assert versao_vigente(item, dia, rotulo=chave)[0] is aplicaveis[0]
        dia += dt.timedelta(days=1)


def _regra(**alteracoes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": "prazo.teste.etapa",
        "descricao": "teste",
        "destinatario": "administrado",
        "versoes": [
            {
                "inicio": D(2003, 1, 1),
                "valor": {"dias": 5, "contagem": "uteis", "a_partir_de": "ciência"},
                "fonte": {"norma": "NORMAM-07", "dispositivo": "item 0306 c", "texto": "x"},
            }
        ],
    }
    base.update(alteracoes)
    return base


@pytest.mark.parametrize(
    ("alteracao", "mensagem"),
    [
        ({"id": "lesta.defesa"}, "padrão"),
        ({"id": "prazo.lesta.Defesa"}, "padrão"),
        (
            {
                "versoes": [
                    {
                        "inicio": D(2002, 12, 31),
                        "valor": {"dias": 5, "contagem": "uteis", "a_partir_de": "ciência"},
                        "fonte": {"norma": "NORMAM-07", "dispositivo": "item 0306 c", "texto": "x"},
                    }
                ]
            },
            "anterior à vigência",
        ),
        (
            {
                "versoes": [
                    {
                        "inicio": D(2003, 1, 1),
                        "valor": {"dias": 5, "anos": 1, "contagem": "corridos", "a_partir_de": "x"},
                        "fonte": {"norma": "NORMAM-07", "dispositivo": "item 0306 c", "texto": "x"},
                    }
                ]
            },
            "exatamente um",
        ),
        (
            {
                "versoes": [
                    {
                        "inicio": D(2003, 1, 1),
                        "valor": {"anos": 5, "contagem": "uteis", "a_partir_de": "x"},
                        "fonte": {"norma": "NORMAM-07", "dispositivo": "item 0306 c", "texto": "x"},
                    }
                ]
            },
            "data a data",
        ),
        ({"destinatario": "terceiro"}, "destinatario"),
    ],
)
def test_regra_malformada_e_recusada_na_carga(alteracao: dict[str, Any], mensagem: str) -> None:
    with pytest.raises(ValidationError, match=mensagem):
        RegraPrazo.model_validate(_regra(**alteracao))


# --------------------------------------------------------------------------- instâncias


@pytest.mark.parametrize(
    ("regime", "data", "sigla", "fundamento"),
    [
        ("lesta", D(2023, 11, 30), "DGN", "NORMAM-07/DPC item 0305 c"),
        ("lesta", NORMA_2023, "DPC", "NORMAM (Port. 110/2023) item 3.5 b"),
        ("poluicao", D(2023, 11, 30), "DGN", "NORMAM-07/DPC item 0404 d"),
        ("poluicao", NORMA_2023, "DPC", "NORMAM-401/DPC item 1.3 c IV"),
    ],
)
def test_ultima_instancia_passa_do_dgn_ao_dpc_com_a_norma_de_2023(
    regime: str, data: dt.date, sigla: str, fundamento: str
) -> None:
    fato = autoridade_ultima_instancia(regime, data)
    assert (fato.valor.sigla, fato.fundamento) == (sigla, fundamento)


def test_recurso_de_primeira_instancia_da_lesta_vai_ao_capitao_dos_portos() -> None:
    assert autoridade_recurso("lesta", "recurso", D(2024, 3, 1)).valor.sigla == "CP"
    assert autoridade_recurso("lesta", "recurso", D(2010, 3, 1)).valor.sigla == "CP"


def test_recurso_final_de_poluicao_nao_existe_depois_da_normam_401() -> None:
    with pytest.raises(ForaDeVigencia, match="extinto"):
        autoridade_recurso("poluicao", "recurso_final", NORMA_2023)


def test_ultima_instancia_antes_de_existir_recurso_final_e_recusada() -> None:
    with pytest.raises(ForaDeVigencia):
        autoridade_ultima_instancia("lesta", D(2002, 12, 31))


@pytest.mark.parametrize(
    ("regime", "data", "exige", "fundamento"),
    [
        ("lesta", D(1999, 1, 4), True, "LESTA art. 24 §2º"),
        ("lesta", D(2009, 11, 9), True, "NORMAM-07/DPC item 0306 c"),
        ("lesta", D(2009, 11, 10), False, "STF SV 21 enunciado"),
        ("lesta", D(2023, 11, 30), False, "STF SV 21 enunciado"),
        ("lesta", NORMA_2023, False, "NORMAM (Port. 110/2023) item 3.6.4 b"),
        ("poluicao", D(2005, 1, 3), False, "NORMAM-07/DPC item 0404 c"),
        ("poluicao", NORMA_2023, False, "NORMAM-401/DPC item 1.4.3"),
    ],
)
def test_deposito_previo_exigido_pela_lesta_ate_a_sumula_vinculante_21(
    regime: str, data: dt.date, exige: bool, fundamento: str
) -> None:
    fato = exige_deposito_previo(regime, data)
    assert (fato.valor, fato.fundamento) == (exige, fundamento)


def test_instancias_de_regime_desconhecido_nomeiam_o_campo_regime() -> None:
    for consulta in (
        lambda: autoridade_ultima_instancia("custodia", NORMA_2023),
        lambda: exige_deposito_previo("tributario", NORMA_2023),
        lambda: autoridade_recurso("xyz", "recurso", NORMA_2023),
    ):
        with pytest.raises(EntradaInvalida) as erro:
            consulta()
        assert erro.value.campo == "regime"


# --------------------------------------------------------------------------- documentação


def test_toda_regra_de_prazo_aparece_na_documentacao() -> None:
    texto = DOCS.read_text(encoding="utf-8")
    faltando = [r for r in catalogo_prazos().regras if f"`{r}`" not in texto]
    assert not faltando, f"regras sem documentação em docs/prazos.md: {faltando}"
    for chave in [*catalogo_instancias().autoridades, *catalogo_instancias().deposito_previo]:
        assert f"`{chave}`" in texto, chave
