"""Toda regra do catálogo carrega a sua citação; valores versionados cobrem o tempo sem lacunas."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import yaml

from farol.erros import ForaDeVigencia
from farol.normas.citacao import DADOS, Citacao, registro_normas
from farol.normas.infracoes import catalogo


def _citacoes(no: Any, caminho: str = "") -> list[tuple[str, dict[str, Any]]]:
    achadas: list[tuple[str, dict[str, Any]]] = []
    if isinstance(no, dict):
        if {"norma", "dispositivo", "texto"} <= set(no):
            achadas.append((caminho, no))
        for k, v in no.items():
            achadas += _citacoes(v, f"{caminho}/{k}")
    elif isinstance(no, list):
        for i, v in enumerate(no):
            achadas += _citacoes(v, f"{caminho}[{i}]")
    return achadas


@pytest.mark.parametrize("arquivo", sorted(p.name for p in Path(DADOS).glob("*.yaml")))
def test_toda_citacao_dos_dados_e_valida(arquivo: str) -> None:
    dados = yaml.safe_load((Path(DADOS) / arquivo).read_text(encoding="utf-8"))
    for caminho, bruto in _citacoes(dados):
        Citacao.model_validate(bruto), caminho  # levanta se a norma não estiver registrada


def test_toda_infracao_e_todo_grupo_tem_citacao() -> None:
    cat = catalogo()
    for inf in cat.infracoes.values():
        assert inf.fonte.referencia().strip()
    for versionado in cat.grupos.values():
        for versao in versionado.versoes:
            assert versao.fonte.dispositivo == "Anexo II"


def test_citacao_com_norma_desconhecida_e_recusada() -> None:
    with pytest.raises(ValueError, match="norma desconhecida"):
        Citacao(norma="LEI-INEXISTENTE", dispositivo="art. 1º", texto="x")


def test_cobertura_temporal_de_cada_grupo_de_multa() -> None:
    """Em cada data desde a primeira vigência, exatamente uma versão se aplica."""
    for grupo, versionado in catalogo().grupos.items():
        inicio = versionado.versoes[0].inicio
        with pytest.raises(ForaDeVigencia):
            versionado.valor_em(inicio - dt.timedelta(days=1))
        dia = inicio
        while dia <= dt.date(2030, 12, 31):
            aplicaveis = [
                v
                for i, v in enumerate(versionado.versoes)
                if v.inicio <= dia
                and (i + 1 == len(versionado.versoes) or versionado.versoes[i + 1].inicio > dia)
            ]
            assert len(aplicaveis) == 1, (grupo, dia)
            assert versionado.versao_em(dia) is aplicaveis[0]
            dia += dt.timedelta(days=7)


def test_o_registro_de_normas_tem_a_lesta_e_o_rlesta_com_vigencia() -> None:
    normas = registro_normas()
    assert normas["RLESTA"].vigencia == dt.date(1998, 6, 9)
    assert normas["NORMAM-2023"].vigencia == dt.date(2023, 12, 1)
