"""O modelo de leitura `processo_resumo`: uma linha por processo, regravada na mesma transação
de cada mudança do processo, para que o painel e a lista filtrem e ordenem por índice sem
calcular nada por processo.

Cada linha é calculada a partir dos atos, prazos, penalidades e pagamentos pelas mesmas
expressões das consultas (`farol.services.consultas`): o próximo vencimento dos prazos em
curso, a multa em vigor (nula no estado `sem_penalidade`), o pago, o vencimento do pagamento em
curso, o último ato do procedimento e a primeira das prescrições da Lei 9.873/1999 (a mesma
conta de `alertas_prescricao`).

Como se mantém: a sessão anota, depois de cada `flush`, os processos cujos atos, prazos,
penalidades, pagamentos ou a própria linha mudaram; antes do `commit`, regrava as linhas deles
(uma consulta por conjunto, não por processo). Um rollback descarta a anotação. Gravação fora do
ORM (a carga em massa) chama `atualizar` para os processos que criou. `conferir` recalcula
tudo a partir dos atos e devolve as diferenças (`farol db resumos --conferir`; o teste
`tests/integration/test_resumo_processo.py` a exige vazia depois de toda a demonstração).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal
from functools import cache
from itertools import chain, islice
from typing import Any, cast

from sqlalchemy import (
    Table,
    bindparam,
    case,
    column,
    delete,
    event,
    func,
    insert,
    inspect,
    literal_column,
    select,
    table,
    text,
    update,
)
from sqlalchemy.orm import Session

from farol import relogio
from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.domain.procedimento.historico import fatos_do_recurso
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.rules.prescricao import prescricoes_do_processo
from farol.services.unit_of_work import caso_de_uso
from farol.store.auditoria import PROCESSOS_COM_ATO_NOVO
from farol.store.orm import (
    Ato,
    Inspecao,
    Pagamento,
    Penalidade,
    Prazo,
    Processo,
    ProcessoResumo,
)

ZERO = Decimal("0.00")
LOTE = 500
"""Processos por comando (o IN dos ids e as linhas de cada INSERT)."""

_PENDENTES = "farol.resumo_processo.pendentes"
_DO_PROCESSO = (Ato, Prazo, Penalidade, Pagamento)

COLUNAS = tuple(c.name for c in ProcessoResumo.__table__.columns)
TABELA = ProcessoResumo.__tablename__


def _lotes(ids: Iterable[int]) -> Iterator[list[int]]:
    it = iter(sorted(ids))
    while lote := list(islice(it, LOTE)):
        yield lote


@cache
def _marcas_dos_resumos() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Os tipos de ato que retêm e que liberam a embarcação e os de restituição (reconhecida ou
    efetuada), de todos os regimes: dados dos quadros, lidos uma vez."""
    regimes = carregar_regimes()
    retem = frozenset(t for m in regimes for t in m.tipos_com("retem_embarcacao"))
    libera = frozenset(t for m in regimes for t in m.tipos_com("libera_embarcacao"))
    restituicao = frozenset(
        t
        for m in regimes
        for marca in ("reconhece_restituicao", "efetua_restituicao")
        for t in m.tipos_com(marca)
    )
    return retem, libera, restituicao


@cache
def _estados_finais() -> frozenset[str]:
    from farol.services import consultas as c  # consultas importa os casos de uso

    return frozenset(c._estados_finais())


@cache
def _estados_sem_prescricao() -> frozenset[str]:
    from farol.services import consultas as c  # consultas importa os casos de uso

    return frozenset(c._estados_sem_prescricao())


@cache
def _consulta_das_linhas() -> Any:
    """A consulta das linhas, montada uma vez: só depende dos quadros e dos catálogos (dados
    carregados uma vez por processo), e os ids entram como parâmetro (`ids`, lista)."""
    return _selecao_das_linhas().where(Processo.id.in_(bindparam("ids", expanding=True)))


@cache
def _consulta_de_uma_linha(dialeto: str) -> Any:
    """A consulta da linha de um processo (`id`), o caso de cada ato: compilada uma vez em
    texto, com as listas de tipos dos quadros já abertas em parâmetros (`render_postcompile`)
    e os tipos das colunas do resultado. Executada como a construção (`_consulta_das_linhas`),
    a cada ato o SQLAlchemy calcularia e buscaria a chave de cache da consulta inteira e
    reescreveria o texto para abrir cada lista expandida (uma dúzia, com os tipos de ato): no
    PostgreSQL, 1,0 → 0,6 ms por ato (0,70 → 0,31 ms de CPU do servidor). Os mesmos resultados
    que a construção: `tests/integration/test_resumo_processo.py`."""
    # as constantes (os tipos e estados dos quadros, os LIMIT) ficam no texto como literais
    # (`literal_binds`): o único parâmetro é o `id`. Como parâmetros, eram ~55 a converter e
    # passar ao driver a cada ato (124 → 77-96 µs por execução no SQLite, mesmas linhas)
    q = _selecao_das_linhas().where(Processo.id == literal_column(":id"))
    modulo = _modulo_do_dialeto(dialeto)
    if modulo is None:
        return None
    compilada = q.compile(
        dialect=modulo.dialect(paramstyle="named"),
        compile_kwargs={"render_postcompile": True, "literal_binds": True},
    )
    return (
        text(compilada.string)
        .bindparams(bindparam("id", type_=Processo.id.type))
        .columns(*(column(f"c{i}", c.type) for i, c in enumerate(q.selected_columns)))
    )


@cache
def _selecao_das_linhas() -> Any:
    """As colunas da linha do resumo (sem o filtro dos processos)."""
    from farol.services import consultas as c  # consultas importa os casos de uso

    sistema = atos_do_sistema().tipos
    do_procedimento = (Ato.processo_id == Processo.id, Ato.tipo.not_in(sistema))

    def ultimo(coluna: Any) -> Any:
        return (
            select(coluna)
            .where(*do_procedimento)
            .order_by(Ato.seq.desc())
            .limit(1)
            .correlate(Processo)
            .scalar_subquery()
        )

    atos = select(func.count()).where(*do_procedimento).correlate(Processo).scalar_subquery()
    retem, libera, tipos_de_restituicao = _marcas_dos_resumos()
    retencao = (
        select(Ato.tipo)
        .where(Ato.processo_id == Processo.id, Ato.tipo.in_(retem | libera))
        .order_by(Ato.seq.desc())
        .limit(1)
        .correlate(Processo)
    )
    prazos = (
        select(func.count()).where(*c._em_curso(Processo.id)).correlate(Processo).scalar_subquery()
    )
    # se o processo tem ato de restituição: só esses vão à segunda consulta
    restituicoes = (
        select(Ato.id)
        .where(Ato.processo_id == Processo.id, Ato.tipo.in_(tipos_de_restituicao))
        .correlate(Processo)
        .exists()
    )
    multa = case((c._sem_penalidade(), None), else_=c._multa_em_vigor())
    fixada_em = case((c._sem_penalidade(), None), else_=c._data_da_multa_em_vigor())
    return select(
        Processo.id,
        Processo.om_id,
        Processo.regime,
        Processo.estado,
        Processo.sobrestado,
        Processo.inspecao_id,
        Processo.origem_id,
        Processo.criado_em,
        Inspecao.data_hora,
        c._do_primeiro_ato(Ato.data_ato, Processo),
        c._do_primeiro_ato(Ato.payload, Processo),
        atos,
        ultimo(Ato.tipo),
        ultimo(Ato.data_ato),
        prazos,
        c._proximo_vencimento(),
        multa,
        c._total_pago(),
        c._vencimento_do_pagamento(),
        c._ultimo_interruptivo(),
        fixada_em,
        retencao.scalar_subquery(),
        retencao.with_only_columns(Ato.data_ato).scalar_subquery(),
        restituicoes,
    ).outerjoin(Inspecao, Inspecao.id == Processo.inspecao_id)


def _linhas(s: Session, ids: list[int]) -> list[dict[str, Any]]:
    """As linhas do resumo dos processos `ids`: uma consulta com as subconsultas correlacionadas
    de cada coluna (montada uma vez, `_consulta_das_linhas`), outra com os atos de restituição
    dos que os têm (e uma por nível de origem dos que não têm inspeção, para a data do fato)."""
    from farol.services import consultas as c  # consultas importa os casos de uso

    retem = _marcas_dos_resumos()[0]
    finais = _estados_finais()
    sem_prescricao = _estados_sem_prescricao()
    uma = _consulta_de_uma_linha(s.get_bind().dialect.name) if len(ids) == 1 else None
    if uma is not None:  # um ato: a consulta já compilada
        brutas = s.execute(uma, {"id": ids[0]}).all()
    else:
        brutas = s.execute(_consulta_das_linhas(), {"ids": ids}).all()
    com_restituicao = [x[0] for x in brutas if x[23]]
    restituicoes = _restituicoes_pendentes(s, com_restituicao) if com_restituicao else {}
    origens = c.datas_do_fato(s, {x[6] for x in brutas if x[5] is None and x[6] is not None})
    saida = []
    for (
        pid, om_id, regime, estado, _sobrestado, inspecao_id, origem_id, criado_em, instante,
        primeira_data, primeiro_payload, n_atos, ultimo_tipo, ultimo_data, n_prazos,
        proximo, total_multa, pago, vencimento_pagamento, interrompido_em, multa_fixada_em,
        tipo_retencao, data_retencao, _,
    ) in brutas:  # fmt: skip
        encerrado = estado in finais
        prescreve_em = None
        if estado not in sem_prescricao:  # o sobrestado também (interpretacoes.md, ponto 17)
            if inspecao_id is not None:
                fato = relogio.data_local(instante)
            elif origem_id is not None:
                fato = origens[origem_id]
            else:
                fato = c._fato_do_primeiro_ato(primeira_data, primeiro_payload, criado_em)
            marco = max(fato, interrompido_em) if interrompido_em is not None else fato
            limites = prescricoes_do_processo(marco, ultimo_data)
            prescreve_em = min((x.prescreve_em for x in limites), default=None)
        saida.append(
            {
                "processo_id": pid,
                "om_id": om_id,
                "regime": regime,
                "estado": estado,
                "encerrado": encerrado,
                "atos": int(n_atos),
                "ultimo_ato_tipo": ultimo_tipo,
                "ultimo_ato_data": ultimo_data,
                "prazos_em_curso": int(n_prazos),
                "proximo_vencimento": proximo,
                "multa": _dinheiro(total_multa),
                "pago": _dinheiro(pago) or ZERO,
                "vencimento_pagamento": vencimento_pagamento,
                "prescreve_em": prescreve_em,
                "multa_fixada_em": multa_fixada_em if total_multa is not None else None,
                "retida_em": data_retencao if tipo_retencao in retem else None,
                "restituicao_pendente": restituicoes.get(pid, ZERO),
                # centavos dos dois lados: maior que o pago por um centavo ao menos
                "em_debito": not encerrado
                and (_dinheiro(total_multa) or ZERO) > (_dinheiro(pago) or ZERO),
            }
        )
    return saida


def _restituicoes_pendentes(s: Session, ids: list[int]) -> dict[int, Decimal]:
    """O pago a maior reconhecido e ainda não restituído de cada processo com ele, pela conta
    da página do processo (`fatos_do_recurso` sobre os atos de restituição), numa consulta."""
    tipos = _marcas_dos_resumos()[2]
    if not tipos:
        return {}
    atos: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    regime_de: dict[int, str] = {}
    for pid, regime, tipo, payload in s.execute(
        select(Processo.id, Processo.regime, Ato.tipo, Ato.payload)
        .join(Ato, Ato.processo_id == Processo.id)
        .where(Processo.id.in_(ids), Ato.tipo.in_(tipos))
        .order_by(Processo.id, Ato.seq)
    ):
        atos.setdefault(pid, []).append((tipo, payload or {}))
        regime_de[pid] = regime
    saida = {}
    for pid, lista in atos.items():
        pendente = fatos_do_recurso(carregar_regime(regime_de[pid]), lista).restituicao_pendente
        if pendente:
            saida[pid] = pendente.quantize(Decimal("0.01"))
    return saida


def _dinheiro(valor: Any) -> Decimal | None:
    if valor is None:
        return None
    return Decimal(str(valor)).quantize(Decimal("0.01"))


def _modulo_do_dialeto(dialeto: str) -> Any:
    """O módulo do dialeto do SQLAlchemy (SQLite ou PostgreSQL; None noutro banco), para
    compilar uma vez num `text()` com parâmetros `:nome` (`dialect(paramstyle="named")`)."""
    if dialeto == "sqlite":
        from sqlalchemy.dialects import sqlite

        return sqlite
    if dialeto == "postgresql":
        from sqlalchemy.dialects import postgresql

        return postgresql
    return None


@cache
def _upsert(dialeto: str) -> Any:
    """INSERT que, se a linha do processo existe, a substitui (ON CONFLICT DO UPDATE, no SQLite
    e no PostgreSQL); None noutro banco (apaga e insere).

    O SQLAlchemy 2.0 não guarda em cache o INSERT ... ON CONFLICT dos dialetos (`Insert` deles
    tem `inherit_cache = False`): executado como construção, seria compilado de novo a cada ato.
    Por isso compila-se aqui uma vez, em texto com um parâmetro nomeado por coluna (todas, os
    nulos também: um executemany só num lote), e os parâmetros levam os tipos das colunas; o
    texto tem chave de cache e a compilação se reaproveita."""
    modulo = _modulo_do_dialeto(dialeto)
    if modulo is None:
        return None
    q = modulo.insert(ProcessoResumo)
    q = q.on_conflict_do_update(
        index_elements=[ProcessoResumo.processo_id],
        set_={c: q.excluded[c] for c in COLUNAS if c != "processo_id"},
    )
    sql = str(q.compile(dialect=modulo.dialect(paramstyle="named")))
    tipos = ProcessoResumo.__table__.c
    return text(sql).bindparams(*(bindparam(c, type_=tipos[c].type) for c in COLUNAS))


def atualizar(s: Session, ids: Iterable[int]) -> int:
    """Regrava as linhas do resumo dos processos `ids` (em lotes); devolve quantas. Um comando
    por lote (o INSERT que substitui a linha existente), e um DELETE só se algum processo do
    lote deixou de existir."""
    total = 0
    upsert = _upsert(s.get_bind().dialect.name)
    for lote in _lotes(set(ids)):
        linhas = _linhas(s, lote)
        sumidos = set(lote) - {x["processo_id"] for x in linhas}
        if upsert is None or sumidos:
            apagar = lote if upsert is None else sorted(sumidos)
            s.execute(delete(ProcessoResumo).where(ProcessoResumo.processo_id.in_(apagar)))
        if linhas:
            # os nulos no INSERT (o texto de `_upsert` tem todas as colunas; `render_nulls` no
            # outro banco): um executemany só, e não um INSERT novo a cada mudança do padrão de
            # colunas vazias de uma linha para a outra
            s.execute(
                upsert
                if upsert is not None
                else insert(ProcessoResumo).execution_options(render_nulls=True),
                linhas,
            )
        total += len(linhas)
    return total


def prescricoes_regravadas(s: Session, ids: Iterable[int]) -> int:
    """Regrava só a data de prescrição (`prescreve_em`) do resumo dos processos `ids`, pela
    conta de hoje (a migração que muda a regra dela não depende das colunas que as migrações
    seguintes acrescentam); devolve quantos."""
    total = 0
    tabela = cast(Table, ProcessoResumo.__table__)  # Core: o ORM leria a lista como chaves
    comando = (
        update(tabela)
        .where(tabela.c.processo_id == bindparam("pid"))
        .values(prescreve_em=bindparam("data"))
    )
    for lote in _lotes(set(ids)):
        linhas = [{"pid": x["processo_id"], "data": x["prescreve_em"]} for x in _linhas(s, lote)]
        if linhas:
            s.execute(comando, linhas)
        total += len(linhas)
    return total


def refazer_todos(s: Session) -> int:
    """Regrava o resumo de todos os processos (uma mudança de dados normativos que muda as
    contas); devolve quantos."""
    ids = list(s.execute(select(Processo.id)).scalars())
    return atualizar(s, ids)


def preencher_na_migracao(s: Session) -> int:
    """Preenche o resumo de todos os processos numa tabela recém-criada por uma migração, que
    ainda não tem as colunas que as migrações seguintes acrescentam: grava só as colunas que a
    tabela tem agora (as seguintes se preenchem nas suas migrações); devolve quantos."""
    existentes = {c["name"] for c in inspect(s.connection()).get_columns(TABELA)}
    tipos = ProcessoResumo.__table__.c
    tabela = table(TABELA, *(column(c, tipos[c].type) for c in COLUNAS if c in existentes))
    total = 0
    for lote in _lotes(s.execute(select(Processo.id)).scalars()):
        linhas = [{k: v for k, v in x.items() if k in existentes} for x in _linhas(s, lote)]
        if linhas:
            s.execute(insert(tabela), linhas)
        total += len(linhas)
    return total


def conferir(s: Session) -> list[tuple[int, str, Any, Any]]:
    """As diferenças entre o resumo gravado e o recalculado a partir dos atos, em
    `(processo, coluna, gravado, recalculado)`; processo sem linha aparece na coluna `*`.

    Lote a lote (`LOTE` processos): as linhas gravadas de cada lote lidas pelo Core ao lado das
    recalculadas, e as linhas sem processo numa consulta. A memória não cresce com o banco (com
    1 milhão de processos, ler todas as linhas gravadas de uma vez, como objetos do ORM,
    ocupava gigabytes)."""
    gravada_de = select(*(ProcessoResumo.__table__.c[c] for c in COLUNAS))
    diferencas: list[tuple[int, str, Any, Any]] = []
    for lote in _lotes(s.execute(select(Processo.id)).scalars()):
        gravadas = {
            r["processo_id"]: r
            for r in s.execute(gravada_de.where(ProcessoResumo.processo_id.in_(lote))).mappings()
        }
        for linha in _linhas(s, lote):
            pid = linha["processo_id"]
            gravada = gravadas.get(pid)
            if gravada is None:
                diferencas.append((pid, "*", None, "linha ausente"))
                continue
            diferencas += [(pid, k, gravada[k], v) for k, v in linha.items() if gravada[k] != v]
    sem_processo = select(ProcessoResumo.processo_id).where(
        ~select(Processo.id).where(Processo.id == ProcessoResumo.processo_id).exists()
    )
    diferencas += [
        (pid, "*", "linha sem processo", None)
        for pid in s.execute(sem_processo.order_by(ProcessoResumo.processo_id)).scalars()
    ]
    return diferencas


@caso_de_uso()
def conferir_resumos(s: Session) -> list[tuple[int, str, Any, Any]]:
    """`conferir` como caso de uso (a CLI: `farol db resumos`)."""
    return conferir(s)


@caso_de_uso(escrita=True)
def refazer_resumos(s: Session) -> int:
    """`refazer_todos` como caso de uso (a CLI: `farol db resumos --refazer`)."""
    return refazer_todos(s)


# --------------------------------------------------------------------------- na transação


@event.listens_for(Session, "after_flush")
def _anotar(s: Session, _contexto: Any) -> None:
    """Os processos que este flush tocou (novo, alterado ou apagado)."""
    pendentes: set[int] = s.info.setdefault(_PENDENTES, set())
    for obj in chain(s.new, s.dirty, s.deleted):
        if isinstance(obj, Processo):
            pendentes.add(obj.id)
        elif isinstance(obj, _DO_PROCESSO):
            pendentes.add(obj.processo_id)


@event.listens_for(Session, "before_commit")
def _regravar(s: Session) -> None:
    """Antes do commit, as linhas dos processos anotados, na mesma transação."""
    s.flush()
    pendentes = s.info.pop(_PENDENTES, None)
    com_ato = s.info.pop(PROCESSOS_COM_ATO_NOVO, None)  # os atos gravados fora do flush
    if com_ato:
        pendentes = (pendentes or set()) | com_ato
    if pendentes:
        atualizar(s, pendentes)


@event.listens_for(Session, "after_soft_rollback")
def _descartar(s: Session, _transacao: Any) -> None:
    s.info.pop(_PENDENTES, None)
    s.info.pop(PROCESSOS_COM_ATO_NOVO, None)
