"""As migrações criam exatamente o esquema dos modelos, sobem e descem, no SQLite e no PG."""

from __future__ import annotations

import datetime as dt
import threading
from decimal import Decimal
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, insert, inspect, select

from farol.services import texto_de_busca
from farol.store.db import Banco, criar_engine
from farol.store.indices_de_busca import contem_todos, incluir_na_comparacao
from farol.store.migrar import (
    ARQUIVO_INI,
    atualizar_banco,
    banco_atualizado,
    configuracao_alembic,
    preparar_banco,
    rebaixar_banco,
    revisao_atual,
    revisao_mais_recente,
)
from farol.store.orm import (
    OM,
    AutoDeInfracao,
    Base,
    Embarcacao,
    Pessoa,
    Processo,
    ProcessoBusca,
    ProcessoResumo,
)


def test_migracoes_produzem_exatamente_o_esquema_dos_modelos(banco: Banco) -> None:
    with banco.engine.connect() as conexao:
        contexto = MigrationContext.configure(
            conexao,
            opts={
                "compare_type": True,
                "compare_server_default": True,
                # as tabelas FTS5 do SQLite e os índices só do PostgreSQL (migração 0023)
                "include_object": incluir_na_comparacao(conexao.dialect.name),
            },
        )
        diferencas = compare_metadata(contexto, Base.metadata)
    assert diferencas == []


def test_restricoes_check_das_migracoes_sao_as_dos_modelos(banco: Banco) -> None:
    inspetor = inspect(banco.engine)
    for tabela in Base.metadata.sorted_tables:
        no_banco = {c["name"] for c in inspetor.get_check_constraints(tabela.name)}
        nos_modelos = {
            str(c.name) for c in tabela.constraints if c.__class__.__name__ == "CheckConstraint"
        }
        assert no_banco == nos_modelos, tabela.name


def test_migracoes_sobem_descem_e_sobem_de_novo(url_banco_vazio: str) -> None:
    assert revisao_atual(url_banco_vazio) is None
    atualizar_banco(url_banco_vazio)
    assert banco_atualizado(url_banco_vazio)
    rebaixar_banco(url_banco_vazio, "base")
    assert revisao_atual(url_banco_vazio) is None
    engine = criar_engine(url_banco_vazio)
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    engine.dispose()
    atualizar_banco(url_banco_vazio)
    assert revisao_atual(url_banco_vazio) == revisao_mais_recente()


def test_duas_migracoes_simultaneas_esperam_uma_pela_outra(url_banco_vazio: str) -> None:
    erros: list[BaseException] = []
    largada = threading.Barrier(2)

    def migrar() -> None:
        try:
            largada.wait()
            atualizar_banco(url_banco_vazio)
        except BaseException as e:  # pragma: no cover - só em falha
            erros.append(e)

    fios = [threading.Thread(target=migrar) for _ in range(2)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join()
    assert erros == []
    assert banco_atualizado(url_banco_vazio)


def test_migracoes_formam_uma_linha_so_com_nomes_do_que_mudam() -> None:
    roteiro = ScriptDirectory.from_config(configuracao_alembic())
    assert len(roteiro.get_heads()) == 1
    for revisao in roteiro.walk_revisions():
        arquivo = Path(str(revisao.path)).name
        assert arquivo.startswith(f"{revisao.revision}_") and len(arquivo) > 12, arquivo


def test_alembic_ini_fica_no_pacote_ao_lado_das_migracoes() -> None:
    assert ARQUIVO_INI.parent.name == "store"
    assert (ARQUIVO_INI.parent / "migrations" / "env.py").is_file()


def test_primeira_execucao_no_sqlite_cria_o_banco(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'novo' / 'farol.sqlite3'}"
    assert preparar_banco(url) is True
    assert banco_atualizado(url)
    assert preparar_banco(url) is False


def test_postgresql_nao_e_migrado_sem_pedido(url_banco_vazio: str, motor: str) -> None:
    if motor != "postgresql":
        pytest.skip("só no PostgreSQL")
    assert preparar_banco(url_banco_vazio) is False
    assert revisao_atual(url_banco_vazio) is None


def _om(c: Connection) -> int:
    """Uma OM gravada direto na tabela, para os dados de antes de uma migração."""
    return int(
        c.execute(
            insert(OM)
            .values(sigla="CPSC", nome="Capitania", tipo="CP", uf="SC", municipio="Itajaí")
            .returning(OM.id)
        ).scalar_one()
    )


def test_0036_preenche_o_texto_de_busca_dos_processos_que_ja_existem(url_banco_vazio: str) -> None:
    """Processos gravados antes da 0036 (com e sem auto, embarcação e autuado) ganham o texto de
    busca: o mesmo que o serviço grava (farol/services/texto_de_busca.py), e a busca os acha."""
    atualizar_banco(url_banco_vazio, "0035")
    engine = criar_engine(url_banco_vazio)
    agora = dt.datetime(2026, 1, 5, 12, tzinfo=dt.UTC)
    with engine.begin() as c:
        om = _om(c)
        pessoa = c.execute(
            insert(Pessoa)
            .values(documento="52998224725", tipo="fisica", nome="Conceição Müller")
            .returning(Pessoa.id)
        ).scalar_one()
        barco = c.execute(
            insert(Embarcacao)
            .values(inscricao="441ABC", nome="Maré Mansa", proprietario_id=pessoa)
            .returning(Embarcacao.id)
        ).scalar_one()
        comum = {"om_id": om, "regime": "lesta", "estado": "x", "versao": 1, "criado_em": agora}
        ids = [
            c.execute(
                insert(Processo).values(numero=n, **campos, **comum).returning(Processo.id)
            ).scalar_one()
            for n, campos in (
                ("2026/CPSC/000001", {"autuado_id": pessoa, "embarcacao_id": barco}),
                ("2026/CPSC/000002", {"autuado_id": None, "embarcacao_id": None}),
            )
        ]
        for seq in (1, 2):
            c.execute(
                insert(AutoDeInfracao).values(
                    processo_id=ids[0], om_id=om, ano=2026, sequencial=seq,
                    numero=f"AI-2026/CPSC/{seq}", lavrado_em=agora.date(),
                )
            )  # fmt: skip
    engine.dispose()
    atualizar_banco(url_banco_vazio)
    banco = Banco.conectar(url_banco_vazio)
    try:
        with banco.unit_of_work(somente_leitura=True) as s:
            textos = dict(s.execute(select(ProcessoBusca.processo_id, ProcessoBusca.texto)).all())
            assert set(textos) == set(ids)
            assert textos[ids[1]] == "2026/cpsc/000002"
            primeiro = textos[ids[0]].split()
            assert primeiro[0] == "2026/cpsc/000001"
            assert sorted(primeiro[1:3]) == ["ai-2026/cpsc/1", "ai-2026/cpsc/2"]
            assert primeiro[3:] == ["441abc", "mare", "mansa", "conceicao", "muller"]
            recalculados = s.execute(
                select(Processo.id, texto_de_busca.texto_do_processo())
                .outerjoin(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
                .outerjoin(Pessoa, Pessoa.id == Processo.autuado_id)
            ).all()
            assert {i: sorted(t.split()) for i, t in recalculados} == {
                i: sorted(t.split()) for i, t in textos.items()
            }
            casam = ProcessoBusca.processo_id.in_(
                select(ProcessoBusca.processo_id).where(
                    contem_todos(
                        ProcessoBusca.__table__,
                        ["muller", "ai-2026/cpsc/2"],
                        s.get_bind().dialect.name,
                    )
                )
            )
            assert s.execute(select(ProcessoBusca.processo_id).where(casam)).scalars().all() == [
                ids[0]
            ]
    finally:
        banco.fechar()


def test_0045_a_divida_ativa_ja_inscrita_volta_ao_debito_no_resumo(url_banco_vazio: str) -> None:
    """Processo em dívida ativa gravado quando ela era final (resumo encerrado e sem débito):
    depois da 0045, em curso e em débito pelo saldo, como `farol db resumos --refazer` o
    regravaria; o quitado fica como estava."""
    atualizar_banco(url_banco_vazio, "0044")
    engine = criar_engine(url_banco_vazio)
    agora = dt.datetime(2026, 1, 5, 12, tzinfo=dt.UTC)
    with engine.begin() as c:
        om = _om(c)
        ids = {}
        for n, estado in enumerate(("divida_ativa", "quitado"), start=1):
            ids[estado] = c.execute(
                insert(Processo)
                .values(numero=f"2026/CPSC/00000{n}", om_id=om, regime="lesta", estado=estado,
                        versao=1, criado_em=agora)
                .returning(Processo.id)
            ).scalar_one()  # fmt: skip
            c.execute(
                insert(ProcessoResumo).values(
                    processo_id=ids[estado], om_id=om, regime="lesta", estado=estado,
                    encerrado=True, atos=5, prazos_em_curso=0, multa=Decimal("500.00"),
                    pago=Decimal("500.00") if estado == "quitado" else Decimal(0),
                    restituicao_pendente=Decimal(0), em_debito=False,
                )
            )  # fmt: skip
    engine.dispose()
    atualizar_banco(url_banco_vazio)
    banco = Banco.conectar(url_banco_vazio)
    try:
        with banco.unit_of_work(somente_leitura=True) as s:
            linhas = {
                r.processo_id: (r.encerrado, r.em_debito)
                for r in s.execute(select(ProcessoResumo)).scalars()
            }
        assert linhas == {ids["divida_ativa"]: (False, True), ids["quitado"]: (True, False)}
    finally:
        banco.fechar()


def test_0046_a_prescricao_corre_no_sobrestado_e_nao_na_penalidade_afastada(
    url_banco_vazio: str,
) -> None:
    """Processo sobrestado gravado com o resumo sem data de prescrição (o alerta o escondia) e
    processo à espera da restituição gravado com ela: depois da 0046, como `farol db resumos
    --refazer` os regravaria (docs/interpretacoes.md, ponto 17)."""
    atualizar_banco(url_banco_vazio, "0045")
    engine = criar_engine(url_banco_vazio)
    agora = dt.datetime(2026, 1, 5, 12, tzinfo=dt.UTC)
    with engine.begin() as c:
        om = _om(c)
        ids = {}
        for n, (estado, sobrestado, prescreve) in enumerate(
            (("sobrestado", True, None), ("aguardando_restituicao", False, dt.date(2029, 1, 5))),
            start=1,
        ):
            ids[estado] = c.execute(
                insert(Processo)
                .values(numero=f"2026/CPSC/00000{n}", om_id=om, regime="lesta", estado=estado,
                        sobrestado=sobrestado, versao=1, criado_em=agora)
                .returning(Processo.id)
            ).scalar_one()  # fmt: skip
            c.execute(
                insert(ProcessoResumo).values(
                    processo_id=ids[estado], om_id=om, regime="lesta", estado=estado,
                    encerrado=False, atos=0, prazos_em_curso=0, multa=Decimal(0),
                    pago=Decimal(0), restituicao_pendente=Decimal(0), em_debito=False,
                    prescreve_em=prescreve,
                )
            )  # fmt: skip
    engine.dispose()
    atualizar_banco(url_banco_vazio)
    banco = Banco.conectar(url_banco_vazio)
    try:
        with banco.unit_of_work(somente_leitura=True) as s:
            linhas = {
                r.processo_id: r.prescreve_em for r in s.execute(select(ProcessoResumo)).scalars()
            }
        # sem ato, a intercorrente corre da abertura (05/01/2026): três anos
        assert linhas == {
            ids["sobrestado"]: dt.date(2029, 1, 5),
            ids["aguardando_restituicao"]: None,
        }
    finally:
        banco.fechar()
