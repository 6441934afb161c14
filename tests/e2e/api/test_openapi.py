"""O /openapi.json descreve toda resposta de sucesso da API (issue 8, item 5).

Cada operação declara o modelo do que responde (`response_model`): o esquema JSON de toda
resposta 2xx tem de dizer os seus campos (um objeto com `properties`, uma lista deles ou uma
escolha entre eles), não um "objeto qualquer". As respostas que não são JSON (o PDF, uma
página HTML) declaram o seu tipo de mídia. O teste lista cada operação que falha.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

# o PDF, uma página HTML e as fotos da inspeção (tipo conferido pelo conteúdo)
MIDIAS_NAO_JSON = frozenset(
    {"application/pdf", "text/html", "image/jpeg", "image/png", "image/webp"}
)


def _componente(ref: str, componentes: dict[str, Any]) -> dict[str, Any]:
    nome = ref.removeprefix("#/components/schemas/")
    esquema: dict[str, Any] = componentes[nome]
    return esquema


def _descreve(esquema: dict[str, Any], componentes: dict[str, Any]) -> bool:
    """Se o esquema diz os campos do que a operação devolve."""
    if "$ref" in esquema:
        return _descreve(_componente(esquema["$ref"], componentes), componentes)
    if esquema.get("type") == "array":
        return _descreve(esquema.get("items", {}), componentes)
    for escolha in ("oneOf", "anyOf"):
        if escolha in esquema:
            return all(_descreve(e, componentes) for e in esquema[escolha])
    return esquema.get("type") == "object" and bool(esquema.get("properties"))


def _falhas(openapi: dict[str, Any]) -> list[str]:
    componentes = openapi.get("components", {}).get("schemas", {})
    falhas = []
    for caminho, operacoes in openapi["paths"].items():
        for metodo, operacao in operacoes.items():
            nome = f"{metodo.upper()} {caminho}"
            sucesso = {c: r for c, r in operacao["responses"].items() if c.startswith("2")}
            if not sucesso:
                falhas.append(f"{nome}: nenhuma resposta 2xx declarada")
            for codigo, resposta in sucesso.items():
                if codigo == "204":
                    continue  # No Content: sem corpo, por definição (p.ex. POST /auth/sair)
                conteudo = resposta.get("content") or {}
                json = conteudo.get("application/json")
                if json is not None:
                    if not _descreve(json.get("schema", {}), componentes):
                        falhas.append(f"{nome} {codigo}: JSON sem esquema dos campos")
                elif not MIDIAS_NAO_JSON & conteudo.keys():
                    tipos = ", ".join(map(str, conteudo)) or "nenhum"
                    falhas.append(f"{nome} {codigo}: tipo de mídia não declarado ({tipos})")
    return falhas


def test_toda_resposta_de_sucesso_da_api_tem_esquema_ou_tipo_de_midia(
    cliente: TestClient,
) -> None:
    r = cliente.get("/openapi.json")
    assert r.status_code == 200
    openapi = r.json()
    assert any(caminho.startswith("/api/v1/") for caminho in openapi["paths"])
    falhas = _falhas(openapi)
    assert not falhas, "operações sem o esquema da resposta:\n" + "\n".join(falhas)


def test_o_pdf_declara_application_pdf(cliente: TestClient) -> None:
    operacao = cliente.get("/openapi.json").json()["paths"]["/api/v1/documentos/{documento_id}.pdf"]
    assert "application/pdf" in operacao["get"]["responses"]["200"]["content"]


def test_o_verificador_acusa_objeto_sem_campos_e_midia_ausente() -> None:
    openapi = {
        "paths": {
            "/livre": {"get": {"responses": {"200": {"content": {"application/json": {
                "schema": {"type": "object", "additionalProperties": True}}}}}}},
            "/lista": {"get": {"responses": {"200": {"content": {"application/json": {
                "schema": {"type": "array", "items": {"type": "object"}}}}}}}},
            "/binario": {"get": {"responses": {"200": {"description": "ok"}}}},
            "/certo": {"post": {"responses": {"201": {"content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/X"}}}}}}},
        },
        "components": {"schemas": {"X": {"type": "object", "properties": {"a": {}}}}},
    }  # fmt: skip
    assert _falhas(openapi) == [
        "GET /livre 200: JSON sem esquema dos campos",
        "GET /lista 200: JSON sem esquema dos campos",
        "GET /binario 200: tipo de mídia não declarado (nenhum)",
    ]
