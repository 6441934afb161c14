"""O formulário de ato recusado, guardado para a página poder ser recarregada.

A recusa de um ato volta na resposta do próprio POST (422 ou 409, com o que foi digitado e
cada erro no seu campo). O endereço dessa resposta, `/processos/{id}/atos/{tipo}`, também
responde a GET: a página troca o endereço da entrada do histórico por ele
(`history.replaceState`), e recarregar, restaurar a aba ou abrir o endereço de novo faz um GET
que devolve a página com a mesma recusa (200), em vez de um 405 ou do aviso de reenvio.

A recusa fica num cookie assinado (HMAC com o segredo da aplicação), só daquele endereço
(`Path=/processos/{id}/atos/{tipo}`), HttpOnly, válido por `VALIDADE_S`, e só vale para o
usuário que a recebeu. Nada fica no servidor. O cookie cabe em `TAMANHO_MAXIMO` bytes: se o
que foi digitado não couber, os valores mais longos ficam de fora (os erros ficam sempre); a
resposta do POST, essa, traz tudo. O arquivo enviado não volta (nenhum navegador deixa um
formulário vir com arquivo escolhido). O registro do ato apaga o cookie.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
import zlib
from typing import Any

from fastapi import Request, Response

from farol.http.autenticacao import segredo
from farol.services.jurisdicao import Ator
from farol.web.formularios import Erros
from farol.web.sessao import CAMPO_CSRF

COOKIE = "farol_recusa"
VALIDADE_S = 3600
TAMANHO_MAXIMO = 3800
"""Bytes do valor do cookie (o navegador guarda até 4096 por cookie, com nome e atributos)."""
NAO_GUARDAR = frozenset({CAMPO_CSRF, "chave", "versao"})
_TIPO = re.compile(r"[a-z0-9_]{1,60}")


def caminho(pid: int, tipo: str) -> str:
    return f"/processos/{pid}/atos/{tipo}"


def _assinar(request: Request, corpo: str) -> str:
    mac = hmac.new(segredo(request).encode(), b"recusa:" + corpo.encode(), hashlib.sha256)
    return mac.hexdigest()[:40]


def _empacotar(dados: dict[str, Any]) -> str:
    texto = json.dumps(dados, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(texto, 9)).decode().rstrip("=")


def guardar(
    request: Request,
    response: Response,
    ator: Ator,
    pid: int,
    tipo: str,
    valores: dict[str, Any],
    erros: Erros,
) -> None:
    """Grava a recusa no cookie do endereço do formulário (sem o token CSRF e a chave)."""
    if not _TIPO.fullmatch(tipo):
        return
    guardados = {k: v for k, v in valores.items() if k not in NAO_GUARDAR and v not in ("", [])}
    while True:
        dados = {
            "u": ator.usuario_id,
            "p": pid,
            "t": tipo,
            "em": int(time.time()),
            "e": erros.por_campo,
            "v": guardados,
        }
        corpo = _empacotar(dados)
        if len(corpo) <= TAMANHO_MAXIMO or not guardados:
            break
        # o valor mais longo fica de fora; a resposta do POST já o mostrou
        del guardados[max(guardados, key=lambda k: len(str(guardados[k])))]
    if len(corpo) > TAMANHO_MAXIMO:
        return
    response.set_cookie(
        COOKIE,
        f"{corpo}.{_assinar(request, corpo)}",
        max_age=VALIDADE_S,
        path=caminho(pid, tipo),
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def ler(request: Request, ator: Ator, pid: int, tipo: str) -> tuple[dict[str, Any], Erros] | None:
    """A recusa guardada para este usuário, processo e ato, se válida e não vencida."""
    bruto = request.cookies.get(COOKIE, "")
    corpo, _, assinatura = bruto.rpartition(".")
    if not corpo or not hmac.compare_digest(assinatura, _assinar(request, corpo)):
        return None
    try:
        texto = zlib.decompress(base64.urlsafe_b64decode(corpo + "=" * (-len(corpo) % 4)))
        dados = json.loads(texto)
    except (binascii.Error, zlib.error, ValueError):
        return None
    if (dados.get("u"), dados.get("p"), dados.get("t")) != (ator.usuario_id, pid, tipo):
        return None
    if time.time() - int(dados.get("em", 0)) > VALIDADE_S:
        return None
    return dict(dados.get("v") or {}), Erros(dict(dados.get("e") or {}))


def apagar(response: Response, pid: int, tipo: str) -> None:
    if _TIPO.fullmatch(tipo):
        response.delete_cookie(COOKIE, path=caminho(pid, tipo))
