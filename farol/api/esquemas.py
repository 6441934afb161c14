"""Os esquemas dos dados de cada tipo de ato no OpenAPI.

`NovoAto.dados` é um objeto livre no corpo de `POST /api/v1/processos/{id}/atos` (o tipo do ato
escolhe o modelo, `services.comandos.modelo_dos_dados`); sem os modelos no OpenAPI, quem integra
lia o código para saber os campos de cada ato. Aqui cada modelo (`DadosLavratura`,
`DadosDecisaoComPenalidade`, `DadosPagamento`...) entra em `components/schemas`, e
`GET /api/v1/processos/{id}/atos-possiveis` diz, em cada ato, o esquema dos seus dados
(`esquema_dos_dados`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI
from pydantic.json_schema import models_json_schema

from farol.services.comandos import ESQUEMAS, MODELOS_DOS_DADOS


def esquemas_dos_dados() -> dict[str, Any]:
    """Os esquemas JSON dos modelos dos dados dos atos (e dos que eles usam), por nome."""
    _, definicoes = models_json_schema(
        [(m, "validation") for m in MODELOS_DOS_DADOS], ref_template=ESQUEMAS + "{model}"
    )
    return dict(definicoes.get("$defs", {}))


def _sem_nulos_padrao(valor: Any) -> Any:
    """O esquema sem `"default": null` (o FastAPI o omite nas respostas; a entrada o tem)."""
    if isinstance(valor, dict):
        return {
            k: _sem_nulos_padrao(v) for k, v in valor.items() if not (k == "default" and v is None)
        }
    if isinstance(valor, list):
        return [_sem_nulos_padrao(v) for v in valor]
    return valor


def juntar(componentes: dict[str, Any], definicoes: dict[str, Any]) -> None:
    """Acrescenta `definicoes` a `componentes`. Um nome que já está lá com outro esquema (a
    `PenalidadeDecidida` da resposta não é a da entrada) entra como `<nome>NaEntrada`, e as
    referências a ele nas definições mudam junto."""
    novos = {
        nome: f"{nome}NaEntrada"
        for nome, definicao in definicoes.items()
        if nome in componentes
        and _sem_nulos_padrao(componentes[nome]) != _sem_nulos_padrao(definicao)
    }
    texto = json.dumps(definicoes)
    for nome, novo in novos.items():
        texto = texto.replace(f'"{ESQUEMAS}{nome}"', f'"{ESQUEMAS}{novo}"')
    for nome, definicao in json.loads(texto).items():
        componentes.setdefault(novos.get(nome, nome), definicao)


def instalar(app: FastAPI) -> None:
    """Acrescenta os esquemas dos dados dos atos ao OpenAPI da aplicação (gerado uma vez)."""
    gerar = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        esquema = gerar()
        juntar(esquema.setdefault("components", {}).setdefault("schemas", {}), esquemas_dos_dados())
        app.openapi_schema = esquema
        return esquema

    app.openapi = openapi  # type: ignore[method-assign]
