"""O contador de prazos em curso por OM e dia de vencimento (migração 0041): o banco o mantém a
cada prazo aberto, encerrado ou com o vencimento mudado, o painel o soma para os prazos que
vencem hoje, nos próximos dias e os já vencidos, e `farol db resumos` o confere. Nos dois bancos
(FAROL_TEST_DATABASE_URL roda no PostgreSQL). O recálculo noturno (vencimentos mudados por
UPDATE em lote) é conferido em test_recalculo_prazos.py."""

from __future__ import annotations

import datetime as dt

import pytest
from apoio import hash_rapido
from cli_util import rodar
from semente import atores, processo_autuado, registrar
from sqlalchemy import func, select, text, update

from farol.relogio import hoje
from farol.services import demo, painel, prazos_por_dia, usuarios
from farol.services.carga_em_massa import carregar_em_massa
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import Prazo, PrazosEmCursoPorDia

GATILHOS = {
    "sqlite": {
        "prazos_em_curso_inclusao",
        "prazos_em_curso_exclusao",
        "prazos_em_curso_saida",
        "prazos_em_curso_entrada",
    },
    "postgresql": {"prazos_em_curso_inclusao", "prazos_em_curso_alteracao"},
}


@pytest.fixture
def demo_carregada(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> Banco:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    return banco


def _direto(banco: Banco, oms: frozenset[int], de: dt.date, ate: dt.date) -> int:
    """A contagem dos próprios prazos em curso (o que o painel contava antes do contador)."""
    with banco.unit_of_work(somente_leitura=True) as s:
        return int(
            s.execute(
                select(func.count()).where(
                    Prazo.om_id.in_(oms),
                    Prazo.encerrado_em.is_(None),
                    Prazo.vencimento >= de,
                    Prazo.vencimento <= ate,
                )
            ).scalar_one()
        )


def _conferir(banco: Banco) -> list[tuple[str, object, object]]:
    return prazos_por_dia.conferir_contador(BancoUnitOfWork(banco))


def test_os_gatilhos_estao_no_banco(banco: Banco) -> None:
    dialeto = banco.engine.dialect.name
    with banco.engine.connect() as c:
        if dialeto == "sqlite":
            comando = "SELECT name FROM sqlite_master WHERE type='trigger'"
        else:
            comando = (
                "SELECT tgname FROM pg_trigger WHERE tgrelid = 'prazo'::regclass"
                " AND NOT tgisinternal"
            )
        nomes = {n for (n,) in c.execute(text(comando))}
    assert GATILHOS[dialeto] <= nomes


def test_o_painel_soma_o_contador_igual_a_contagem_dos_prazos(demo_carregada: Banco) -> None:
    banco = demo_carregada
    dia = hoje()
    a = atores(banco)
    vencidos_por_login = {}
    for login in ("autoridade.cpsc", "dpc", "delegado.itajai"):
        ator = a[login]
        with banco.unit_of_work(somente_leitura=True) as s:
            f = painel.figuras.na_sessao(s, ator, dia)
        c = f.contagens
        vencidos = _direto(banco, ator.oms, painel.INICIO_DOS_TEMPOS, dia - dt.timedelta(days=1))
        assert c.prazos_vencidos == vencidos, login
        vencidos_por_login[login] = vencidos
        assert c.prazos_hoje == _direto(banco, ator.oms, dia, dia), login
        semana = _direto(
            banco,
            ator.oms,
            dia + dt.timedelta(days=1),
            dia + dt.timedelta(days=painel.DIAS_DA_SEMANA),
        )
        assert c.prazos_semana == semana, login
    assert vencidos_por_login["dpc"] > 0  # a demonstração do país tem prazos vencidos
    assert _conferir(banco) == []


def test_abrir_e_encerrar_prazos_move_o_contador_na_mesma_transacao(
    demo_carregada: Banco,
) -> None:
    banco = demo_carregada
    ator = atores(banco)["autoridade.cpsc"]
    tudo = (dt.date(1900, 1, 1), dt.date(2200, 1, 1))
    pid, _ = processo_autuado(banco, inscricao="441077801", dias_atras=40)
    assert _conferir(banco) == []
    # a ciência do auto abre o prazo da defesa, contado no seu dia
    registrar(banco, "autoridade.cpsc", pid, "ciencia_auto", hoje() - dt.timedelta(days=20),
              meio="pessoal")  # fmt: skip
    em_curso = (Prazo.processo_id == pid, Prazo.encerrado_em.is_(None))
    with banco.unit_of_work(somente_leitura=True) as s:
        [vencimento] = s.execute(select(Prazo.vencimento).where(*em_curso)).scalars().all()
        no_dia = prazos_por_dia.contar(s, ator.oms, vencimento, vencimento)
        assert no_dia == _direto(banco, ator.oms, vencimento, vencimento) >= 1
        assert prazos_por_dia.contar(s, ator.oms, *tudo) == _direto(banco, ator.oms, *tudo)
    assert _conferir(banco) == []
    # um UPDATE desfeito não deixa rastro no contador
    with banco.sessoes() as s:
        s.execute(update(Prazo).where(Prazo.processo_id == pid).values(encerrado_em=hoje()))
        s.rollback()
    assert _conferir(banco) == []
    # fora do ORM também (os gatilhos contam qualquer escritor): o vencimento muda de dia...
    outro_dia = dt.date(2099, 1, 15)
    with banco.engine.begin() as c:
        c.execute(update(Prazo).where(*em_curso).values(vencimento=outro_dia))
    with banco.unit_of_work(somente_leitura=True) as s:
        assert prazos_por_dia.contar(s, ator.oms, vencimento, vencimento) == no_dia - 1
        assert prazos_por_dia.contar(s, ator.oms, outro_dia, outro_dia) == 1
    assert _conferir(banco) == []
    # ...e o prazo se encerra
    with banco.engine.begin() as c:
        c.execute(update(Prazo).where(*em_curso).values(encerrado_em=hoje()))
    with banco.unit_of_work(somente_leitura=True) as s:
        assert prazos_por_dia.contar(s, ator.oms, outro_dia, outro_dia) == 0
    assert _conferir(banco) == []


def test_a_carga_em_massa_soma_os_prazos_de_cada_lote(demo_carregada: Banco) -> None:
    """No PostgreSQL a carga grava por COPY com a conta dos gatilhos desligada e soma cada lote
    num comando; no SQLite os gatilhos contam: nos dois, o contador bate com os prazos."""
    banco = demo_carregada
    with banco.unit_of_work(somente_leitura=True) as s:
        antes = s.execute(select(func.sum(PrazosEmCursoPorDia.quantidade))).scalar_one()
    carregar_em_massa(banco, 60, lote=25, semanas=30, log=lambda _: None)
    with banco.unit_of_work(somente_leitura=True) as s:
        depois = s.execute(select(func.sum(PrazosEmCursoPorDia.quantidade))).scalar_one()
    assert depois > antes
    assert _conferir(banco) == []


def test_conferir_acusa_e_a_cli_refaz(
    demo_carregada: Banco,
    url_banco: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    banco = demo_carregada
    with banco.sessoes() as s:
        linha = s.execute(select(PrazosEmCursoPorDia).limit(1)).scalar_one()
        chave = f"{linha.om_id}/{linha.vencimento.isoformat()}"
        certo = linha.quantidade
        linha.quantidade = certo + 2
        s.commit()
    assert _conferir(banco) == [(chave, certo + 2, certo)]
    r = rodar(capsys, monkeypatch, "db", "resumos", "--database-url", url_banco)
    assert r.codigo == 1 and "prazos em curso por dia" in r.stdout and chave in r.stdout, r.stdout
    r = rodar(capsys, monkeypatch, "db", "resumos", "--refazer", "--database-url", url_banco)
    assert r.codigo == 0 and "prazos em curso por dia refeitos" in r.stdout, r.stdout
    assert _conferir(banco) == []
