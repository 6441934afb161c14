"""O texto de busca de cada processo (`processo_busca`, migração 0036), regravado na mesma
transação que o muda.

O texto é o número do processo, os números dos autos, a inscrição e o nome da embarcação e o
nome do autuado, separados por um espaço, em minúsculas e sem acentos (os nomes pela coluna
`nome_busca`, farol/domain/texto.py): a busca (farol/services/busca.py) confere cada palavra
nele. Uma palavra não tem espaço, e por isso não casa emendando dois campos. A migração 0036
preenche os processos que já existiam com a mesma expressão, em SQL.

Como o modelo de leitura (`resumo_processo`), pelos eventos da sessão: cada flush anota os
processos cujo texto mudou (processo novo ou com outro autuado ou embarcação, auto novo,
pessoa ou embarcação com outro nome ou inscrição: a abertura, a lavratura LESTA e a de
poluição, a correção do cadastro, a reclamação da custódia, que troca o interessado), e antes do
commit os textos deles são regravados, de uma vez. A carga em massa, que grava fora do ORM,
chama `dos_processos` ela mesma.

Uma regravação é um INSERT ... SELECT ... ON CONFLICT DO UPDATE dos processos escolhidos, em SQL
(igual nos dois bancos): uma pessoa com milhares de processos não os lê um a um.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Table,
    event,
    false,
    func,
    inspect,
    literal,
    or_,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from farol.store.orm import AutoDeInfracao, Embarcacao, Pessoa, Processo, ProcessoBusca

_PENDENTES = "farol.texto_de_busca.pendentes"
_CAMPOS: dict[type[Any], tuple[str, ...]] = {
    Processo: ("numero", "autuado_id", "embarcacao_id"),
    AutoDeInfracao: ("numero", "processo_id"),
    Pessoa: ("nome_busca",),
    Embarcacao: ("inscricao", "nome_busca"),
}
"""Os campos de cada modelo que entram no texto de busca."""


def _com_espaco(valor: Any) -> ColumnElement[str]:
    """' ' || valor, ou '' se o valor é nulo (o campo que falta sai inteiro)."""
    return func.coalesce(literal(" ") + valor, "")


def texto_do_processo() -> ColumnElement[str]:
    """O texto de busca de `Processo` numa consulta que junta a embarcação e o autuado."""
    autos = (
        select(func.aggregate_strings(func.lower(AutoDeInfracao.numero), " "))
        .where(AutoDeInfracao.processo_id == Processo.id)
        .scalar_subquery()
    )
    texto: ColumnElement[str] = (
        func.lower(Processo.numero)
        + _com_espaco(autos)
        + _com_espaco(func.lower(Embarcacao.inscricao))
        + _com_espaco(Embarcacao.nome_busca)
        + _com_espaco(Pessoa.nome_busca)
    )
    return texto


def atualizar(s: Session, onde: ColumnElement[bool]) -> None:
    """Regrava o texto de busca dos processos que atendem `onde` (um critério sobre
    `Processo`): um INSERT ... SELECT ... ON CONFLICT DO UPDATE (os dois bancos o têm). Duas
    transações que regravam o mesmo processo ao mesmo tempo (uma correção do nome do autuado e
    um auto novo) se enfileiram na chave; com DELETE e INSERT, a segunda não via a linha que a
    primeira inseriu e esbarrava nela (UniqueViolation)."""
    s.flush()  # o que o ORM ainda não gravou (o processo novo, o nome corrigido) entra no texto
    tabela: Table = ProcessoBusca.__table__  # type: ignore[assignment]
    linhas = (
        select(Processo.id, Processo.om_id, texto_do_processo())
        .outerjoin(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
        .outerjoin(Pessoa, Pessoa.id == Processo.autuado_id)
        .where(onde)  # o WHERE também desfaz a ambiguidade de INSERT ... SELECT ... ON no SQLite
    )
    dialeto = postgresql if s.get_bind().dialect.name == "postgresql" else sqlite
    comando = dialeto.insert(tabela).from_select(["processo_id", "om_id", "texto"], linhas)
    s.execute(
        comando.on_conflict_do_update(
            index_elements=[tabela.c.processo_id],
            set_={"om_id": comando.excluded.om_id, "texto": comando.excluded.texto},
        )
    )


def dos_processos(s: Session, ids: Iterable[int]) -> None:
    """O texto dos processos `ids` (gravados fora do ORM: a carga em massa)."""
    atualizar(s, Processo.id.in_(sorted(set(ids))))


# --------------------------------------------------------------------------- na transação


def _mudou(obj: Any) -> bool:
    estado = inspect(obj)
    return any(estado.attrs[c].history.has_changes() for c in _CAMPOS[type(obj)])


@event.listens_for(Session, "after_flush")
def _anotar(s: Session, _contexto: Any) -> None:
    """Os processos, autuados e embarcações cujo texto este flush mudou."""
    pendentes: dict[str, set[int]] = s.info.setdefault(
        _PENDENTES, {"id": set(), "autuado_id": set(), "embarcacao_id": set()}
    )
    for obj in chain(s.new, s.dirty, s.deleted):
        if type(obj) not in _CAMPOS or (obj in s.dirty and not _mudou(obj)):
            continue
        if isinstance(obj, Processo):
            pendentes["id"].add(obj.id)
        elif isinstance(obj, AutoDeInfracao):
            pendentes["id"].add(obj.processo_id)
        elif isinstance(obj, Pessoa):
            pendentes["autuado_id"].add(obj.id)
        else:
            pendentes["embarcacao_id"].add(obj.id)


@event.listens_for(Session, "before_commit")
def _regravar(s: Session) -> None:
    """Antes do commit, o texto dos processos anotados, na mesma transação (um comando)."""
    s.flush()
    pendentes = s.info.pop(_PENDENTES, None)
    if not pendentes or not any(pendentes.values()):
        return
    # os pendentes por coluna do processo: os próprios, os do autuado e os da embarcação
    criterios = [getattr(Processo, k).in_(sorted(ids)) for k, ids in pendentes.items() if ids]
    atualizar(s, or_(false(), *criterios))


@event.listens_for(Session, "after_soft_rollback")
def _descartar(s: Session, _transacao: Any) -> None:
    s.info.pop(_PENDENTES, None)
