"""Palavras do dia a dia que levam às infrações do catálogo (`dados/termos_de_busca.yaml`).

Não é texto legal: "colete" e "extintor" não estão no art. 15 do RLESTA, mas a Norma de 2023
(item 3.12.1) os põe na dotação de que ele trata. Cada grupo diz as palavras, as infrações e,
quando há, a citação que faz a ligação. A carga recusa infração que não esteja no catálogo.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml
from farol.normas.infracoes import catalogo

ARQUIVO = "termos_de_busca.yaml"


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class GrupoDeTermos(_Modelo):
    palavras: tuple[str, ...] = Field(min_length=1)
    infracoes: tuple[str, ...] = Field(min_length=1)
    fonte: Citacao | None = None


class TermosDeBusca(_Modelo):
    palavras_vazias: frozenset[str] = frozenset()
    grupos: dict[str, GrupoDeTermos]

    def palavras_da_infracao(self, codigo: str) -> tuple[str, ...]:
        """As palavras de todos os grupos que levam à infração `codigo`."""
        return tuple(p for g in self.grupos.values() if codigo in g.infracoes for p in g.palavras)


@cache
def termos_de_busca() -> TermosDeBusca:
    try:
        termos = TermosDeBusca.model_validate(ler_yaml(ARQUIVO))
    except ValidationError as e:
        raise DadosNormativosInvalidos(f"{ARQUIVO}: {e}") from e
    conhecidas = catalogo().infracoes
    for nome, grupo in termos.grupos.items():
        faltando = [c for c in grupo.infracoes if c not in conhecidas]
        if faltando:
            raise DadosNormativosInvalidos(
                f"{ARQUIVO}: grupo {nome}: infração fora do catálogo: {', '.join(faltando)}"
            )
    return termos
