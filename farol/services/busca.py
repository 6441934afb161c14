"""Busca: processos por número (do processo ou do auto), CPF/CNPJ, inscrição ou nome da
embarcação e nome do autuado; embarcações por inscrição ou nome (para a nova inspeção).

Processos só da jurisdição do usuário (a mesma regra da API). Embarcações e os seus
proprietários são do cadastro nacional: qualquer usuário que inspeciona os vê.

Sem acentos nem caixa, igual no SQLite e no PostgreSQL: os nomes são comparados pela coluna
`nome_busca` (o nome normalizado ao gravar, farol/domain/texto.py), e o termo é normalizado do
mesmo jeito. Cada palavra do termo tem de aparecer em algum dos campos do processo (número,
número do auto, inscrição ou nome da embarcação, nome do autuado): "marcio pacheco" acha
"Márcio Guimarães Pacheco", e "maria mare mansa" acha a autuada Maria na Maré Mansa.

Com índice (issue 13): cada campo é uma consulta ao seu índice de trechos (trigramas no
PostgreSQL, FTS5 no SQLite: farol/store/indices_de_busca.py), e os processos de uma palavra são
a união (UNION ALL) dessas consultas, em vez de um OR sobre as tabelas, que as percorria
inteiras; o CPF/CNPJ soma os processos do autuado pelo índice único do documento. Primeiro se
conta, pelos índices e parando em `COMUM`, quantas linhas têm cada palavra:

- uma palavra rara escolhe os candidatos pela sua união; as outras palavras são conferidas na
  linha de cada candidato (pelas chaves do auto, da embarcação e do autuado);
- se todas são comuns ("silva"), ler todas as linhas que as contêm custaria mais que conferir
  os processos recentes da jurisdição um a um: no PostgreSQL, percorrem-se os `JANELA` mais
  recentes, do mais novo ao mais velho, até completar a página; se ali não houver uma página
  inteira (e sempre no SQLite, cujos índices FTS5 respondem antes), a menos comum escolhe os
  candidatos (até `MUITO_COMUM` linhas) ou, acima disso, vale a interseção (INTERSECT) das
  uniões de todas as palavras.

Só então vêm a jurisdição, a ordem e o limite.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, inspect, intersect, or_, select, union_all
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.selectable import CompoundSelect

from farol.domain.cpf_cnpj import formatar_documento, validar_documento
from farol.domain.texto import palavras_da_busca
from farol.erros import EntradaInvalida
from farol.services.jurisdicao import Ator
from farol.services.leitura import resumo
from farol.services.resultados.busca import ResultadoDaBusca
from farol.services.unit_of_work import caso_de_uso
from farol.store.indices_de_busca import (
    COMUM,
    JANELA,
    MUITO_COMUM,
    contem,
    contem_na_linha,
    existe_linha_a_linha,
    percorre_os_recentes,
    quantas_contem,
    sem_paralelismo,
)
from farol.store.orm import OM, AutoDeInfracao, Embarcacao, Pessoa, Processo

LIMITE = 50
TAMANHO_MINIMO = 2
# CPF ou CNPJ digitado com a pontuação: 000.000.000-00 ou 00.000.000/0000-00
_DOCUMENTO_PONTUADO = re.compile(r"^\d{3}\.\d{3}\.\d{3}-\d{2}$|^\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}$")


def _palavras(termo: str) -> list[str]:
    """As palavras normalizadas do termo (um termo só de sinais diacríticos fica como veio e não
    casa com nada)."""
    return palavras_da_busca(termo) or [termo]


def _contem(modelo: Any, palavra: str, dialeto: str) -> ColumnElement[bool]:
    """As linhas do modelo em que algum campo de busca contém a palavra (pelo índice)."""
    return contem(modelo.__table__, palavra, dialeto)


def _processos_com_a_palavra(palavra: str, dialeto: str) -> CompoundSelect[Any]:
    """Os ids dos processos em que a palavra aparece: uma consulta a um índice por campo."""
    embarcacoes = select(Embarcacao.id).where(_contem(Embarcacao, palavra, dialeto))
    autuados = select(Pessoa.id).where(_contem(Pessoa, palavra, dialeto))
    return union_all(
        select(Processo.id).where(_contem(Processo, palavra, dialeto)),
        select(AutoDeInfracao.processo_id).where(_contem(AutoDeInfracao, palavra, dialeto)),
        select(Processo.id).where(Processo.embarcacao_id.in_(embarcacoes)),
        select(Processo.id).where(Processo.autuado_id.in_(autuados)),
    )


def _tem_a_palavra(processo: Any, palavra: str) -> ColumnElement[bool]:
    """O `processo` da consulta de fora (o modelo ou um apelido dele) tem a palavra em algum
    campo, conferido na linha dele e nas do auto, da embarcação e do autuado, pelas chaves (sem
    ler as outras). Apelidos: a consulta de fora também lê a embarcação e o autuado."""
    auto, embarcacao, pessoa = (m.__table__.alias() for m in (AutoDeInfracao, Embarcacao, Pessoa))
    return or_(
        contem_na_linha(inspect(processo).selectable, palavra, "processo"),
        existe_linha_a_linha(
            select(auto.c.id).where(
                auto.c.processo_id == processo.id, contem_na_linha(auto, palavra)
            )
        ),
        existe_linha_a_linha(
            select(embarcacao.c.id).where(
                embarcacao.c.id == processo.embarcacao_id, contem_na_linha(embarcacao, palavra)
            )
        ),
        existe_linha_a_linha(
            select(pessoa.c.id).where(
                pessoa.c.id == processo.autuado_id, contem_na_linha(pessoa, palavra)
            )
        ),
    )


def _do_autuado(processo: Any, documento: str) -> ColumnElement[bool]:
    """O autuado do processo é a pessoa deste CPF/CNPJ (índice único do documento)."""
    pessoa = Pessoa.__table__.alias()  # a consulta de fora também lê o autuado
    criterio: ColumnElement[bool] = processo.autuado_id.in_(
        select(pessoa.c.id).where(pessoa.c.documento == documento)
    )
    return criterio


def _frequencias(s: Session, palavras: list[str], dialeto: str, ate: int) -> list[int]:
    """Quantas linhas contêm cada palavra, contadas pelos índices até `ate` (uma consulta)."""
    tabelas = [m.__table__ for m in (Pessoa, Embarcacao, Processo, AutoDeInfracao)]
    contagens = (quantas_contem(tabelas, p, dialeto, ate) for p in palavras)
    return list(s.execute(select(*contagens)).one())


def _rara(palavras: list[str], frequencias: list[int]) -> tuple[str, list[str]]:
    """A palavra menos frequente e as outras."""
    rara = palavras[frequencias.index(min(frequencias))]
    return rara, [p for p in palavras if p != rara]


def _com_uma_rara(
    rara: str, outras: list[str], documento: str | None, dialeto: str
) -> ColumnElement[bool]:
    """A palavra rara escolhe os candidatos pelos índices (a união das consultas a cada campo);
    as outras são conferidas na linha de cada candidato; o CPF/CNPJ soma os do autuado."""
    candidatos = Processo.id.in_(_so_ids(_processos_com_a_palavra(rara, dialeto)))
    conferidas = [_tem_a_palavra(Processo, p) for p in outras]
    if documento is None:
        return and_(candidatos, *conferidas)
    casam = select(Processo.id).where(candidatos, *conferidas)
    do_autuado = select(Processo.id).where(_do_autuado(Processo, documento))
    return Processo.id.in_(_so_ids(union_all(casam, do_autuado)))


def _todas_pelos_indices(
    palavras: list[str], documento: str | None, dialeto: str
) -> ColumnElement[bool]:
    """A interseção das uniões de cada palavra (e os processos do autuado do CPF/CNPJ)."""
    uniao = [_so_ids(_processos_com_a_palavra(p, dialeto)) for p in palavras]
    casam = uniao[0] if len(uniao) == 1 else _so_ids(intersect(*uniao))
    if documento is not None:
        do_autuado = select(Processo.id).where(_do_autuado(Processo, documento))
        casam = _so_ids(union_all(casam, do_autuado))
    return Processo.id.in_(casam)


def _pagina(
    s: Session, ator: Ator, criterio: ColumnElement[bool], processo: Any = Processo
) -> list[Any]:
    """Os processos da jurisdição que atendem o critério, do mais recente ao mais antigo, até um
    além do limite. A OM, o autuado e a embarcação vêm na mesma consulta: as linhas os seguram na
    sessão, e o `resumo` os acha lá em vez de ler três linhas por processo."""
    return list(
        s.execute(
            select(processo, OM, Pessoa, Embarcacao)
            .join(OM, OM.id == processo.om_id)
            .outerjoin(Pessoa, Pessoa.id == processo.autuado_id)
            .outerjoin(Embarcacao, Embarcacao.id == processo.embarcacao_id)
            .where(criterio, processo.om_id.in_(ator.oms))
            .order_by(processo.id.desc())
            .limit(LIMITE + 1)
        ).all()
    )


def _nos_recentes(s: Session, ator: Ator, palavras: list[str], documento: str | None) -> list[Any]:
    """A página entre os `JANELA` processos mais recentes da jurisdição, cada palavra conferida
    na linha: lidos do mais novo ao mais velho, só até completar a página."""
    ultimos = aliased(
        Processo,
        select(Processo)
        .where(Processo.om_id.in_(ator.oms))
        .order_by(Processo.id.desc())
        .limit(JANELA)
        .subquery(),
    )
    criterio = and_(*(_tem_a_palavra(ultimos, p) for p in palavras))
    if documento is not None:
        criterio = or_(criterio, _do_autuado(ultimos, documento))
    return _pagina(s, ator, criterio, ultimos)


def _processos_que_casam(s: Session, ator: Ator, termo: str, documento: str | None) -> list[Any]:
    """Cada palavra do termo em algum campo do processo ou, para um CPF/CNPJ, o autuado com esse
    documento: uma página de processos da jurisdição (`_pagina`).

    Uma palavra rara (menos de `COMUM` linhas) escolhe os candidatos pelos índices. Se todas são
    comuns, ler pelos índices todas as linhas que casam custaria mais que conferir os processos
    recentes um a um: percorrem-se os `JANELA` mais recentes da jurisdição, e se ali há uma página
    inteira ela é a resposta (os outros são mais antigos; só no PostgreSQL, ver
    `percorre_os_recentes`). Senão (comuns cada uma, raras juntas),
    a menos comum escolhe os candidatos se não passa de `MUITO_COMUM` linhas; acima disso, a
    interseção das uniões de todas pelos índices."""
    dialeto = s.get_bind().dialect.name
    sem_paralelismo(s)
    palavras = _palavras(termo)
    frequencias = _frequencias(s, palavras, dialeto, COMUM)
    if min(frequencias) < COMUM:
        return _pagina(s, ator, _com_uma_rara(*_rara(palavras, frequencias), documento, dialeto))
    if percorre_os_recentes(dialeto):
        recentes = _nos_recentes(s, ator, palavras, documento)
        if len(recentes) > LIMITE:
            return recentes
    frequencias = _frequencias(s, palavras, dialeto, MUITO_COMUM)
    if min(frequencias) < MUITO_COMUM:
        return _pagina(s, ator, _com_uma_rara(*_rara(palavras, frequencias), documento, dialeto))
    return _pagina(s, ator, _todas_pelos_indices(palavras, documento, dialeto))


def _so_ids(consulta: CompoundSelect[Any]) -> Select[Any]:
    """A união como subconsulta (o SQLite não aceita parênteses num composto)."""
    sub = consulta.subquery()
    return select(sub.c[0])


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
    linhas = _processos_que_casam(s, ator, termo, documento)
    exato = termo.upper()
    # o processo cujo número é exatamente o termo vem primeiro (o auto tem numeração parecida)
    lista = sorted((resumo(s, p) for p, *_ in linhas), key=lambda r: r["numero"] != exato)
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
    dialeto = s.get_bind().dialect.name
    linhas = s.execute(
        select(Embarcacao, Pessoa)
        .join(Pessoa, Pessoa.id == Embarcacao.proprietario_id)
        .where(*(_contem(Embarcacao, p, dialeto) for p in _palavras(termo)))
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
