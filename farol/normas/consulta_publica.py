"""O que a consulta pública entrega ao autuado (`dados/consulta_publica.yaml`): os tipos de
documento que ele baixa (Lei 9.784/1999 art. 3º, II) e a guia de pagamento da multa que as
normas nomeiam (DARF), com o código da receita só quando um ato o fixa."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml
from farol.normas.prazos import Instancia

ARQUIVO = "consulta_publica.yaml"


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _referencias(fontes: tuple[Citacao, ...]) -> str:
    return "; ".join(dict.fromkeys(c.referencia() for c in fontes))


class DocumentosDoInteressado(_Modelo):
    tipos: tuple[str, ...] = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)

    @property
    def fundamento(self) -> str:
        return _referencias(self.fontes)


class GuiaDePagamento(_Modelo):
    guia: str = Field(min_length=1)
    nome: str = Field(min_length=1)
    onde: str = Field(min_length=1)
    destino: str = Field(min_length=1)
    codigo_receita: str | None = None
    numero_de_referencia: Literal["auto", "processo"]
    fontes: tuple[Citacao, ...] = Field(min_length=1)
    sem_codigo: str = Field(min_length=1)
    """O que a página diz enquanto nenhum ato citado fixa o código da receita."""

    @property
    def fundamento(self) -> str:
        return _referencias(self.fontes)


class OndeSeEntrega(_Modelo):
    """A quem se dirige e onde se entrega o que o interessado faz nos `prazos`; `texto` com
    {om} e, com `instancia`, {autoridade} e {fundamento} (quem julga o recurso)."""

    prazos: tuple[str, ...] = Field(min_length=1)
    texto: str = Field(min_length=1)
    instancia: Instancia | None = None
    fontes: tuple[Citacao, ...] = ()


class ConsultaPublica(_Modelo):
    documentos: DocumentosDoInteressado
    pagamento: GuiaDePagamento
    onde_se_entrega: tuple[OndeSeEntrega, ...] = ()

    def onde(self, prazo: str) -> OndeSeEntrega | None:
        """O item de `onde_se_entrega` do prazo `prazo.<regime>.<etapa>`, ou None."""
        return next((x for x in self.onde_se_entrega if prazo in x.prazos), None)


@cache
def consulta_publica() -> ConsultaPublica:
    try:
        return ConsultaPublica.model_validate(ler_yaml(ARQUIVO))
    except ValidationError as e:
        raise DadosNormativosInvalidos(f"{ARQUIVO}: {e}") from e
