"""Nova inspeção: o formulário do inspetor (celular, uma mão, conexão ruim).

- GET /inspecoes/nova: o formulário, com uma chave de idempotência nova num campo oculto.
- POST /inspecoes/nova/avaliar: o fragmento HTML com infrações, medidas e notificados
  (chamado pelo JS a cada constatação marcada; `inspecoes.avaliar`, nada é gravado), e o
  resumo fixo ao pé da tela (medidas e quem notificar) num <template data-resumo>.
- POST /inspecoes/nova/conferir: o mesmo, sem JS: a página inteira de volta com a prévia.
- POST /inspecoes/nova: registra (`inspecoes.registrar_inspecao`) sob a chave de
  idempotência: o reenvio do mesmo formulário depois de uma queda de conexão devolve a
  mesma inspeção e não cria nada duas vezes. A fila do aparelho (inspeção guardada sem
  sinal) usa a mesma rota, com `Accept: application/json` e a `Idempotency-Key`.
- GET /inspecoes/embarcacoes?q=: embarcações cadastradas (JSON, para o campo de busca).
- GET /inspecoes/embarcacao?inscricao=: a embarcação cadastrada com a inscrição (JSON; o JS
  pergunta ao sair do campo da inscrição; `embarcacoes.por_inscricao`, como a API).
- GET /inspecoes/{id}/fotos/{foto}: a foto tirada na inspeção (`fotos_inspecao.obter`).

O formulário é multipart: as fotos (`fotos`, com `fotos_descricao` e `fotos_tirada_em` que o JS
acrescenta) vão com a inspeção e são gravadas na mesma transação (`inspecoes.registrar`).
"""

from __future__ import annotations

import datetime as dt
import re
import uuid
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData, UploadFile

from farol import entrada
from farol.erros import EntradaInvalida, EntradasInvalidas, ErroFarol, Proibido
from farol.http.deps import uow_da
from farol.http.erros import status_de
from farol.http.parametros import IdNoCaminho
from farol.normas.citacoes import citacao
from farol.normas.prazos import regra_prazo
from farol.relogio import agora, fuso
from farol.rules.medidas import anos_vencida_de_datas
from farol.services import busca, fotos_inspecao, inspecoes
from farol.services import embarcacoes as cadastro_de_embarcacoes
from farol.services.fotos_inspecao import FotoEnviada
from farol.services.inspecoes import (
    DadosConstatacao,
    DadosEmbarcacao,
    DecisaoSemSinal,
    NovaInspecao,
)
from farol.services.jurisdicao import Ator
from farol.web import checklist
from farol.web.ambiente import pagina, renderizar_texto
from farol.web.atos import limites_no_modelo
from farol.web.formularios import (
    GERAL,
    Erros,
    decimal_br,
    erro_farol,
    erros_pydantic,
    texto_na_pagina,
)
from farol.web.sessao import AtorWeb, RotaDaPagina, conferir_csrf

rotas = APIRouter(include_in_schema=False, route_class=RotaDaPagina)

CAMPOS = (
    "embarcacao.inscricao", "embarcacao.nome", "embarcacao.tipo", "embarcacao.comprimento",
    "embarcacao.propulsao",
    "embarcacao.estrangeira", "embarcacao.inscrita", "proprietario.documento",
    "proprietario.nome", "proprietario.telefone", "proprietario.endereco", "condutor.mesmo",
    "condutor.documento", "condutor.nome", "condutor.validade", "condutor_habilitado_presente",
    "situacao", "data_hora", "local",
    "localizacao.latitude", "localizacao.longitude", "localizacao.precisao_m",
)  # fmt: skip
TIPOS_EMBARCACAO = (
    "lancha", "veleiro", "moto aquática", "bote", "barco de pesca", "escuna", "iate",
    "rebocador", "balsa", "outra",
)  # fmt: skip
PROPULSOES = ("motor", "vela", "vela e motor", "remo", "sem propulsão")  # em branco: não informada


async def formulario(request: Request) -> FormData:
    return await request.form()


Formulario = Annotated[FormData, Depends(formulario)]


def _texto(form: FormData, nome: str) -> str:
    v = form.get(nome)
    return v.strip() if isinstance(v, str) else ""


def _marcado(form: FormData, nome: str) -> bool:
    return _texto(form, nome) in ("true", "sim", "on")


def valores(form: FormData) -> dict[str, Any]:
    """O que foi digitado, para devolver ao formulário (campos simples e itens marcados)."""
    v: dict[str, Any] = {nome: _texto(form, nome) for nome in CAMPOS}
    v["constatacoes"] = [x for x in form.getlist("constatacoes") if isinstance(x, str)]
    v["chave"] = _texto(form, "chave")
    return v


def _data_hora(texto: str) -> str:
    """'2026-03-02T10:15' (campo datetime-local, hora de Brasília) -> ISO com fuso."""
    try:
        instante = dt.datetime.fromisoformat(texto)
    except ValueError:
        return texto  # o serviço recusa com a mensagem dele
    if instante.tzinfo is None:
        instante = instante.replace(tzinfo=fuso())
    return instante.isoformat()


def _instante(data_hora: str) -> dt.datetime | None:
    """O instante com fuso de `montar`, ou `None` se o campo ainda não tem data válida."""
    try:
        instante = dt.datetime.fromisoformat(data_hora)
    except (TypeError, ValueError):
        return None
    return instante if instante.tzinfo is not None else None


def _anos_vencida(validade: str, data_hora: str) -> str | None:
    try:
        v = dt.date.fromisoformat(validade)
        quando = dt.datetime.fromisoformat(data_hora).astimezone(fuso()).date()
    except ValueError:
        return None
    anos = anos_vencida_de_datas(v, quando)
    return None if anos is None else str(anos)


def montar(v: dict[str, Any]) -> dict[str, Any]:
    """O corpo de `NovaInspecao` a partir dos valores do formulário."""
    data_hora = _data_hora(v["data_hora"])
    proprietario = {
        "documento": v["proprietario.documento"],
        "nome": v["proprietario.nome"],
        "telefone": v["proprietario.telefone"] or None,
        "endereco": v["proprietario.endereco"] or None,
    }
    condutor: dict[str, Any] | None
    if v["condutor.mesmo"]:
        condutor = {"documento": proprietario["documento"], "nome": proprietario["nome"]}
    elif v["condutor.documento"] or v["condutor.nome"]:
        condutor = {"documento": v["condutor.documento"], "nome": v["condutor.nome"]}
    else:
        condutor = None
    inscrita = v["embarcacao.inscrita"] != "nao"
    catalogo_itens = checklist.itens()
    constatacoes = []
    for item_id in v["constatacoes"]:
        item = catalogo_itens.get(item_id)
        if item is None:
            continue
        c: dict[str, Any] = {"infracao": item.infracao, **item.fatos}
        if item.infracao.startswith("RLESTA.16."):
            c["embarcacao_inscrita"] = inscrita
        if item.usa_validade and v["condutor.validade"]:
            c["anos_vencida"] = _anos_vencida(v["condutor.validade"], data_hora)
        constatacoes.append(c)
    embarcacao: dict[str, Any] = {
        "inscricao": v["embarcacao.inscricao"],
        "nome": v["embarcacao.nome"],
        "estrangeira": bool(v["embarcacao.estrangeira"]),
    }
    if v["embarcacao.tipo"]:
        embarcacao["tipo"] = v["embarcacao.tipo"]
    if v["embarcacao.comprimento"]:
        embarcacao["comprimento"] = decimal_br(v["embarcacao.comprimento"])
    if v["embarcacao.propulsao"]:
        embarcacao["propulsao"] = v["embarcacao.propulsao"]
    localizacao = None
    if v["localizacao.latitude"] or v["localizacao.longitude"] or v["localizacao.precisao_m"]:
        localizacao = {
            "latitude": decimal_br(v["localizacao.latitude"]) or None,
            "longitude": decimal_br(v["localizacao.longitude"]) or None,
            "precisao_m": v["localizacao.precisao_m"] or None,
        }
    return {
        "embarcacao": embarcacao,
        "proprietario": proprietario,
        "condutor": condutor,
        "data_hora": data_hora,
        "local": v["local"],
        "situacao": v["situacao"] or None,
        "condutor_habilitado_presente": bool(v["condutor_habilitado_presente"]),
        "constatacoes": constatacoes,
        **({"localizacao": localizacao} if localizacao else {}),
    }


def fotos_enviadas(form: FormData) -> list[FotoEnviada]:
    """As fotos escolhidas (campo `fotos`; um campo vazio não conta), cada uma lida até 1 byte
    além do limite (o serviço recusa), com a descrição e o instante que o JS acrescenta. O
    instante é o do arquivo no aparelho: se vier no futuro (relógio do celular adiantado) ou
    ilegível, fica de fora, e a foto leva o instante da inspeção."""
    arquivos = [f for f in form.getlist("fotos") if isinstance(f, UploadFile) and f.filename]
    descricoes = [x for x in form.getlist("fotos_descricao") if isinstance(x, str)]
    instantes = [x for x in form.getlist("fotos_tirada_em") if isinstance(x, str)]
    enviadas = []
    for n, arquivo in enumerate(arquivos):
        tirada_em: dt.datetime | None = None
        try:
            tirada_em = dt.datetime.fromisoformat(instantes[n]) if n < len(instantes) else None
        except ValueError:
            tirada_em = None
        if tirada_em is not None and (
            tirada_em.tzinfo is None or tirada_em > agora() + fotos_inspecao.TOLERANCIA_RELOGIO
        ):
            tirada_em = None
        enviadas.append(
            FotoEnviada(
                nome=arquivo.filename or "foto",
                conteudo=arquivo.file.read(fotos_inspecao.TAMANHO_MAXIMO + 1),
                descricao=descricoes[n].strip() or None if n < len(descricoes) else None,
                tirada_em=tirada_em,
            )
        )
    return enviadas


def _fotos_escolhidas(form: FormData) -> int:
    return sum(1 for f in form.getlist("fotos") if isinstance(f, UploadFile) and f.filename)


def _nomes(v: dict[str, Any]) -> list[str]:
    return [*CAMPOS, *(f"constatacoes.{i}" for i in v["constatacoes"])]


def _apelidos(v: dict[str, Any]) -> dict[str, str]:
    """Erros das constatações (por índice) no item marcado, na validade ou na situação."""
    apelidos = {
        r"constatacoes\.\d+\.anos_vencida": "condutor.validade",
        r"constatacoes\.\d+\.situacao": "situacao",
        r"constatacoes\.\d+\.embarcacao_inscrita": "embarcacao.inscrita",
        r"condutor\.(documento|nome)(\..*)?": "condutor.documento"
        if not v["condutor.mesmo"]
        else "proprietario.documento",
    }
    validos = [i for i in v["constatacoes"] if i in checklist.itens()]
    for n, item_id in enumerate(validos):
        apelidos[rf"constatacoes\.{n}(\..*)?"] = f"constatacoes.{item_id}"
    return apelidos


def _erro_validade(erros: Erros) -> Erros:
    if "condutor.validade" in erros.por_campo:
        erros.por_campo["condutor.validade"] = (
            "informe a data de validade da CHA/CIR do condutor: a medida depende de há "
            "quanto tempo ela venceu (NORMAM 3.9)"
        )
    return erros


def previa(v: dict[str, Any]) -> tuple[dict[str, Any] | None, Erros]:
    """Infrações, medidas e notificados das constatações marcadas, sem gravar nada."""
    dados = montar(v)
    if not dados["constatacoes"]:
        return None, Erros()
    apelidos = _apelidos(v)
    constatacoes = []
    for n, c in enumerate(dados["constatacoes"]):
        try:
            constatacoes.append(DadosConstatacao.model_validate(c))
        except ValidationError as e:
            erros = erros_pydantic(e, _nomes(v), f"constatacoes.{n}.", apelidos)
            return None, _erro_validade(erros)
    try:
        situacao = dados["situacao"] if dados["situacao"] in ("navegando", "parada") else None
        # `avaliar` só lê a situação, o condutor habilitado presente, a bandeira e as
        # constatações: o resto do formulário pode estar em branco durante a prévia.
        campos: dict[str, Any] = {
            "embarcacao": DadosEmbarcacao.model_construct(
                **{"estrangeira": dados["embarcacao"]["estrangeira"]}
            ),
            "situacao": situacao,
            "condutor_habilitado_presente": dados["condutor_habilitado_presente"],
            "constatacoes": constatacoes,
        }
        instante = _instante(dados["data_hora"])
        if instante is not None:  # com a data, as medidas são as vigentes nela
            campos["data_hora"] = instante
        cmd = NovaInspecao.model_construct(**campos)
        return inspecoes.apresentar(inspecoes.avaliar(cmd)), Erros()
    except ErroFarol as e:
        return None, _erro_validade(erro_farol(e, _nomes(v), apelidos))


@cache
def _maximos() -> dict[str, int]:
    """O `maxlength` de cada campo de texto do formulário, do modelo da inspeção (o navegador
    para no limite que o serviço recusaria depois)."""
    return {
        nome: maximo
        for nome in CAMPOS
        if (maximo := limites_no_modelo(NovaInspecao, nome.split(".")).max_caracteres)
    }


def _agora_local() -> str:
    return agora().astimezone(fuso()).strftime("%Y-%m-%dT%H:%M")


def _pagina_formulario(
    request: Request,
    ator: Ator,
    v: dict[str, Any] | None = None,
    erros: Erros | None = None,
    avaliacao: dict[str, Any] | None = None,
    status: int = 200,
    fotos_escolhidas: int = 0,
) -> HTMLResponse:
    if v is None:
        v = {nome: "" for nome in CAMPOS}
        v.update(
            {
                "constatacoes": [],
                "data_hora": _agora_local(),
                "embarcacao.inscrita": "sim",
                "chave": str(uuid.uuid4()),
            }
        )
    if not v.get("chave"):
        v["chave"] = str(uuid.uuid4())
    return pagina(
        request,
        "inspecao_nova.html",
        {
            "v": v,
            "erros": erros or Erros(),
            "maximos": _maximos(),
            "avaliacao": avaliacao,
            "grupos": checklist.GRUPOS,
            "tipos_embarcacao": TIPOS_EMBARCACAO,
            "propulsoes": PROPULSOES,
            "agora": _agora_local(),
            "fotos_escolhidas": fotos_escolhidas,
            "fotos_maximo": fotos_inspecao.QUANTIDADE_MAXIMA,
            "foto_tamanho": f"{entrada.FOTO // entrada.MIB} MiB",
        },
        status,
    )


def _pode_inspecionar(ator: Ator) -> bool:
    return ator.papel in inspecoes.PAPEIS_QUE_INSPECIONAM


@rotas.get("/inspecoes/nova", response_class=HTMLResponse)
def nova(request: Request, ator: AtorWeb) -> HTMLResponse:
    if not _pode_inspecionar(ator):
        return pagina(
            request,
            "erro.html",
            {
                "titulo": "Sem permissão para inspecionar",
                "mensagem": f"{inspecoes.recusa_ao_papel(ator.papel)} "
                f"({citacao('medidas_administrativas').referencia()})",
            },
            403,
        )
    return _pagina_formulario(request, ator)


@rotas.post("/inspecoes/nova/avaliar", response_class=HTMLResponse)
def avaliar_fragmento(request: Request, ator: AtorWeb, form: Formulario) -> HTMLResponse:
    conferir_csrf(request, form)
    v = valores(form)
    avaliacao, erros = previa(v)
    ctx = {"avaliacao": avaliacao, "erros": erros, "v": v}
    # a prévia completa e, num <template>, o resumo fixo ao pé da tela (o JS o põe no lugar)
    html = (
        renderizar_texto("_avaliacao.html", ctx)
        + "<template data-resumo>"
        + renderizar_texto("_resumo_avaliacao.html", ctx)
        + "</template>"
    )
    return HTMLResponse(html, status_code=200, headers={"Cache-Control": "no-store"})


@rotas.get("/inspecoes/nova/conferir", response_model=None)
def conferir_de_novo() -> RedirectResponse:
    """O endereço da conferência sem JS, aberto de novo (recarregar, restaurar a aba): o
    formulário, em vez de um 405."""
    return RedirectResponse("/inspecoes/nova", status_code=303)


@rotas.post("/inspecoes/nova/conferir", response_class=HTMLResponse)
def conferir(request: Request, ator: AtorWeb, form: Formulario) -> HTMLResponse:
    conferir_csrf(request, form)
    v = valores(form)
    avaliacao, erros = previa(v)
    return _pagina_formulario(
        request, ator, v, erros, avaliacao, fotos_escolhidas=_fotos_escolhidas(form)
    )


def _quer_json(request: Request) -> bool:
    """A fila do aparelho (estatico/fila_inspecoes.js) pede JSON: o resultado ou a recusa,
    sem a página."""
    return "application/json" in request.headers.get("accept", "")


def _decisao_sem_sinal(form: FormData) -> DecisaoSemSinal | None:
    """A decisão do aparelho sem sinal (`sem_sinal.versao`, `sem_sinal.medidas`), que a fila
    acrescenta à inspeção guardada; None se a inspeção não esperou na fila."""
    versao = _texto(form, "sem_sinal.versao")
    if not versao:
        return None
    medidas = [x.strip() for x in form.getlist("sem_sinal.medidas") if isinstance(x, str)]
    try:
        return DecisaoSemSinal.model_validate({"versao": versao, "medidas": medidas})
    except ValidationError:
        raise EntradaInvalida(
            "a decisão tomada sem sinal veio ilegível (versão dos dados ou medidas)",
            campo="sem_sinal",
        ) from None


def _recusa_json(erros: Erros, status: int) -> JSONResponse:
    """A recusa para a fila do aparelho: a mensagem geral e o erro de cada campo."""
    return JSONResponse(
        {
            "mensagem": erros.geral
            or "A inspeção não foi registrada: corrija os campos indicados.",
            "erros": {k: m for k, m in erros.por_campo.items() if k != GERAL},
        },
        status_code=status,
        headers={"Cache-Control": "no-store"},
    )


@rotas.post("/inspecoes/nova", response_model=None)
def registrar(request: Request, ator: AtorWeb, form: Formulario) -> Response:
    """A página manda o formulário e recebe o resultado (ou o formulário com os erros). A fila
    do aparelho manda os mesmos campos com `Accept: application/json`, a `Idempotency-Key`
    no cabeçalho (vale mais que o campo `chave`) e a decisão tomada sem sinal, e recebe JSON:
    201 com a inspeção registrada (a mesma num reenvio), ou o status da recusa com a mensagem
    e os erros por campo."""
    conferir_csrf(request, form)
    v = valores(form)
    em_json = _quer_json(request)
    dados = montar(v)
    apelidos = _apelidos(v)

    def recusar(erros: Erros, status: int) -> Response:
        if em_json:
            return _recusa_json(erros, status)
        avaliacao, _ = previa(v)
        return _pagina_formulario(
            request, ator, v, erros, avaliacao, status, _fotos_escolhidas(form)
        )

    try:
        cmd = NovaInspecao.model_validate(dados)
    except ValidationError as e:
        erros = _erro_validade(erros_pydantic(e, _nomes(v), apelidos=apelidos))
        # o CPF/CNPJ com dígito errado e a data futura aparecem junto, não na volta seguinte
        alem = inspecoes.recusas_alem_do_formato(dados)
        if alem:
            erros.juntar(erro_farol(EntradasInvalidas(alem), _nomes(v), apelidos))
        return recusar(erros, 422)
    chave = request.headers.get("idempotency-key") or v["chave"] or None
    try:
        if chave and len(chave) > entrada.TEXTO_CURTO:
            raise EntradaInvalida(
                f"Idempotency-Key longa demais: no máximo {entrada.TEXTO_CURTO} caracteres",
                campo="Idempotency-Key",
            )
        status, corpo = inspecoes.registrar(
            uow_da(request),
            ator,
            cmd,
            chave=chave,
            fotos=fotos_enviadas(form),
            sem_sinal=_decisao_sem_sinal(form),
        )
    except ErroFarol as e:
        erros = _erro_validade(erro_farol(e, [*_nomes(v), fotos_inspecao.CAMPO], apelidos))
        if not erros.geral and not any(
            k in (*CAMPOS, fotos_inspecao.CAMPO) for k in erros.por_campo
        ):
            erros.adicionar(GERAL, texto_na_pagina(e))
        return recusar(erros, status_de(e))
    if em_json:
        return JSONResponse(
            corpo.model_dump(mode="json"),
            status_code=status,
            headers={"Cache-Control": "no-store"},
        )
    return pagina(
        request,
        "inspecao_resultado.html",
        {
            "r": corpo,
            "chave": chave,
            "resultado": inspecoes.apresentar(corpo),
            "fundamento_comparecimento": regra_prazo("lesta", "comparecimento")
            .versoes[-1]
            .fonte.referencia(),
        },
    )


def _so_da_propria_pagina(request: Request) -> None:
    """As buscas de embarcação em JSON (o campo da nova inspeção, pelo farol.js) gravam no
    registro de acesso a dados pessoais: só atendem o pedido que vem de uma página do próprio
    Farol. O navegador diz de onde vem o pedido (`Sec-Fetch-Site`); um link ou formulário de
    outro site, com o cookie da sessão (SameSite=Lax), gravaria leituras em nome do inspetor
    (revisão de segurança de 2026-12-06, G). Sem o cabeçalho (cliente que não é navegador),
    vale a sessão."""
    origem = request.headers.get("sec-fetch-site")
    if origem is not None and origem not in {"same-origin", "none"}:
        raise Proibido(
            "esta busca só atende a página de nova inspeção do Farol; pedido vindo de outro "
            "site recusado",
            campo="origem",
        )


@rotas.get("/inspecoes/embarcacoes")
def embarcacoes(request: Request, ator: AtorWeb, q: str = "") -> JSONResponse:
    _so_da_propria_pagina(request)
    if len(q) > 100:
        raise EntradaInvalida("termo de busca longo demais", campo="q")
    achadas = busca.buscar_embarcacoes(uow_da(request), ator, re.sub(r"\s+", " ", q))
    return JSONResponse(achadas, headers={"Cache-Control": "no-store"})


@rotas.get("/inspecoes/embarcacao")
def embarcacao_da_inscricao(request: Request, ator: AtorWeb, inscricao: str = "") -> JSONResponse:
    """A embarcação cadastrada com a inscrição, como `GET /api/v1/embarcacoes?inscricao=`."""
    _so_da_propria_pagina(request)
    achadas = cadastro_de_embarcacoes.por_inscricao(uow_da(request), ator, inscricao)
    return JSONResponse(
        [a.model_dump(mode="json") for a in achadas], headers={"Cache-Control": "no-store"}
    )


@rotas.get("/inspecoes/{iid}/fotos/{foto_id}", response_model=None)
def foto(request: Request, iid: IdNoCaminho, foto_id: IdNoCaminho, ator: AtorWeb) -> Response:
    """A foto, com o tipo conferido pelo conteúdo; o `ETag` é o SHA-256 (a foto não muda):
    o navegador revalida e recebe 304 sem baixar de novo."""
    sha256, mime, conteudo = fotos_inspecao.obter(uow_da(request), ator, iid, foto_id)
    cabecalhos = {
        "ETag": f'"{sha256}"',
        "Cache-Control": "private, no-cache",
        "X-Content-Type-Options": "nosniff",
    }
    if request.headers.get("if-none-match") == cabecalhos["ETag"]:
        return Response(status_code=304, headers=cabecalhos)
    return Response(conteudo, media_type=mime, headers=cabecalhos)
