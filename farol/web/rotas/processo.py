"""Página do processo: cabeçalho, linha do tempo, prazos e os atos que o papel pode registrar.

- GET /processos/{id}: `processos.detalhar` (404 fora da jurisdição, como na API), anexos,
  medidas aplicadas e, quando cabe uma decisão com penalidade, o assistente de penalidade.
- POST /processos/{id}/atos/{tipo}: `processos.registrar_ato` sob a chave de idempotência do
  formulário; o documento enviado (defesa, recurso) é gravado na MESMA transação
  (`anexos.guardar`). Recusa: a página volta com o que foi digitado e o erro no campo.
- GET /processos/{id}/anexos/{anexo}: baixa o documento.
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError
from sqlalchemy.orm import Session
from starlette.datastructures import FormData

from farol.domain.procedimento.carregar import carregar_regime
from farol.erros import ErroFarol
from farol.http.deps import banco
from farol.http.erros import status_de
from farol.normas.infracoes import catalogo
from farol.normas.prazos import catalogo_prazos
from farol.pdf.dados import TITULOS, TipoDocumento
from farol.services import (
    anexos,
    assistente_penalidade,
    consultas,
    documentos,
    idempotencia,
    inspecao_do_processo,
    processos,
)
from farol.services.calendario_om import hoje
from farol.services.comandos import TIPOS_COM_PENALIDADE
from farol.services.jurisdicao import Ator
from farol.services.processos import NovoAto
from farol.web import atos
from farol.web.ambiente import pagina
from farol.web.formularios import GERAL, Erros, erro_farol, erros_pydantic
from farol.web.sessao import ator_obrigatorio, conferir_csrf

rotas = APIRouter(include_in_schema=False)
AtorWeb = Annotated[Ator, Depends(ator_obrigatorio)]
LIMITE_LISTA = 200


async def formulario(request: Request) -> FormData:
    return await request.form(max_files=1, max_fields=200)


Formulario = Annotated[FormData, Depends(formulario)]


def _nome_prazo(regime: str, etapa: str) -> str:
    regra = catalogo_prazos().regras.get(f"prazo.{regime}.{etapa}")
    return regra.descricao if regra else etapa.replace("_", " ")


def _contexto(s: Session, ator: Ator, pid: int) -> dict[str, Any]:
    d = processos.detalhar(s, ator, pid)
    d["hoje"] = hoje().isoformat()
    for p in d["prazos"]:
        p["nome"] = _nome_prazo(p["regime"], p["etapa"])
    lista_anexos = anexos.listar(s, ator, pid)
    por_ato: dict[int, list[dict[str, Any]]] = {}
    for a in lista_anexos:
        por_ato.setdefault(a["ato_id"] or 0, []).append(a)
    forms = atos.formularios(d)
    assistente = None
    if any(f.tipo in TIPOS_COM_PENALIDADE for f in forms):
        assistente = assistente_penalidade.assistente(s, ator, pid)
    autores_por_infracao = {
        i["codigo"]: catalogo().infracoes[i["codigo"]].autores
        for i in d["infracoes"]
        if i["codigo"] in catalogo().infracoes
    }
    infracoes_unicas = list({i["codigo"]: i for i in d["infracoes"]}.values())
    return {
        "p": d,
        "documentos_oficiais": documentos.listar(s, ator, pid),
        "tipos_documento": [(t.value, TITULOS[t]) for t in TipoDocumento],
        "pode_emitir": ator.papel not in ("auditor", "consulta"),
        "anexos": lista_anexos,
        "anexos_por_ato": por_ato,
        "medidas": inspecao_do_processo.medidas(s, ator, pid),
        "partes": inspecao_do_processo.partes(s, ator, pid),
        "formularios": forms,
        "assistente": assistente,
        "autores_por_infracao": autores_por_infracao,
        "infracoes_unicas": infracoes_unicas,
        "multa_por_falta": {
            k: v.penalidade.multa_por_falta for k, v in catalogo().infracoes.items()
        },
    }


def _pagina(
    request: Request,
    ator: Ator,
    pid: int,
    *,
    aberto: str = "",
    valores: dict[str, Any] | None = None,
    erros: Erros | None = None,
    registrado: str = "",
    status: int = 200,
) -> HTMLResponse:
    with banco(request).unit_of_work(somente_leitura=True) as s:
        ctx = _contexto(s, ator, pid)
    ctx.update(
        {
            "aberto": aberto,
            "valores": valores or {},
            "erros": erros or Erros(),
            "registrado": registrado,
            "chave": str(uuid.uuid4()),
        }
    )
    return pagina(request, "processo.html", ctx, status)


@rotas.get("/processos/{pid}", response_class=HTMLResponse)
def processo(request: Request, pid: int, ator: AtorWeb, registrado: str = "") -> HTMLResponse:
    return _pagina(request, ator, pid, registrado=registrado)


@rotas.post("/processos/{pid}/atos/{tipo}", response_class=HTMLResponse, response_model=None)
def registrar_ato(
    request: Request, pid: int, tipo: str, ator: AtorWeb, form: Formulario
) -> Response:
    conferir_csrf(request, form)
    valores = atos.valores(form)
    chave = str(form.get("chave") or "") or None
    with banco(request).unit_of_work(somente_leitura=True) as s:
        detalhe = processos.detalhar(s, ator, pid)  # 404 fora da jurisdição
    detalhe["hoje"] = ""
    campos, _ = atos.campos_do_ato(tipo, detalhe)
    nomes = [c.nome for c in campos] + [k for k in valores if k.startswith("dados.")]
    try:
        cmd = NovoAto.model_validate(atos.montar(tipo, form))
        arquivo = atos.arquivo_enviado(form)

        def fazer(s: Session) -> tuple[int, dict[str, Any]]:
            if arquivo is not None:
                anexos.validar(arquivo)
            r = processos.registrar_ato(s, ator, pid, cmd)
            if arquivo is not None:
                r["anexo"] = anexos.guardar(s, ator, pid, arquivo, ato_id=r["ato"]["id"])
            return 201, r

        assinatura = idempotencia.assinatura_de(
            cmd.model_dump_json()
            + (hashlib.sha256(arquivo.conteudo).hexdigest() if arquivo else "")
        )
        _, corpo = idempotencia.executar(
            banco(request),
            ator.usuario_id,
            chave,
            "POST",
            f"/processos/{pid}/atos",
            fazer,
            assinatura,
        )
    except ValidationError as e:
        erros = erros_pydantic(e, nomes)
        return _pagina(request, ator, pid, aberto=tipo, valores=valores, erros=erros, status=422)
    except ErroFarol as e:
        erros = erro_farol(e, nomes)
        if not erros.por_campo:
            erros.adicionar(GERAL, e.texto())
        return _pagina(
            request, ator, pid, aberto=tipo, valores=valores, erros=erros, status=status_de(e)
        )
    seq = corpo["ato"]["seq"]
    return RedirectResponse(f"/processos/{pid}?registrado={quote(tipo)}#ato-{seq}", status_code=303)


@rotas.get("/processos/{pid}/anexos/{anexo_id}", response_model=None)
def baixar_anexo(request: Request, pid: int, anexo_id: int, ator: AtorWeb) -> Response:
    with banco(request).unit_of_work(somente_leitura=True) as s:
        nome, mime, conteudo = anexos.obter(s, ator, pid, anexo_id)
    return Response(
        conteudo,
        media_type=mime,
        headers={
            "Content-Disposition": f"attachment; filename*=UTF-8''{quote(nome)}",
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-store",
        },
    )


@rotas.get("/processos", response_class=HTMLResponse)
def lista(request: Request, ator: AtorWeb, estado: str = "") -> HTMLResponse:
    maquina = carregar_regime("lesta")
    estado = estado if estado in maquina.estados else ""
    with banco(request).unit_of_work(somente_leitura=True) as s:
        contagem = consultas.contagem_por_estado(s, ator)
        lista = consultas.listar_processos(s, ator, estado=estado or None, limite=LIMITE_LISTA)
    estados = [
        {"id": e.id, "nome": e.nome, "quantidade": contagem.get(e.id, 0)}
        for e in maquina.estados.values()
    ]
    return pagina(
        request,
        "processos.html",
        {"estado": estado, "estados": estados, "processos": lista, "limite": LIMITE_LISTA},
    )


@rotas.post("/processos/{pid}/documentos", response_class=HTMLResponse, response_model=None)
def emitir_documento(request: Request, pid: int, ator: AtorWeb, form: Formulario) -> Response:
    """Emite o PDF oficial (NORMAM) e volta à página com o documento na lista."""
    conferir_csrf(request, form)
    tipo = str(form.get("tipo") or "")
    config = request.app.state.configuracao
    try:
        with banco(request).unit_of_work() as s:
            doc = documentos.emitir(s, ator, pid, tipo, config.url_publica)
            doc_id = doc.id
    except ErroFarol as e:
        erros = Erros()
        erros.adicionar(GERAL, e.texto())
        return _pagina(request, ator, pid, erros=erros, status=status_de(e))
    return RedirectResponse(f"/processos/{pid}#documento-{doc_id}", status_code=303)


@rotas.get("/processos/{pid}/documentos/{doc_id}.pdf", response_model=None)
def baixar_documento(request: Request, pid: int, doc_id: int, ator: AtorWeb) -> Response:
    with banco(request).unit_of_work(somente_leitura=True) as s:
        doc = documentos.obter_pdf(s, ator, doc_id)
        if doc.processo_id != pid:
            from farol.erros import NaoEncontrado

            raise NaoEncontrado("documento não encontrado", campo="id")
        return Response(
            doc.conteudo,
            media_type="application/pdf",
            headers={"Content-Disposition": f'inline; filename="{doc.tipo}-{doc.codigo}.pdf"'},
        )
