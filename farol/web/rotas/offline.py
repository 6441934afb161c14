"""Inspeção sem sinal: os dados das medidas para o avaliador do navegador (medidas_offline.js).

- GET /api/v1/medidas/dados.json: a tabela de medidas e o que é preciso para aplicá-la,
  já resolvido (referências curtas, datas de vigência, ordem estável), com `versao` = hash dos
  arquivos de dados normativos usados (`farol.normas.versao`); ETag = versão, 304 com
  If-None-Match igual.
- /manifest.webmanifest e /sw.js: o aplicativo instalável (o worker leva no nome do cache a
  versão dos dados e a dos estáticos).
- GET /inspecoes/fila/sessao: o usuário e o token CSRF da sessão, para a fila de inspeções
  guardadas sem sinal (estatico/fila_inspecoes.js); 401 sem sessão.

Nada aqui decide: `dados_medidas_offline` só exporta o que `farol.rules.medidas` lê, e o teste
de paridade (tests/e2e/web/test_medidas_offline_paridade.py) exige a mesma resposta dos dois.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from farol.normas.infracoes import catalogo
from farol.normas.medidas import Condicoes, Interpretacao, carregar_tabela
from farol.normas.versao import ARQUIVOS, versao_dos_dados
from farol.web import checklist
from farol.web.ambiente import PASTA_ESTATICO, versao_dos_estaticos
from farol.web.formularios import ONDE_NA_PAGINA
from farol.web.sessao import RotaDaPagina, ator_opcional, token_csrf

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)


def _interp(i: Interpretacao) -> str:
    return f"{'; '.join(c.referencia() for c in i.citacoes)} (interpretação: {i.titulo})"


def _condicoes(c: Condicoes) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in c.campos().items()}


@cache
def dados_medidas_offline() -> dict[str, Any]:
    t = carregar_tabela()
    conhecidas = list(dict.fromkeys([*catalogo().infracoes, *t.infracoes_conhecidas()]))
    return {
        "versao": versao_dos_dados(),
        "arquivos": list(ARQUIVOS),
        "limite_anos": t.vencimento.limite_anos,
        "interp_vencimento": _interp(t.interpretacoes[t.vencimento.interpretacao]),
        "medidas_ordem": list(t.medidas),
        "medidas_nomes": {k: m.nome for k, m in t.medidas.items()},
        "medidas_documentos": {k: list(m.documentos) for k, m in t.medidas.items()},
        "autores_ordem": list(t.autores),
        "conhecidas": conhecidas,
        "vigencia_padrao": t.vigencia_padrao,
        "vigencias": {
            k: {
                "inicio": v.inicio.isoformat(),
                "descricao": v.descricao,
                "antes": v.antes,
                "ref": v.citacao.referencia(),
            }
            for k, v in t.vigencias.items()
        },
        "linhas": [
            {
                "id": x.id,
                "vigencia": x.vigencia,
                "infracoes": list(x.infracoes),
                "condicoes": _condicoes(x.condicoes),
                "medidas": list(x.medidas),
                "notificar": list(x.notificar),
                "infracao_aplicavel": x.infracao_aplicavel,
                "remissao": x.remissao,
                "dispensa": (
                    {"medidas": list(x.dispensa.medidas), "ref": x.dispensa.citacao.referencia()}
                    if x.dispensa
                    else None
                ),
                "refs": [c.referencia() for c in x.citacoes],
                "interpretacoes": [_interp(t.interpretacoes[i]) for i in x.interpretacoes],
            }
            for x in t.linhas
        ],
        "lacunas": [
            {
                "infracoes": list(x.infracoes),
                "texto": x.texto,
                "ref": x.citacao.referencia(),
                "citacao": x.citacao.model_dump(mode="json"),
            }
            for x in t.lacunas
        ],
        "autorias": [
            {
                "infracoes": list(a.infracoes),
                "autores": list(a.autores),
                "ref": a.citacao.referencia() if a.citacao else None,
                "interp": _interp(t.interpretacoes[a.interpretacao]) if a.interpretacao else None,
            }
            for a in t.autores_materiais
        ],
        # a lista de verificação da página: item marcado -> constatação (como `montar`)
        "checklist": {
            i.id: {
                "rotulo": i.rotulo,
                "infracao": i.infracao,
                "fatos": i.fatos,
                "usa_validade": i.usa_validade,
            }
            for i in checklist.itens().values()
        },
        "autores_nomes": {k: a.nome for k, a in t.autores.items()},
        # o que a página acrescenta à recusa (`ErroFarol.consulte`): onde estão os códigos
        "onde": dict(ONDE_NA_PAGINA),
        "abrangencia_ref": t.abrangencia.referencia(),
        "autoria_geral_ref": t.autoria_geral.referencia(),
        "estrangeira": {
            "ordens": list(t.ordens_embarcacao_estrangeira.ordens),
            "refs": [
                o.citacao.referencia() for o in t.ordens_embarcacao_estrangeira.ordens.values()
            ],
            "interp": _interp(t.interpretacoes[t.ordens_embarcacao_estrangeira.interpretacao]),
        },
    }


@rotas.get("/api/v1/medidas/dados.json")
def dados_json(request: Request) -> Response:
    dados = dados_medidas_offline()
    etag = f'"{dados["versao"]}"'
    cabecalhos = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=cabecalhos)
    corpo = json.dumps(dados, ensure_ascii=False, sort_keys=True)
    return Response(corpo, media_type="application/json", headers=cabecalhos)


# --- aplicativo instalável: manifesto e service worker (escopo "/") ---------------------------

MANIFESTO = {
    "name": "Farol — inspeção",
    "short_name": "Farol",
    "lang": "pt-BR",
    "start_url": "/inspecoes/nova",
    "scope": "/",
    "display": "standalone",
    "background_color": "#ffffff",
    "theme_color": "#0b3d5c",
    "icons": [{"src": "/estatico/farol.svg", "sizes": "any", "type": "image/svg+xml"}],
}


@rotas.get("/manifest.webmanifest")
def manifesto() -> Response:
    corpo = json.dumps(MANIFESTO, ensure_ascii=False)
    return Response(corpo, media_type="application/manifest+json")


def nome_do_cache() -> str:
    """O cache do worker: o dos dados normativos e o dos estáticos em uso. Qualquer dos dois que
    mude muda o /sw.js; o navegador instala o worker novo, que guarda a página, os estáticos e
    os dados de novo num cache novo e apaga o antigo (sem esperar o aparelho abrir cada
    arquivo com rede)."""
    return f"farol-inspecao-{versao_dos_dados()}-{versao_dos_estaticos()}"


@rotas.get("/sw.js")
def service_worker() -> Response:
    """O service worker, com as versões dos dados e dos estáticos no nome do cache: dados ou
    código novos, cache novo."""
    texto = (PASTA_ESTATICO / "sw_inspecao.js").read_text("utf-8")
    corpo = texto.replace("__CACHE__", nome_do_cache())
    return Response(
        corpo,
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


# --- a fila do aparelho (estatico/fila_inspecoes.js) ---------------------------------------


@rotas.get("/inspecoes/fila/sessao")
def sessao_da_fila(request: Request) -> JSONResponse:
    """Antes de enviar a fila: quem está na sessão (a fila só envia o que este usuário
    registrou) e o token CSRF desta sessão (o da página guardada pode ser de uma sessão
    anterior). Sem sessão válida, 401: a fila espera o login, sem perder nada."""
    sem_cache = {"Cache-Control": "no-store"}
    ator = ator_opcional(request)
    if ator is None:
        return JSONResponse(
            {"mensagem": "sessão expirada: entre de novo para enviar as inspeções guardadas"},
            status_code=401,
            headers=sem_cache,
        )
    return JSONResponse({"usuario": ator.login, "csrf": token_csrf(request)}, headers=sem_cache)
