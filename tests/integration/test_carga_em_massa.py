"""Carga em massa (`farol demo --processos N`, issue 13 item 1): N processos clonados da
demonstração por INSERT em lote, com cadeias de hashes que verificam, numeração sem lacunas,
prazos iguais aos que o motor calcula no calendário da OM e o painel contando todos."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from apoio import hash_rapido
from cli_util import rodar
from fastapi.testclient import TestClient
from semente import atores
from sqlalchemy import func, select

from farol.app import criar_app
from farol.config import Configuracao
from farol.domain.cpf_cnpj import validar_cpf
from farol.relogio import hoje
from farol.rules.prazos import calcular_prazo
from farol.services import (
    auditoria,
    estatistica_mensal,
    painel,
    processos,
    processos_por_estado,
    resumo_processo,
    usuarios,
)
from farol.services.calendario_om import calendario_da_om
from farol.services.carga_em_massa import ResultadoCarga, carregar_em_massa
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.numeracao import AUTO_DE_INFRACAO, NOTIFICACAO, PROCESSO
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    Inspecao,
    Notificacao,
    Numeracao,
    Pessoa,
    Prazo,
    Processo,
)

N = 200
API = "/api/v1"
SEGREDO = "segredo-dos-testes-carga-em-massa-" + "x" * 24


def _total_no_painel(banco: Banco) -> int:
    dpc = atores(banco)["dpc"]
    with banco.unit_of_work(somente_leitura=True) as s:
        return painel.figuras.na_sessao(s, dpc, hoje()).processos.total


@pytest.fixture(scope="module")
def carga(banco_demo: Banco) -> Iterator[tuple[Banco, ResultadoCarga, int, int]]:
    """(banco, resultado, maior id de processo da demonstração, total do painel antes)."""
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        maior = int(s.execute(select(func.max(Processo.id))).scalar_one())
    antes = _total_no_painel(banco_demo)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(usuarios, "hash_senha", hash_rapido)
        r = carregar_em_massa(banco_demo, N, lote=64, semanas=8, log=lambda _: None)
    yield banco_demo, r, maior, antes


def test_carrega_n_processos_e_toda_cadeia_verifica(
    carga: tuple[Banco, ResultadoCarga, int, int],
) -> None:
    banco, r, maior, _ = carga
    assert r.processos == N and r.atos > N
    with banco.unit_of_work(somente_leitura=True) as s:
        novos = s.execute(select(func.count()).where(Processo.id > maior)).scalar_one()
        atos = s.execute(
            select(func.count()).select_from(Ato).where(Ato.processo_id > maior)
        ).scalar_one()
        por_om = dict(
            s.execute(
                select(Processo.om_id, func.count())
                .where(Processo.id > maior)
                .group_by(Processo.om_id)
            ).all()
        )
        oms = len(por_om)
        cpsc = s.execute(select(OM.id).where(OM.sigla == "CPSC")).scalar_one()
        da_cpsc = set(s.execute(select(OM.id).where(OM.superior_id == cpsc)).scalars()) | {cpsc}
        estados = s.execute(
            select(func.count(func.distinct(Processo.estado))).where(Processo.id > maior)
        ).scalar_one()
        cpfs = s.execute(
            select(Pessoa.documento)
            .join(Processo, Processo.autuado_id == Pessoa.id)
            .where(Processo.id > maior)
        ).scalars()
        assert all(validar_cpf(c) == c for c in cpfs)
        # o None das colunas JSON: NULL do SQL ou `null` do JSON, como o caminho normal gravou
        transicao = select(Prazo.transicao.is_(None)).distinct()
        divergencias = (
            select(Inspecao.divergencias.is_(None))
            .distinct()
            .join(Processo, Processo.inspecao_id == Inspecao.id)
        )
        for consulta, processo_id in ((transicao, Prazo.processo_id), (divergencias, Processo.id)):
            da_demo = set(s.execute(consulta.where(processo_id <= maior)).scalars())
            clonados = set(s.execute(consulta.where(processo_id > maior)).scalars())
            assert da_demo == clonados
    assert (novos, atos) == (N, r.atos)
    # espalhados pelo país: a jurisdição da CPSC (a dos modelos, com três Delegacias) fica com
    # ~10% dos clonados, não com a maioria (as OMs com o calendário dos modelos em todo dia)
    assert oms >= 10 and estados >= 10
    assert sum(n for om_id, n in por_om.items() if om_id in da_cpsc) <= N // 4
    assert auditoria.verificar(BancoUnitOfWork(banco)) == []
    # o modelo de leitura dos clonados, gravado com o lote, é o recalculado dos atos
    assert resumo_processo.conferir_resumos(BancoUnitOfWork(banco)) == []
    assert estatistica_mensal.conferir_estatisticas(BancoUnitOfWork(banco)) == []
    # e o contador de processos por estado (no PostgreSQL, somado por lote, sem o gatilho)
    assert processos_por_estado.conferir_contador(BancoUnitOfWork(banco)) == []


def test_numeracao_sem_lacunas_e_contadores_no_maior_numero(
    carga: tuple[Banco, ResultadoCarga, int, int],
) -> None:
    banco, *_ = carga
    with banco.unit_of_work(somente_leitura=True) as s:
        siglas = {i: sigla for i, sigla in s.execute(select(OM.id, OM.sigla))}
        usados: dict[tuple[int, int, str], list[int]] = {}
        for tipo, modelo in ((PROCESSO, Processo), (NOTIFICACAO, Notificacao)):
            om_de = (
                select(Processo.om_id, Processo.numero)
                if modelo is Processo
                else select(Processo.om_id, Notificacao.numero).join(
                    Processo, Processo.id == Notificacao.processo_id
                )
            )
            for om_id, numero in s.execute(om_de):
                ano, sigla, seq = numero.split("/")
                assert sigla == siglas[om_id]
                usados.setdefault((om_id, int(ano), tipo), []).append(int(seq))
        for om_id, ano, seq in s.execute(
            select(AutoDeInfracao.om_id, AutoDeInfracao.ano, AutoDeInfracao.sequencial)
        ):
            usados.setdefault((om_id, ano, AUTO_DE_INFRACAO), []).append(seq)
        contadores = {
            (n.om_id, n.ano, n.tipo): n.ultimo for n in s.execute(select(Numeracao)).scalars()
        }
        citados = s.execute(
            select(Ato.payload["numero_auto"].as_string(), AutoDeInfracao.numero)
            .join(AutoDeInfracao, AutoDeInfracao.processo_id == Ato.processo_id)
            .where(Ato.tipo == "lavratura_auto")
        ).all()
    assert citados and all(no_ato == do_auto for no_ato, do_auto in citados)
    for chave, seqs in usados.items():
        assert sorted(seqs) == list(range(1, len(seqs) + 1)), chave  # sem lacunas nem repetição
        assert contadores[chave] == max(seqs), chave


def test_processo_clonado_abre_pelo_servico_e_pela_api_com_prazos_do_motor(
    carga: tuple[Banco, ResultadoCarga, int, int], tmp_path: Path
) -> None:
    banco, _, maior, _ = carga
    dpc = atores(banco)["dpc"]
    with banco.unit_of_work(somente_leitura=True) as s:
        ids = list(s.execute(select(Processo.id).where(Processo.id > maior)).scalars())
        abertos = s.execute(
            select(Prazo, OM)
            .join(Processo, Processo.id == Prazo.processo_id)
            .join(OM, OM.id == Processo.om_id)
            .where(Prazo.processo_id > maior, Prazo.encerrado_em.is_(None))
        ).all()
        assert abertos
        for prazo, om in abertos:  # o mesmo vencimento que o motor calcula no calendário da OM
            assert prazo.inicio <= prazo.vencimento
            if prazo.contagem == "uteis":
                calculado = calcular_prazo(
                    prazo.etapa, prazo.inicio, prazo.regime, calendario_da_om(s, om)
                )
                assert calculado.vencimento == prazo.vencimento, (prazo.id, om.sigla)
    pid = random.Random(13).choice(ids)
    d = processos.detalhar(BancoUnitOfWork(banco), dpc, pid)
    assert d.atos and d.autuado is not None and d.embarcacao is not None
    assert d.atos[-1].seq == len(d.atos)
    config = Configuracao(pasta_dados=tmp_path, database_url=str(banco.url), segredo=SEGREDO)
    with TestClient(criar_app(config, banco), follow_redirects=False) as c:
        r = c.post(f"{API}/auth/token", data={"username": "dpc", "password": "farol2026"})
        api = {"Authorization": f"Bearer {r.json()['access_token']}"}
        j = c.get(f"{API}/processos/{pid}", headers=api)
        assert j.status_code == 200, j.text
        assert j.json()["numero"] == d.numero and j.json()["estado"] == d.estado


def test_painel_conta_a_demonstracao_mais_os_n(
    carga: tuple[Banco, ResultadoCarga, int, int],
) -> None:
    banco, _, _, antes = carga
    assert _total_no_painel(banco) == antes + N


def test_farol_demo_processos_carrega_e_imprime_a_taxa(
    url_banco_vazio: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    r = rodar(capsys, monkeypatch, "demo", "--database-url", url_banco_vazio, "--processos", "7")
    assert r.codigo == 0, r.stderr
    assert re.search(r"^7 processos em [\d.]+ s \(\d+/s\)$", r.stdout, re.MULTILINE), r.stdout
    banco = Banco.conectar(url_banco_vazio)
    try:
        assert auditoria.verificar(BancoUnitOfWork(banco)) == []
    finally:
        banco.fechar()
