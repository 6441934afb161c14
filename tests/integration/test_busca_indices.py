"""A busca por índice (issue 13, item 3) acha exatamente o que a busca por varredura achava, sem
acentos nem caixa, no SQLite e no PostgreSQL; o PostgreSQL usa os índices de trigramas e o
SQLite as tabelas FTS5, e os gatilhos as mantêm em dia."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

import pytest
from semente import atores
from sqlalchemy import ColumnElement, Connection, and_, event, func, insert, or_, select
from sqlalchemy.orm import Session

from farol.domain.texto import normalizar_busca, palavras_da_busca
from farol.erros import EntradaInvalida
from farol.services import busca
from farol.services.demo import PESSOAS, cpf_de
from farol.services.jurisdicao import Ator
from farol.store.db import Banco
from farol.store.indices_de_busca import (
    COLUNAS,
    COMUM,
    JANELA,
    MUITO_COMUM,
    fts5_trigram_disponivel,
    indice_trigramas,
    tabela_fts,
)
from farol.store.orm import OM, AutoDeInfracao, Embarcacao, Pessoa, Processo

EXTRAS = 80  # processos a mais na CPSC, para passar do limite da busca
NOMES_DIFICEIS = ["100% Pesca_Ltda", 'Barco "Rápido"', "Ação & Cia", "Ångström Ñandú", "Ô"]

# --- a busca de antes (OR de LIKE sobre as tabelas), a referência -------------------------


def _padrao(termo: str) -> str:
    escapado = termo.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escapado}%"


def _contem(coluna: Any, termo: str) -> ColumnElement[bool]:
    return func.lower(coluna).like(_padrao(termo), escape="\\")


def _nome_contem(coluna: Any, palavra: str) -> ColumnElement[bool]:
    return coluna.like(_padrao(palavra), escape="\\")


def _palavras(termo: str) -> list[str]:
    return palavras_da_busca(termo) or [termo]


def _embarcacao_casa(palavra: str) -> ColumnElement[bool]:
    return or_(_contem(Embarcacao.inscricao, palavra), _nome_contem(Embarcacao.nome_busca, palavra))


def _processo_casa(palavra: str) -> ColumnElement[bool]:
    return or_(
        _contem(Processo.numero, palavra),
        Processo.id.in_(
            select(AutoDeInfracao.processo_id).where(_contem(AutoDeInfracao.numero, palavra))
        ),
        Processo.embarcacao_id.in_(select(Embarcacao.id).where(_embarcacao_casa(palavra))),
        Processo.autuado_id.in_(select(Pessoa.id).where(_nome_contem(Pessoa.nome_busca, palavra))),
    )


def busca_antiga(s: Session, ator: Ator, termo: str) -> tuple[list[str], bool]:
    """Os números (na ordem da resposta) e se truncou, como a busca por varredura respondia."""
    termo = termo.strip()
    documento = busca.documento_do_termo(termo)
    criterios = [and_(*(_processo_casa(p) for p in _palavras(termo)))]
    if documento is not None:
        criterios.append(
            Processo.autuado_id.in_(select(Pessoa.id).where(Pessoa.documento == documento))
        )
    numeros = s.execute(
        select(Processo.numero)
        .where(Processo.om_id.in_(ator.oms), or_(*criterios))
        .order_by(Processo.id.desc())
        .limit(busca.LIMITE + 1)
    ).scalars()
    lista = sorted(numeros, key=lambda n: n != termo.upper())
    return lista[: busca.LIMITE], len(lista) > busca.LIMITE


def embarcacoes_antigas(s: Session, termo: str) -> list[str]:
    termo = termo.strip()
    return list(
        s.execute(
            select(Embarcacao.inscricao)
            .join(Pessoa, Pessoa.id == Embarcacao.proprietario_id)
            .where(and_(*(_embarcacao_casa(p) for p in _palavras(termo))))
            .order_by(Embarcacao.nome, Embarcacao.id)
            .limit(8)
        ).scalars()
    )


# --- dados: a demonstração e mais processos com nomes acentuados e difíceis ---------------


def _mais_processos(banco: Banco) -> None:
    """EXTRAS processos na CPSC, direto nas tabelas: autuados com os nomes da demonstração
    (repetidos, para passar do limite) e os difíceis, embarcações, autos em metade deles."""
    with banco.unit_of_work() as s:
        om = s.execute(select(OM.id).where(OM.sigla == "CPSC")).scalar_one()
        estado = s.execute(
            select(Processo.estado).where(Processo.regime == "lesta").limit(1)
        ).scalar_one()
        nomes = [*PESSOAS, *NOMES_DIFICEIS]
        agora = dt.datetime(2026, 1, 5, 12, tzinfo=dt.UTC)
        for n in range(EXTRAS):
            nome = nomes[n % len(nomes)].upper() if n % 2 == 0 else nomes[n % len(nomes)]
            pessoa = s.execute(
                insert(Pessoa)
                .values(documento=cpf_de(9000 + n), tipo="fisica", nome=nome)
                .returning(Pessoa.id)
            ).scalar_one()
            barco = s.execute(
                insert(Embarcacao)
                .values(inscricao=f"77{n:04d}X_%", nome=f"Ária {nome}", proprietario_id=pessoa)
                .returning(Embarcacao.id)
            ).scalar_one()
            processo = s.execute(
                insert(Processo)
                .values(
                    om_id=om, numero=f"2025/CPSC/9{n:05d}", regime="lesta", estado=estado,
                    autuado_id=pessoa, embarcacao_id=barco, versao=1, criado_em=agora,
                )
                .returning(Processo.id)
            ).scalar_one()  # fmt: skip
            if n % 2 == 0:
                s.execute(
                    insert(AutoDeInfracao).values(
                        processo_id=processo, om_id=om, ano=2025, sequencial=9000 + n,
                        numero=f"AI-2025/CPSC/{9000 + n}", lavrado_em=dt.date(2025, 1, 5),
                    )
                )  # fmt: skip


@pytest.fixture(scope="module")
def banco_busca(banco_demo: Banco) -> Banco:
    _mais_processos(banco_demo)
    return banco_demo


@pytest.fixture(scope="module")
def todos(banco_busca: Banco) -> dict[str, Ator]:
    return atores(banco_busca)


def _termos(s: Session) -> list[str]:
    """Termos tirados dos próprios dados, com e sem acentos, em caixas diferentes, parciais,
    de mais de uma palavra, CPF/CNPJ com e sem pontuação, e os difíceis."""
    termos = {
        "%", "%%", "_", "x_%", "\\", '"', 'barco "rápido"', "ma", "Ô", "o", "xx", "ção", "\u0301\u0301",
        "SILVA", "da silva", "maré mansa", "MARE MANSA", "4411", "2026", "2026/cpsc", "/0000",
        "11.222.333/0001-81", "11222333000181", "529.982.247-25", "ária", "ARIA pesca",
        "angstrom", "ÅNGSTRÖM ñandu", "100%", "pesca_ltda", "ai-2025", "marcio souza", "zzz",
        "cpsc", "2025", "9000", '""', "\\\\",
    }  # fmt: skip
    linhas = s.execute(
        select(
            Processo.numero, Pessoa.nome, Pessoa.documento, Embarcacao.nome, Embarcacao.inscricao
        )
        .join(Pessoa, Pessoa.id == Processo.autuado_id)
        .join(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
        .order_by(Processo.id)
    ).all()
    for i, (numero, pessoa, documento, barco, inscricao) in enumerate(linhas[::3]):
        palavras = pessoa.split()
        termos |= {
            numero, numero.lower(), numero[5:], numero[-4:], pessoa, pessoa.upper(),
            normalizar_busca(pessoa), f"{palavras[0]} {palavras[-1]}".upper(), barco,
            normalizar_busca(barco).upper(), inscricao, inscricao[2:7], documento,
            documento[:6], f"{palavras[-1]} {barco.split()[0]}",
        }  # fmt: skip
        if i % 2:  # o CPF pontuado
            termos.add(re.sub(r"(\d{3})(\d{3})(\d{3})(\d{2})", r"\1.\2.\3-\4", documento))
    termos |= set(s.execute(select(AutoDeInfracao.numero)).scalars())
    return sorted(t for t in termos if len(t.strip()) >= busca.TAMANHO_MINIMO)


# --- (a) os mesmos resultados de antes ---------------------------------------------------


@pytest.mark.parametrize(
    ("comum", "janela", "muito_comum"),
    [
        (COMUM, JANELA, MUITO_COMUM),  # uma palavra rara escolhe os candidatos
        (20, JANELA, MUITO_COMUM),  # umas raras, outras comuns
        (1, 60, MUITO_COMUM),  # todas comuns: os recentes, linha a linha
        (1, 30, MUITO_COMUM),  # a janela não basta: a menos comum escolhe
        (1, 30, 1),  # nem essa: a interseção pelos índices
    ],
)
def test_a_busca_por_indice_acha_o_mesmo_que_a_varredura(
    banco_busca: Banco,
    todos: dict[str, Ator],
    comum: int,
    janela: int,
    muito_comum: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Com `comum` baixo, as palavras passam a ser comuns e a busca percorre os processos mais
    recentes conferindo linha a linha; com `janela` pequena, a janela não basta e a busca volta aos
    índices. Por todos os caminhos, o resultado é o de antes."""
    monkeypatch.setattr(busca, "COMUM", comum)
    monkeypatch.setattr(busca, "JANELA", janela)
    monkeypatch.setattr(busca, "MUITO_COMUM", muito_comum)
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        termos = _termos(s)
        assert len(termos) > 150
        diferentes = []
        achou = truncou = 0
        for termo in termos:
            for login in ("autoridade.cpsc", "dpc", "autoridade.cpsp"):
                try:
                    r = busca.buscar_processos.na_sessao(s, todos[login], termo)
                except EntradaInvalida:
                    continue  # CPF pontuado inválido: erro nas duas
                novo = ([p["numero"] for p in r["processos"]], r["truncado"])
                if novo != busca_antiga(s, todos[login], termo):
                    diferentes.append((login, termo))
                achou += bool(novo[0])
                truncou += novo[1]
            novo_e = [e["inscricao"] for e in busca.buscar_embarcacoes.na_sessao(s, termo)]
            if novo_e != embarcacoes_antigas(s, termo):
                diferentes.append(("embarcações", termo))
    assert diferentes == []
    assert achou > 200 and truncou > 5  # os termos acham de fato, e alguns passam do limite


@pytest.mark.parametrize(
    "termo",
    ["Márcio", "MARCIO", "márcio pacheco", "GUIMARÃES", "guimaraes MÁRCIO", "Marcio Guimarães"],
)
def test_nome_com_ou_sem_acento_e_em_qualquer_caixa_acha_o_mesmo_autuado(
    banco_busca: Banco, todos: dict[str, Ator], termo: str
) -> None:
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        r = busca.buscar_processos.na_sessao(s, todos["autoridade.cpsc"], termo)
    nomes = {p["autuado"]["nome"] for p in r["processos"]}
    assert nomes == {"Márcio Guimarães Pacheco", "MÁRCIO GUIMARÃES PACHECO"}


def test_cpf_com_ou_sem_pontuacao_acha_os_processos_do_autuado(
    banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        documento = s.execute(
            select(Pessoa.documento).join(Processo, Processo.autuado_id == Pessoa.id).limit(1)
        ).scalar_one()
        pontuado = f"{documento[:3]}.{documento[3:6]}.{documento[6:9]}-{documento[9:]}"
        respostas = [
            busca.buscar_processos.na_sessao(s, todos["dpc"], t)
            for t in (documento, pontuado, f" {pontuado} ")
        ]
        assert respostas[0]["processos"] and respostas[0]["documento"] == pontuado
        assert respostas[0]["processos"] == respostas[1]["processos"] == respostas[2]["processos"]
        assert busca.buscar_processos.na_sessao(s, todos["dpc"], documento[:7])["processos"] == []


def test_numero_do_processo_em_minusculas_vem_primeiro(
    banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        r = busca.buscar_processos.na_sessao(s, todos["autoridade.cpsc"], "2026/cpsc/000003")
    assert r["processos"][0]["numero"] == "2026/CPSC/000003"


# --- (b) e (c) os planos usam os índices ---------------------------------------------------


def _consultas_da_busca(banco: Banco, ator: Ator, termo: str) -> list[tuple[str, str, Any]]:
    """(tipo, comando, parâmetros) da busca de processos e da de embarcações: "frequencias" (as
    palavras contadas pelos índices), "recentes" (a página entre os processos mais recentes),
    "processos" (a página pelos índices) e "embarcacoes"."""
    comandos: list[tuple[str, str, Any]] = []

    def guardar(_c: Any, _cur: Any, comando: str, parametros: Any, *_: Any) -> None:
        for inicio, tipo in (
            ("SELECT (SELECT count(*)", "frequencias"),
            ("SELECT processo.", "processos"),
            ("SELECT anon_", "recentes"),
            ("SELECT embarcacao.", "embarcacoes"),
        ):
            if comando.startswith(inicio):
                comandos.append((tipo, comando, parametros))

    event.listen(banco.engine, "before_cursor_execute", guardar)
    try:
        with banco.unit_of_work(somente_leitura=True) as s:
            busca.buscar_processos.na_sessao(s, ator, termo)
            busca.buscar_embarcacoes.na_sessao(s, termo)
    finally:
        event.remove(banco.engine, "before_cursor_execute", guardar)
    return comandos


def _plano(banco: Banco, comando: str, parametros: Any) -> str:
    with banco.engine.connect() as c:
        if c.dialect.name == "postgresql":
            return "\n".join(c.exec_driver_sql("EXPLAIN " + comando, parametros).scalars())
        linhas = c.exec_driver_sql("EXPLAIN QUERY PLAN " + comando, parametros)
        return "\n".join(linha[-1] for linha in linhas)


@pytest.fixture
def postgresql(motor: str) -> None:
    if motor != "postgresql":
        pytest.skip("só no PostgreSQL")


@pytest.fixture
def sqlite(motor: str) -> Iterator[None]:
    if motor != "sqlite":
        pytest.skip("só no SQLite")
    if not fts5_trigram_disponivel():
        pytest.skip("SQLite sem o tokenizador trigram (3.34+)")
    yield


def _enchimento(c: Connection, quantas: int) -> None:
    """`quantas` pessoas, embarcações, processos e autos que não casam com os termos do teste:
    com poucas linhas, ler a tabela inteira sai mais barato que o índice."""
    om, estado = c.execute(select(Processo.om_id, Processo.estado).limit(1)).one()
    pessoas = c.execute(
        insert(Pessoa).returning(Pessoa.id, sort_by_parameter_order=True),
        [
            {"documento": f"8{n:010d}", "tipo": "fisica", "nome": f"Fulano {n}"}
            for n in range(quantas)
        ],
    ).scalars()
    barcos = c.execute(
        insert(Embarcacao).returning(Embarcacao.id, sort_by_parameter_order=True),
        [
            {"inscricao": f"EE{n:08d}", "nome": f"Bote {n}", "proprietario_id": p}
            for n, p in enumerate(pessoas)
        ],
    ).all()
    agora = dt.datetime(2025, 1, 5, 12, tzinfo=dt.UTC)
    processos = c.execute(
        insert(Processo).returning(Processo.id, sort_by_parameter_order=True),
        [
            {
                "om_id": om, "numero": f"1999/ENCH/{n:06d}", "regime": "lesta",
                "estado": estado, "autuado_id": None, "embarcacao_id": b, "versao": 1,
                "criado_em": agora,
            }
            for n, (b,) in enumerate(barcos)
        ],
    ).scalars()  # fmt: skip
    c.execute(
        insert(AutoDeInfracao),
        [
            {
                "processo_id": p, "om_id": om, "ano": 1999, "sequencial": n,
                "numero": f"AI-1999/ENCH/{n}", "lavrado_em": dt.date(1999, 1, 5),
            }
            for n, p in enumerate(processos)
        ],
    )  # fmt: skip


TERMOS_DOS_PLANOS = ("pacheco", "2026/cpsc/00", "maré mansa", "pacheco 4410")


def test_postgresql_tem_os_indices_de_trigramas_e_a_busca_os_usa(
    postgresql: None, banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    comandos = [
        c
        for termo in TERMOS_DOS_PLANOS
        for c in _consultas_da_busca(banco_busca, todos["dpc"], termo)
    ]
    assert [t for t, *_ in comandos] == ["frequencias", "processos", "embarcacoes"] * len(
        TERMOS_DOS_PLANOS
    )
    esperados = {indice_trigramas(t, col) for t, cols in COLUNAS.items() for col in cols}
    da_embarcacao = {indice_trigramas("embarcacao", col) for col in COLUNAS["embarcacao"]}
    with banco_busca.engine.connect() as c, c.begin() as transacao:
        definicoes = dict(
            c.exec_driver_sql(
                "SELECT indexname, indexdef FROM pg_indexes WHERE right(indexname, 5) = '_trgm'"
                " AND schemaname = current_schema()"
            ).all()
        )
        assert set(definicoes) == esperados
        assert all("USING gin" in d and "gin_trgm_ops" in d for d in definicoes.values())
        _enchimento(c, 10_000)  # desfeito no fim (rollback), com as estatísticas do ANALYZE
        for indice in esperados:  # o que o VACUUM faria: a lista pendente do GIN vai ao índice
            c.exec_driver_sql(f"SELECT gin_clean_pending_list('{indice}'::regclass)")
        c.exec_driver_sql("ANALYZE")
        c.exec_driver_sql("SET LOCAL enable_seqscan = off")
        for tipo, comando, parametros in comandos:
            plano = "\n".join(c.exec_driver_sql("EXPLAIN " + comando, parametros).scalars())
            usados = set(re.findall(r"Bitmap Index Scan on (\w+_trgm)", plano))
            assert usados == (da_embarcacao if tipo == "embarcacoes" else esperados), plano
            assert "Seq Scan" not in plano, plano
        transacao.rollback()


def test_sqlite_busca_pelas_tabelas_fts5_sem_varrer_as_tabelas(
    sqlite: None, banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    varredura = re.compile(r"\bSCAN (pessoa|embarcacao|processo|auto_de_infracao)\b")
    for termo in TERMOS_DOS_PLANOS:
        comandos = _consultas_da_busca(banco_busca, todos["dpc"], termo)
        assert [t for t, *_ in comandos] == ["frequencias", "processos", "embarcacoes"]
        for tipo, comando, parametros in comandos:
            plano = _plano(banco_busca, comando, parametros)
            usadas = set(re.findall(r"SCAN (fts_\w+) VIRTUAL TABLE INDEX", plano))
            todas = {tabela_fts(t) for t in COLUNAS}
            assert usadas == ({tabela_fts("embarcacao")} if tipo == "embarcacoes" else todas)
            assert not varredura.search(plano), plano


def test_sqlite_palavra_de_duas_letras_compara_sem_o_indice(
    sqlite: None, banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    for _, comando, _ in _consultas_da_busca(banco_busca, todos["dpc"], "ma"):
        assert "fts_" not in comando and "LIKE" in comando


def test_palavras_comuns_percorrem_os_recentes_linha_a_linha_sem_ler_todas_pelo_indice(
    postgresql: None, banco_busca: Banco, todos: dict[str, Ator], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Todas as palavras comuns: os processos do mais novo ao mais velho, cada palavra conferida
    pelas chaves da linha (sem um conjunto com todas as linhas que casam), e para no limite."""
    monkeypatch.setattr(busca, "COMUM", 1)
    comandos = _consultas_da_busca(banco_busca, todos["dpc"], "ária pacheco")
    tipos = ["frequencias", "recentes", "frequencias", "processos", "embarcacoes"]
    assert [t for t, *_ in comandos] == tipos
    _, comando, parametros = comandos[1]
    assert "fts_" not in comando
    plano = _plano(banco_busca, comando, parametros)
    # a conferência linha a linha (SubPlan por linha, não um hashed SubPlan com todas as linhas
    # que casam) sobre a janela dos processos mais recentes (com poucas linhas, o PostgreSQL os
    # ordena em vez de lê-los pela chave em ordem: bench/busca.py, em escala)
    assert "SubPlan" in plano and "hashed SubPlan" not in plano, plano
    assert "Subquery Scan" in plano and "Bitmap Index Scan on ix_pessoa" not in plano, plano


def test_sqlite_com_palavras_comuns_vai_pelos_indices(
    sqlite: None, banco_busca: Banco, todos: dict[str, Ator], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(busca, "COMUM", 1)
    comandos = _consultas_da_busca(banco_busca, todos["dpc"], "ária pacheco")
    assert [t for t, *_ in comandos] == ["frequencias", "frequencias", "processos", "embarcacoes"]


@pytest.mark.parametrize(("janela", "paginas"), [(JANELA, 1), (30, 2)])
def test_a_janela_dos_recentes_basta_quando_tem_uma_pagina_inteira(
    postgresql: None,
    banco_busca: Banco,
    todos: dict[str, Ator],
    monkeypatch: pytest.MonkeyPatch,
    janela: int,
    paginas: int,
) -> None:
    """ "ária" está nos 80 processos mais recentes (as embarcações a mais): uma janela que os cobre
    já tem uma página inteira; uma de 30 não tem, e a busca volta aos índices."""
    monkeypatch.setattr(busca, "COMUM", 1)
    monkeypatch.setattr(busca, "JANELA", janela)
    chamadas: list[int] = []
    pagina = busca._pagina

    def contar(*args: Any) -> list[Any]:
        chamadas.append(1)
        return pagina(*args)

    monkeypatch.setattr(busca, "_pagina", contar)
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        r = busca.buscar_processos.na_sessao(s, todos["autoridade.cpsc"], "ária")
        esperado = busca_antiga(s, todos["autoridade.cpsc"], "ária")
    assert r["truncado"] and ([p["numero"] for p in r["processos"]], True) == esperado
    assert len(chamadas) == paginas


# --- os gatilhos mantêm as tabelas FTS5 em dia ---------------------------------------------


def test_sqlite_tabelas_fts5_tem_os_gatilhos_e_estao_em_dia(
    sqlite: None, banco_busca: Banco
) -> None:
    with banco_busca.engine.begin() as c:
        gatilhos = set(
            c.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'trigger'").scalars()
        )
        for tabela in COLUNAS:
            fts = tabela_fts(tabela)
            assert {f"{fts}_inclusao", f"{fts}_exclusao", f"{fts}_alteracao"} <= gatilhos
            # confere o índice contra a tabela de origem (falha se divergirem)
            c.exec_driver_sql(f"INSERT INTO {fts}({fts}, rank) VALUES ('integrity-check', 1)")


def test_cadastro_incluido_corrigido_e_apagado_aparece_e_some_da_busca(
    banco_busca: Banco,
) -> None:
    def inscricoes(termo: str) -> list[str]:
        with banco_busca.unit_of_work(somente_leitura=True) as s:
            return [e["inscricao"] for e in busca.buscar_embarcacoes.na_sessao(s, termo)]

    with banco_busca.unit_of_work() as s:
        dono = Pessoa(documento=cpf_de(99_999), tipo="fisica", nome="Zulmira Içá")
        s.add(dono)
        s.flush()
        barco = Embarcacao(inscricao="QQ-UNICA-1", nome="Jangada Ímpar", proprietario_id=dono.id)
        s.add(barco)
        s.flush()
        ids = dono.id, barco.id
    assert inscricoes("jangada impar") == inscricoes("qq-Unica") == ["QQ-UNICA-1"]
    with banco_busca.unit_of_work() as s:
        barco = s.get_one(Embarcacao, ids[1])
        barco.nome = "Canoa Célere"
        barco.inscricao = "QQ-OUTRA-2"
    assert inscricoes("jangada") == inscricoes("qq-Unica") == []
    assert inscricoes("CANOA celere") == inscricoes("qq-outra") == ["QQ-OUTRA-2"]
    with banco_busca.unit_of_work() as s:
        s.delete(s.get_one(Embarcacao, ids[1]))
        s.delete(s.get_one(Pessoa, ids[0]))
    assert inscricoes("canoa celere") == inscricoes("qq-outra") == []
