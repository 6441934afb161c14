"""A tabela de medidas como dados: carga validada, citações literais, documentação sem deriva."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml, registro_normas
from farol.normas.medidas import (
    Condicoes,
    Situacao,
    carregar_tabela,
    linhas_ambiguas,
    validar_tabela,
)

RAIZ = Path(__file__).resolve().parents[2]
TEXTOS = {"NORMAM-2023": "000_40f57531f3957fe9.txt", "LESTA": "003_6182f1d95528b1a1.txt"}


def bruto() -> dict[str, Any]:
    return copy.deepcopy(ler_yaml("medidas.yaml"))


def linha(dados: dict[str, Any], id_: str) -> dict[str, Any]:
    return next(x for x in dados["linhas"] if x["id"] == id_)


def recusa(dados: dict[str, Any], trecho: str) -> None:
    with pytest.raises(DadosNormativosInvalidos, match=re.escape(trecho)):
        validar_tabela(dados)


def todas_as_citacoes() -> list[Citacao]:
    t = carregar_tabela()
    cits = [t.fonte, t.abrangencia, t.autoria_geral]
    cits += [c for x in t.linhas for c in x.citacoes]
    cits += [x.dispensa.citacao for x in t.linhas if x.dispensa]
    cits += [
        c
        for m in t.medidas.values()
        for c in (m.previsao, m.definicao, m.documentos_fonte)
        if c is not None
    ]
    cits += [d.citacao for d in t.documentos.values()] + [a.citacao for a in t.autores.values()]
    cits += [c for i in t.interpretacoes.values() for c in i.citacoes]
    cits += [x.citacao for x in t.lacunas]
    cits += [o.citacao for o in t.ordens_embarcacao_estrangeira.ordens.values()]
    return cits


def test_a_tabela_carrega_e_toda_linha_tem_citacao() -> None:
    t = carregar_tabela()
    assert len(t.linhas) == 31
    for x in t.linhas:
        assert x.citacoes, x.id
        assert all(c.norma in registro_normas() and c.texto.strip() for c in x.citacoes)


def test_toda_citacao_da_norma_e_da_lei_e_literal(sementes: Path) -> None:
    """Cada trecho citado (entre elisões '[...]') está no texto de referência."""

    def sem_espacos(s: str) -> str:
        return re.sub(r"\s+", "", s).replace("°", "º")

    fontes = {k: sem_espacos((sementes / v).read_text(encoding="utf-8")) for k, v in TEXTOS.items()}
    for c in todas_as_citacoes():
        if c.norma not in fontes:
            continue
        texto = c.texto.replace("[texto interrompido]", "")
        for trecho in texto.split("[...]"):
            assert sem_espacos(trecho) in fontes[c.norma], (c.dispositivo, trecho)


def test_as_linhas_da_tabela_nao_sao_ambiguas() -> None:
    assert linhas_ambiguas(carregar_tabela().linhas) == []


def test_a_ordem_das_medidas_e_a_do_catalogo() -> None:
    assert list(carregar_tabela().medidas)[:4] == [
        "apreensao_habilitacao",
        "retirada_de_trafego",
        "apreensao_embarcacao",
        "impedimento_de_saida",
    ]


def test_condicoes_sobrepostas_sao_detectadas() -> None:
    a = Condicoes(situacao=Situacao.PARADA)
    assert a.sobrepoe(Condicoes())
    assert not a.sobrepoe(Condicoes(situacao=Situacao.NAVEGANDO))


# --- o carregador recusa dados incoerentes -------------------------------------------------


def test_recusa_medida_desconhecida() -> None:
    d = bruto()
    linha(d, "medida.3.10.2.a")["medidas"] = ["afundar_embarcacao"]
    recusa(d, "medida desconhecida 'afundar_embarcacao'")


def test_recusa_situacao_desconhecida() -> None:
    d = bruto()
    linha(d, "medida.3.10.2.a")["condicoes"] = {"situacao": "encalhada"}
    recusa(d, "situacao")


def test_recusa_linha_sem_citacao() -> None:
    d = bruto()
    linha(d, "medida.3.10.2.a")["citacoes"] = []
    recusa(d, "citacoes")
    del linha(d, "medida.3.10.2.a")["citacoes"]
    recusa(d, "citacoes")


def test_recusa_citacao_de_norma_fora_do_registro() -> None:
    d = bruto()
    linha(d, "medida.3.10.2.a")["citacoes"][0]["norma"] = "NORMAM-99"
    recusa(d, "norma desconhecida")


def test_recusa_duas_linhas_que_casam_com_a_mesma_constatacao() -> None:
    d = bruto()
    linha(d, "medida.3.10.2.b")["condicoes"] = {}
    recusa(d, "linhas medida.3.10.2.a e medida.3.10.2.b casam com a mesma constatação")


def test_recusa_linha_repetida() -> None:
    d = bruto()
    d["linhas"].append(copy.deepcopy(linha(d, "medida.3.11.2")))
    recusa(d, "linha repetida 'medida.3.11.2'")


def test_recusa_autor_desconhecido() -> None:
    d = bruto()
    linha(d, "medida.3.11.2")["notificar"] = ["despachante"]
    recusa(d, "autor desconhecido 'despachante'")


def test_recusa_dispensa_de_medida_que_a_linha_nao_aplica() -> None:
    d = bruto()
    linha(d, "medida.3.9.1.a")["dispensa"]["medidas"] = ["apreensao_embarcacao"]
    recusa(d, "dispensa de medida que a linha não aplica")


def test_recusa_apreensao_sem_a_nota_dos_formularios() -> None:
    d = bruto()
    linha(d, "medida.3.10.1.a")["interpretacoes"].remove(
        "interpretacao.documentos_de_toda_apreensao"
    )
    recusa(d, "apreensao_embarcacao sem a nota dos formulários")


def test_recusa_remissao_sem_destino() -> None:
    d = bruto()
    linha(d, "medida.3.9.3.d")["remissao"] = "RLESTA.12.I"
    recusa(d, "remissão para RLESTA.12.I sem linhas")


def test_recusa_infracao_malformada_ou_sem_autor_material() -> None:
    d = bruto()
    linha(d, "medida.3.11.2")["infracoes"] = ["RLESTA.14.3"]
    recusa(d, "id de infração malformado 'RLESTA.14.3'")
    linha(d, "medida.3.11.2")["infracoes"] = ["RLESTA.22.I"]
    recusa(d, "infração 'RLESTA.22.I' fora de autores_materiais")


def test_recusa_interpretacao_desconhecida() -> None:
    d = bruto()
    linha(d, "medida.3.11.2")["interpretacoes"] = ["interpretacao.inventada"]
    recusa(d, "interpretação desconhecida 'interpretacao.inventada'")


def test_recusa_lacuna_de_infracao_que_tem_linhas() -> None:
    d = bruto()
    d["lacunas"][0]["infracoes"] = ["RLESTA.11"]
    recusa(d, "lacuna RLESTA.11: a infração tem linhas na tabela")


def test_recusa_campo_desconhecido_na_linha() -> None:
    d = bruto()
    linha(d, "medida.3.11.2")["multa"] = 100
    recusa(d, "multa")


# --- documentação ----------------------------------------------------------------------------
# A tabela gerada (região `medidas`) é conferida por `farol docs --verificar`
# (tests/unit/test_documentacao.py).


def test_toda_linha_e_interpretacao_aparece_na_documentacao() -> None:
    docs = (RAIZ / "docs" / "medidas.md").read_text(encoding="utf-8")
    t = carregar_tabela()
    for id_ in [x.id for x in t.linhas] + list(t.interpretacoes):
        assert f"`{id_}`" in docs, id_


def test_o_exemplo_json_da_documentacao_e_a_saida_real() -> None:
    from farol.rules.medidas import aplicar_medidas, constatacao_de_dict

    docs = (RAIZ / "docs" / "medidas.md").read_text(encoding="utf-8")
    exemplo = json.loads(docs.split("```json\n", 1)[1].split("```", 1)[0])
    r = aplicar_medidas(constatacao_de_dict({"infracao": "RLESTA.11", "situacao": "navegando"}))
    assert exemplo == r.para_json()
