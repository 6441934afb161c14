"""Penalidades e obrigações acessórias (`dados/acessorias.yaml`): quem as executa e com que
fundamento. Quais cabem em cada infração está em `infracoes.yaml` (`penalidade.acessorias`)."""

from __future__ import annotations

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
