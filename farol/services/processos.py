"""Casos de uso do processo administrativo: registrar um ato e ler o processo.

`registrar_ato` é a única porta de escrita de atos: confere a jurisdição, o quadro de
estados (ato permitido no estado e ao papel), as guardas, os dados do tipo do ato e as
datas; grava o ato encadeado (auditoria), muda o estado, encerra e abre os prazos com o
calendário da OM. Tudo numa transação: ou tudo fica, ou nada.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified

from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.guardas import ContextoAto
from farol.domain.procedimento.maquina import Resultado
from farol.erros import Conflito, EntradaInvalida, NaoEncontrado
from farol.normas.infracoes import catalogo
from farol.rules.prazos import calcular_prazo
from farol.services import penalidades_do_processo as pen
from farol.services.calendario_om import calendario_da_om, data_local, hoje
from farol.services.comandos import (
    MODELO_DOS_DADOS,
    TIPOS_COM_PENALIDADE,
    DadosLavratura,
    DadosLivres,
    DadosPagamento,
    DadosSobrestamento,
    NovoAto,
)
from farol.services.jurisdicao import Ator, exigir_alcance
from farol.services.leitura import detalhar as detalhar
from farol.services.mensagens import traduzir
from farol.store.auditoria import registrar_ato as gravar_ato
from farol.store.numeracao import AUTO_DE_INFRACAO, numero_oficial, proximo_numero
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    AutoInfracaoItem,
    Inspecao,
    Pagamento,
    Prazo,
    Processo,
)

__all__ = ["NovoAto", "abrir_processo", "detalhar", "registrar_ato"]


def carregar_processo(s: Session, ator: Ator, processo_id: int) -> Processo:
    p = s.get(Processo, processo_id)
    if p is None:
        raise NaoEncontrado("processo não encontrado", campo="id")
    exigir_alcance(ator, p.om_id)
    return p


def data_do_fato(s: Session, p: Processo) -> dt.date:
    if p.inspecao_id is not None:
        insp = s.get(Inspecao, p.inspecao_id)
        assert insp is not None
        return data_local(insp.data_hora)
    primeiro = s.execute(
        select(Ato.data_ato).where(Ato.processo_id == p.id).order_by(Ato.seq).limit(1)
    ).scalar_one_or_none()
    return primeiro or data_local(p.criado_em)


def _validar_dados(tipo: str, dados: dict[str, Any]) -> Any:
    modelo = MODELO_DOS_DADOS.get(tipo, DadosLivres)
    try:
        return modelo.model_validate(dados)
    except ValidationError as e:
        erro = e.errors()[0]
        campo = ".".join(str(p) for p in ("dados", *erro.get("loc", ())))
        raise EntradaInvalida(traduzir(erro), campo=campo) from None


def _prazos_abertos(s: Session, p: Processo) -> dict[str, Prazo]:
    abertos = s.execute(
        select(Prazo).where(Prazo.processo_id == p.id, Prazo.encerrado_em.is_(None))
    ).scalars()
    return {f"prazo.{x.regime}.{x.etapa}": x for x in abertos}


def _ultimo_prazo(s: Session, p: Processo, regra: str) -> Prazo | None:
    etapa = regra.rsplit(".", 1)[-1]
    return s.execute(
        select(Prazo)
        .where(Prazo.processo_id == p.id, Prazo.etapa == etapa)
        .order_by(Prazo.id.desc())
        .limit(1)
    ).scalar_one_or_none()


def _abrir_prazo(s: Session, p: Processo, ato: Ato, regra: str, inicio: dt.date) -> Prazo:
    om = s.get(OM, p.om_id)
    assert om is not None
    etapa = regra.rsplit(".", 1)[-1]
    r = calcular_prazo(etapa, inicio, regime=p.regime, calendario=calendario_da_om(s, om))
    prazo = Prazo(
        processo_id=p.id,
        ato_id=ato.id,
        etapa=etapa,
        regime=p.regime,
        inicio=r.inicio,
        vencimento=r.vencimento,
        contagem=r.contagem,
        dias=r.dias,
        fundamentos=list(r.fundamentos),
        dias_nao_uteis=[{"data": d.isoformat(), "motivo": m} for d, m in r.dias_nao_uteis],
    )
    s.add(prazo)
    return prazo


def _conferir_datas(s: Session, p: Processo, data_ato: dt.date) -> None:
    if data_ato > hoje():
        raise EntradaInvalida(
            f"a data do ato ({data_ato:%d/%m/%Y}) não pode ser futura", campo="data_ato"
        )
    ultimo = s.execute(
        select(Ato.data_ato, Ato.tipo).where(Ato.processo_id == p.id).order_by(Ato.seq.desc())
    ).first()
    if ultimo is not None and data_ato < ultimo[0]:
        raise EntradaInvalida(
            f"a data do ato ({data_ato:%d/%m/%Y}) é anterior à do ato que ele sucede "
            f"({ultimo[1]}, {ultimo[0]:%d/%m/%Y})",
            campo="data_ato",
        )


def _estado_anterior(s: Session, p: Processo) -> str | None:
    payload = s.execute(
        select(Ato.payload)
        .where(Ato.processo_id == p.id, Ato.tipo == "sobrestamento")
        .order_by(Ato.seq.desc())
        .limit(1)
    ).scalar_one_or_none()
    return None if payload is None else str(payload.get("estado_anterior"))


def _contexto(s: Session, p: Processo, cmd: NovoAto, dados: Any) -> ContextoAto:
    vencimentos = {regra: x.vencimento for regra, x in _prazos_abertos(s, p).items()}
    sobrestamento = isinstance(dados, DadosSobrestamento)
    return ContextoAto(
        data_ato=cmd.data_ato,
        vencimentos=vencimentos,
        multa_imposta=pen.total_multas(s, p) > 0,
        multa_paga=_total_pago(s, p) > 0,
        esclarecimentos_prestados=_teve_ato(s, p, "esclarecimentos_prestados"),
        inquerito_acidente_pendente=sobrestamento
        or (p.sobrestado and cmd.tipo != "levantamento_sobrestamento"),
        infracao_de_poluicao=bool(sobrestamento and dados.poluicao),
        estado_anterior_ao_sobrestamento=_estado_anterior(s, p) if p.sobrestado else None,
    )


def _teve_ato(s: Session, p: Processo, tipo: str) -> bool:
    return (
        s.execute(select(Ato.id).where(Ato.processo_id == p.id, Ato.tipo == tipo).limit(1)).first()
        is not None
    )


def _total_pago(s: Session, p: Processo) -> Decimal:
    valores = s.execute(select(Pagamento.valor).where(Pagamento.processo_id == p.id)).scalars()
    return sum(valores, Decimal("0.00"))


def registrar_ato(s: Session, ator: Ator, processo_id: int, cmd: NovoAto) -> dict[str, Any]:
    p = carregar_processo(s, ator, processo_id)
    if cmd.versao is not None and cmd.versao != p.versao:
        raise Conflito(
            f"o processo mudou desde que foi lido (versão {cmd.versao}, atual {p.versao}); "
            "recarregue e tente de novo",
            campo="versao",
        )
    maquina = carregar_regime(p.regime)
    corrige = _tipo_corrigido(s, p, cmd)
    maquina.transicao(p.estado, cmd.tipo, ator.papel, corrige=corrige)  # ordem e papel: 409
    dados = _validar_dados(cmd.tipo, cmd.dados)
    _conferir_datas(s, p, cmd.data_ato)
    r = maquina.aplicar(
        p.estado, cmd.tipo, ator.papel, _contexto(s, p, cmd, dados), corrige=corrige
    )
    intempestivo = "intempestivo" in r.sinalizadores

    payload: dict[str, Any] = dados.model_dump(mode="json", exclude_none=True)
    efeitos = _efeitos_antes(s, p, cmd, dados, payload)
    if cmd.tipo == "sobrestamento":
        payload["estado_anterior"] = p.estado
    if r.sinalizadores:
        payload["sinalizadores"] = list(r.sinalizadores)

    ato = gravar_ato(
        s,
        p,
        tipo=cmd.tipo,
        ator_id=ator.usuario_id,
        papel=ator.papel,
        data_ato=cmd.data_ato,
        payload=payload,
        corrige_ato_id=cmd.corrige_ato_id,
        intempestivo=intempestivo,
    )
    _efeitos_depois(s, p, ato, cmd, dados, efeitos)
    _mover_prazos(s, p, ato, r, cmd.data_ato, intempestivo)
    p.estado = r.estado_destino
    flag_modified(p, "estado")  # todo ato muda a versão, mesmo sem mudar o estado (trava otimista)
    if cmd.tipo == "sobrestamento":
        p.sobrestado = True
    elif cmd.tipo == "levantamento_sobrestamento":
        p.sobrestado = False
    s.flush()
    return {
        "ato": {
            "id": ato.id,
            "seq": ato.seq,
            "tipo": ato.tipo,
            "data_ato": ato.data_ato.isoformat(),
            "intempestivo": ato.intempestivo,
            "sinalizadores": list(r.sinalizadores),
            "hash": ato.hash,
            "fundamentos": list(r.fundamentos),
        },
        "processo": {"id": p.id, "numero": p.numero, "estado": p.estado, "versao": p.versao},
        **efeitos,
    }


def _tipo_corrigido(s: Session, p: Processo, cmd: NovoAto) -> str | None:
    if cmd.tipo != "correcao":
        if cmd.corrige_ato_id is not None:
            raise EntradaInvalida(
                "corrige_ato_id só se informa num ato de correção", campo="corrige_ato_id"
            )
        return None
    if cmd.corrige_ato_id is None:
        raise EntradaInvalida("informe o ato corrigido", campo="corrige_ato_id")
    original = s.get(Ato, cmd.corrige_ato_id)
    if original is None or original.processo_id != p.id:
        raise EntradaInvalida(
            "o ato corrigido não pertence a este processo", campo="corrige_ato_id"
        )
    return original.tipo


def _mover_prazos(
    s: Session,
    p: Processo,
    ato: Ato,
    r: Resultado,
    data_ato: dt.date,
    intempestivo: bool,
) -> None:
    abertos = _prazos_abertos(s, p)
    for regra in r.prazos_encerrados:
        prazo = abertos.get(regra)
        if prazo is not None:
            prazo.encerrado_em = data_ato
            prazo.encerrado_por_ato_id = ato.id
            # cumprido: o próprio ato que o prazo esperava foi praticado a tempo. Um prazo
            # encerrado por outro ato (revelia, recurso que suspende o pagamento, dívida ativa,
            # lavratura após o comparecimento) fica encerrado, mas não cumprido.
            prazo.cumprido = regra == r.transicao.prazo_do_ato and not intempestivo
    for regra in r.prazos_iniciados:
        inicio = data_ato
        if regra.endswith(".julgamento") and r.transicao.tipo_ato in ("defesa", "revelia"):
            # "contados da data da expiração do prazo para apresentação da defesa" (3.6.3 b);
            # na renúncia e no levantamento do sobrestamento, conta-se da data do ato.
            defesa = _ultimo_prazo(s, p, "prazo.lesta.defesa")
            if defesa is not None:
                inicio = defesa.vencimento
        _abrir_prazo(s, p, ato, regra, inicio)


def _efeitos_antes(
    s: Session, p: Processo, cmd: NovoAto, dados: Any, payload: dict[str, Any]
) -> dict[str, Any]:
    if isinstance(dados, DadosLavratura):
        fato = data_do_fato(s, p)
        for n, item in enumerate(dados.infracoes):
            campo = f"dados.infracoes.{n}"
            if item.infracao not in catalogo().infracoes:
                raise EntradaInvalida(
                    f"infração desconhecida: {item.infracao!r} (use `farol infracoes`)",
                    campo=f"{campo}.infracao",
                )
            pen.faixa(item.infracao, fato, item.autor_tipo, 0, item.faltas, campo=campo)
        om = s.get(OM, p.om_id)
        assert om is not None
        seq = proximo_numero(s, om.id, cmd.data_ato.year, AUTO_DE_INFRACAO)
        numero = numero_oficial(cmd.data_ato.year, om.sigla, seq)
        payload["numero_auto"] = numero
        return {"auto": {"numero": numero, "sequencial": seq}}
    if cmd.tipo in TIPOS_COM_PENALIDADE:
        decididas = pen.validar_decisao(s, p, data_do_fato(s, p), dados)
        if cmd.tipo.endswith("_provido_em_parte"):
            pen.vedar_agravamento(s, p, decididas)
        payload["penalidades"] = [d.para_payload() for d in decididas]
        return {"penalidades": [d.para_payload() for d in decididas]}
    if isinstance(dados, DadosPagamento):
        devido = pen.total_multas(s, p) - _total_pago(s, p)
        if dados.valor != devido:
            raise EntradaInvalida(
                f"valor pago (R$ {dados.valor}) difere do valor devido (R$ {devido})",
                campo="dados.valor",
                regra="LESTA art. 32",
            )
    return {}


def _efeitos_depois(
    s: Session,
    p: Processo,
    ato: Ato,
    cmd: NovoAto,
    dados: Any,
    efeitos: dict[str, Any],
) -> None:
    if isinstance(dados, DadosLavratura):
        auto = AutoDeInfracao(
            processo_id=p.id,
            om_id=p.om_id,
            ano=cmd.data_ato.year,
            sequencial=efeitos["auto"]["sequencial"],
            numero=efeitos["auto"]["numero"],
            lavrado_em=cmd.data_ato,
        )
        s.add(auto)
        s.flush()
        for item in dados.infracoes:
            s.add(
                AutoInfracaoItem(
                    auto_id=auto.id,
                    infracao=item.infracao,
                    autor_tipo=item.autor_tipo,
                    faltas=item.faltas,
                )
            )
    elif cmd.tipo in TIPOS_COM_PENALIDADE:
        pen.gravar(s, p, ato, efeitos["penalidades"], dados.justificativa)
    elif isinstance(dados, DadosPagamento):
        s.add(
            Pagamento(
                processo_id=p.id, valor=dados.valor, data=cmd.data_ato, referencia=dados.referencia
            )
        )


def abrir_processo(
    s: Session,
    ator: Ator,
    *,
    om: OM,
    autuado_id: int,
    embarcacao_id: int | None,
    inspecao_id: int | None,
    data_ato: dt.date,
    dados_notificacao: dict[str, Any],
    regime: str = "lesta",
) -> Processo:
    """Cria o processo no estado inicial e registra a Notificação para Comparecimento."""
    from farol.store.numeracao import PROCESSO

    ano = data_ato.year
    seq = proximo_numero(s, om.id, ano, PROCESSO)
    maquina = carregar_regime(regime)
    p = Processo(
        om_id=om.id,
        numero=numero_oficial(ano, om.sigla, seq),
        regime=regime,
        estado=maquina.estado_inicial,
        autuado_id=autuado_id,
        embarcacao_id=embarcacao_id,
        inspecao_id=inspecao_id,
        sobrestado=False,
        criado_em=dt.datetime.now(dt.UTC),
    )
    s.add(p)
    s.flush()
    registrar_ato(
        s,
        ator,
        p.id,
        NovoAto(tipo="notificacao_comparecimento", data_ato=data_ato, dados=dados_notificacao),
    )
    return p
