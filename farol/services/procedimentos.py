"""Abrir um procedimento que não nasce de uma inspeção: a apuração posterior e o inquérito
administrativo (RLESTA art. 9º, II e III).

O regime vem do pedido e o quadro dele decide tudo o mais: o ato de abertura (marca
`abre_processo`), quem pode registrá-lo, os prazos que ele abre. A data do fato fica no ato de
abertura (`dados.data_fato`), e a ação punitiva prescrita é recusada já na abertura
(Lei 9.873/1999 art. 1º). O que se digitou do investigado e da embarcação diferente do cadastro
deles fica no processo (`processo.divergencias`) e volta na resposta; o cadastro não muda.
"""

from __future__ import annotations

import datetime as dt

from pydantic import Field
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regime, regimes_disponiveis
from farol.erros import EntradaInvalida
from farol.formatos import citado
from farol.relogio import agora, data_local
from farol.rules.prescricao import exigir_nao_prescrito
from farol.rules.vigencia import exigir_vigencia_do_fato
from farol.services import divergencias, idempotencia
from farol.services.comandos import DadosDoAto, Modelo
from farol.services.inspecoes import (
    DadosEmbarcacao,
    DadosPessoa,
    registrar_embarcacao,
    registrar_pessoa,
)
from farol.services.jurisdicao import Ator
from farol.services.processos import abrir_processo
from farol.services.resultados.processo import ProcessoAbertoNoRegime
from farol.services.unit_of_work import UnitOfWork
from farol.store.orm import OM


class NovoProcedimento(Modelo):
    """Uma apuração ou um inquérito: o investigado, o fato e os dados do ato de abertura."""

    regime: str = Field(min_length=1, max_length=20)
    investigado: DadosPessoa
    embarcacao: DadosEmbarcacao | None = None
    data_fato: dt.date
    data_ato: dt.date
    dados: DadosDoAto = Field(
        default_factory=dict, description="os dados do ato de abertura (notificação)"
    )


def regimes_que_se_abrem_sem_inspecao() -> tuple[str, ...]:
    """Os regimes cujo quadro declara que se abrem pelo pedido (`abre_sem_inspecao`)."""
    return tuple(r for r in regimes_disponiveis() if carregar_regime(r).quadro.abre_sem_inspecao)


def abrir_procedimento(s: Session, ator: Ator, cmd: NovoProcedimento) -> ProcessoAbertoNoRegime:
    if cmd.regime not in regimes_que_se_abrem_sem_inspecao():
        raise EntradaInvalida(
            f"regime {citado(cmd.regime)} não se abre por aqui (abrem-se: "
            + ", ".join(
                f"{r} ({carregar_regime(r).nome})" for r in regimes_que_se_abrem_sem_inspecao()
            )
            + "; o regime LESTA nasce da "
            "inspeção ou da conclusão de uma apuração ou de um inquérito)",
            campo="regime",
        )
    if cmd.data_fato > cmd.data_ato:
        raise EntradaInvalida(
            f"a data do fato ({cmd.data_fato:%d/%m/%Y}) é posterior à do ato "
            f"({cmd.data_ato:%d/%m/%Y})",
            campo="data_fato",
        )
    exigir_vigencia_do_fato(cmd.data_fato, (), campo="data_fato", oque="fato")
    exigir_nao_prescrito(cmd.data_fato, data_local(agora()), campo="data_fato")
    om = s.get(OM, ator.om_id)
    assert om is not None
    pessoa = registrar_pessoa(s, cmd.investigado, "investigado")
    embarcacao = (
        registrar_embarcacao(s, cmd.embarcacao, pessoa) if cmd.embarcacao is not None else None
    )
    # A pessoa do CPF/CNPJ e a embarcação da inscrição já cadastradas não mudam com o que se
    # digitou; a diferença fica no processo (não no ato, cujos dados são os do quadro). O
    # investigado não é, por ser investigado, o proprietário da embarcação: esse não se confere.
    diferente = divergencias.da_pessoa_lida(
        s, ator, "investigado", "do investigado", cmd.investigado, pessoa
    )
    if cmd.embarcacao is not None and embarcacao is not None:
        diferente += divergencias.da_embarcacao(cmd.embarcacao, embarcacao)
    p = abrir_processo(
        s,
        ator,
        om=om,
        autuado_id=pessoa.id,
        embarcacao_id=embarcacao.id if embarcacao else None,
        inspecao_id=None,
        data_ato=cmd.data_ato,
        dados_notificacao={**cmd.dados, "data_fato": cmd.data_fato.isoformat()},
        regime=cmd.regime,
        divergencias=diferente,
    )
    return ProcessoAbertoNoRegime.model_validate(
        {
            "id": p.id,
            "numero": p.numero,
            "regime": p.regime,
            "estado": p.estado,
            "divergencias": diferente,
        }
    )


def abrir(
    uow: UnitOfWork, ator: Ator, cmd: NovoProcedimento, *, chave: str | None = None
) -> tuple[int, ProcessoAbertoNoRegime]:
    """Abre o procedimento numa transação própria (idempotente com a chave do pedido)."""
    status, corpo = idempotencia.executar(
        uow,
        ator.usuario_id,
        chave,
        "POST",
        "/procedimentos",
        lambda s: (201, abrir_procedimento(s, ator, cmd).model_dump(mode="json")),
        idempotencia.assinatura_de(cmd.model_dump_json()),
    )
    return status, ProcessoAbertoNoRegime.model_validate(corpo)
