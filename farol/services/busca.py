"""Busca: processos por número (do processo ou do auto), CPF/CNPJ, inscrição ou nome da
embarcação e nome do autuado; embarcações por inscrição ou nome (para a nova inspeção).

Processos só da jurisdição do usuário (a mesma regra da API). Embarcações e os seus
proprietários são do cadastro nacional: qualquer usuário que inspeciona os vê.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento, validar_documento
from farol.erros import EntradaInvalida
from farol.services.jurisdicao import Ator
from farol.services.leitura import resumo
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import AutoDeInfracao, Embarcacao, Pessoa, Processo

LIMITE = 50
TAMANHO_MINIMO = 2
# CPF ou CNPJ digitado com a pontuação: 000.000.000-00 ou 00.000.000/0000-00
_DOCUMENTO_PONTUADO = re.compile(r"^\d{3}\.\d{3}\.\d{3}-\d{2}$|^\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}$")


def _padrao(termo: str) -> str:
    escapado = termo.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escapado}%"


def _contem(coluna: Any, termo: str) -> ColumnElement[bool]:
    return func.lower(coluna).like(_padrao(termo), escape="\\")


def documento_do_termo(termo: str) -> str | None:
    """Os dígitos do CPF/CNPJ se o termo for um; pontuado e inválido é erro (campo `q`)."""
    digitos = re.sub(r"[.\-/\s]", "", termo)
    if not digitos.isdigit() or len(digitos) not in (11, 14):
        return None
    try:
        return validar_documento(digitos)
    except EntradaInvalida as e:
        if _DOCUMENTO_PONTUADO.match(termo):
            raise EntradaInvalida(e.mensagem, campo="q", regra=e.regra) from None
        return None  # só dígitos: pode ser uma inscrição


@caso_de_uso()
def buscar_processos(s: Session, ator: Ator, termo: str) -> dict[str, Any]:
    """Processos da jurisdição que casam com o termo, do mais recente ao mais antigo."""
    termo = termo.strip()
    if len(termo) < TAMANHO_MINIMO:
        raise EntradaInvalida(
            f"digite ao menos {TAMANHO_MINIMO} caracteres: número do processo, CPF/CNPJ, "
            "inscrição ou nome da embarcação",
            campo="q",
        )
    documento = documento_do_termo(termo)
    criterios: list[ColumnElement[bool]] = [
        _contem(Processo.numero, termo),
        Processo.id.in_(
            select(AutoDeInfracao.processo_id).where(_contem(AutoDeInfracao.numero, termo))
        ),
        Processo.embarcacao_id.in_(
            select(Embarcacao.id).where(
                or_(_contem(Embarcacao.inscricao, termo), _contem(Embarcacao.nome, termo))
            )
        ),
        Processo.autuado_id.in_(select(Pessoa.id).where(_contem(Pessoa.nome, termo))),
    ]
    if documento is not None:
        criterios.append(
            Processo.autuado_id.in_(select(Pessoa.id).where(Pessoa.documento == documento))
        )
    processos = s.execute(
        select(Processo)
        .where(Processo.om_id.in_(ator.oms), or_(*criterios))
        .order_by(Processo.id.desc())
        .limit(LIMITE + 1)
    ).scalars()
    exato = termo.upper()
    # o processo cujo número é exatamente o termo vem primeiro (o auto tem numeração parecida)
    lista = sorted((resumo(s, p) for p in processos), key=lambda r: r["numero"] != exato)
    return {
        "termo": termo,
        "documento": formatar_documento(documento) if documento else None,
        "processos": lista[:LIMITE],
        "truncado": len(lista) > LIMITE,
    }


@caso_de_uso()
def buscar_embarcacoes(s: Session, termo: str, limite: int = 8) -> list[dict[str, Any]]:
    """Embarcações cuja inscrição ou nome contém o termo, com o proprietário cadastrado."""
    termo = termo.strip()
    if len(termo) < TAMANHO_MINIMO:
        return []
    linhas = s.execute(
        select(Embarcacao, Pessoa)
        .join(Pessoa, Pessoa.id == Embarcacao.proprietario_id)
        .where(or_(_contem(Embarcacao.inscricao, termo), _contem(Embarcacao.nome, termo)))
        .order_by(Embarcacao.nome, Embarcacao.id)
        .limit(limite)
    ).all()
    return [
        {
            "inscricao": e.inscricao,
            "nome": e.nome,
            "tipo": e.tipo,
            "propulsao": e.propulsao,
            "comprimento": f"{e.comprimento:.2f}",
            "estrangeira": e.estrangeira,
            "proprietario": {"documento": formatar_documento(p.documento), "nome": p.nome},
        }
        for e, p in linhas
    ]
