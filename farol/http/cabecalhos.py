"""Cabeçalhos de segurança de toda resposta (revisão de segurança de 2026-12-06, H).

- `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin` e
  `X-Frame-Options: DENY` em tudo: nenhum navegador adivinha o tipo de um arquivo, o endereço
  de uma página do processo (com o número e o id) não vai a outro site no `Referer`, e nenhuma
  página do Farol se abre dentro da de outro site (o clique que registra um ato sem o usuário
  ver, "clickjacking").
- `Content-Security-Policy` nas páginas HTML: só scripts, estilos, imagens e formulários do
  próprio Farol (as páginas não têm script nem estilo em linha; ver `farol/web/estatico`). A
  documentação da API (/docs, /redoc) monta o Swagger UI e o ReDoc com script em linha e fica
  fora da política, com os demais cabeçalhos.
- `Strict-Transport-Security` quando o pedido chegou por https (atrás do proxy reverso, o
  esquema vem do `X-Forwarded-Proto` dos proxies de `FAROL_PROXIES_CONFIAVEIS`; ver
  docs/implantacao.md): o navegador não volta ao http.

Um cabeçalho que a rota já pôs (o `nosniff` dos anexos, por exemplo) fica como ela o pôs.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLITICA_DAS_PAGINAS = (
    "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SEMPRE = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}
HSTS = "max-age=31536000"
SEM_POLITICA = ("/docs", "/redoc")
"""Caminhos cujo HTML é de terceiros, com script em linha (a documentação da API)."""


class CabecalhosDeSeguranca:
    """Middleware ASGI: acrescenta os cabeçalhos acima no início de cada resposta."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        caminho: str = scope.get("path", "")
        https = scope.get("scheme") == "https"

        async def enviar(mensagem: Message) -> None:
            if mensagem["type"] == "http.response.start":
                cabecalhos = MutableHeaders(scope=mensagem)
                for nome, valor in SEMPRE.items():
                    if nome not in cabecalhos:
                        cabecalhos[nome] = valor
                if https and "strict-transport-security" not in cabecalhos:
                    cabecalhos["strict-transport-security"] = HSTS
                if (
                    cabecalhos.get("content-type", "").startswith("text/html")
                    and not caminho.startswith(SEM_POLITICA)
                    and "content-security-policy" not in cabecalhos
                ):
                    cabecalhos["content-security-policy"] = POLITICA_DAS_PAGINAS
            await send(mensagem)

        await self.app(scope, receive, enviar)
