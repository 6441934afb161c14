"""A busca por índice (issue 13, item 3) acha exatamente o que a busca por varredura achava, sem
acentos nem caixa, no SQLite e no PostgreSQL; o PostgreSQL usa os índices de trigramas e o
SQLite as tabelas FTS5, e os gatilhos as mantêm em dia. O texto de busca de cada processo
(`processo_busca`) acompanha a abertura, os autos e as correções do cadastro."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from semente import atores
from sqlalchemy import ColumnElement, Connection, and_, event, func, insert, or_, select
from sqlalchemy.orm import Session

from farol.domain.texto import normalizar_busca, palavras_da_busca
from farol.erros import EntradaInvalida
from farol.services import busca, cadastro, texto_de_busca
from farol.services.demo import PESSOAS, cpf_de
from farol.services.jurisdicao import Ator
from farol.store.db import Banco
from farol.store.indices_de_busca import (
    COLUNAS,
    JANELA,
    fts5_trigram_disponivel,
    indice_trigramas,
    tabela_fts,
)
from farol.store.orm import OM, AutoDeInfracao, Embarcacao, Pessoa, Processo, ProcessoBusca

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
    (repetidos, para passar do limite) e os difíceis, embarcações, autos em metade deles; o
    texto de busca deles, como a carga em massa o grava."""
    with banco.unit_of_work() as s:
        om = s.execute(select(OM.id).where(OM.sigla == "CPSC")).scalar_one()
        estado = s.execute(
            select(Processo.estado).where(Processo.regime == "lesta").limit(1)
        ).scalar_one()
        nomes = [*PESSOAS, *NOMES_DIFICEIS]
        agora = dt.datetime(2026, 1, 5, 12, tzinfo=dt.UTC)
        ids = []
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
            ids.append(processo)
            if n % 2 == 0:
                s.execute(
                    insert(AutoDeInfracao).values(
                        processo_id=processo, om_id=om, ano=2025, sequencial=9000 + n,
                        numero=f"AI-2025/CPSC/{9000 + n}", lavrado_em=dt.date(2025, 1, 5),
                    )
                )  # fmt: skip
        texto_de_busca.dos_processos(s, ids)


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
    "janela",
    [
        JANELA,  # os recentes da jurisdição cobrem os 80 a mais: as comuns completam a página
        60,  # umas completam a página nos recentes, outras vão ao índice
        1,  # quase nenhuma completa: o índice
    ],
)
def test_a_busca_por_indice_acha_o_mesmo_que_a_varredura(
    banco_busca: Banco, todos: dict[str, Ator], janela: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Com `janela` pequena, os recentes não têm uma página inteira e a busca vai ao índice (no
    PostgreSQL; o SQLite vai sempre). Por todos os caminhos, o resultado é o de antes."""
    monkeypatch.setattr(busca, "JANELA", janela)
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
            novo_e = [
                e["inscricao"]
                for e in busca.buscar_embarcacoes.na_sessao(s, todos["consulta.cpsc"], termo)
            ]
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
    """(tipo, comando, parâmetros) da busca de processos e da de embarcações: "recentes" (os
    processos mais recentes da jurisdição conferidos linha a linha), "indice" (os processos com
    as palavras pelo índice), "processos" (a página, com os ids achados) e "embarcacoes"."""
    comandos: list[tuple[str, str, Any]] = []

    def guardar(_c: Any, _cur: Any, comando: str, parametros: Any, *_: Any) -> None:
        for inicio, tipo in (
            ("SELECT anon_", "indice" if "OFFSET" in comando else "recentes"),
            ("SELECT processo.", "processos"),
            ("SELECT embarcacao.", "embarcacoes"),
        ):
            if comando.startswith(inicio):
                comandos.append((tipo, comando, parametros))

    event.listen(banco.engine, "before_cursor_execute", guardar)
    try:
        with banco.unit_of_work(somente_leitura=True) as s:
            busca.buscar_processos.na_sessao(s, ator, termo)
            # o papel sem dados pessoais: a busca só lê (o proprietário não vai nem se registra)
            busca.buscar_embarcacoes.na_sessao(s, replace(ator, papel="consulta"), termo)
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
    """`quantas` pessoas, embarcações, processos e autos que não casam com os termos do teste
    (e o texto de busca dos processos): com poucas linhas, ler a tabela inteira sai mais barato
    que o índice."""
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
    ).scalars().all()  # fmt: skip
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
    with Session(bind=c) as s:
        texto_de_busca.dos_processos(s, processos)


TERMOS_DOS_PLANOS = ("pacheco", "2026/cpsc/00", "maré mansa", "pacheco 4410")
INDICE_DO_TEXTO = indice_trigramas("processo_busca", "texto")


def test_postgresql_tem_os_indices_de_trigramas_e_a_busca_os_usa(
    postgresql: None, banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    """Termos que os recentes não bastam para completar: a página vem do índice de trigramas do
    texto de busca (as palavras todas numa consulta a ele), sem ler tabela inteira."""
    comandos = [
        c
        for termo in TERMOS_DOS_PLANOS
        for c in _consultas_da_busca(banco_busca, todos["dpc"], termo)
    ]
    assert [t for t, *_ in comandos] == ["recentes", "indice", "processos", "embarcacoes"] * len(
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
            assert "Seq Scan" not in plano, plano
            if tipo == "embarcacoes":
                assert usados == da_embarcacao, plano
            elif tipo == "indice":
                assert usados == {INDICE_DO_TEXTO}, plano
            elif tipo == "processos":  # a página: os ids achados, pela chave
                assert usados == set() and "processo_busca" not in plano, plano
            else:  # os recentes: pela chave, linha a linha, sem índice de trigramas
                assert usados == set() and "processo_busca" in plano, plano
        transacao.rollback()


def test_sqlite_busca_pela_tabela_fts5_do_texto_sem_varrer_as_tabelas(
    sqlite: None, banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    varredura = re.compile(r"\bSCAN (pessoa|embarcacao|processo|processo_busca|auto_de_infracao)\b")
    for termo in TERMOS_DOS_PLANOS:
        comandos = _consultas_da_busca(banco_busca, todos["dpc"], termo)
        assert [t for t, *_ in comandos] == ["indice", "processos", "embarcacoes"]
        for tipo, comando, parametros in comandos:
            plano = _plano(banco_busca, comando, parametros)
            usadas = set(re.findall(r"SCAN (fts_\w+) VIRTUAL TABLE INDEX", plano))
            fts = {"embarcacoes": {tabela_fts("embarcacao")}, "processos": set()}
            assert usadas == fts.get(tipo, {tabela_fts("processo_busca")}), plano
            assert not varredura.search(plano), plano


def test_sqlite_palavra_de_duas_letras_compara_sem_o_indice(
    sqlite: None, banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    comandos = _consultas_da_busca(banco_busca, todos["dpc"], "ma")
    assert all("fts_" not in comando for _, comando, _ in comandos)
    assert [t for t, c, _ in comandos if "LIKE" in c] == ["indice", "embarcacoes"]


def test_sqlite_palavras_de_tamanhos_diferentes_uma_consulta_ao_fts5_e_like_nas_curtas(
    sqlite: None, banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    tipo, comando, parametros = _consultas_da_busca(banco_busca, todos["dpc"], "pacheco ma 4410")[0]
    assert tipo == "indice" and comando.count("MATCH") == 1 and "LIKE" in comando
    assert '"pacheco" AND "4410"' in str(parametros)


def test_postgresql_palavras_comuns_completam_a_pagina_nos_recentes_sem_o_indice(
    postgresql: None, banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    """ "ária" está nos 80 processos mais recentes (as embarcações a mais): os recentes têm uma
    página inteira, e a página vem dos ids achados neles, sem consultar o índice."""
    # (com poucas linhas, o PostgreSQL ordena os recentes em vez de lê-los pela chave em ordem:
    # bench/busca.py mede em escala)
    comandos = _consultas_da_busca(banco_busca, todos["autoridade.cpsc"], "ária")
    assert [t for t, *_ in comandos] == ["recentes", "processos", "embarcacoes"]
    _, recentes, parametros = comandos[0]
    plano = _plano(banco_busca, recentes, parametros)
    assert "_trgm" not in plano and "Limit" in plano, plano


@pytest.mark.parametrize(("janela", "pelo_indice"), [(JANELA, False), (30, True)])
def test_a_janela_dos_recentes_basta_quando_tem_uma_pagina_inteira(
    postgresql: None,
    banco_busca: Banco,
    todos: dict[str, Ator],
    monkeypatch: pytest.MonkeyPatch,
    janela: int,
    pelo_indice: bool,
) -> None:
    """Uma janela que cobre os 80 processos com "ária" já tem uma página inteira; uma de 30 não
    tem, e a busca vai ao índice. O resultado é o mesmo."""
    monkeypatch.setattr(busca, "JANELA", janela)
    comandos = _consultas_da_busca(banco_busca, todos["autoridade.cpsc"], "ária")
    assert ("indice" in [t for t, *_ in comandos]) == pelo_indice
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        r = busca.buscar_processos.na_sessao(s, todos["autoridade.cpsc"], "ária")
        esperado = busca_antiga(s, todos["autoridade.cpsc"], "ária")
    assert r["truncado"] and ([p["numero"] for p in r["processos"]], True) == esperado


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
    banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    def inscricoes(termo: str) -> list[str]:
        with banco_busca.unit_of_work(somente_leitura=True) as s:
            sem_dados_pessoais = todos["consulta.cpsc"]
            achadas = busca.buscar_embarcacoes.na_sessao(s, sem_dados_pessoais, termo)
            return [e["inscricao"] for e in achadas]

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


# --- o texto de busca acompanha os processos --------------------------------------------------


def _textos(s: Session) -> dict[int, tuple[int, str]]:
    return {
        pid: (om, texto)
        for pid, om, texto in s.execute(
            select(ProcessoBusca.processo_id, ProcessoBusca.om_id, ProcessoBusca.texto)
        )
    }


def _recalculados(s: Session) -> dict[int, tuple[int, str]]:
    return {
        pid: (om, texto)
        for pid, om, texto in s.execute(
            select(Processo.id, Processo.om_id, texto_de_busca.texto_do_processo())
            .outerjoin(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
            .outerjoin(Pessoa, Pessoa.id == Processo.autuado_id)
        )
    }


def test_texto_de_busca_de_cada_processo_e_o_recalculado_dos_campos(banco_busca: Banco) -> None:
    """A demonstração abre os processos e lavra os autos (LESTA e poluição) pelos serviços: o
    texto de cada um, gravado na mesma transação, é o recalculado agora, com os autos lavrados
    depois da abertura."""
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        textos = _textos(s)
        assert textos == _recalculados(s)
        autos = s.execute(
            select(AutoDeInfracao.processo_id, AutoDeInfracao.numero, Processo.regime).join(
                Processo, Processo.id == AutoDeInfracao.processo_id
            )
        ).all()
    assert {"lesta", "poluicao"} <= {regime for *_, regime in autos}
    assert all(numero.lower() in textos[pid][1].split() for pid, numero, _ in autos)
    assert textos[autos[0][0]][1] == textos[autos[0][0]][1].lower()


@pytest.mark.parametrize(
    "termo", ["Zeferina Quixabá", "ZEFERINA quixaba", "quixabá zeferina", "úrsula zeferina"]
)
def test_nome_de_duas_palavras_com_ou_sem_acento_acha_o_autuado(
    banco_busca: Banco, todos: dict[str, Ator], termo: str
) -> None:
    _autuado_renomeado(banco_busca, todos)
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        r = busca.buscar_processos.na_sessao(s, todos["autoridade.cpsc"], termo)
    assert [p["autuado"]["nome"] for p in r["processos"]] == ["Zeferina Quixabá Úrsula"]


def _autuado_renomeado(banco: Banco, todos: dict[str, Ator]) -> str:
    """O último dos processos a mais: o autuado renomeado pelo serviço de correção do cadastro
    (uma vez no módulo), depois de o processo existir. Devolve o número do processo."""
    with banco.unit_of_work(somente_leitura=True) as s:
        pessoa = s.execute(
            select(Pessoa).where(Pessoa.documento == cpf_de(9000 + EXTRAS - 1))
        ).scalar_one()
        numero = s.execute(
            select(Processo.numero).where(Processo.autuado_id == pessoa.id)
        ).scalar_one()
        if pessoa.nome == "Zeferina Quixabá Úrsula":
            return numero
        cmd = cadastro.CorrecaoDePessoa(
            versao=pessoa.versao, nome="Zeferina Quixabá Úrsula", motivo="nome grafado errado"
        )
    with banco.unit_of_work() as s:
        cadastro.corrigir_pessoa.na_sessao(s, todos["inspetor.cpsc"], pessoa.id, cmd)
    return numero


def test_nome_corrigido_depois_do_processo_muda_a_busca(
    banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        antigo = s.execute(
            select(Pessoa.nome_busca).where(Pessoa.documento == cpf_de(9000 + EXTRAS - 1))
        ).scalar_one()
    numero = _autuado_renomeado(banco_busca, todos)
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        ator = todos["autoridade.cpsc"]
        achados = busca.buscar_processos.na_sessao(s, ator, "zeferina quixaba")["processos"]
        assert [p["numero"] for p in achados] == [numero]
        if antigo != "zeferina quixaba ursula":  # a primeira correção: o nome antigo sai
            de_antes = busca.buscar_processos.na_sessao(s, ator, f"{antigo} {numero}")
            assert de_antes["processos"] == []
        assert _textos(s) == _recalculados(s)


def test_embarcacao_renomeada_depois_do_processo_muda_a_busca(
    banco_busca: Banco, todos: dict[str, Ator]
) -> None:
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        barco, numero = s.execute(
            select(Embarcacao, Processo.numero)
            .join(Processo, Processo.embarcacao_id == Embarcacao.id)
            .where(Embarcacao.inscricao == f"77{EXTRAS - 2:04d}X_%")
        ).one()
        cmd = cadastro.CorrecaoDeEmbarcacao(
            versao=barco.versao, nome="Baleeira Çaraíba", motivo="nome do registro no TIE"
        )
    with banco_busca.unit_of_work() as s:
        cadastro.corrigir_embarcacao.na_sessao(s, todos["inspetor.cpsc"], barco.id, cmd)
    with banco_busca.unit_of_work(somente_leitura=True) as s:
        r = busca.buscar_processos.na_sessao(s, todos["autoridade.cpsc"], "CARAIBA baleeira")
        assert [p["numero"] for p in r["processos"]] == [numero]
        assert _textos(s) == _recalculados(s)
