"""Inspeção sem sinal: os dados das medidas para o avaliador do navegador (medidas_offline.js).

- GET /api/v1/medidas/dados.json: a tabela de medidas e o que é preciso para aplicá-la,
  já resolvido (referências curtas, datas de vigência, ordem estável), com `versao` = hash dos
  arquivos de dados normativos usados; ETag = versão, 304 com If-None-Match igual.

Nada aqui decide: `dados_medidas_offline` só exporta o que `farol.rules.medidas` lê, e o teste
de paridade (tests/e2e/web/test_medidas_offline_paridade.py) exige a mesma resposta dos dois.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from farol.normas.citacao import DADOS
from farol.normas.infracoes import catalogo
from farol.normas.medidas import Condicoes, Interpretacao, carregar_tabela
from farol.web import checklist
from farol.web.ambiente import PASTA_ESTATICO

rotas = APIRouter(include_in_schema=False)

# os arquivos de dados normativos de que a exportação depende (a versão é o hash deles)
ARQUIVOS = ("medidas.yaml", "normas.yaml", "infracoes.yaml")


def versao_dos_dados() -> str:
    h = hashlib.sha256()
    for nome in ARQUIVOS:
        h.update(nome.encode())
        h.update((DADOS / nome).read_bytes())
    return h.hexdigest()[:16]


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


@rotas.get("/sw.js")
def service_worker() -> Response:
    """O service worker, com a versão dos dados no nome do cache: dados novos, cache novo."""
    texto = (PASTA_ESTATICO / "sw_inspecao.js").read_text("utf-8")
    corpo = texto.replace("__VERSAO_DADOS__", versao_dos_dados())
    return Response(
        corpo,
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )
