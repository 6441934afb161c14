"""O que a inspeção que abriu o processo registrou: as partes (proprietário e condutor), as
constatações que são do autuado e as medidas administrativas aplicadas (LESTA art. 16), com os
nomes da tabela da NORMAM."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento
from farol.normas.medidas import carregar_tabela
from farol.rules.autoria import Imputacao, responsaveis, responsavel_de
from farol.services import fotos_inspecao
from farol.services.jurisdicao import Ator, carregar_processo
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import Constatacao, Inspecao, MedidaAdministrativa, Pessoa, Processo

C = TypeVar("C")

SEM_SINAL = "sem_sinal"  # o tipo das diferenças da decisão sem sinal em Inspecao.divergencias


def nome_da_medida(tipo: str) -> str:
    medida = carregar_tabela().medidas.get(tipo)
    return medida.nome if medida else tipo.replace("_", " ")


def pessoas_da_inspecao(condutor_id: int | None, proprietario_id: int) -> dict[str, int | None]:
    """Papel da inspeção -> pessoa, a entrada de `farol.rules.autoria.responsaveis`."""
    return {"condutor": condutor_id, "proprietario": proprietario_id}


def do_autuado(
    constatacoes: Sequence[C],
    infracoes: Sequence[str],
    condutor_id: int | None,
    proprietario_id: int,
    autuado_id: int,
) -> list[tuple[C, Imputacao | None]]:
    """As `constatacoes` (linhas ou objetos, com as suas `infracoes`, na ordem gravada) que são
    do autuado, com a imputação: a decisão que abriu os processos, refeita das pessoas da
    inspeção. Sem imputação ao autuado (processo aberto antes desta regra), todas, sem ela."""
    decisao = responsaveis(
        infracoes, pessoas_da_inspecao(condutor_id, proprietario_id), estrito=False
    )
    r = responsavel_de(decisao, autuado_id)
    if r is None:
        return [(c, None) for c in constatacoes]
    return [(constatacoes[i.constatacao], i) for i in r.infracoes]


def constatacoes_do_autuado(s: Session, p: Processo) -> list[tuple[Constatacao, Imputacao | None]]:
    """As constatações da inspeção que são do autuado do processo, com a imputação (tipo de
    autor e fundamentos). Um processo aberto antes desta regra, cujo autuado a decisão de hoje
    não alcança, mostra as constatações todas, sem imputação, como antes."""
    if p.inspecao_id is None or p.autuado_id is None:
        return []
    insp = s.get(Inspecao, p.inspecao_id)
    assert insp is not None
    constatacoes = list(
        s.execute(
            select(Constatacao)
            .where(Constatacao.inspecao_id == p.inspecao_id)
            .order_by(Constatacao.id)
        ).scalars()
    )
    return do_autuado(
        constatacoes,
        [c.infracao for c in constatacoes],
        insp.condutor_id,
        insp.proprietario_id,
        p.autuado_id,
    )


def autoria_notificada(s: Session, p: Processo) -> dict[str, str]:
    """Infração -> tipo de autor em que a inspeção a imputou ao autuado (a Notificação para
    Comparecimento); vazio sem inspeção ou sem imputação (processo anterior a esta regra)."""
    return {c.infracao: i.autor_tipo for c, i in constatacoes_do_autuado(s, p) if i is not None}


@caso_de_uso()
def medidas(s: Session, ator: Ator, processo_id: int) -> list[dict[str, Any]]:
    """As medidas da inspeção que abriu o processo (ou ligadas a ele), com os fundamentos."""
    p = carregar_processo(s, ator, processo_id)
    condicoes = [MedidaAdministrativa.processo_id == p.id]
    if p.inspecao_id is not None:
        condicoes.append(MedidaAdministrativa.inspecao_id == p.inspecao_id)
    lista = s.execute(
        select(MedidaAdministrativa).where(or_(*condicoes)).order_by(MedidaAdministrativa.id)
    ).scalars()
    return [
        {
            "id": m.id,
            "tipo": m.tipo,
            "nome": nome_da_medida(m.tipo),
            "aplicada_em": m.aplicada_em.isoformat(),
            "suspensa_em": m.suspensa_em.isoformat() if m.suspensa_em else None,
            "fundamentos": list(m.fundamentos or []),
        }
        for m in lista
    ]


@caso_de_uso()
def partes(s: Session, ator: Ator, processo_id: int) -> dict[str, Any] | None:
    """Proprietário e condutor da inspeção, o local e a situação; None sem inspeção."""
    p = carregar_processo(s, ator, processo_id)
    if p.inspecao_id is None:
        return None
    insp = s.get(Inspecao, p.inspecao_id)
    assert insp is not None

    def pessoa(pid: int | None) -> dict[str, Any] | None:
        x = s.get(Pessoa, pid) if pid is not None else None
        if x is None:
            return None
        return {
            "id": x.id,
            "nome": x.nome,
            "documento": formatar_documento(x.documento),
            "autuado": x.id == p.autuado_id,
        }

    return {
        "data_hora": insp.data_hora.isoformat(),
        "local": insp.local,
        "situacao": insp.situacao,
        "proprietario": pessoa(insp.proprietario_id),
        "condutor": pessoa(insp.condutor_id),
    }


@caso_de_uso()
def registro_de_campo(s: Session, ator: Ator, processo_id: int) -> dict[str, Any] | None:
    """O que a inspeção trouxe do campo: as fotos (`fotos_inspecao`), a posição do GPS e o que
    o inspetor informou diferente do cadastro; None sem inspeção ou sem nada disso."""
    p = carregar_processo(s, ator, processo_id)
    if p.inspecao_id is None:
        return None
    insp = s.get(Inspecao, p.inspecao_id)
    assert insp is not None
    fotos = fotos_inspecao.fotos_da_inspecao(s, insp.id)
    posicao = (
        {"latitude": insp.latitude, "longitude": insp.longitude, "precisao_m": insp.precisao_m}
        if insp.latitude is not None and insp.longitude is not None
        else None
    )
    if not fotos and posicao is None and not insp.divergencias:
        return None
    # as diferenças do cadastro e, com o tipo "sem_sinal", as da decisão tomada no aparelho
    # sem sinal (farol.services.inspecoes.diferencas_sem_sinal)
    anotadas = list(insp.divergencias or [])
    return {
        "inspecao_id": insp.id,
        "fotos": fotos,
        "posicao": posicao,
        "divergencias": [d for d in anotadas if d.get("tipo", "cadastro") == "cadastro"],
        "sem_sinal": [d for d in anotadas if d.get("tipo") == SEM_SINAL],
    }
