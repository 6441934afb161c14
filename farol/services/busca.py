"""Busca: processos por número (do processo ou do auto), CPF/CNPJ, inscrição ou nome da
embarcação e nome do autuado; embarcações por inscrição ou nome (para a nova inspeção).

Processos só da jurisdição do usuário (a mesma regra da API). Embarcações e os seus
proprietários são do cadastro nacional: qualquer usuário que inspeciona os vê.

Sem acentos nem caixa, igual no SQLite e no PostgreSQL: os nomes são comparados pela coluna
`nome_busca` (o nome normalizado ao gravar, farol/domain/texto.py), e o termo é normalizado do
mesmo jeito. Cada palavra do termo tem de aparecer em algum dos campos do processo (número,
número do auto, inscrição ou nome da embarcação, nome do autuado): "marcio pacheco" acha
"Márcio Guimarães Pacheco", e "maria mare mansa" acha a autuada Maria na Maré Mansa.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from farol.domain.cpf_cnpj import formatar_documento, validar_documento
from farol.domain.texto import palavras_da_busca
from farol.erros import EntradaInvalida
from farol.services.jurisdicao import Ator
from farol.services.leitura import resumo
from farol.services.resultados.busca import ResultadoDaBusca
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
    """Códigos (números, inscrição): só a caixa importa."""
    return func.lower(coluna).like(_padrao(termo), escape="\\")


def _nome_contem(coluna_busca: InstrumentedAttribute[str], palavra: str) -> ColumnElement[bool]:
    """Nomes: a coluna `nome_busca` (já sem acentos e em minúsculas) contém a palavra, que já
    vem normalizada (`palavras_da_busca`)."""
    return coluna_busca.like(_padrao(palavra), escape="\\")


def _palavras(termo: str) -> list[str]:
    """As palavras normalizadas do termo (um termo só de sinais diacríticos fica como veio e não
    casa com nada)."""
    return palavras_da_busca(termo) or [termo]


def _embarcacao_casa(palavra: str) -> ColumnElement[bool]:
    return or_(_contem(Embarcacao.inscricao, palavra), _nome_contem(Embarcacao.nome_busca, palavra))


def _processo_casa(palavra: str) -> ColumnElement[bool]:
    """O processo em que a palavra aparece no número, no auto, na embarcação ou no autuado."""
    return or_(
        _contem(Processo.numero, palavra),
        Processo.id.in_(
            select(AutoDeInfracao.processo_id).where(_contem(AutoDeInfracao.numero, palavra))
        ),
        Processo.embarcacao_id.in_(select(Embarcacao.id).where(_embarcacao_casa(palavra))),
        Processo.autuado_id.in_(select(Pessoa.id).where(_nome_contem(Pessoa.nome_busca, palavra))),
    )


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
        and_(*(_processo_casa(p) for p in _palavras(termo))),
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
def buscar(s: Session, ator: Ator, termo: str) -> ResultadoDaBusca:
    """A mesma busca, como resultado tipado (a API)."""
    return ResultadoDaBusca.model_validate(buscar_processos.na_sessao(s, ator, termo))


@caso_de_uso()
def buscar_embarcacoes(s: Session, termo: str, limite: int = 8) -> list[dict[str, Any]]:
    """Embarcações cuja inscrição ou nome contém o termo, com o proprietário cadastrado."""
    termo = termo.strip()
    if len(termo) < TAMANHO_MINIMO:
        return []
    linhas = s.execute(
        select(Embarcacao, Pessoa)
        .join(Pessoa, Pessoa.id == Embarcacao.proprietario_id)
        .where(and_(*(_embarcacao_casa(p) for p in _palavras(termo))))
        .order_by(Embarcacao.nome, Embarcacao.id)
        .limit(limite)
    ).all()
    return [
        {
            "inscricao": e.inscricao,
            "nome": e.nome,
            "tipo": e.tipo,
            "propulsao": e.propulsao,
            "comprimento": None if e.comprimento is None else f"{e.comprimento:.2f}",
            "estrangeira": e.estrangeira,
            "proprietario": {"documento": formatar_documento(p.documento), "nome": p.nome},
        }
        for e, p in linhas
    ]
