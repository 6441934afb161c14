"""A agenda de prazos da OM para qualquer programa de calendário ou leitor de notícias.

- `GET /om/prazos.ics` (iCalendar, RFC 5545) e `GET /om/prazos.atom` (Atom, RFC 4287): com a
  sessão das páginas, os prazos em aberto da jurisdição do usuário
  (`farol.services.resumo_diario.prazos_da_agenda`, a mesma seleção do resumo diário).
- `GET /feeds/<token>.ics` e `.atom`: o mesmo, sem login, pelo endereço secreto do usuário
  (`farol.services.agenda`), para os calendários que não entram com login; revogado, 404.
- `GET /om/agenda`: os endereços, e os botões que criam e revogam o endereço secreto.

Cada prazo é um evento de dia inteiro no dia do vencimento, com UID estável (o id do prazo):
o calendário atualiza o evento quando o vencimento muda (fechamento da OM) e o retira quando
o prazo se encerra.
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from urllib.parse import urlsplit

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from icalendar import Calendar, Event

from farol.formatos import data as data_br
from farol.http.deps import configuracao, uow_da
from farol.relogio import agora, hoje
from farol.services import agenda, resumo_diario
from farol.services.jurisdicao import Ator
from farol.services.resultados.resumo_diario import PrazoDaAgenda
from farol.web.ambiente import pagina
from farol.web.rotas.entrada import Formulario
from farol.web.sessao import AtorWeb, RotaDaPagina, conferir_csrf

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)

TIPO_ICS = "text/calendar; charset=utf-8"
TIPO_ATOM = "application/atom+xml; charset=utf-8"
ATOM = "http://www.w3.org/2005/Atom"


def _base(request: Request) -> str:
    return configuracao(request).url_publica.rstrip("/")


def _dominio(base: str) -> str:
    return urlsplit(base).hostname or "farol"


def _prazos(request: Request, ator: Ator) -> list[PrazoDaAgenda]:
    return resumo_diario.prazos_da_agenda(uow_da(request), ator, hoje(), _base(request))


def _rotulo(x: PrazoDaAgenda) -> str:
    return resumo_diario.ROTULO_DESTINATARIO.get(x.destinatario, x.destinatario)


def _descricao(x: PrazoDaAgenda) -> str:
    return "\n".join(
        [
            x.citacao,
            "",
            f"Processo {x.processo_numero} ({x.om}), {x.estado}.",
            # `inicio` é o marco (a ciência, a publicação): conta-se do dia seguinte a ele
            f"{x.nome_etapa} ({_rotulo(x)}): contado do dia seguinte a {data_br(x.inicio)}, "
            f"vence em {data_br(x.vencimento)}.",
            x.link,
        ]
    )


def _titulo(x: PrazoDaAgenda) -> str:
    return f"Processo {x.processo_numero}: {x.nome_etapa}"


def icalendar(ator: Ator, prazos: list[PrazoDaAgenda], base: str) -> bytes:
    """A agenda em iCalendar: um VEVENT de dia inteiro por prazo, no dia do vencimento."""
    cal = Calendar()
    cal.add("prodid", "-//Farol//Agenda de prazos//PT-BR")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", f"Prazos do Farol — {ator.om_sigla}")
    carimbo = agora()
    dominio = _dominio(base)
    for x in prazos:
        ev = Event()
        ev.add("uid", f"prazo-{x.prazo_id}@{dominio}")
        ev.add("dtstamp", carimbo)
        ev.add("dtstart", x.vencimento)
        ev.add("dtend", x.vencimento + dt.timedelta(days=1))
        ev.add("summary", _titulo(x))
        ev.add("description", _descricao(x))
        ev.add("url", x.link)
        ev.add("categories", [_rotulo(x)])
        ev.add("transp", "TRANSPARENT")
        cal.add_component(ev)
    return bytes(cal.to_ical())


def _sub(pai: ET.Element, tag: str, texto: str | None = None, **atributos: str) -> ET.Element:
    e = ET.SubElement(pai, f"{{{ATOM}}}{tag}", atributos)
    if texto is not None:
        e.text = texto
    return e


def atom(ator: Ator, prazos: list[PrazoDaAgenda], base: str, proprio: str) -> bytes:
    """A agenda em Atom: uma entrada por prazo, com id estável (o id do prazo)."""
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed", {"{http://www.w3.org/XML/1998/namespace}lang": "pt-BR"})
    dominio = _dominio(base)
    _sub(feed, "id", f"urn:farol:{dominio}:prazos:{ator.om_sigla}")
    _sub(feed, "title", f"Prazos em aberto — {ator.om_sigla}")
    _sub(feed, "subtitle", "Prazos da jurisdição, vencidos e a vencer, com a norma de cada um")
    atualizado = max((x.aberto_em for x in prazos), default=agora())
    _sub(feed, "updated", atualizado.isoformat())
    _sub(feed, "link", rel="self", href=proprio)
    _sub(feed, "link", rel="alternate", href=f"{base}/painel")
    autor = _sub(feed, "author")
    _sub(autor, "name", f"Farol — {ator.om_sigla}")
    _sub(feed, "generator", "Farol")
    for x in prazos:
        entrada = _sub(feed, "entry")
        _sub(entrada, "id", f"urn:farol:{dominio}:prazo:{x.prazo_id}")
        _sub(entrada, "title", _titulo(x))
        _sub(entrada, "updated", x.aberto_em.isoformat())
        _sub(entrada, "link", rel="alternate", href=x.link)
        _sub(entrada, "category", term=x.destinatario, label=_rotulo(x))
        verbo = "venceu em" if x.vencido else "vence em"
        _sub(entrada, "summary", f"{verbo} {data_br(x.vencimento)} ({x.situacao}) · {x.estado}")
        _sub(entrada, "content", _descricao(x), type="text")
    return bytes(ET.tostring(feed, encoding="utf-8", xml_declaration=True))


def _resposta(conteudo: bytes, tipo: str, nome: str) -> Response:
    return Response(
        conteudo,
        media_type=tipo,
        headers={
            "Content-Disposition": f'inline; filename="{nome}"',
            "Cache-Control": "private, no-store",
            "X-Robots-Tag": "noindex",
        },
    )


@rotas.get("/om/prazos.ics")
def ics_da_sessao(request: Request, ator: AtorWeb) -> Response:
    conteudo = icalendar(ator, _prazos(request, ator), _base(request))
    return _resposta(conteudo, TIPO_ICS, f"prazos-{ator.om_sigla}.ics")


@rotas.get("/om/prazos.atom")
def atom_da_sessao(request: Request, ator: AtorWeb) -> Response:
    base = _base(request)
    conteudo = atom(ator, _prazos(request, ator), base, f"{base}/om/prazos.atom")
    return _resposta(conteudo, TIPO_ATOM, f"prazos-{ator.om_sigla}.atom")


def _ator_do_token(request: Request, token: str) -> Ator:
    ator = agenda.ator_do_token(uow_da(request), token)
    if ator is None:
        raise HTTPException(404)  # inexistente ou revogado: o mesmo 404, sem dizer qual
    return ator


@rotas.get("/feeds/{token}.ics")
def ics_do_token(request: Request, token: str) -> Response:
    ator = _ator_do_token(request, token)
    conteudo = icalendar(ator, _prazos(request, ator), _base(request))
    return _resposta(conteudo, TIPO_ICS, f"prazos-{ator.om_sigla}.ics")


@rotas.get("/feeds/{token}.atom")
def atom_do_token(request: Request, token: str) -> Response:
    ator = _ator_do_token(request, token)
    base = _base(request)
    conteudo = atom(ator, _prazos(request, ator), base, f"{base}/feeds/{token}.atom")
    return _resposta(conteudo, TIPO_ATOM, f"prazos-{ator.om_sigla}.atom")


def _pagina_agenda(
    request: Request, ator: Ator, token: str | None = None, revogado: bool = False
) -> HTMLResponse:
    base = _base(request)
    contexto = {
        "base": base,
        "ativo_desde": agenda.token_ativo_desde(uow_da(request), ator),
        "endereco_novo": f"{base}/feeds/{token}.ics" if token else None,
        "atom_novo": f"{base}/feeds/{token}.atom" if token else None,
        "revogado": revogado,
    }
    return pagina(request, "agenda.html", contexto)


@rotas.get("/om/agenda", response_class=HTMLResponse)
def pagina_agenda(request: Request, ator: AtorWeb, revogado: int = 0) -> HTMLResponse:
    return _pagina_agenda(request, ator, revogado=bool(revogado))


@rotas.post("/om/agenda/endereco", response_class=HTMLResponse)
def criar_endereco(request: Request, ator: AtorWeb, form: Formulario) -> HTMLResponse:
    """Cria o endereço secreto (revoga o anterior) e o mostra uma vez, nesta resposta."""
    conferir_csrf(request, form)
    token = agenda.criar_token(uow_da(request), ator)
    return _pagina_agenda(request, ator, token=token)


@rotas.post("/om/agenda/revogar", response_model=None)
def revogar_endereco(request: Request, ator: AtorWeb, form: Formulario) -> Response:
    conferir_csrf(request, form)
    agenda.revogar_token(uow_da(request), ator)
    return RedirectResponse("/om/agenda?revogado=1", status_code=303)
