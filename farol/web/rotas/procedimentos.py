"""Página para abrir uma apuração posterior, um inquérito administrativo (RLESTA art. 9º, II e
III) ou um Auto de Infração por poluição (Lei 9.966/2000): o mesmo serviço da API
(`procedimentos.abrir`); os atos seguintes se registram na página do processo, como em
qualquer regime."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData

from farol.domain.papeis import nome_do_papel
from farol.domain.procedimento.carregar import carregar_regime
from farol.erros import ErroFarol
from farol.http.deps import uow_da
from farol.http.erros import status_de
from farol.services import procedimentos
from farol.services.comandos import modelo_dos_dados
from farol.services.jurisdicao import Ator
from farol.services.procedimentos import NovoProcedimento, regimes_que_se_abrem_sem_inspecao
from farol.web.ambiente import pagina
from farol.web.formularios import (
    GERAL,
    Erros,
    aninhar,
    erro_farol,
    erros_pydantic,
    numero_do_campo,
    texto_na_pagina,
)
from farol.web.sessao import AtorWeb, RotaDaPagina, conferir_csrf

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)
CAMPOS = (
    "regime",
    "data_fato",
    "data_ato",
    "investigado.documento",
    "investigado.nome",
    "investigado.endereco",
    "dados.texto",
    "dados.descricao",
    "dados.local",
    "dados.substancia",
    "dados.volume_estimado_litros",
    "embarcacao.inscricao",
    "embarcacao.nome",
)


def _do_regime(pares: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Só os dados que o ato de abertura do regime escolhido recebe (o modelo dos dados dele):
    o formulário traz os campos de todos os regimes."""
    regime = dict(pares).get("regime", "")
    if regime not in regimes_que_se_abrem_sem_inspecao():
        return pares
    maquina = carregar_regime(regime)
    campos = modelo_dos_dados(maquina, maquina.tipo_com("abre_processo")).model_fields
    return [(k, v) for k, v in pares if not k.startswith("dados.") or k.split(".", 1)[1] in campos]


async def _formulario(request: Request) -> FormData:
    return await request.form(max_fields=40)


def _regimes(ator: Ator) -> list[dict[str, Any]]:
    """Os procedimentos que se abrem sem inspeção, cada um dizendo se o papel do usuário o
    abre (registra o ato de abertura) e, se não, quem o abre."""
    saida = []
    for regime in regimes_que_se_abrem_sem_inspecao():
        m = carregar_regime(regime)
        abertura = m.transicao_do_tipo(m.tipo_com("abre_processo"))
        assert abertura is not None  # o ato que abre o processo é do quadro
        saida.append(
            {
                "regime": regime,
                "nome": m.nome,
                "abertura": abertura.nome,
                "papeis": abertura.papeis,
                "pode": ator.papel in abertura.papeis,
                "quem": " ou ".join(nome_do_papel(x) for x in abertura.papeis),
                "fundamento": abertura.fonte.referencia(),
            }
        )
    return saida


def _tela(
    request: Request,
    ator: Ator,
    valores: dict[str, str] | None = None,
    erros: Erros | None = None,
    status: int = 200,
) -> HTMLResponse:
    regimes = _regimes(ator)
    ctx = {
        "regimes": regimes,
        # o procedimento já marcado: o primeiro que o papel abre (nenhum: sem o botão)
        "primeiro": next((r["regime"] for r in regimes if r["pode"]), None),
        "valores": valores or {},
        "erros": erros or Erros(),
        "chave": str(uuid.uuid4()),
        "ator": ator,
    }
    return pagina(request, "procedimento_novo.html", ctx, status)


@rotas.get("/procedimentos/novo", response_class=HTMLResponse)
def novo(request: Request, ator: AtorWeb) -> HTMLResponse:
    return _tela(request, ator)


@rotas.get("/procedimentos", response_model=None)
def procedimentos_recusado() -> RedirectResponse:
    """O endereço da abertura recusada, aberto de novo (recarregar, restaurar a aba): o
    formulário, em vez de um 405."""
    return RedirectResponse("/procedimentos/novo", status_code=303)


@rotas.post("/procedimentos", response_class=HTMLResponse, response_model=None)
def abrir(
    request: Request, ator: AtorWeb, form: Annotated[FormData, Depends(_formulario)]
) -> Response:
    conferir_csrf(request, form)
    valores = {k: v.strip() for k, v in form.items() if isinstance(v, str) and k in CAMPOS}
    pares = _do_regime([(k, numero_do_campo(k, v)) for k, v in valores.items() if v])
    try:
        corpo = aninhar(pares)
        # o investigado em branco: o erro de cada campo dele (o documento e o nome), não um só
        # "investigado ausente" no primeiro campo do grupo
        corpo.setdefault("investigado", {})
        cmd = NovoProcedimento.model_validate(corpo)
        _, aberto = procedimentos.abrir(
            uow_da(request), ator, cmd, chave=str(form.get("chave") or "") or None
        )
    except ValidationError as e:
        return _tela(request, ator, valores, erros_pydantic(e, CAMPOS), status=422)
    except ErroFarol as e:
        erros = erro_farol(e, CAMPOS, {r"dados\.data_fato": "data_fato"})
        if not erros.por_campo:
            erros.adicionar(GERAL, texto_na_pagina(e))
        return _tela(request, ator, valores, erros, status=status_de(e))
    # o ato de abertura do regime, pelo nome, no aviso da página; e, se houve, o que se digitou
    # diferente do cadastro (a página do processo o mostra)
    tipo = carregar_regime(aberto.regime).tipo_com("abre_processo")
    return RedirectResponse(f"/processos/{aberto.id}?registrado={tipo}", status_code=303)
