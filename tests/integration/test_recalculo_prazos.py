"""Recálculo em lote dos prazos em curso (issue 13, item 7; `farol prazos recalcular`).

Um fechamento de OM gravado direto na tabela (sem `registrar_fechamento`, como ficaria depois de
uma mudança do calendário) e o recálculo em lote: cada prazo em curso fica com o vencimento que
`calcular_prazo` dá, um a um, com `calendario_da_om`; os que mudaram, também com os dias não
úteis e os fundamentos. O prazo cuja data o ato fixou (o do leilão, NORMAM-07 item 0313) não se
toca; o de dias fixados na decisão (acessória) se recalcula com os mesmos dias. O número de
comandos SQL não cresce com o número de processos.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from apoio import hash_rapido
from cli_util import rodar
from sqlalchemy import delete, event, func, select

from farol.relogio import hoje
from farol.rules.calendario import obter_calendario
from farol.rules.prazos import ResultadoPrazo, calcular_prazo
from farol.services import (
    demo,
    inspecoes,
    prazos_por_dia,
    procedimentos,
    processos,
    resumo_processo,
    usuarios,
)
from farol.services.calendario_om import calendario_da_om
from farol.services.comandos import NovoAto
from farol.services.recalculo_prazos import ResultadoRecalculo, recalcular_prazos_abertos
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import CONTAGEM_NO_ATO, OM, OMFechamento, Prazo, Processo
from integration.test_documentos_custodia import Cenario, _cenario
from integration.test_estatisticas_escala import mais_processos

MOTIVO = "Ponto facultativo municipal de teste"
N = 6


@pytest.fixture
def demo_carregada(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> Banco:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    return banco


def recalcular(banco: Banco, om: str | None = None) -> ResultadoRecalculo:
    return recalcular_prazos_abertos(BancoUnitOfWork(banco), om)


def fechar_em_todas(banco: Banco, dia: dt.date) -> None:
    """O fechamento direto na tabela, em toda OM (nenhum prazo recalculado ao gravar)."""
    with banco.unit_of_work() as s:
        for om_id in s.execute(select(OM.id)).scalars():
            s.add(OMFechamento(om_id=om_id, data=dia, motivo=MOTIVO))


def dia_que_mais_adia(banco: Banco, exceto: dt.date | None = None) -> dt.date:
    """O dia útil que cai dentro da contagem de mais prazos em dias úteis em curso."""
    with banco.unit_of_work(somente_leitura=True) as s:
        janelas = s.execute(
            select(Prazo.inicio, Prazo.vencimento).where(
                Prazo.encerrado_em.is_(None), Prazo.contagem == "uteis"
            )
        ).all()
    cal = obter_calendario()
    dias = {i + dt.timedelta(days=k) for i, v in janelas for k in range(1, (v - i).days + 1)}
    uteis = [d for d in dias if cal.vencivel[cal.indice(d)] and d != exceto]
    return max(uteis, key=lambda d: (sum(i < d <= v for i, v in janelas), d))


def gravados(banco: Banco) -> dict[int, dict[str, Any]]:
    """Os prazos em curso como estão no banco, por id."""
    with banco.unit_of_work(somente_leitura=True) as s:
        return {
            p.id: {
                "inicio": p.inicio,
                "vencimento": p.vencimento,
                "contagem": p.contagem,
                "dias": p.dias,
                "dias_nao_uteis": p.dias_nao_uteis,
                "fundamentos": p.fundamentos,
            }
            for p in s.execute(select(Prazo).where(Prazo.encerrado_em.is_(None))).scalars()
        }


def um_a_um(banco: Banco) -> dict[int, ResultadoPrazo]:
    """O oráculo: cada prazo em curso (menos os de data fixada no ato) por `calcular_prazo`,
    com o calendário da OM montado por `calendario_da_om`, como `registrar_fechamento` faz."""
    with banco.unit_of_work(somente_leitura=True) as s:
        linhas = s.execute(
            select(Prazo, OM)
            .join(Processo, Processo.id == Prazo.processo_id)
            # o da OM do processo; a decisão do recurso, o da OM de quem decide
            .join(OM, OM.id == func.coalesce(Prazo.calendario_om_id, Processo.om_id))
            .where(Prazo.encerrado_em.is_(None), Prazo.contagem != CONTAGEM_NO_ATO)
        ).all()
        return {
            p.id: calcular_prazo(
                p.etapa,
                p.inicio,
                regime=p.regime,
                calendario=calendario_da_om(s, om),
                dias_fixados=p.dias,
            )
            for p, om in linhas
        }


def conferir_com_o_um_a_um(
    banco: Banco, antes: dict[int, dict[str, Any]], r: ResultadoRecalculo
) -> set[int]:
    """Confere o recálculo com o oráculo e devolve os ids dos prazos que mudaram."""
    depois = gravados(banco)
    esperado = um_a_um(banco)
    assert r.examinados == len(esperado)
    assert {i: depois[i]["vencimento"] for i in esperado} == {
        i: x.vencimento for i, x in esperado.items()
    }
    mudaram = {i for i in depois if depois[i]["vencimento"] != antes[i]["vencimento"]}
    assert r.alterados == len(mudaram)
    for i in mudaram:  # os que mudaram: a explicação inteira, como a do cálculo um a um
        x = esperado[i]
        assert depois[i]["dias_nao_uteis"] == x.dias_nao_uteis_json()
        assert depois[i]["fundamentos"] == list(x.fundamentos)
        assert depois[i]["dias"] == antes[i]["dias"]
    for i in depois.keys() - mudaram:  # os demais, intactos
        assert depois[i] == antes[i]
    assert sum(x.alterados for x in r.por_om) == r.alterados
    assert sum(x.examinados for x in r.por_om) == r.examinados
    with banco.unit_of_work(somente_leitura=True) as s:
        assert resumo_processo.conferir(s) == []  # o modelo de leitura acompanha
        assert prazos_por_dia.conferir(s) == []  # e o contador dos prazos por dia (gatilhos)
    return mudaram


def test_o_recalculo_em_lote_da_o_vencimento_do_calculo_um_a_um_em_todo_prazo_em_curso(
    demo_carregada: Banco,
) -> None:
    banco = demo_carregada
    mais_processos(banco, N)
    assert recalcular(banco).alterados == 0  # o calendário não mudou: nada a gravar
    antes = gravados(banco)
    dia = dia_que_mais_adia(banco)
    fechar_em_todas(banco, dia)

    r = recalcular(banco)

    assert r.nao_recalculados == []
    mudaram = conferir_com_o_um_a_um(banco, antes, r)
    assert len(mudaram) >= 3
    depois = gravados(banco)
    # cada um adiado pelo fechamento, que a explicação nomeia com o motivo; ou, contado da
    # expiração de outro que o fechamento adiou (o julgamento, da defesa já apresentada), com o
    # início adiado junto
    assert all(depois[i]["vencimento"] > antes[i]["vencimento"] for i in mudaram)
    movidos = {i for i in mudaram if depois[i]["inicio"] != antes[i]["inicio"]}
    assert all(depois[i]["inicio"] > antes[i]["inicio"] for i in movidos)
    assert all(
        any(
            d["data"] == dia.isoformat() and d["motivo"] == MOTIVO
            for d in depois[i]["dias_nao_uteis"]
        )
        for i in mudaram - movidos
    )
    assert any(depois[i]["contagem"] == "uteis" for i in mudaram)
    assert recalcular(banco).alterados == 0  # de novo, nada


def test_so_a_om_pedida_e_recalculada(demo_carregada: Banco) -> None:
    banco = demo_carregada
    antes = gravados(banco)
    fechar_em_todas(banco, dia_que_mais_adia(banco))
    r = recalcular(banco, "CPSC")
    assert [x.om for x in r.por_om] == ["CPSC"]
    depois = gravados(banco)
    with banco.unit_of_work(somente_leitura=True) as s:
        da_cpsc = set(
            s.execute(
                select(Prazo.id)
                .join(Processo, Processo.id == Prazo.processo_id)
                .join(OM, OM.id == Processo.om_id)
                .where(OM.sigla == "CPSC")
            ).scalars()
        )
    mudaram = {i for i in depois if depois[i] != antes[i]}
    assert mudaram and mudaram <= da_cpsc
    assert len(mudaram) == r.alterados
    assert recalcular(banco).alterados > 0  # as demais OMs ficaram para o recálculo geral


# --------------------------------------------------------------------------- banco construído

LEILAO = dt.date(2026, 10, 1)
FIM_DA_ACESSORIA = dt.date(2026, 6, 15)  # 60 dias corridos de 15/04: 13/06 (sábado) → 15/06
# (o mesmo dia em que vence o comparecimento da inspeção de 01/06 da custódia: 8 dias úteis,
# sem o Corpus Christi de 04/06)


def _custodia_em_leilao(banco: Banco) -> Cenario:
    """Custódia de responsável desconhecido até o Edital de Leilão de 10/09/2026: o prazo do
    leilão vence na data que o edital fixa (01/10/2026), contagem `no_ato`."""
    c = _cenario(banco, endereco=None, inscricao="4410888888")
    c.ato("edital_regularizacao", "2026-06-01", {"publicacao": "Quadro de avisos da CPSC"})
    c.ato("perdimento", "2026-09-01", {"fundamentacao": "Prazo do edital vencido em 31/08."})
    leilao = {"data_leilao": LEILAO.isoformat(), "local": "Sede da CPSC",
              "valor_avaliacao": "8000.00", "jornal": "Diário Catarinense"}  # fmt: skip
    c.ato("edital_leilao", "2026-09-10", leilao)
    return c


def _acessoria_fixada_na_decisao(banco: Banco, c: Cenario) -> int:
    """Obra às margens (RLESTA.26) julgada com demolição em 60 dias fixados na decisão e
    ciência em 14/04/2026: o prazo da acessória vence em 15/06/2026."""
    with banco.unit_of_work() as s:
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410777001", "nome": "Trapiche"},
            "proprietario": {"documento": "111.444.777-35", "nome": "Carlos Obra"},
            "data_hora": "2026-03-02T10:00:00-03:00", "local": "Canal da Barra",
            "situacao": "parada",
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, c.insp, cmd).processos[0].id
    auto = {"infracoes": [{"infracao": "RLESTA.26", "autor_tipo": "proprietario_obra"}]}
    demolicao = {"tipo": "demolicao_obra", "fundamentacao": "O trapiche estreita o canal."}
    decisao = {
        "penalidades": [{"infracao": "RLESTA.26", "multa": "2000.00", "acessorias": [demolicao]}],
        "justificativa": "Obra sem licença às margens do canal, constatada e não desfeita.",
        "prazo_acessorias_dias": 60,
    }
    for tipo, data, dados in (
        ("lavratura_auto", "2026-03-13", auto),
        ("ciencia_auto", "2026-03-16", {"meio": "pessoal"}),
        ("defesa", "2026-03-20", {"texto": "Alega licença municipal."}),
        ("julgamento_procedente", "2026-04-10", decisao),
        ("ciencia_decisao", "2026-04-14", {"meio": "AR"}),
    ):
        with banco.unit_of_work() as s:
            cmd_ato = NovoAto(tipo=tipo, data_ato=dt.date.fromisoformat(data), dados=dados)
            processos.registrar_ato(s, c.aut, pid, cmd_ato)
    return pid


def _poluicao_em_defesa(banco: Banco, c: Cenario) -> int:
    """Auto de poluição com ciência em 02/03/2026 (NORMAM-401): defesa em 20 dias, 22/03
    (domingo) → 23/03; o LTA em 60 dias contados do fim da defesa, 23/03 → 22/05/2026."""
    with banco.unit_of_work() as s:
        cmd = procedimentos.NovoProcedimento.model_validate({
            "regime": "poluicao",
            "investigado": {"documento": "11.222.333/0001-81", "nome": "Navegação Atlântica"},
            "data_fato": "2026-02-27", "data_ato": "2026-03-02",
            "dados": {"descricao": "Mancha de óleo a partir do costado.", "local": "Baía Norte",
                      "substancia": "óleo combustível", "volume_estimado_litros": "1200"},
        })  # fmt: skip
        pid = procedimentos.abrir_procedimento(s, c.aut, cmd).id
    with banco.unit_of_work() as s:
        ciencia = NovoAto(
            tipo="ciencia_auto", data_ato=dt.date(2026, 3, 2), dados={"meio": "pessoal"}
        )
        processos.registrar_ato(s, c.insp, pid, ciencia)
    return pid


def _prazo(banco: Banco, pid: int, etapa: str) -> Prazo:
    with banco.unit_of_work(somente_leitura=True) as s:
        return s.execute(
            select(Prazo).where(
                Prazo.processo_id == pid, Prazo.etapa == etapa, Prazo.encerrado_em.is_(None)
            )
        ).scalar_one()


@pytest.fixture
def construido(banco: Banco) -> tuple[Cenario, int]:
    c = _custodia_em_leilao(banco)
    return c, _acessoria_fixada_na_decisao(banco, c)


def _fechar_na_cpsc(banco: Banco, *dias: dt.date) -> None:
    with banco.unit_of_work() as s:
        om_id = s.execute(select(OM.id).where(OM.sigla == "CPSC")).scalar_one()
        for dia in dias:
            s.add(OMFechamento(om_id=om_id, data=dia, motivo=MOTIVO))


def test_data_fixada_no_ato_nao_se_recalcula_e_dias_da_decisao_se_mantem(
    construido: tuple[Cenario, int],
) -> None:
    c, obra = construido
    leilao = _prazo(c.banco, c.cid, "leilao")
    acessoria = _prazo(c.banco, obra, "acessoria")
    comparecimento = _prazo(c.banco, c.lesta, "comparecimento")  # 8 dias úteis de 01/06
    assert (leilao.contagem, leilao.vencimento) == (CONTAGEM_NO_ATO, LEILAO)
    assert (acessoria.vencimento, acessoria.dias) == (FIM_DA_ACESSORIA, 60)
    assert comparecimento.vencimento == FIM_DA_ACESSORIA
    antes = gravados(c.banco)
    # o dia do leilão e o último da acessória ficam sem expediente na CPSC
    _fechar_na_cpsc(c.banco, LEILAO, FIM_DA_ACESSORIA)

    r = recalcular(c.banco)

    mudaram = conferir_com_o_um_a_um(c.banco, antes, r)
    assert r.examinados == len(antes) - 1  # todos menos o do leilão
    assert mudaram == {acessoria.id, comparecimento.id}
    # a data que o edital fixou fica, ainda que a CPSC não tenha expediente nela
    depois = _prazo(c.banco, c.cid, "leilao")
    assert (depois.vencimento, depois.dias_nao_uteis, depois.fundamentos) == (
        LEILAO,
        leilao.dias_nao_uteis,
        leilao.fundamentos,
    )
    # os 60 dias que a decisão fixou, prorrogados para o dia útil seguinte ao fechamento
    depois = _prazo(c.banco, obra, "acessoria")
    assert (depois.vencimento, depois.dias) == (dt.date(2026, 6, 16), 60)
    assert "Ato da OM CPSC: fechamento de 15/06/2026" in depois.fundamentos
    depois = _prazo(c.banco, c.lesta, "comparecimento")
    assert (depois.vencimento, depois.dias) == (dt.date(2026, 6, 16), 8)


def test_prazo_contado_do_vencimento_de_outro_acompanha_o_novo_vencimento(
    construido: tuple[Cenario, int],
) -> None:
    """NORMAM-401 item 1.4.2 c: o LTA "a contar do término do prazo para apresentação da
    defesa prévia"; adiada a defesa, o início do prazo do LTA vai junto."""
    c, _ = construido
    pid = _poluicao_em_defesa(c.banco, c)
    defesa, laudo = _prazo(c.banco, pid, "defesa"), _prazo(c.banco, pid, "laudo")
    assert defesa.vencimento == laudo.inicio == dt.date(2026, 3, 23)
    assert laudo.vencimento == dt.date(2026, 5, 22)
    antes = gravados(c.banco)
    _fechar_na_cpsc(c.banco, dt.date(2026, 3, 23))

    r = recalcular(c.banco)

    assert conferir_com_o_um_a_um(c.banco, antes, r) == {defesa.id, laudo.id}
    assert _prazo(c.banco, pid, "defesa").vencimento == dt.date(2026, 3, 24)
    # 60 dias de 24/03: 23/05/2026, sábado → segunda, 25/05
    depois = _prazo(c.banco, pid, "laudo")
    assert (depois.inicio, depois.vencimento) == (dt.date(2026, 3, 24), dt.date(2026, 5, 25))


def comandos_do_recalculo(
    banco: Banco, monkeypatch: pytest.MonkeyPatch
) -> tuple[ResultadoRecalculo, list[str]]:
    """O recálculo e os seus comandos SQL, sem os do modelo de leitura (`resumo_processo.
    atualizar`, que regrava os processos alterados em lotes de `resumo_processo.LOTE`)."""
    proprios: list[str] = []
    no_resumo = [False]
    original = resumo_processo.atualizar

    def atualizar(s: Any, ids: Any) -> int:
        no_resumo[0] = True
        try:
            return original(s, ids)
        finally:
            no_resumo[0] = False

    def contar(*args: Any) -> None:
        if not no_resumo[0]:
            proprios.append(args[2])

    monkeypatch.setattr(resumo_processo, "atualizar", atualizar)
    event.listen(banco.engine, "before_cursor_execute", contar)
    try:
        r = recalcular(banco)
    finally:
        event.remove(banco.engine, "before_cursor_execute", contar)
        monkeypatch.setattr(resumo_processo, "atualizar", original)
    return r, proprios


def test_comandos_sql_do_recalculo_nao_crescem_com_os_processos(
    demo_carregada: Banco, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Com 3N processos a mais, os mesmos comandos: sem mudança, o recálculo só lê as OMs, os
    fechamentos e os prazos; com mudança, um UPDATE em lote a mais."""
    banco = demo_carregada
    dia: dt.date | None = None

    def medir(primeiro: int, k: int) -> tuple[int, list[str], list[str]]:
        nonlocal dia
        mais_processos(banco, k, primeiro=primeiro)
        r, parado = comandos_do_recalculo(banco, monkeypatch)
        assert r.alterados == 0
        with banco.unit_of_work() as s:  # o fechamento do dia anterior sai, outro dia entra
            s.execute(delete(OMFechamento).where(OMFechamento.motivo == MOTIVO))
        dia = dia_que_mais_adia(banco, exceto=dia)
        fechar_em_todas(banco, dia)
        r, mudando = comandos_do_recalculo(banco, monkeypatch)
        assert r.alterados > 0
        return r.examinados, parado, mudando

    poucos, parado, mudando = medir(100, N)
    muitos, parado_muitos, mudando_muitos = medir(100 + N, 2 * N)
    assert muitos > poucos
    # BEGIN (SQLite), OMs, fechamentos, prazos e os contados do vencimento de outro
    assert len(parado) == len(parado_muitos) <= 5
    assert len(mudando) == len(mudando_muitos) == len(parado) + 1
    assert [c.split()[0].upper() for c in mudando_muitos][-1] == "UPDATE"


def test_cli_prazos_recalcular_imprime_examinados_e_alterados(
    construido: tuple[Cenario, int],
    url_banco: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, _ = construido
    antes = gravados(c.banco)
    s = rodar(capsys, monkeypatch, "prazos", "recalcular", "--database-url", url_banco)
    assert s.codigo == 0, s.stderr
    examinados = len(antes) - 1
    assert f"{examinados} prazos em curso examinados, 0 alterados em " in s.stdout
    _fechar_na_cpsc(c.banco, FIM_DA_ACESSORIA)
    s = rodar(
        capsys, monkeypatch, "prazos", "recalcular", "--om", "CPSC", "--database-url", url_banco
    )
    assert s.codigo == 0, s.stderr
    assert "CPSC" in s.stdout and "Prazos em curso por OM" in s.stdout
    assert f"{examinados} prazos em curso examinados, 2 alterados em " in s.stdout
    assert s.stdout.rstrip().endswith(" s")
    erro = rodar(
        capsys, monkeypatch, "prazos", "recalcular", "--om", "XPTO", "--database-url", url_banco
    )
    assert erro.codigo == 2 and erro.stderr.startswith("erro: om:")
    assert "XPTO" in erro.stderr
