"""Estatísticas: tabelas, gráficos SVG (gerados aqui, como imagens) e o CSV das mesmas figuras."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from farol.erros import EntradaInvalida
from farol.http.deps import uow_da
from farol.relogio import hoje
from farol.services import estatisticas as servico
from farol.services.jurisdicao import Ator
from farol.web import graficos
from farol.web.ambiente import pagina
from farol.web.formularios import DATA_INVALIDA, Erros, data_digitada, erro_farol
from farol.web.sessao import AtorWeb, RotaDaPagina

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)

GRAFICOS = ("artigo", "mes", "om", "multas", "medidas")


def _periodo(de: str, ate: str) -> tuple[dt.date, dt.date, Erros]:
    """As datas digitadas (em branco: a do período padrão). Uma data inválida dá o período
    padrão inteiro, com o erro: a outra data sozinha faria outro período, que ninguém pediu
    ("de=abc&ate=01/01/2026" mostrava o dia 01/01, com as figuras zeradas)."""
    padrao_de, padrao_ate = servico.periodo_padrao(hoje())
    erros = Erros()
    datas = []
    for nome, texto, padrao in (("de", de, padrao_de), ("ate", ate, padrao_ate)):
        try:
            datas.append(data_digitada(texto) if texto.strip() else padrao)
        except ValueError:
            erros.adicionar(nome, DATA_INVALIDA)
            datas.append(padrao)
    if erros:
        return padrao_de, padrao_ate, erros
    return datas[0], datas[1], erros


def _calcular(request: Request, ator: Ator, de: str, ate: str) -> tuple[dict[str, Any], Erros]:
    """As figuras do período, na leitura da sessão do cookie (`RotaDaPagina`: uma conexão; com
    réplica, as figuras leem nela). Período recusado: as do período padrão, com o erro ao lado
    dos campos."""
    d_de, d_ate, erros = _periodo(de, ate)
    uow = uow_da(request)
    try:
        return servico.calcular(uow, ator, d_de, d_ate), erros
    except EntradaInvalida as e:
        padrao_de, padrao_ate = servico.periodo_padrao(hoje())
        return servico.calcular(uow, ator, padrao_de, padrao_ate), erro_farol(e, ["de", "ate"])


@rotas.get("/estatisticas", response_class=HTMLResponse)
def estatisticas(request: Request, ator: AtorWeb, de: str = "", ate: str = "") -> HTMLResponse:
    e, erros = _calcular(request, ator, de, ate)
    consulta = f"de={e['de']}&ate={e['ate']}"
    return pagina(
        request,
        "estatisticas.html",
        {
            "e": e,
            "erros": erros,
            "consulta": consulta,
            "graficos": GRAFICOS,
            "largura_estreita": graficos.ESTREITA,
            "largura_larga": graficos.LARGA,
        },
        422 if erros else 200,
    )


@rotas.get("/estatisticas.csv", response_model=None)
def estatisticas_csv(request: Request, ator: AtorWeb, de: str = "", ate: str = "") -> Response:
    e, erros = _calcular(request, ator, de, ate)
    if erros:  # o arquivo de outro período não sai com o nome do pedido: o erro, como na página
        texto = "; ".join(f"{nome}: {msg}" for nome, msg in erros.por_campo.items())
        return Response(texto, status_code=422, media_type="text/plain; charset=utf-8")
    nome = f"farol-estatisticas-{ator.om_sigla}-{e['de']}-a-{e['ate']}.csv"
    return Response(
        "\ufeff" + servico.para_csv(e),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{nome}"'},
    )


def svg(nome: str, e: dict[str, Any], largura: int = graficos.LARGA) -> str:
    """O gráfico `nome`; `largura` é graficos.LARGA (computador) ou ESTREITA (celular)."""
    if nome == "artigo":
        return graficos.barras(
            "Infrações por artigo",
            [(x["rotulo"], x["valor"]) for x in e["por_artigo"]],
            largura=largura,
        )
    if nome == "mes":
        return graficos.colunas(
            "Infrações por mês",
            [x["rotulo"] for x in e["por_mes"]],
            [("infrações", [x["valor"] for x in e["por_mes"]], graficos.AZUL)],
            largura=largura,
        )
    if nome == "om":
        return graficos.barras(
            "Infrações por OM", [(x["rotulo"], x["valor"]) for x in e["por_om"]], largura=largura
        )
    if nome == "multas":
        m = e["multas"]["por_mes"]
        return graficos.colunas(
            "Multas impostas e pagas por mês (R$)",
            [x["rotulo"] for x in m],
            [
                ("impostas", [Decimal(x["impostas"]) for x in m], graficos.AZUL),
                ("pagas", [Decimal(x["pagas"]) for x in m], graficos.VERDE),
            ],
            dinheiro=True,
            largura=largura,
        )
    return graficos.barras(
        "Medidas administrativas aplicadas",
        [(x["rotulo"][:1].upper() + x["rotulo"][1:], x["valor"]) for x in e["medidas"]],
        cor=graficos.VERDE,
        largura=largura,
    )


@rotas.get("/estatisticas/graficos/{nome}.svg", response_model=None)
def grafico(
    request: Request, ator: AtorWeb, nome: str, de: str = "", ate: str = "", largura: int = 0
) -> Response:
    if nome not in GRAFICOS:  # sem sessão, /entrar antes de dizer o que não existe
        return Response("gráfico desconhecido", status_code=404, media_type="text/plain")
    e, _ = _calcular(request, ator, de, ate)
    # só as duas larguras desenhadas (o celular pede a estreita no <picture> da página)
    largura = largura if largura in graficos.LARGURAS else graficos.LARGA
    return Response(
        svg(nome, e, largura),
        media_type="image/svg+xml",
        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"},
    )
