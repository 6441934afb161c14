"""O modelo de leitura `processo_resumo` (issue 13, item 2): regravado na mesma transação de
cada ato, nunca discorda dos atos. Depois de toda a demonstração (todos os regimes, todos os
estados, cada ato pelos serviços), recalcular cada linha a partir dos atos, prazos,
penalidades e pagamentos dá exatamente o gravado; um ato recusado não muda nada; a
divergência forjada aparece em `conferir` e na CLI."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from apoio import comandos_sql, hash_rapido
from cli_util import rodar
from semente import atores, processo_autuado, registrar
from sqlalchemy import delete, func, select, update

from farol.erros import ErroFarol
from farol.relogio import data_local, hoje
from farol.services import demo, resumo_processo, usuarios
from farol.store.db import Banco
from farol.store.migrar import atualizar_banco, rebaixar_banco
from farol.store.orm import Inspecao, Prazo, Processo, ProcessoResumo


@pytest.fixture
def demo_carregada(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> Banco:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    return banco


def _resumo(banco: Banco, pid: int) -> ProcessoResumo:
    with banco.unit_of_work(somente_leitura=True) as s:
        r = s.get(ProcessoResumo, pid)
        assert r is not None
        return r


def test_depois_de_toda_a_demonstracao_o_resumo_e_o_recalculado_dos_atos(
    demo_carregada: Banco,
) -> None:
    with demo_carregada.unit_of_work(somente_leitura=True) as s:
        n = s.execute(select(Processo.id)).scalars().all()
        linhas = s.execute(select(ProcessoResumo)).scalars().all()
        assert len(linhas) == len(n) > 20
        assert resumo_processo.conferir(s) == []
        # a demonstração tem de tudo: multa paga em parte, prazos em curso, encerrados
        assert any(r.encerrado for r in linhas) and any(not r.encerrado for r in linhas)
        assert any(r.proximo_vencimento is not None for r in linhas)
        assert any(r.multa is not None and r.pago > 0 for r in linhas)
        assert any(r.prescreve_em is not None for r in linhas)


def test_a_linha_de_um_processo_so_e_a_mesma_do_lote(demo_carregada: Banco) -> None:
    """Um ato regrava uma linha pela consulta já compilada em texto (`_consulta_de_uma_linha`);
    um lote, pela construção com a lista de ids: as duas dão as mesmas linhas em todos os
    regimes e estados da demonstração (datas, dinheiro e prescrição incluídos)."""
    with demo_carregada.unit_of_work(somente_leitura=True) as s:
        ids = sorted(s.execute(select(Processo.id)).scalars())
        lote = {x["processo_id"]: x for x in resumo_processo._linhas(s, ids)}
        assert len(lote) == len(ids)
        for pid in ids:
            assert resumo_processo._linhas(s, [pid]) == [lote[pid]], pid
        assert any(isinstance(x["multa"], Decimal) for x in lote.values())
        assert any(isinstance(x["proximo_vencimento"], dt.date) for x in lote.values())


def test_o_ato_regrava_a_linha_na_mesma_transacao_e_o_recusado_nao_muda_nada(
    demo_carregada: Banco,
) -> None:
    banco = demo_carregada
    pid, _ = processo_autuado(banco, inscricao="4410999001", dias_atras=40)
    antes = _resumo(banco, pid)
    assert (antes.ultimo_ato_tipo, antes.atos) == ("lavratura_auto", 2)  # notificação e auto
    with banco.unit_of_work(somente_leitura=True) as s:
        defesa = s.execute(
            select(Prazo.vencimento).where(Prazo.processo_id == pid, Prazo.encerrado_em.is_(None))
        ).scalar_one_or_none()
    assert defesa is None and antes.proximo_vencimento is None  # sem ciência, sem prazo

    ciencia = hoje() - dt.timedelta(days=20)
    registrar(banco, "autoridade.cpsc", pid, "ciencia_auto", ciencia, meio="pessoal")
    depois = _resumo(banco, pid)
    assert (depois.ultimo_ato_tipo, depois.ultimo_ato_data) == ("ciencia_auto", ciencia)
    assert depois.atos == antes.atos + 1
    with banco.unit_of_work(somente_leitura=True) as s:
        aberto = s.execute(
            select(Prazo).where(Prazo.processo_id == pid, Prazo.encerrado_em.is_(None))
        ).scalar_one()
    assert aberto.etapa == "defesa" and depois.proximo_vencimento == aberto.vencimento

    with pytest.raises(ErroFarol):  # ato futuro: recusado, a transação volta atrás
        registrar(banco, "autoridade.cpsc", pid, "defesa", hoje() + dt.timedelta(days=1))
    assert _resumo(banco, pid).atos == depois.atos
    with banco.unit_of_work(somente_leitura=True) as s:
        assert resumo_processo.conferir(s) == []


def test_divergencia_forjada_aparece_na_conferencia_e_a_cli_a_refaz(
    demo_carregada: Banco,
    url_banco: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    banco = demo_carregada
    pid, _ = processo_autuado(banco, inscricao="4410999002", dias_atras=40)
    ciencia = hoje() - dt.timedelta(days=20)
    registrar(banco, "autoridade.cpsc", pid, "ciencia_auto", ciencia, meio="pessoal")
    certo = _resumo(banco, pid).proximo_vencimento
    assert certo is not None
    with banco.engine.begin() as c:  # fora do ORM: ninguém regrava
        c.execute(
            update(ProcessoResumo)
            .where(ProcessoResumo.processo_id == pid)
            .values(proximo_vencimento=dt.date(2001, 1, 1))
        )
    with banco.unit_of_work(somente_leitura=True) as s:
        assert resumo_processo.conferir(s) == [
            (pid, "proximo_vencimento", dt.date(2001, 1, 1), certo)
        ]
    r = rodar(capsys, monkeypatch, "db", "resumos", "--database-url", url_banco)
    assert r.codigo == 1 and "1 diferença" in r.stdout and "proximo_vencimento" in r.stdout
    r = rodar(capsys, monkeypatch, "db", "resumos", "--refazer", "--database-url", url_banco)
    assert r.codigo == 0, r.stderr
    assert "resumo refeito" in r.stdout
    assert _resumo(banco, pid).proximo_vencimento == certo
    r = rodar(capsys, monkeypatch, "db", "resumos", "--database-url", url_banco)
    assert r.codigo == 0 and "em dia" in r.stdout, r.stdout
    assert atores(banco)  # a sessão segue utilizável


def test_a_conferencia_le_lote_a_lote_e_acha_a_linha_que_falta(
    demo_carregada: Banco, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Com lotes de 7 processos (a demonstração tem mais de 20), a conferência acha a linha
    apagada e a alterada no último lote, e nenhum comando lê a tabela do resumo inteira (com 1
    milhão de processos, as linhas gravadas todas de uma vez ocupavam gigabytes)."""
    monkeypatch.setattr(resumo_processo, "LOTE", 7)
    banco = demo_carregada
    with banco.unit_of_work(somente_leitura=True) as s:
        ids = sorted(s.execute(select(Processo.id)).scalars())
    assert len(ids) > 3 * 7
    apagado, alterado = ids[1], ids[-1]
    with banco.engine.begin() as c:  # fora do ORM: ninguém regrava
        c.execute(delete(ProcessoResumo).where(ProcessoResumo.processo_id == apagado))
        c.execute(
            update(ProcessoResumo)
            .where(ProcessoResumo.processo_id == alterado)
            .values(atos=999)
        )
    with comandos_sql(banco.engine) as comandos, banco.unit_of_work(somente_leitura=True) as s:
        diferencas = resumo_processo.conferir(s)
    do_resumo = [c for c in comandos if "FROM processo_resumo" in c]
    assert do_resumo and all(" WHERE " in c for c in do_resumo), do_resumo
    assert diferencas[0] == (apagado, "*", None, "linha ausente")
    assert [d[:3] for d in diferencas[1:]] == [(alterado, "atos", 999)]


def test_a_migracao_preenche_o_resumo_e_a_data_civil_dos_processos_ja_gravados(
    demo_carregada: Banco, url_banco: str
) -> None:
    """Um banco com processos antes das migrações 0026, 0027 e 0029: ao subir, cada processo
    ganha a sua linha do resumo (a mesma do recálculo), cada inspeção a sua data civil e cada
    prazo a OM do seu processo."""
    banco = demo_carregada
    banco.engine.dispose()
    rebaixar_banco(url_banco, "0025")
    atualizar_banco(url_banco)
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.execute(select(func.count()).select_from(ProcessoResumo)).scalar_one() > 20
        assert resumo_processo.conferir(s) == []
        for instante, data in s.execute(select(Inspecao.data_hora, Inspecao.data)):
            assert data == data_local(instante)
        oms = s.execute(
            select(Prazo.om_id, Processo.om_id).join(Processo, Processo.id == Prazo.processo_id)
        ).all()
        assert len(oms) > 20
        assert all(do_prazo == do_processo for do_prazo, do_processo in oms)
