"""Papéis de usuário e permissões, carregados de `dados/papeis.yaml` e validados na carga.

Um papel que cita permissão não declarada, dois papéis com o mesmo id, uma permissão sem
citação ou um papel sem fonte e sem `observacao` impedem a carga (`DadosNormativosInvalidos`).
A API de uso está em `farol.domain.papeis`; este módulo só lê e valida os dados (o `store`
monta daqui a lista fechada da coluna `usuario.papel`).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml

ARQUIVO = "papeis.yaml"
IDENTIFICADOR = re.compile(r"^[a-z][a-z0-9_]*$")

Abrangencia = Literal["om_e_subordinadas", "nacional"]


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Permissao(_Modelo):
    id: str = Field(pattern=IDENTIFICADOR.pattern)
    descricao: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)


class Papel(_Modelo):
    id: str = Field(pattern=IDENTIFICADOR.pattern)
    nome: str = Field(min_length=1)
    """Como a pessoa lê o papel (páginas, consulta pública)."""
    permissoes: tuple[str, ...] = ()
    abrangencia: Abrangencia
    """OMs que o usuário alcança: a sua e as subordinadas, ou todas."""
    registra_atos_so_na_om: bool = False
    """Lê os processos da abrangência, mas registra atos só nos da própria OM (a Autoridade
    Competente da sede da CP não trata os autos das Delegacias e Agências, que têm a sua)."""
    nas_subordinadas_so_atos_sem: str | None = None
    """Nos processos das OMs subordinadas, registra só os atos que este outro papel (o da
    autoridade da própria OM) não registra: o Capitão dos Portos, nos da Delegacia, só os da
    instância do recurso (Norma de 2023 item 3.5 a I e II)."""
    fontes: tuple[Citacao, ...] = ()
    observacao: str | None = None

    @model_validator(mode="after")
    def _fundamentado(self) -> Papel:
        if not self.fontes and not (self.observacao or "").strip():
            raise ValueError(f'papel "{self.id}" sem fontes: diga por quê em `observacao`')
        return self


class CatalogoPapeis(_Modelo):
    permissoes: tuple[Permissao, ...] = Field(min_length=1)
    papeis: tuple[Papel, ...] = Field(min_length=1)
    papel_da_consulta_publica: str

    @model_validator(mode="after")
    def _referencias(self) -> CatalogoPapeis:
        problemas: list[str] = []
        for rotulo, ids in (
            ("permissão", [p.id for p in self.permissoes]),
            ("papel", [p.id for p in self.papeis]),
        ):
            problemas += [
                f'{rotulo} declarado mais de uma vez: "{i}"'
                for i in sorted({i for i in ids if ids.count(i) > 1})
            ]
        declaradas = {p.id for p in self.permissoes}
        for papel in self.papeis:
            problemas += [
                f'papel "{papel.id}": permissão não declarada "{x}"'
                for x in papel.permissoes
                if x not in declaradas
            ]
        if self.papel_da_consulta_publica not in {p.id for p in self.papeis}:
            problemas.append(
                f'papel_da_consulta_publica inexistente: "{self.papel_da_consulta_publica}"'
            )
        if problemas:
            raise ValueError("; ".join(problemas))
        return self

    def papel(self, papel: str) -> Papel | None:
        return next((p for p in self.papeis if p.id == papel), None)


def validar_papeis(dados: object, *, origem: str = ARQUIVO) -> CatalogoPapeis:
    try:
        return CatalogoPapeis.model_validate(dados)
    except ValidationError as e:
        raise DadosNormativosInvalidos(f"{origem}: papéis malformados: {e}") from e


@cache
def catalogo_papeis() -> CatalogoPapeis:
    """Os papéis e as permissões de `dados/papeis.yaml`, validados uma vez."""
    return validar_papeis(ler_yaml(ARQUIVO))


def ids_dos_papeis() -> tuple[str, ...]:
    """Os ids na ordem declarada (a da lista fechada do banco)."""
    return tuple(p.id for p in catalogo_papeis().papeis)
