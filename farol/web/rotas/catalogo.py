"""Catálogo da legislação (público): infrações com texto, penalidade e citação; prazos.

A busca das infrações é a do serviço (farol/services/catalogo.py, a mesma da API): palavras do
dia a dia ("colete", "extintor"), artigo ("art. 15", "artigo 15", "15"), sem acentos nem caixa.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from farol.domain.texto import normalizar_busca
from farol.erros import ErroFarol
from farol.normas.citacao import registro_normas
from farol.normas.infracoes import catalogo
from farol.normas.prazos import catalogo_prazos
from farol.relogio import hoje
from farol.rules.medidas import lacuna_no_texto
from farol.services.catalogo import buscar_infracoes
from farol.web.ambiente import pagina
from farol.web.sessao import RotaDaPagina

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)


def _norma(chave: str) -> str:
    n = registro_normas().get(chave)
    return n.titulo if n else chave


def infracoes(texto: str) -> list[dict[str, Any]]:
    cat = catalogo()
    data = hoje()
    saida = []
    for i in buscar_infracoes(texto):
        faixa = None
        if i.penalidade.multa is not None:
            try:
                f = cat.grupos[i.penalidade.multa].valor_em(data)
                faixa = {"min": f.min, "max": f.max}
            except ErroFarol:
                faixa = None
        lacuna = lacuna_no_texto(i.codigo)
        saida.append(
            {
                "codigo": i.codigo,
                "rubrica": i.rubrica,
                "descricao": i.descricao,
                "penalidade_texto": i.penalidade_texto,
                "grupo": i.penalidade.multa,
                "faixa": faixa,
                "suspensao_max": i.penalidade.suspensao_max,
                "autores": [cat.autores[a].nome for a in i.autores if a in cat.autores],
                "referencia": i.fonte.referencia(),
                "norma": _norma(i.fonte.norma),
                "texto": i.fonte.texto,
                "lacuna": lacuna.para_json() if lacuna else None,
            }
        )
    return saida


def prazos(texto: str = "") -> list[dict[str, Any]]:
    alvo = normalizar_busca(texto)
    saida = []
    for r in catalogo_prazos().regras.values():
        if alvo and alvo not in normalizar_busca(f"{r.id} {r.descricao}"):
            continue
        versoes = [
            {
                "inicio": v.inicio,
                "valor": v.valor,
                "referencia": v.fonte.referencia(),
                "texto": v.fonte.texto,
                "adicionais": [c.referencia() for c in v.valor.adicionais] if v.valor else [],
            }
            for v in r.versoes
        ]
        saida.append(
            {
                "id": r.id,
                "regime": r.regime,
                "descricao": r.descricao,
                "destinatario": r.destinatario,
                "versoes": versoes,
            }
        )
    return saida


@rotas.get("/catalogo", response_class=HTMLResponse)
def pagina_catalogo(request: Request, q: str = "") -> HTMLResponse:
    q = q.strip()[:100]
    lista = infracoes(q)
    contagem = catalogo_prazos().contagem
    return pagina(
        request,
        "catalogo.html",
        {
            "q": q,
            "infracoes": lista,
            "total": len(catalogo().infracoes),
            "prazos": prazos(q),
            "contagem": contagem,
        },
    )
