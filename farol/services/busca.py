"""Busca: processos por número (do processo ou do auto), CPF/CNPJ, inscrição ou nome da
embarcação e nome do autuado; embarcações por inscrição ou nome (para a nova inspeção).

Processos só da jurisdição do usuário (a mesma regra da API). Embarcações e os seus
proprietários são do cadastro nacional: qualquer usuário que inspeciona os vê.

Sem acentos nem caixa, igual no SQLite e no PostgreSQL: os nomes são comparados pela coluna
`nome_busca` (o nome normalizado ao gravar, farol/domain/texto.py), e o termo é normalizado do
mesmo jeito. Cada palavra do termo tem de aparecer em algum dos campos do processo (número,
número do auto, inscrição ou nome da embarcação, nome do autuado): "marcio pacheco" acha
"Márcio Guimarães Pacheco", e "maria mare mansa" acha a autuada Maria na Maré Mansa.

Com índice (issue 13): os campos de cada processo estão juntos numa linha estreita, o texto de
busca (`processo_busca`, regravado na mesma transação que muda algum deles:
farol/services/texto_de_busca.py), e cada palavra é conferida nele, pelo índice de trechos
(trigramas no PostgreSQL, FTS5 no SQLite: farol/store/indices_de_busca.py), todas de uma vez.
O CPF/CNPJ soma os processos do autuado pelo índice único do documento.

- No PostgreSQL, primeiro os `JANELA` processos mais recentes da jurisdição, do mais novo ao
  mais velho, cada um conferido na sua linha, até completar a página: uma palavra comum
  ("silva") a completa logo, sem ler pelo índice as suas dezenas de milhares de linhas;
- se ali não houver uma página inteira (e sempre no SQLite, cuja tabela FTS5 responde antes),
  o índice acha todas as linhas da jurisdição com todas as palavras, e delas vêm as mais
  recentes.

Só então vêm a ordem (do mais recente ao mais antigo) e o limite.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import ColumnElement, Select, Table, select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento, validar_documento
from farol.domain.papeis import VE_DADOS_PESSOAIS, pode
from farol.domain.texto import palavras_da_busca
from farol.erros import EntradaInvalida
from farol.services import acessos
from farol.services.jurisdicao import Ator
from farol.services.leitura import resumo
from farol.services.resultados.busca import ResultadoDaBusca
from farol.services.unit_of_work import caso_de_uso
from farol.store.indices_de_busca import (
    JANELA,
    contem,
    contem_na_linha,
    contem_todos,
    percorre_os_recentes,
    sem_paralelismo,
)
from farol.store.numeracao import e_numero_digitado, numero_digitado
from farol.store.orm import OM, AutoDeInfracao, Embarcacao, Pessoa, Processo, ProcessoBusca

LIMITE = 50
TAMANHO_MINIMO = 2
# CPF ou CNPJ digitado com a pontuação: 000.000.000-00 ou 00.000.000/0000-00
_DOCUMENTO_PONTUADO = re.compile(r"^\d{3}\.\d{3}\.\d{3}-\d{2}$|^\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}$")
_BUSCA: Table = ProcessoBusca.__table__  # type: ignore[assignment]


def _palavras(termo: str) -> list[str]:
    """As palavras normalizadas do termo (um termo só de sinais diacríticos fica como veio e não
    casa com nada)."""
    return palavras_da_busca(termo) or [termo]


def _contem(modelo: Any, palavra: str, dialeto: str) -> ColumnElement[bool]:
    """As linhas do modelo em que algum campo de busca contém a palavra (pelo índice)."""
    return contem(modelo.__table__, palavra, dialeto)


def _nos_recentes(ator: Ator, palavras: list[str]) -> Select[Any]:
    """Os processos com todas as palavras entre os `JANELA` mais recentes da jurisdição, cada um
    conferido na sua linha do texto de busca, lidos do mais novo ao mais velho só até um além do
    limite."""
    recentes = (
        select(_BUSCA.c.processo_id, _BUSCA.c.texto)
        .where(_BUSCA.c.om_id.in_(ator.oms))
        .order_by(_BUSCA.c.processo_id.desc())
        .limit(JANELA)
        .subquery()
    )
    return (
        select(recentes.c.processo_id)
        .where(*(contem_na_linha(recentes, p, _BUSCA.name) for p in palavras))
        .order_by(recentes.c.processo_id.desc())
        .limit(LIMITE + 1)
    )


def _pelo_indice(ator: Ator, palavras: list[str], dialeto: str) -> Select[Any]:
    """Os processos da jurisdição com todas as palavras, pelo índice, os mais recentes até um além
    do limite. O `OFFSET 0` faz o PostgreSQL achar pelo índice todas as linhas que casam antes de
    ordená-las, em vez de percorrer os processos do mais novo ao mais velho até achar a página
    (que, para palavras que a jurisdição quase não tem, leria a tabela inteira)."""
    casam = (
        select(_BUSCA.c.processo_id)
        .where(_BUSCA.c.om_id.in_(ator.oms), contem_todos(_BUSCA, palavras, dialeto))
        .offset(0)
        .subquery()
    )
    return select(casam.c.processo_id).order_by(casam.c.processo_id.desc()).limit(LIMITE + 1)


def _do_autuado(ator: Ator, documento: str) -> Select[Any]:
    """Os processos da jurisdição cujo autuado é a pessoa deste CPF/CNPJ (índice único do
    documento e o do autuado; sem ordem aqui, que o SQLite buscaria percorrendo os processos
    do mais novo ao mais velho: a página os ordena)."""
    return select(Processo.id).where(
        Processo.autuado_id.in_(select(Pessoa.id).where(Pessoa.documento == documento)),
        Processo.om_id.in_(ator.oms),
    )


def _pagina(s: Session, ids: list[int]) -> list[Any]:
    """Os processos `ids` (até um além do limite), do mais recente ao mais antigo. A OM, o autuado
    e a embarcação vêm na mesma consulta: as linhas os seguram na sessão, e o `resumo` os acha lá
    em vez de ler três linhas por processo."""
    return list(
        s.execute(
            select(Processo, OM, Pessoa, Embarcacao)
            .join(OM, OM.id == Processo.om_id)
            .outerjoin(Pessoa, Pessoa.id == Processo.autuado_id)
            .outerjoin(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
            .where(Processo.id.in_(ids))
            .order_by(Processo.id.desc())
        ).all()
    )


def _processos_que_casam(s: Session, ator: Ator, termo: str, documento: str | None) -> list[Any]:
    """Cada palavra do termo no texto de busca do processo ou, para um CPF/CNPJ, o autuado com
    esse documento: uma página de processos da jurisdição (`_pagina`).

    No PostgreSQL, se os `JANELA` processos mais recentes da jurisdição já têm uma página inteira,
    ela é a resposta das palavras (os outros são mais antigos: `percorre_os_recentes`); senão, o
    índice acha as linhas com todas as palavras. O CPF/CNPJ soma os do autuado. Os ids vêm antes
    da página: com eles na mão, nenhum banco percorre os processos atrás da ordem."""
    dialeto = s.get_bind().dialect.name
    palavras = _palavras(termo)
    casam: list[int] = []
    with sem_paralelismo(s):
        if percorre_os_recentes(dialeto):
            casam = list(s.execute(_nos_recentes(ator, palavras)).scalars())
        if len(casam) <= LIMITE:
            casam = list(s.execute(_pelo_indice(ator, palavras, dialeto)).scalars())
        if documento is not None:
            casam += s.execute(_do_autuado(ator, documento)).scalars()
        return _pagina(s, sorted(set(casam), reverse=True)[: LIMITE + 1])


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
    oficial = numero_digitado(termo)  # "2026/cpsc/22" busca o 2026/CPSC/000022
    if oficial != termo.upper():
        termo = oficial
    documento = documento_do_termo(termo)
    linhas = _processos_que_casam(s, ator, termo, documento)
    exato = termo.upper()
    # o processo cujo número é exatamente o termo vem primeiro (o auto tem numeração parecida)
    lista = sorted((resumo(s, p) for p, *_ in linhas), key=lambda r: r["numero"] != exato)
    return {
        "termo": termo,
        "documento": formatar_documento(documento) if documento else None,
        "processos": lista[:LIMITE],
        "truncado": len(lista) > LIMITE,
        "achados_pelo_auto": _achados_pelo_auto(s, exato, lista[:LIMITE]),
    }


def _achados_pelo_auto(s: Session, numero: str, lista: list[dict[str, Any]]) -> dict[int, str]:
    """Na busca por um número oficial, os processos listados que o têm por número do auto de
    infração, não do processo (os dois têm a mesma forma, 2026/CPSC/000022, e sequências
    próprias): a página diz por que cada um está ali. Uma leitura pelo índice único do número
    do auto."""
    if not e_numero_digitado(numero) or all(r["numero"] == numero for r in lista):
        return {}
    processo = s.execute(
        select(AutoDeInfracao.processo_id).where(AutoDeInfracao.numero == numero)
    ).scalar()
    listados = {r["id"] for r in lista if r["numero"] != numero}
    return {processo: numero} if processo is not None and processo in listados else {}


@caso_de_uso()
def buscar(s: Session, ator: Ator, termo: str) -> ResultadoDaBusca:
    """A mesma busca, como resultado tipado (a API)."""
    return ResultadoDaBusca.model_validate(buscar_processos.na_sessao(s, ator, termo))


@caso_de_uso(escrita=True)
def buscar_embarcacoes(s: Session, ator: Ator, termo: str, limite: int = 8) -> list[dict[str, Any]]:
    """Embarcações cuja inscrição ou nome contém o termo (a sugestão da nova inspeção), com o
    proprietário cadastrado só para o papel que vê dados pessoais, e cada leitura dele no
    registro de acessos, como `embarcacoes.por_inscricao`; os outros papéis recebem
    `proprietario: null` e nada se grava."""
    termo = termo.strip()
    if len(termo) < TAMANHO_MINIMO:
        return []
    ve = pode(ator.papel, VE_DADOS_PESSOAIS)
    dialeto = s.get_bind().dialect.name
    linhas = s.execute(
        select(Embarcacao, Pessoa)
        .join(Pessoa, Pessoa.id == Embarcacao.proprietario_id)
        .where(*(_contem(Embarcacao, p, dialeto) for p in _palavras(termo)))
        .order_by(Embarcacao.nome, Embarcacao.id)
        .limit(limite)
    ).all()
    achadas = [
        {
            "inscricao": e.inscricao,
            "nome": e.nome,
            "tipo": e.tipo,
            "propulsao": e.propulsao,
            "comprimento": None if e.comprimento is None else f"{e.comprimento:.2f}",
            "estrangeira": e.estrangeira,
            "proprietario": {"documento": formatar_documento(p.documento), "nome": p.nome}
            if ve
            else None,
        }
        for e, p in linhas
    ]
    if ve:
        for dono in {p.id: p for _, p in linhas}.values():
            acessos.registrar_leitura(s, ator, dono.documento, dono.id, acessos.CONSULTA_BUSCA)
    return achadas
