"""Abrir a custódia: o recolhimento à guarda da OM da embarcação apreendida (LESTA art. 17;
Norma de 2023 item 3.7.2) ou do bem achado à deriva ou nas praias (NORMAM-07 item 0205).

O processo do regime `custodia` nasce ligado à apreensão (a medida, a inspeção e o processo
sancionador de origem, `Processo.origem_id`) ou ao achado; o ato de abertura é o recolhimento
(marca `recolhe_bem`), e a linha de `custodia` guarda o bem e o início da guarda. Os demais atos
seguem pelo quadro (procedimento_custodia.yaml) e pelas contas de `farol.services.custodia`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from pydantic import Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento, so_digitos
from farol.erros import Conflito, EntradaInvalida, NaoEncontrado
from farol.formatos import data as data_br
from farol.normas.citacoes import citacao
from farol.normas.custodia import dados_custodia
from farol.relogio import agora, data_local
from farol.services import divergencias, fotos_inspecao, idempotencia
from farol.services.anexos import nome_seguro
from farol.services.comandos import DadosRecolhimento, Identificacao, Modelo
from farol.services.custodia import APREENSAO, REGIME, conferir_qualidade
from farol.services.fotos_inspecao import FotoEnviada
from farol.services.inspecoes import (
    DadosEmbarcacao,
    DadosPessoa,
    registrar_embarcacao,
    registrar_pessoa,
)
from farol.services.jurisdicao import Ator, carregar_processo, exigir_competencia
from farol.services.processos import abrir_processo
from farol.services.resultados.base import Resultado
from farol.services.resultados.cadastro_da_inspecao import DivergenciaDoCadastro
from farol.services.unit_of_work import UnitOfWork
from farol.store.orm import (
    OM,
    Ato,
    Custodia,
    DocumentoAnexo,
    Embarcacao,
    MedidaAdministrativa,
    Pessoa,
    Processo,
)


class NovaCustodia(Modelo):
    """O recolhimento à guarda: da apreensão (`medida_id`) ou do bem achado (`bem`)."""

    data_ato: dt.date
    recolhimento: DadosRecolhimento
    responsavel: DadosPessoa | None = Field(
        default=None, description="no achado: o responsável, se conhecido"
    )
    embarcacao: DadosEmbarcacao | None = Field(
        default=None, description="no achado: a embarcação à deriva, se identificada"
    )


class CustodiaAberta(Resultado):
    id: int
    numero: str
    regime: str
    estado: str
    bem: str
    fotos_na_chegada: int = 0
    """Fotos do bem ao chegar à guarda, anexadas ao ato de recolhimento."""
    divergencias: list[DivergenciaDoCadastro] = Field(
        default_factory=list,
        description="no achado: o que se digitou do responsável e da embarcação diferente do "
        "cadastro deles, já gravado (o cadastro não muda; a diferença fica no processo)",
    )


# --- abertura --------------------------------------------------------------------------------


def _nome_do_bem(e: Embarcacao | None, bem: str | None) -> str:
    if e is not None:
        return f"Embarcação {e.nome} (inscrição {e.inscricao})"
    assert bem is not None
    return bem


def _conferir_proprietario(
    s: Session, depositario: Identificacao, embarcacao: Embarcacao | None
) -> None:
    """O depositário "proprietário" é o proprietário inscrito da embarcação: o documento é o
    do cadastro (com ele, as diárias da OM não correm, NORMAM-07 item 0311)."""
    qualidades = dados_custodia().qualidades_do_depositario
    if embarcacao is None or depositario.qualidade != qualidades.do_proprietario:
        return
    dono = s.get(Pessoa, embarcacao.proprietario_id)
    if dono is not None and so_digitos(depositario.documento) != dono.documento:
        raise EntradaInvalida(
            f"o depositário na qualidade de proprietário é {dono.nome} "
            f"({formatar_documento(dono.documento)}), o proprietário inscrito da embarcação "
            f"{embarcacao.inscricao}: informe o documento dele ou outra qualidade",
            campo="recolhimento.fiel_depositario.documento",
            regra=qualidades.fonte.referencia(),
        )


def abrir_custodia(s: Session, ator: Ator, cmd: NovaCustodia) -> CustodiaAberta:
    r = cmd.recolhimento
    if (r.medida_id is None) == (r.bem is None and cmd.embarcacao is None):
        raise EntradaInvalida(
            "informe a apreensão (recolhimento.medida_id) ou, no bem achado, a descrição "
            "(recolhimento.bem) ou a embarcação à deriva — uma das duas origens",
            campo="recolhimento.medida_id",
        )
    om = s.get(OM, ator.om_id)
    assert om is not None
    medida: MedidaAdministrativa | None = None
    origem: Processo | None = None
    diferente: list[dict[str, str]] = []  # o digitado diferente do cadastro (no achado)
    if r.medida_id is not None:
        medida, origem = _apreensao(s, ator, r.medida_id, cmd.data_ato)
        # a apreensão da Delegacia é do Delegado (Norma de 2023 item 3.5 a I): a custódia fica
        # na OM do processo da apreensão
        exigir_competencia(s, ator, origem)
        om = s.get(OM, origem.om_id)
        assert om is not None
        embarcacao = s.get(Embarcacao, origem.embarcacao_id) if origem.embarcacao_id else None
        responsavel_id = origem.autuado_id
        inspecao_id = origem.inspecao_id
        if r.fiel_depositario is not None:
            conferir_qualidade(
                r.fiel_depositario,
                dados_custodia().qualidades_do_depositario.valores,
                "recolhimento.fiel_depositario",
            )
            _conferir_proprietario(s, r.fiel_depositario, embarcacao)
    else:
        if r.lacres or r.fiel_depositario is not None:
            raise EntradaInvalida(
                "o bem achado não leva lacre nem fiel depositário: fica sob a guarda da OM "
                "até a reclamação (NORMAM-07 item 0205)",
                campo="recolhimento.lacres" if r.lacres else "recolhimento.fiel_depositario",
            )
        pessoa = registrar_pessoa(s, cmd.responsavel, "responsavel") if cmd.responsavel else None
        embarcacao = None
        if cmd.embarcacao is not None:
            if pessoa is None:
                raise EntradaInvalida(
                    "a embarcação à deriva registra-se com o responsável; desconhecido ele, "
                    "descreva o bem em recolhimento.bem",
                    campo="responsavel",
                )
            embarcacao = registrar_embarcacao(s, cmd.embarcacao, pessoa)
        # o cadastro já gravado não muda com o digitado; a diferença fica no processo
        if cmd.responsavel is not None and pessoa is not None:
            diferente += divergencias.da_pessoa_lida(
                s, ator, "responsavel", "do responsável", cmd.responsavel, pessoa
            )
        if cmd.embarcacao is not None and embarcacao is not None:
            diferente += divergencias.da_embarcacao(cmd.embarcacao, embarcacao)
        responsavel_id = pessoa.id if pessoa else None
        inspecao_id = None
    if embarcacao is not None:
        _exigir_fora_de_custodia(s, ator, embarcacao)
    bem = _nome_do_bem(embarcacao, r.bem)
    dados = r.model_dump(mode="json", exclude_none=True)
    dados["bem"] = bem

    def antes_do_ato(p: Processo) -> None:
        s.add(
            Custodia(
                processo_id=p.id,
                om_id=om.id,
                embarcacao_id=embarcacao.id if embarcacao else None,
                medida_id=medida.id if medida else None,
                bem=bem,
                inicio=cmd.data_ato,
            )
        )
        s.flush()

    p = abrir_processo(
        s,
        ator,
        om=om,
        autuado_id=responsavel_id,
        embarcacao_id=embarcacao.id if embarcacao else None,
        inspecao_id=inspecao_id,
        data_ato=cmd.data_ato,
        dados_notificacao=dados,
        regime=REGIME,
        origem_id=origem.id if origem else None,
        antes_do_ato=antes_do_ato,
        divergencias=diferente,
    )
    return CustodiaAberta.model_validate(
        {
            "id": p.id,
            "numero": p.numero,
            "regime": p.regime,
            "estado": p.estado,
            "bem": bem,
            "divergencias": diferente,
        }
    )


def _apreensao(
    s: Session, ator: Ator, medida_id: int, data_ato: dt.date
) -> tuple[MedidaAdministrativa, Processo]:
    medida = s.get(MedidaAdministrativa, medida_id)
    origem = (
        carregar_processo(s, ator, medida.processo_id)
        if medida is not None and medida.processo_id is not None
        else None
    )
    if medida is None or origem is None:
        raise NaoEncontrado(f"apreensão {medida_id} não encontrada", campo="recolhimento.medida_id")
    if medida.tipo != APREENSAO:
        raise EntradaInvalida(
            f"a medida {medida_id} não é apreensão de embarcação: só a apreensão leva a "
            f"embarcação à guarda ({citacao('apreensao_embarcacao').referencia()})",
            campo="recolhimento.medida_id",
        )
    if medida.suspensa_em is not None:
        raise Conflito(
            f"a apreensão {medida_id} já foi levantada: não há o que recolher",
            campo="recolhimento.medida_id",
        )
    if data_ato < data_local(medida.aplicada_em):
        raise EntradaInvalida(
            f"o recolhimento ({data_br(data_ato)}) não pode ser anterior à apreensão "
            f"({data_br(data_local(medida.aplicada_em))})",
            campo="data_ato",
        )
    ja = s.execute(select(Custodia.processo_id).where(Custodia.medida_id == medida.id)).first()
    if ja is not None:
        raise Conflito(
            f"a apreensão {medida_id} já tem custódia aberta (processo {ja[0]})",
            campo="recolhimento.medida_id",
        )
    return medida, origem


def _exigir_fora_de_custodia(s: Session, ator: Ator, e: Embarcacao) -> None:
    ja = s.execute(
        select(Processo.numero, Processo.om_id)
        .join(Custodia, Custodia.processo_id == Processo.id)
        .where(Custodia.embarcacao_id == e.id, Custodia.fim.is_(None))
    ).first()
    if ja is not None:
        # o número do processo só a quem o alcança: o de outra OM fica "em outra OM"
        onde = f"no processo {ja.numero}" if ator.alcanca(ja.om_id) else "em outra OM"
        raise Conflito(
            f"a embarcação {e.inscricao} já está sob custódia {onde}: uma embarcação não fica "
            "sob custódia duas vezes ao mesmo tempo",
            campo="recolhimento.medida_id",
        )


def abrir(
    uow: UnitOfWork,
    ator: Ator,
    cmd: NovaCustodia,
    *,
    chave: str | None = None,
    fotos: Sequence[FotoEnviada] = (),
) -> tuple[int, CustodiaAberta]:
    """Abre a custódia numa transação própria (idempotente com a chave do pedido), com as
    fotos do bem na chegada à guarda, se houver: a prova do estado em que foi recebido, que o
    Termo de Entrega confronta com o estado declarado por quem o recebe de volta."""
    status, corpo = idempotencia.executar(
        uow,
        ator.usuario_id,
        chave,
        "POST",
        "/custodias",
        lambda s: (201, _abrir_com_fotos(s, ator, cmd, fotos).model_dump(mode="json")),
        idempotencia.assinatura_de(cmd.model_dump_json() + fotos_inspecao.assinatura(fotos)),
    )
    return status, CustodiaAberta.model_validate(corpo)


def _abrir_com_fotos(
    s: Session, ator: Ator, cmd: NovaCustodia, fotos: Sequence[FotoEnviada]
) -> CustodiaAberta:
    """A abertura e as fotos do bem na chegada, na mesma transação: uma foto recusada (não é
    imagem, vazia, grande demais) recusa o recolhimento, e nada fica gravado."""
    conferidas = fotos_inspecao.validar(fotos)
    aberta = abrir_custodia(s, ator, cmd)
    if not fotos:
        return aberta
    recolhimento = s.scalar(
        select(Ato.id).where(Ato.processo_id == aberta.id).order_by(Ato.id).limit(1)
    )
    recebidas_em = agora()
    for foto, (mime, sha256) in zip(fotos, conferidas, strict=True):
        s.add(
            DocumentoAnexo(
                processo_id=aberta.id,
                ato_id=recolhimento,
                nome_arquivo=nome_seguro(foto.nome),
                tipo_mime=mime,
                sha256=sha256,
                conteudo=foto.conteudo,
                criado_em=recebidas_em,
            )
        )
    s.flush()
    return aberta.model_copy(update={"fotos_na_chegada": len(fotos)})
