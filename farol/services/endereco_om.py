"""Endereço e contato de uma OM: o que os documentos imprimem no cabeçalho e onde mandam o
interessado comparecer ou entregar a defesa.

Sem endereço registrado, o documento traz a linha em branco para preencher à mão: o Farol
não imprime o município no lugar da rua (docs/documentos.md). `farol om endereco` registra.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, ValidationError, field_validator
from sqlalchemy.orm import Session

from farol.erros import EntradaInvalida
from farol.formatos import citado
from farol.services.comandos import Modelo
from farol.services.jurisdicao import om_pela_sigla
from farol.services.mensagens import traduzir
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import OM

CAMPOS = ("endereco", "bairro", "cep", "telefone", "email")


class EnderecoDaOM(Modelo):
    """Os campos informados substituem os gravados; texto em branco apaga o campo."""

    endereco: str | None = Field(
        default=None, max_length=300, description="logradouro, número e complemento"
    )
    bairro: str | None = Field(default=None, max_length=100)
    cep: str | None = Field(default=None, max_length=10, description="00000-000")
    telefone: str | None = Field(default=None, max_length=30)
    email: str | None = Field(default=None, max_length=200)

    @field_validator(*CAMPOS, mode="before")
    @classmethod
    def _em_branco_apaga(cls, valor: Any) -> Any:
        return None if isinstance(valor, str) and not valor.strip() else valor

    @field_validator("cep")
    @classmethod
    def _cep(cls, valor: str | None) -> str | None:
        if valor is None:
            return None
        digitos = re.sub(r"[.\-\s]", "", valor)
        if not re.fullmatch(r"[0-9]{8}", digitos):
            raise ValueError(f"CEP {citado(valor)} inválido: são 8 dígitos, como 88015-600")
        return digitos

    @field_validator("email")
    @classmethod
    def _email(cls, valor: str | None) -> str | None:
        if valor is not None and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", valor):
            raise ValueError(f"e-mail {citado(valor)} inválido")
        return valor

    def aplicar(self, om: OM) -> None:
        """Grava na OM só os campos informados (os outros ficam como estão)."""
        for campo in self.model_fields_set:
            setattr(om, campo, getattr(self, campo))

    @classmethod
    def da_om(cls, om: OM) -> EnderecoDaOM:
        return cls.model_validate({c: getattr(om, c) for c in CAMPOS})


def ler_endereco(dados: dict[str, Any]) -> EnderecoDaOM:
    """Os campos informados (CLI, administração), com o erro em português no campo."""
    try:
        return EnderecoDaOM.model_validate(dados)
    except ValidationError as e:
        erro = e.errors()[0]
        campo = ".".join(str(p) for p in erro.get("loc", ())) or None
        raise EntradaInvalida(traduzir(erro), campo=campo) from None


@caso_de_uso(escrita=True)
def definir_endereco(s: Session, sigla: str, dados: EnderecoDaOM) -> EnderecoDaOM:
    """Registra o endereço e o contato da OM; devolve como ficaram."""
    om = om_pela_sigla(s, sigla)
    dados.aplicar(om)
    s.flush()
    return EnderecoDaOM.da_om(om)
