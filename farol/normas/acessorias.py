"""Penalidades e obrigações acessórias (`dados/acessorias.yaml`): quem as executa e com que
fundamento. Quais cabem em cada infração está em `infracoes.yaml` (`penalidade.acessorias`)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml
from farol.normas.infracoes import catalogo

ARQUIVO = "acessorias.yaml"


class TipoAcessoria(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    nome: str = Field(min_length=1)
    executor: Literal["infrator", "autoridade"]
    execucao_direta: bool
    exige_reincidencia: bool = False
    fontes: tuple[Citacao, ...] = Field(min_length=1)

    @property
    def fundamento(self) -> str:
        return "; ".join(c.referencia() for c in self.fontes)


@cache
def tipos_de_acessoria() -> dict[str, TipoAcessoria]:
    try:
        tipos = {k: TipoAcessoria.model_validate(v) for k, v in ler_yaml(ARQUIVO).items()}
    except ValueError as e:
        raise DadosNormativosInvalidos(f"{ARQUIVO}: {e}") from e
    usados = {a.tipo for inf in catalogo().infracoes.values() for a in inf.penalidade.acessorias}
    faltando = sorted(usados - set(tipos))
    if faltando:
        raise DadosNormativosInvalidos(
            f"{ARQUIVO}: tipos usados em infracoes.yaml sem registro: {', '.join(faltando)}"
        )
    return tipos


def nome_da_acessoria(tipo: str) -> str:
    """Para mensagens: o nome da acessória e, entre parênteses, o id que a API recebe:
    'demolição da obra e recomposição do local (demolicao_obra)'; tipo não registrado: o id
    entre aspas, como foi enviado."""
    registro = tipos_de_acessoria().get(tipo)
    return f"{registro.nome} ({tipo})" if registro else repr(tipo)


def nomes_das_acessorias(tipos: Iterable[str]) -> str:
    """As acessórias pelo nome, separadas por vírgula; nenhuma: 'nenhuma'."""
    return ", ".join(nome_da_acessoria(t) for t in tipos) or "nenhuma"
