"""Limite do corpo da requisição e caracteres proibidos no endereço, antes de qualquer leitura.

`LimiteDaEntrada` é um middleware ASGI que embrulha o `receive` da aplicação:

- corpo declarado (`Content-Length`) acima do limite: 413 na primeira leitura, sem ler um
  byte; sem `Content-Length` (envio em partes), conta os bytes à medida que chegam e dá 413
  ao passar do limite. O limite depende do tipo do corpo: `entrada.CORPO_MULTIPART` para
  multipart/form-data (com arquivo; `entrada.CORPO_INSPECAO_COM_FOTOS` nos caminhos que
  recebem as fotos da inspeção, `CAMINHOS_COM_FOTOS`), `entrada.CORPO_JSON` para o resto;
- formulário simples (application/x-www-form-urlencoded) com o caractere nulo (`%00`): 422.

Os erros levantam-se de dentro da leitura do corpo, isto é, dentro da rota: os manipuladores
de erro dão o JSON da API (`farol.http.erros`) ou a página de erro da web. O caractere nulo
no caminho ou na consulta (`?estado=a%00b`) se marca no `scope` (`NULO_NO_ENDERECO`) e a rota
o recusa com 422 antes de ler qualquer parâmetro (`farol.http.rota.RotaDoPedido`): a rota que
lê o usuário, só depois de conferir a credencial (401 na API, /entrar nas páginas, como toda
recusa de quem não se autenticou). O pedido que não chega a uma rota dessas (arquivo estático,
endereço de rota nenhuma) recebe o 422 daqui, no lugar da resposta que teria.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qsl, unquote_to_bytes

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from farol import entrada

PREFIXOS_JSON = ("/api/", "/docs", "/redoc", "/openapi.json")
NULO = "o caractere nulo (U+0000) não é aceito"
NULO_NO_ENDERECO = "farol_nulo_no_endereco"
"""Chave do `scope["state"]`: o campo do endereço com o caractere nulo, que a rota com usuário
recusa depois da autenticação (`farol.http.rota.RotaDoPedido`)."""


def _mib(n: int) -> str:
    return f"{n / entrada.MIB:g} MiB".replace(".", ",")


CAMINHOS_COM_FOTOS = (
    "/inspecoes/nova",
    "/api/v1/inspecoes/com-fotos",
    "/api/v1/custodias/com-fotos",
)
"""Onde o multipart leva as fotos da inspeção ou da chegada à custódia: limite
`entrada.CORPO_INSPECAO_COM_FOTOS`."""
RECOLHIMENTO_COM_FOTOS = re.compile(r"/processos/[0-9]+/recolhimento")
"""O formulário "Recolher à custódia" da página do processo (fotos da chegada à guarda)."""


def limite_do_corpo(tipo: str, caminho: str = "") -> int:
    """O maior corpo aceito para o `Content-Type` (e, no multipart, o caminho)."""
    if tipo.split(";", 1)[0].strip().lower() != "multipart/form-data":
        return entrada.CORPO_JSON
    if caminho in CAMINHOS_COM_FOTOS or RECOLHIMENTO_COM_FOTOS.fullmatch(caminho):
        return entrada.CORPO_INSPECAO_COM_FOTOS
    return entrada.CORPO_MULTIPART


def corpo_grande_demais(limite: int) -> HTTPException:
    detalhe = ""
    if limite == entrada.CORPO_MULTIPART:
        detalhe = f" (arquivo: até {_mib(entrada.ARQUIVO)})"
    elif limite == entrada.CORPO_INSPECAO_COM_FOTOS:
        detalhe = f" (até {entrada.FOTOS_POR_INSPECAO} fotos de até {_mib(entrada.FOTO)} cada)"
    return HTTPException(413, f"corpo da requisição acima do limite de {_mib(limite)}" + detalhe)


def _cabecalho(scope: Scope, nome: bytes) -> str | None:
    for chave, valor in scope.get("headers") or ():
        if chave.lower() == nome:
            return bytes(valor).decode("latin-1")
    return None


def _nulo_no_endereco(scope: Scope) -> str | None:
    """O campo com o caractere nulo no caminho ou na consulta (`"caminho"` ou o parâmetro)."""
    if "\x00" in scope.get("path", ""):
        return "caminho"
    consulta = bytes(scope.get("query_string") or b"")
    if b"\x00" in unquote_to_bytes(consulta):
        for nome, valor in parse_qsl(consulta.decode("latin-1"), keep_blank_values=True):
            if "\x00" in nome or "\x00" in valor:
                return nome.replace("\x00", "") or "parametro"
        return "parametro"
    return None


async def _responder_422(scope: Scope, send: Send, campo: str) -> None:
    caminho = scope.get("path", "")
    if caminho.startswith(PREFIXOS_JSON) or caminho == "/api":
        corpo = json.dumps(
            {"detail": f"{campo}: {NULO}", "mensagem": NULO, "campo": campo, "regra": None},
            ensure_ascii=False,
        ).encode("utf-8")
        tipo = b"application/json"
    else:
        corpo = (
            '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Dados inválidos'
            f"</title><h1>Dados inválidos</h1><p>{campo}: {NULO}.</p>"
            '<p><a href="/">Voltar ao início</a></p></html>'
        ).encode()
        tipo = b"text/html; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": 422,
            "headers": [(b"content-type", tipo), (b"content-length", str(len(corpo)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": corpo})


def _recusando_o_nulo(scope: Scope, send: Send, campo: str) -> Send:
    """O `send` do pedido com o caractere nulo no endereço: a rota tira a marca ao recusá-lo
    (ou ao recusar a autenticação); a resposta de quem não a tirou vira o 422."""
    estado = scope.setdefault("state", {})
    estado[NULO_NO_ENDERECO] = campo
    trocada = False

    async def enviar(mensagem: Message) -> None:
        nonlocal trocada
        if mensagem["type"] == "http.response.start" and NULO_NO_ENDERECO in estado:
            trocada = True
            await _responder_422(scope, send, campo)
        elif not trocada:
            await send(mensagem)

    return enviar


class LimiteDaEntrada:
    """Middleware ASGI: limite do corpo (413) e caractere nulo no endereço ou no formulário."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        campo = _nulo_no_endereco(scope)
        if campo is not None:
            await self.app(scope, receive, _recusando_o_nulo(scope, send, campo))
            return
        tipo = _cabecalho(scope, b"content-type") or ""
        limite = limite_do_corpo(tipo, scope.get("path", ""))
        declarado = _cabecalho(scope, b"content-length")
        formulario = tipo.split(";", 1)[0].strip().lower() == "application/x-www-form-urlencoded"
        recebidos = 0
        cauda = b""

        async def receber() -> Message:
            nonlocal recebidos, cauda
            if declarado is not None and declarado.strip().isdigit() and int(declarado) > limite:
                raise corpo_grande_demais(limite)
            mensagem = await receive()
            if mensagem["type"] == "http.request":
                pedaco = mensagem.get("body", b"")
                recebidos += len(pedaco)
                if recebidos > limite:
                    raise corpo_grande_demais(limite)
                if formulario:
                    janela = (cauda + pedaco).lower()
                    if b"%00" in janela or b"\x00" in janela:
                        raise HTTPException(422, f"formulário: {NULO}")
                    cauda = pedaco[-2:]
            return mensagem

        await self.app(scope, receber, send)
