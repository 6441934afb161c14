"""Resumo diário de prazos por e-mail a cada autoridade, e a agenda de prazos da OM (issue 15,
item 14). As mesmas consultas alimentam o e-mail, o Atom e o iCalendar.

Que prazos (tudo dos dados, nada de lista no código):

- só os prazos em aberto (`prazo.encerrado_em` nulo) que a autoridade precisa vigiar
  (`prazos_vigiados`): os da Administração (`destinatario: administracao` em prazos.yaml) e os
  do interessado (`administrado`) que o quadro do regime manda a autoridade encerrar por ato
  próprio quando ele não age: a revelia, a lavratura do auto, a inscrição em dívida ativa, o
  perdimento ... (uma transição que `encerra` o prazo e não é o ato do interessado dentro dele,
  `prazo_do_ato`). O prazo do interessado que só o ato dele encerra (o recurso da LESTA, que
  simplesmente passa) fica de fora: nenhum ato da autoridade o espera;
- no resumo, os vencidos e os que vencem em até `DIAS_DE_ANTECEDENCIA` dias da data.

Quem recebe: os usuários ativos, com e-mail, cujo papel tem a permissão `registra_atos`
(papeis.yaml), e de cada prazo só quem registra um ato que o encerra (campo `papeis` da
transição no quadro) — o Capitão dos Portos recebe a decisão do recurso, o DPC a do recurso em
última instância —, na jurisdição de cada um (a OM e as subordinadas, ou todas se o papel é
nacional). Uma só consulta para todas as OMs e usuários: a árvore das OMs é uma CTE recursiva.

O envio (`enviar_resumos`) usa o SMTP da configuração (`FAROL_SMTP_*`), um resumo por usuário
e data: o envio bem-sucedido grava `resumo_enviado` (única por usuário e data), e rodar de novo
no mesmo dia não envia outra vez a quem já recebeu.
"""

from __future__ import annotations

import datetime as dt
import smtplib
from collections.abc import Iterable, Sequence
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from functools import cache
from typing import Any

from sqlalchemy import Select, and_, or_, select, tuple_
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from farol.config import ConfiguracaoSmtp
from farol.domain.papeis import (
    PAPEIS,
    REGISTRA_ATOS,
    abrangencia,
    nome_do_papel,
    papeis_com,
    registra_atos_so_na_om,
)
from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.erros import ErroFarol, ForaDeVigencia
from farol.formatos import data as data_br
from farol.formatos import quantidade
from farol.normas.prazos import DA_ADMINISTRACAO, DO_INTERESSADO, catalogo_prazos
from farol.relogio import agora
from farol.services.jurisdicao import Ator
from farol.services.resultados.resumo_diario import (
    EnvioDoResumo,
    PrazoDaAgenda,
    RelatorioDoResumo,
    ResumoDoUsuario,
)
from farol.services.unit_of_work import UnitOfWork, caso_de_uso
from farol.store.orm import OM, Ato, Prazo, Processo, ResumoEnviado, Usuario

DIAS_DE_ANTECEDENCIA = 7
"""O resumo traz os prazos que vencem da data até 7 dias depois, além dos vencidos."""

ROTULO_DESTINATARIO: dict[str, str] = {
    DA_ADMINISTRACAO: "prazo da Administração",
    DO_INTERESSADO: "prazo do interessado",
}


class FalhaNoEnvio(ErroFarol):
    """O servidor SMTP não aceitou a conexão ou a mensagem."""


# --- que prazos e quem age sobre eles (dos dados) ------------------------------------------


@cache
def prazos_vigiados() -> dict[str, frozenset[str]]:
    """`prazo.<regime>.<etapa>` -> os papéis que registram um ato que o encerra.

    Entram os prazos da Administração e os do interessado que o quadro manda a autoridade
    encerrar por ato próprio (a transição que os encerra não é o ato do interessado no prazo).
    Os papéis são só os que registram atos (permissão `registra_atos`).
    """
    regras = catalogo_prazos().regras
    registram = frozenset(papeis_com(REGISTRA_ATOS))
    vigiados: dict[str, frozenset[str]] = {}
    for maquina in carregar_regimes():
        for t in maquina.transicoes:
            papeis = frozenset(t.papeis) & registram
            for prazo in t.encerra:
                regra = regras.get(prazo)
                if regra is None or not papeis:
                    continue
                if regra.destinatario == DO_INTERESSADO and t.prazo_do_ato == prazo:
                    continue  # o ato do próprio interessado: não é a autoridade quem age
                vigiados[prazo] = vigiados.get(prazo, frozenset()) | papeis
    return vigiados


def _etapas_vigiadas() -> list[tuple[str, str]]:
    """(regime, etapa) de cada prazo vigiado."""
    return sorted({tuple(p.split(".")[1:3]) for p in prazos_vigiados()})  # type: ignore[misc]


def _quem_age() -> list[tuple[str, str, str]]:
    """(regime, etapa, papel) de cada papel que age sobre cada prazo vigiado."""
    return sorted(
        (*p.split(".")[1:3], papel)  # type: ignore[misc]
        for p, papeis in prazos_vigiados().items()
        for papel in papeis
    )


def papel_recebe_resumo(papel: str) -> bool:
    """O papel registra o ato que encerra algum prazo vigiado: recebe o resumo diário."""
    return any(p == papel for _, _, p in _quem_age())


def _papeis_nacionais() -> list[str]:
    return [p for p in papeis_com(REGISTRA_ATOS) if abrangencia(p) == "nacional"]


# --- a consulta -----------------------------------------------------------------------------


def _citacao(regime: str, etapa: str, inicio: dt.date, fundamentos: Sequence[Any]) -> str:
    """A regra do prazo em vigor no início da contagem: "NORMAM ... item 3.6.3 a: texto"."""
    regra = catalogo_prazos().regras.get(f"prazo.{regime}.{etapa}")
    if regra is not None:
        try:
            versao, _ = regra.vigente(inicio)
        except ForaDeVigencia:
            pass
        else:
            return f"{versao.fonte.referencia()}: {versao.fonte.texto}"
    return "; ".join(str(f) for f in fundamentos)


def _nome_do_estado(regime: str, estado: str) -> str:
    e = carregar_regime(regime).estados.get(estado)
    return e.nome if e else estado


def _item(prazo: Prazo, processo: Processo, sigla: str, aberto_em: dt.datetime, data: dt.date,
          url_base: str) -> PrazoDaAgenda:  # fmt: skip
    regras = catalogo_prazos()
    regra = regras.regras.get(f"prazo.{prazo.regime}.{prazo.etapa}")
    return PrazoDaAgenda(
        prazo_id=prazo.id,
        processo_id=processo.id,
        processo_numero=processo.numero,
        om=sigla,
        estado=_nome_do_estado(processo.regime, processo.estado),
        regime=prazo.regime,
        etapa=prazo.etapa,
        nome_etapa=regras.nome_da_etapa(prazo.regime, prazo.etapa),
        destinatario=regra.destinatario if regra else DA_ADMINISTRACAO,
        inicio=prazo.inicio,
        vencimento=prazo.vencimento,
        dias=(prazo.vencimento - data).days,
        citacao=_citacao(prazo.regime, prazo.etapa, prazo.inicio, prazo.fundamentos or []),
        fundamentos=[str(f) for f in prazo.fundamentos or []],
        link=f"{url_base.rstrip('/')}/processos/{processo.id}#prazo-{prazo.id}",
        aberto_em=aberto_em,
    )


def _prazos_abertos(*colunas: Any) -> Select[Any]:
    """Os prazos vigiados em aberto, com o processo, a OM dele e o ato que os abriu."""
    return (
        select(*colunas, Prazo, Processo, OM.sigla, Ato.registrado_em)
        .join(Processo, Processo.id == Prazo.processo_id)
        .join(OM, OM.id == Processo.om_id)
        .join(Ato, Ato.id == Prazo.ato_id)
        .where(
            Prazo.encerrado_em.is_(None),
            tuple_(Prazo.regime, Prazo.etapa).in_(_etapas_vigiadas()),
        )
    )


def _arvore_das_oms() -> Any:
    """CTE recursiva (raiz, om_id): cada OM e todas as suas subordinadas, para todas as OMs."""
    sob = select(OM.id.label("raiz"), OM.id.label("om_id")).cte("sob", recursive=True)
    filha = select(sob.c.raiz, OM.id).where(OM.superior_id == sob.c.om_id)
    return sob.union(filha)


def _so_na_om() -> list[str]:
    """Os papéis que registram atos só nos processos da própria OM (papeis.yaml)."""
    return [p for p in PAPEIS if registra_atos_so_na_om(p)]


@caso_de_uso()
def resumos(s: Session, data: dt.date, url_base: str) -> list[ResumoDoUsuario]:
    """O resumo de `data` de cada usuário que tem prazo a vigiar: uma consulta para todos."""
    ate = data + dt.timedelta(days=DIAS_DE_ANTECEDENCIA)
    sob = _arvore_das_oms()
    nacionais = _papeis_nacionais()
    om_do_usuario = OM.__table__.alias("om_do_usuario")
    q = (
        _prazos_abertos(Usuario, om_do_usuario.c.sigla.label("om_usuario"))
        .join(sob, sob.c.om_id == Processo.om_id)
        .join(
            Usuario,
            or_(
                # papel nacional: todas as OMs (cada OM aparece uma vez como a sua própria raiz)
                and_(Usuario.papel.in_(nacionais), sob.c.raiz == sob.c.om_id),
                and_(Usuario.papel.not_in(nacionais), sob.c.raiz == Usuario.om_id),
            ),
        )
        .join(om_do_usuario, om_do_usuario.c.id == Usuario.om_id)
        .where(
            Usuario.ativo.is_(True),
            Prazo.vencimento <= ate,
            tuple_(Prazo.regime, Prazo.etapa, Usuario.papel).in_(_quem_age()),
            # o papel que só registra atos na própria OM não vigia os das subordinadas
            or_(Usuario.papel.not_in(_so_na_om()), Processo.om_id == Usuario.om_id),
        )
        .order_by(Usuario.id, Prazo.vencimento, Processo.numero, Prazo.id)
    )
    enviados = set(
        s.execute(select(ResumoEnviado.usuario_id).where(ResumoEnviado.data == data)).scalars()
    )
    saida: dict[int, ResumoDoUsuario] = {}
    for u, om_usuario, prazo, processo, sigla, aberto_em in s.execute(q).all():
        r = saida.get(u.id)
        if r is None:
            r = saida[u.id] = ResumoDoUsuario(
                usuario_id=u.id,
                login=u.login,
                nome=u.nome,
                papel=u.papel,
                om=om_usuario,
                email=u.email,
                data=data,
                ate=ate,
                vencidos=[],
                a_vencer=[],
                ja_enviado=u.id in enviados,
            )
        item = _item(prazo, processo, sigla, aberto_em, data, url_base)
        (r.vencidos if item.vencido else r.a_vencer).append(item)
    return list(saida.values())


@caso_de_uso()
def prazos_da_agenda(s: Session, ator: Ator, data: dt.date, url_base: str) -> list[PrazoDaAgenda]:
    """A agenda da jurisdição do usuário: todos os prazos vigiados em aberto, por vencimento
    (a mesma seleção do resumo, sem o limite de 7 dias nem o filtro do papel: a agenda é da
    OM, e quem a lê vê também o que os outros papéis da OM têm a fazer)."""
    q = _prazos_abertos().where(Processo.om_id.in_(ator.oms))
    q = q.order_by(Prazo.vencimento, Processo.numero, Prazo.id)
    return [_item(p, pr, sigla, em, data, url_base) for p, pr, sigla, em in s.execute(q).all()]


# --- a mensagem -----------------------------------------------------------------------------


def _linhas(titulo: str, itens: Iterable[PrazoDaAgenda]) -> list[str]:
    itens = list(itens)
    linhas = [f"{titulo} ({len(itens)})", ""]
    for x in itens:
        verbo = "venceu em" if x.vencido else "vence em"
        linhas += [
            f"- Processo {x.processo_numero} ({x.om}) · {x.estado}",
            f"  {x.nome_etapa} ({ROTULO_DESTINATARIO.get(x.destinatario, x.destinatario)})",
            f"  {verbo} {data_br(x.vencimento)}: {x.situacao}",
            f"  {x.citacao}",
            f"  {x.link}",
            "",
        ]
    return linhas


def assunto(r: ResumoDoUsuario) -> str:
    partes = []
    if r.vencidos:
        partes.append(quantidade(len(r.vencidos), "vencido"))
    if r.a_vencer:
        partes.append(f"{quantidade(len(r.a_vencer), 'a vencer', 'a vencer')} até {data_br(r.ate)}")
    return f"Farol — prazos em {data_br(r.data)} ({r.om}): {' e '.join(partes)}"


def texto(r: ResumoDoUsuario) -> str:
    papel = nome_do_papel(r.papel)
    linhas = [
        f"Resumo diário de prazos do Farol — {data_br(r.data)}",
        "",
        f"{r.nome} ({papel}, {r.om}): prazos em aberto na sua jurisdição em que o seu papel",
        "registra o ato que os encerra, vencidos ou com vencimento até "
        f"{data_br(r.ate)} ({DIAS_DE_ANTECEDENCIA} dias).",
        "",
    ]
    if r.vencidos:
        linhas += _linhas("VENCIDOS, AINDA EM ABERTO", r.vencidos)
    if r.a_vencer:
        linhas += _linhas(f"VENCEM ATÉ {data_br(r.ate)}", r.a_vencer)
    linhas += [
        "Prazo vencido sem o ato que o encerra: registre a revelia, o julgamento, a inscrição em",
        "dívida ativa ou o ato que couber.",
        "",
        "Mensagem automática do Farol (farol resumo-diario); um resumo por dia.",
    ]
    return "\n".join(linhas) + "\n"


def mensagem(r: ResumoDoUsuario, remetente: str) -> EmailMessage:
    assert r.email
    m = EmailMessage()
    m["Subject"] = assunto(r)
    m["From"] = remetente
    m["To"] = r.email
    m["Date"] = format_datetime(agora())
    m["Message-ID"] = make_msgid(f"resumo.{r.data.isoformat()}.{r.usuario_id}")
    m["Auto-Submitted"] = "auto-generated"  # RFC 3834: respostas automáticas não voltam
    m.set_content(texto(r))
    return m


# --- o envio --------------------------------------------------------------------------------


@caso_de_uso(escrita=True)
def _gravar_envio(s: Session, r: ResumoDoUsuario) -> None:
    assert r.email
    s.add(
        ResumoEnviado(
            usuario_id=r.usuario_id, data=r.data, enviado_em=agora(), email=r.email, prazos=r.total
        )
    )
    s.flush()


def registrar_envio(uow: UnitOfWork, r: ResumoDoUsuario) -> bool:
    """Grava o resumo enviado; `False` se outro envio do mesmo dia já o gravou (a unicidade
    de usuário e data recusa o segundo registro)."""
    try:
        _gravar_envio(uow, r)
    except IntegrityError:
        return False
    return True


def _servidor(c: ConfiguracaoSmtp) -> str:
    return f"{c.host}:{c.porta}"


def _explicar(e: Exception, c: ConfiguracaoSmtp) -> str:
    """A falha do SMTP em português, com o servidor e o motivo."""
    servidor = _servidor(c)
    if isinstance(e, smtplib.SMTPAuthenticationError):
        return f"o servidor SMTP {servidor} recusou o usuário e a senha (FAROL_SMTP_USUARIO)"
    if isinstance(e, smtplib.SMTPNotSupportedError):
        return (
            f"o servidor SMTP {servidor} não oferece STARTTLS (FAROL_SMTP_STARTTLS=false só "
            "para um servidor local)"
        )
    if isinstance(e, smtplib.SMTPRecipientsRefused):
        motivos = "; ".join(
            f"{k}: {v[0]} {v[1].decode(errors='replace')}" for k, v in e.recipients.items()
        )
        return f"o servidor SMTP {servidor} recusou o destinatário ({motivos})"
    if isinstance(e, smtplib.SMTPResponseException):
        erro = e.smtp_error
        motivo = erro.decode(errors="replace") if isinstance(erro, bytes) else str(erro)
        return f"o servidor SMTP {servidor} recusou a mensagem: {e.smtp_code} {motivo}"
    if isinstance(e, smtplib.SMTPServerDisconnected):
        return f"o servidor SMTP {servidor} encerrou a conexão ({e})"
    if isinstance(e, TimeoutError):
        return f"o servidor SMTP {servidor} não respondeu em {c.espera_s:g} s"
    if isinstance(e, ConnectionRefusedError):
        return f"o servidor SMTP {servidor} recusou a conexão (fora do ar?)"
    if isinstance(e, OSError):
        return f"não foi possível conectar ao servidor SMTP {servidor}: {e.strerror or e}"
    return f"falha no envio pelo servidor SMTP {servidor}: {e}"


def _conectar(c: ConfiguracaoSmtp) -> smtplib.SMTP:
    try:
        smtp = smtplib.SMTP(c.host, c.porta, timeout=c.espera_s)
    except (OSError, smtplib.SMTPException) as e:
        raise FalhaNoEnvio(_explicar(e, c), campo="smtp") from e
    try:
        smtp.ehlo()
        if c.starttls:
            smtp.starttls()
            smtp.ehlo()
        if c.usuario:
            smtp.login(c.usuario, c.senha.get_secret_value())
    except (OSError, smtplib.SMTPException) as e:
        smtp.close()
        raise FalhaNoEnvio(_explicar(e, c), campo="smtp") from e
    return smtp


def _envio(r: ResumoDoUsuario, situacao: Any, erro: str | None = None) -> EnvioDoResumo:
    return EnvioDoResumo(
        login=r.login,
        nome=r.nome,
        email=r.email,
        vencidos=len(r.vencidos),
        a_vencer=len(r.a_vencer),
        situacao=situacao,
        erro=erro,
    )


# Falhas de um destinatário só (o servidor segue aceitando os outros).
_FALHAS_DO_DESTINATARIO = (
    smtplib.SMTPRecipientsRefused,
    smtplib.SMTPDataError,
    smtplib.SMTPSenderRefused,
)


def enviar_resumos(
    uow: UnitOfWork,
    smtp: ConfiguracaoSmtp,
    data: dt.date,
    url_base: str,
    *,
    simular: bool = False,
) -> RelatorioDoResumo:
    """Monta e envia o resumo de `data` a cada destinatário que ainda não o recebeu.

    Simulando, ou sem `FAROL_SMTP_HOST`, não conecta nem grava nada: diz o que enviaria. Uma
    falha de conexão com o servidor levanta `FalhaNoEnvio` (nada foi enviado); a recusa de um
    destinatário vira `falhou` no relatório e os demais seguem. Cada envio bem-sucedido é
    gravado logo em seguida, de modo que uma queda no meio não reenvia os já entregues.
    """
    lista = resumos(uow, data, url_base)
    envios: list[EnvioDoResumo] = []
    pendentes: list[ResumoDoUsuario] = []
    for r in lista:
        if r.ja_enviado:
            envios.append(_envio(r, "ja_enviado"))
        elif not r.email:
            envios.append(_envio(r, "sem_email"))
        else:
            pendentes.append(r)
    simulado = simular or not smtp.ligado

    def relatorio() -> RelatorioDoResumo:
        return RelatorioDoResumo(
            data=data,
            ate=data + dt.timedelta(days=DIAS_DE_ANTECEDENCIA),
            envio_ligado=smtp.ligado,
            simulado=simulado,
            envios=envios,
        )

    if simulado or not pendentes:
        envios += [_envio(r, "simulado") for r in pendentes]
        return relatorio()
    conexao = _conectar(smtp)
    try:
        for i, r in enumerate(pendentes):
            try:
                conexao.send_message(mensagem(r, smtp.remetente))
            except _FALHAS_DO_DESTINATARIO as e:
                envios.append(_envio(r, "falhou", _explicar(e, smtp)))
                continue
            except (OSError, smtplib.SMTPException) as e:
                # a conexão caiu: este e os seguintes não foram enviados
                envios += [_envio(x, "falhou", _explicar(e, smtp)) for x in pendentes[i:]]
                break
            registrar_envio(uow, r)
            envios.append(_envio(r, "enviado"))
    finally:
        try:
            conexao.quit()
        except (OSError, smtplib.SMTPException):
            conexao.close()
    return relatorio()
