"""Documentos oficiais do processo: emitir o PDF (dados montados por `montagem_documentos`),
guardar com o SHA-256 e verificar a autenticidade por código (QR) ou pelo próprio PDF.

Um documento só se emite quando o ato que ele materializa existe (não há decisão antes do
julgamento). Reemitir grava um novo documento que substitui o anterior; o anterior continua
verificável e a verificação diz que foi substituído, e se um ato posterior mudou o efeito do
documento (p. ex., decisão reformada em recurso). Os de `DOCUMENTOS_DE_CADA_ATO` (o aviso de
publicação) só substituem o do mesmo ato: cada publicação tem o seu aviso.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Row, select
from sqlalchemy.orm import Session

from farol import entrada
from farol.domain.papeis import (
    EMITE_DOCUMENTOS,
    fundamento_da_permissao,
    nome_do_papel,
    nomes_dos_papeis,
    papeis_com,
    pode,
    quem_tem,
)
from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.domain.procedimento.maquina import Maquina
from farol.erros import Conflito, EntradaInvalida, NaoEncontrado, Proibido
from farol.formatos import citado, com_nomes
from farol.normas.atos_do_sistema import tipo_emissao_de_documento
from farol.pdf import dados as d
from farol.pdf.renderizador import renderizar
from farol.relogio import agora, data_local
from farol.services import idempotencia
from farol.services.jurisdicao import (
    Ator,
    ator_do_usuario,
    carregar_processo,
    competente_para_o_ato,
    exigir_alcance,
    exigir_competencia,
    exigir_competencia_no_ato,
)
from farol.services.montagem_documentos import (
    DOCUMENTOS_DE_CADA_ATO,
    ato_do_documento,
    falta_o_ato,
    impedimento,
    materializa,
    montar,
)
from farol.services.resultados.documento import (
    DocumentoNaoReconhecido,
    DocumentoPossivel,
    DocumentoResumo,
    Verificacao,
)
from farol.services.unit_of_work import UnitOfWork, caso_de_uso
from farol.store.ancoras import RegistroDeEmissao, conferir_documento
from farol.store.auditoria import cabeca_da_cadeia, registrar_ato
from farol.store.orm import (
    OM,
    Ato,
    DocumentoEmitido,
    Processo,
    Usuario,
)

LIMITE_PDF = entrada.ARQUIVO  # o PDF enviado a /verificar (farol/entrada.py)
"""Maior PDF aceito para verificar (a API recusa acima; a página confere só até aqui)."""


ALFABETO_DO_CODIGO = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Sem I, O, 0 e 1 (confundem-se ao ler o papel)."""
LETRAS_DO_CODIGO = 12
"""Três grupos de quatro: `ABCD-EFGH-JKLM`."""


def _em_grupos(bruto: str) -> str:
    return f"{bruto[:4]}-{bruto[4:8]}-{bruto[8:]}"


def _codigo() -> str:
    return _em_grupos("".join(secrets.choice(ALFABETO_DO_CODIGO) for _ in range(LETRAS_DO_CODIGO)))


def codigo_digitado(codigo: str) -> str:
    """O código como foi emitido (`ABCD-EFGH-JKLM`), a partir do que a pessoa digitou do papel:
    maiúsculas ou minúsculas, com ou sem hífens, com espaços ou pontos no meio. Outro texto
    volta só sem os espaços das pontas, em maiúsculas (e não acha documento)."""
    bruto = "".join(c for c in codigo.upper() if c.isalnum())
    if len(bruto) == LETRAS_DO_CODIGO and all(c in ALFABETO_DO_CODIGO for c in bruto):
        return _em_grupos(bruto)
    return codigo.strip().upper()


def tipo_documento(tipo: str) -> d.TipoDocumento:
    try:
        return d.TipoDocumento(tipo)
    except ValueError:
        raise EntradaInvalida(
            f"tipo de documento desconhecido: {citado(tipo)}; tipos: "
            + com_nomes((t.value, d.TITULOS[t]) for t in d.TipoDocumento),
            campo="tipo",
        ) from None


def pode_emitir(ator: Ator) -> bool:
    """Se o papel do ator emite documentos oficiais."""
    return pode(ator.papel, EMITE_DOCUMENTOS)


def papeis_que_emitem(regime: str, tipo: d.TipoDocumento) -> tuple[str, ...]:
    """Quem emite o documento: quem pode registrar o ato que ele materializa (o quadro do
    regime, `documentos` de cada transição). Documento que não materializa ato do quadro (os da
    custódia): os papéis com a permissão de emitir documentos (papeis.yaml)."""
    maquina = carregar_regime(regime)
    tipos = set(maquina.tipos_que_materializam(tipo.value))
    papeis = tuple(
        dict.fromkeys(
            p
            for t in maquina.transicoes
            if t.tipo_ato in tipos and not t.e_correcao
            for p in t.papeis
            if pode(p, EMITE_DOCUMENTOS)
        )
    )
    return papeis or papeis_com(EMITE_DOCUMENTOS)


def emite_no_processo(ator: Ator, p: Processo, tipo: d.TipoDocumento) -> bool:
    """Se o ator emite o documento neste processo: o papel registra o ato que ele materializa
    (`papeis_que_emitem`) e o registra na OM do processo (`competente_para_o_ato`)."""
    quem = papeis_que_emitem(p.regime, tipo)
    return ator.papel in quem and competente_para_o_ato(ator, p.om_id, quem)


def tipos_do_regime(regime: str) -> tuple[d.TipoDocumento, ...]:
    """Os documentos que cabem num processo do regime: os que materializam um ato do quadro
    dele e os que não materializam ato de quadro nenhum (os da custódia)."""
    maquinas = carregar_regimes()
    proprio = carregar_regime(regime)
    return tuple(
        t
        for t in d.TipoDocumento
        if proprio.tipos_que_materializam(t.value)
        or not any(m.tipos_que_materializam(t.value) for m in maquinas)
    )


def emitir(
    s: Session,
    ator: Ator,
    processo_id: int,
    tipo: str,
    url_publica: str,
    extras: dict[str, Any] | None = None,
) -> DocumentoEmitido:
    if not pode_emitir(ator):
        raise Conflito(
            f"o papel {nome_do_papel(ator.papel)} não emite documentos; cabe a: "
            f"{quem_tem(EMITE_DOCUMENTOS)}",
            campo="papel",
            regra=fundamento_da_permissao(EMITE_DOCUMENTOS),
        )
    p = carregar_processo(s, ator, processo_id)
    t = tipo_documento(tipo)
    quem = papeis_que_emitem(p.regime, t)
    if ator.papel not in quem:
        raise Conflito(
            f"o papel {nome_do_papel(ator.papel)} não emite {d.TITULOS[t]}: emite quem registra "
            f"o ato que o documento materializa ({nomes_dos_papeis(quem)})",
            campo="tipo",
        )
    # e quem o registra NESTE processo: no da Delegacia, a Autoridade Competente da CP sede não
    # registra ato nenhum, e o Capitão dos Portos só os do recurso (Norma de 2023, item 3.5 a)
    exigir_competencia(s, ator, p)
    exigir_competencia_no_ato(s, ator, p, d.TITULOS[t], quem)
    codigo = _codigo()
    # A cabeça da cadeia sobre a qual o documento é emitido (o processo fica travado até o
    # commit): vai impressa no rodapé, e o ato de emissão logo abaixo se encadeia nela.
    cabeca = cabeca_da_cadeia(s, p)
    verificacao = d.Verificacao(
        codigo=codigo,
        url=f"{url_publica.rstrip('/')}/verificar/{codigo}",
        cadeia_seq=cabeca.seq,
        cadeia_hash=cabeca.curto,
    )
    try:
        dados = montar(s, p, t, verificacao, extras)
    except ValidationError as e:
        raise EntradaInvalida(
            str(e.errors()[0].get("msg", "dados incompletos")).removeprefix("Value error, "),
            campo="tipo",
        ) from None
    pdf = renderizar(dados)
    ato = ato_do_documento(s, p, t)
    mesmo_tipo = select(DocumentoEmitido).where(
        DocumentoEmitido.processo_id == p.id, DocumentoEmitido.tipo == t.value
    )
    if t in DOCUMENTOS_DE_CADA_ATO and ato is not None:
        mesmo_tipo = mesmo_tipo.where(DocumentoEmitido.ato_id == ato.id)
    anterior = s.execute(
        mesmo_tipo.order_by(DocumentoEmitido.id.desc()).limit(1)
    ).scalar_one_or_none()
    doc = DocumentoEmitido(
        codigo=codigo,
        processo_id=p.id,
        ato_id=ato.id if ato else None,
        tipo=t.value,
        sha256=hashlib.sha256(pdf).hexdigest(),
        conteudo=pdf,
        emitido_em=agora(),
        emitido_por_id=ator.usuario_id,
        substitui_id=anterior.id if anterior else None,
    )
    s.add(doc)
    s.flush()
    registrar_ato(
        s,
        p,
        tipo=tipo_emissao_de_documento(),
        ator_id=ator.usuario_id,
        papel=ator.papel,
        data_ato=data_local(doc.emitido_em),
        payload={"documento": t.value, "codigo": codigo, "sha256": doc.sha256},
    )
    return doc


def descrever(
    s: Session, doc: DocumentoEmitido, registro: RegistroDeEmissao | None = None
) -> Verificacao:
    """O que a verificação pública mostra: autenticidade e efeito, sem dados pessoais; com o
    `registro` de emissão conferido, a cabeça da cadeia sobre a qual o documento foi emitido."""
    p = s.get(Processo, doc.processo_id)
    assert p is not None
    om = s.get(OM, p.om_id)
    assert om is not None
    sucessor = s.execute(
        select(DocumentoEmitido).where(DocumentoEmitido.substitui_id == doc.id)
    ).scalar_one_or_none()
    ato = s.get(Ato, doc.ato_id) if doc.ato_id else None
    alteracoes = []
    gatilhos = carregar_regime(p.regime).efeitos_sobre(doc.tipo)
    posteriores = s.execute(
        select(Ato)
        .where(Ato.processo_id == p.id, Ato.seq > (ato.seq if ato else 0))
        .order_by(Ato.seq)
    ).scalars()
    for a in posteriores:
        if a.tipo in gatilhos and a.registrado_em >= doc.emitido_em - dt.timedelta(days=36500):
            alteracoes.append(
                {"ato": a.tipo, "data": a.data_ato.isoformat(), "efeito": gatilhos[a.tipo]}
            )
    return Verificacao.model_validate({
        "autentico": True,
        "codigo": doc.codigo,
        "tipo": doc.tipo,
        "titulo": d.TITULOS[d.TipoDocumento(doc.tipo)],
        "processo": p.numero,
        "om": {"sigla": om.sigla, "nome": om.nome},
        "emitido_em": doc.emitido_em.isoformat(),
        "sha256": doc.sha256,
        "ato": None
        if ato is None
        else {"tipo": ato.tipo, "seq": ato.seq, "data": ato.data_ato.isoformat()},
        "substituido": sucessor is not None,
        "substituido_por": None if sucessor is None else sucessor.codigo,
        "efeito_alterado": alteracoes,
        "vigente": sucessor is None and not alteracoes,
        "cadeia": None
        if registro is None
        else {"seq": registro.seq - 1, "hash": registro.hash_anterior,
              "registro_seq": registro.seq},
    })  # fmt: skip


def _nao_atestado(doc: DocumentoEmitido, sha: str, motivo: str) -> DocumentoNaoReconhecido:
    return DocumentoNaoReconhecido(
        sha256=sha,
        motivo=f"o Farol não atesta o documento {doc.codigo}: {motivo}. Procure a OM emissora",
    )


@caso_de_uso()
def verificar_codigo(s: Session, codigo: str) -> Verificacao | DocumentoNaoReconhecido:
    """Pelo código (QR): recalcula o SHA-256 do PDF guardado e o confere com a cadeia de atos
    antes de atestar; bytes que não conferem recebem a recusa com o motivo."""
    doc = s.execute(
        select(DocumentoEmitido).where(DocumentoEmitido.codigo == codigo_digitado(codigo))
    ).scalar_one_or_none()
    if doc is None:
        raise NaoEncontrado(
            "nenhum documento emitido com este código: o documento não é autêntico ou o "
            "código foi digitado errado",
            campo="codigo",
        )
    motivo, registro = conferir_documento(s, doc)
    if motivo is not None:
        return _nao_atestado(doc, hashlib.sha256(doc.conteudo).hexdigest(), motivo)
    return descrever(s, doc, registro)


@caso_de_uso()
def verificar_pdf(s: Session, conteudo: bytes) -> Verificacao | DocumentoNaoReconhecido:
    """O PDF enviado é, byte a byte, um documento emitido? O arquivo acima do limite ou que não
    é PDF (uma foto do documento, um .docx) é recusado com o motivo, não dado como "não
    autêntico": não se conferiu nada (a página e a API, com 422)."""
    if len(conteudo) > LIMITE_PDF:
        raise EntradaInvalida(
            f"arquivo acima do limite de {LIMITE_PDF // entrada.MIB} MiB", campo="arquivo"
        )
    if not conteudo.lstrip()[:5] == b"%PDF-":
        raise EntradaInvalida(
            "o arquivo enviado não é um PDF: envie o PDF recebido do Farol (uma foto ou cópia "
            "digitalizada não se confere byte a byte; digite o código impresso junto ao QR)",
            campo="arquivo",
        )
    sha = hashlib.sha256(conteudo).hexdigest()
    doc = s.execute(
        select(DocumentoEmitido).where(DocumentoEmitido.sha256 == sha).limit(1)
    ).scalar_one_or_none()
    if doc is None:
        return DocumentoNaoReconhecido(
            sha256=sha,
            motivo="o arquivo não corresponde, byte a byte, a nenhum documento emitido pelo "
            "Farol: foi alterado ou não foi emitido aqui",
        )
    motivo, registro = conferir_documento(s, doc, sha)
    if motivo is not None:
        return _nao_atestado(doc, sha, motivo)
    return descrever(s, doc, registro)


@caso_de_uso()
def possiveis(s: Session, ator: Ator, processo_id: int) -> list[DocumentoPossivel]:
    """Os documentos que o papel emite neste processo (`emite_no_processo`), cada um dizendo se
    já se emite: o ato que ele materializa (`materializa`) está registrado e nada o impede
    (`impedimento`). A página do processo oferece só esses, e diz dos outros o ato que falta
    (`falta_o_ato`) ou o impedimento. Os atos do processo numa consulta; as do impedimento (o
    prazo e as multas da Notificação para Pagamento) e as da custódia, por documento."""
    p = carregar_processo(s, ator, processo_id)
    if not pode_emitir(ator):
        return []
    maquina = carregar_regime(p.regime)
    atos = s.execute(select(Ato.tipo, Ato.payload).where(Ato.processo_id == p.id)).all()
    return [
        _possivel(s, p, maquina, t, atos)
        for t in tipos_do_regime(p.regime)
        if emite_no_processo(ator, p, t)
    ]


def _possivel(
    s: Session,
    p: Processo,
    maquina: Maquina,
    t: d.TipoDocumento,
    atos: Sequence[Row[tuple[str, Any]]],
) -> DocumentoPossivel:
    tipos = maquina.tipos_que_materializam(t.value)
    transicoes = [x for x in maquina.transicoes if x.tipo_ato in tipos and not x.e_correcao]
    # o documento que não materializa ato do quadro (nenhum hoje): quem monta decide, ao emitir
    registrado = not tipos or any(materializa(maquina, t, a.tipo, a.payload) for a in atos)
    motivo = impedimento(s, p, t) if registrado else falta_o_ato(s, p, t)
    return DocumentoPossivel(
        tipo=t.value,
        titulo=d.TITULOS[t],
        disponivel=motivo is None,
        materializa=list(dict.fromkeys(x.nome for x in transicoes)),
        motivo=motivo,
        fundamento=transicoes[0].fonte.referencia() if transicoes else None,
    )


@caso_de_uso()
def listar(s: Session, ator: Ator, processo_id: int) -> list[DocumentoResumo]:
    p = carregar_processo(s, ator, processo_id)
    docs = s.execute(
        select(DocumentoEmitido)
        .where(DocumentoEmitido.processo_id == p.id)
        .order_by(DocumentoEmitido.id)
    ).scalars()
    return [resumo(s, x) for x in docs]


def resumo(s: Session, doc: DocumentoEmitido) -> DocumentoResumo:
    info = descrever(s, doc)
    return DocumentoResumo(
        id=doc.id,
        codigo=doc.codigo,
        tipo=doc.tipo,
        titulo=info.titulo,
        sha256=doc.sha256,
        emitido_em=info.emitido_em,
        substituido_por=info.substituido_por,
        vigente=info.vigente,
        efeito_alterado=info.efeito_alterado,
    )


@caso_de_uso()
def obter_pdf(s: Session, ator: Ator, documento_id: int) -> DocumentoEmitido:
    doc = s.get(DocumentoEmitido, documento_id)
    if doc is None:
        raise NaoEncontrado("documento não encontrado", campo="id")
    p = s.get(Processo, doc.processo_id)
    assert p is not None
    exigir_alcance(ator, p.om_id, "documento")
    motivo, _ = conferir_documento(s, doc)
    if motivo is not None:
        raise Conflito(
            f"o documento {doc.codigo} não é entregue: {motivo}; avise a OM emissora",
            campo="documento",
        )
    return doc


def emitir_documento(
    uow: UnitOfWork,
    ator: Ator,
    processo_id: int,
    tipo: str,
    url_publica: str,
    extras: dict[str, Any] | None = None,
    *,
    chave: str | None = None,
) -> tuple[int, DocumentoResumo]:
    """Emite o documento numa transação própria, sob a chave de idempotência do pedido."""

    def fazer(s: Session) -> tuple[int, dict[str, Any]]:
        doc = emitir(s, ator, processo_id, tipo, url_publica, extras)
        return 201, resumo(s, doc).model_dump(mode="json")

    pedido = json.dumps({"tipo": tipo, "dados": extras or {}}, sort_keys=True, default=str)
    status, corpo = idempotencia.executar(
        uow,
        ator.usuario_id,
        chave,
        "POST",
        f"/processos/{processo_id}/documentos",
        fazer,
        idempotencia.assinatura_de(pedido),
    )
    return status, DocumentoResumo.model_validate(corpo)


@caso_de_uso(escrita=True)
def emitir_em_nome(
    s: Session,
    processo: str,
    tipo: str,
    url_publica: str,
    extras: dict[str, Any] | None = None,
    login: str | None = None,
) -> tuple[str, DocumentoEmitido]:
    """Emite pela linha de comando: o processo pelo número ou id; quem emite pelo login ou,
    sem ele, um usuário ativo da OM do processo com um papel que emite esse documento
    (`papeis_que_emitem`: quem registra o ato que ele materializa). Devolve o número do
    processo e o documento."""
    filtro = Processo.id == int(processo) if processo.isdigit() else Processo.numero == processo
    p = s.execute(select(Processo).where(filtro)).scalar_one_or_none()
    if p is None:
        raise NaoEncontrado(f"processo {citado(processo)} não encontrado", campo="processo")
    q = select(Usuario).where(Usuario.ativo.is_(True))
    if login:
        q = q.where(Usuario.login == login)
    else:
        emissores = papeis_que_emitem(p.regime, tipo_documento(tipo))
        q = q.where(Usuario.om_id == p.om_id, Usuario.papel.in_(emissores))
    u = s.execute(q.limit(1)).scalar_one_or_none()
    if u is None:
        raise NaoEncontrado("usuário emissor não encontrado", campo="usuario")
    ator = ator_do_usuario(s, u)
    if not ator.alcanca(p.om_id):  # o processo existe: é de fora da jurisdição de quem emite
        raise Proibido(
            f"o processo {p.numero} não está na jurisdição de {u.login} ({ator.om_sigla})",
            campo="usuario",
        )
    return p.numero, emitir(s, ator, p.id, tipo, url_publica, extras)
