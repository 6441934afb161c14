"""O que o registro de um ato deixa de ler (issue 13) sem perder o que a leitura garantia: o
calendário da OM guardado muda com um fechamento novo; o processo se trava uma vez por transação;
a cabeça da cadeia lida antes de outro ato da mesma transação não bifurca a cadeia."""

from __future__ import annotations

import datetime as dt
import gc

import pytest
from apoio import comandos_sql
from sqlalchemy import select

from farol.erros import Conflito
from farol.services import inspecoes, processos
from farol.services.calendario_om import registrar_fechamento
from farol.services.comandos import NovoAto
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.auditoria import carregar_travado, registrar_ato, verificar_cadeias
from farol.store.db import Banco
from farol.store.orm import Prazo, Processo

DADOS_AUTO = {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]}


def _autuado(banco: Banco) -> tuple[int, Ator]:
    """Processo autuado na CPSC (inspeção em 01/09/2026, auto em 15/09/2026): a inspeção abre o
    prazo de comparecimento, e o calendário da OM fica guardado."""
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        aut = criar_usuario(s, login="aut", nome="Autoridade", senha="x", papel="autoridade_competente", om=om)  # fmt: skip
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410777777", "nome": "Anchova"},
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": "2026-09-01T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "parada", "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, ator_do_usuario(s, insp), cmd).processos[0].id
        a = ator_do_usuario(s, aut)
        processos.registrar_ato(
            s,
            a,
            pid,
            NovoAto(tipo="lavratura_auto", data_ato=dt.date(2026, 9, 15), dados=DADOS_AUTO),
        )
    return pid, a


def _ciencia(banco: Banco, a: Ator, pid: int) -> list[str]:
    with banco.unit_of_work() as s, comandos_sql(banco.engine) as lista:
        processos.registrar_ato(
            s, a, pid, NovoAto(tipo="ciencia_auto", data_ato=dt.date(2026, 11, 16), dados={"meio": "pessoal"})
        )  # fmt: skip
    return lista


def _vencimento_da_defesa(banco: Banco, pid: int) -> dt.date:
    with banco.unit_of_work(somente_leitura=True) as s:
        return s.execute(
            select(Prazo.vencimento).where(Prazo.processo_id == pid, Prazo.etapa == "defesa")
        ).scalar_one()


def test_sem_fechamento_novo_o_calendario_da_om_vem_do_cache(banco: Banco) -> None:
    pid, a = _autuado(banco)
    lista = _ciencia(banco, a, pid)
    assert not [c for c in lista if c.startswith(("SELECT om.", "SELECT om_fechamento."))]
    # ciência em 16/11/2026 (segunda): 15 dias úteis a partir de 17/11, pulando 20/11
    assert _vencimento_da_defesa(banco, pid) == dt.date(2026, 12, 8)


def test_fechamento_registrado_depois_do_calendario_guardado_vale_no_ato_seguinte(
    banco: Banco,
) -> None:
    pid, a = _autuado(banco)  # o calendário da CPSC guardado sem fechamentos
    with banco.unit_of_work() as s:
        registrar_fechamento.na_sessao(s, "CPSC", dt.date(2026, 12, 1), "feriado municipal")
    lista = _ciencia(banco, a, pid)
    assert [c for c in lista if c.startswith("SELECT om_fechamento.data")]  # lido de novo
    assert _vencimento_da_defesa(banco, pid) == dt.date(2026, 12, 9)  # pula 01/12


def test_o_processo_se_trava_uma_vez_por_transacao(banco: Banco) -> None:
    pid, a = _autuado(banco)
    with banco.unit_of_work() as s:
        with comandos_sql(banco.engine) as primeira:
            p = carregar_travado(s, pid)  # segurado no mapa de identidade da sessão
            assert p is not None
        with comandos_sql(banco.engine) as registro:
            processos.registrar_ato(
                s, a, pid, NovoAto(tipo="ciencia_auto", data_ato=dt.date(2026, 11, 16), dados={"meio": "pessoal"})
            )  # fmt: skip
            processos.registrar_ato(
                s, a, pid, NovoAto(tipo="defesa", data_ato=dt.date(2026, 11, 20))
            )
    assert len([c for c in primeira if "FROM processo WHERE" in c]) == 1
    assert not [c for c in registro if "FROM processo WHERE" in c]  # já travado
    with banco.unit_of_work() as s, comandos_sql(banco.engine) as outra:
        carregar_travado(s, pid)  # transação nova: trava de novo
    assert len([c for c in outra if "FROM processo WHERE" in c]) == 1
    with banco.sessoes() as s:  # a mesma sessão, depois do commit: a trava acabou com ela
        p = carregar_travado(s, pid)
        s.commit()
        gc.collect()
        with comandos_sql(banco.engine) as depois:
            assert carregar_travado(s, pid) is p
        s.rollback()
    assert len([c for c in depois if "FROM processo WHERE" in c]) == 1, depois
    with banco.unit_of_work(somente_leitura=True) as s:
        assert verificar_cadeias(s, pid) == []


def test_cabeca_lida_antes_de_outro_ato_da_transacao_vira_conflito(banco: Banco) -> None:
    pid, a = _autuado(banco)
    with banco.unit_of_work() as s:
        p = carregar_travado(s, pid)
        assert p is not None
        lido = processos._Lido.ler(s, p)
        processos.registrar_ato(
            s, a, pid, NovoAto(tipo="ciencia_auto", data_ato=dt.date(2026, 11, 16), dados={"meio": "pessoal"})
        )  # fmt: skip
        with pytest.raises(Conflito):
            registrar_ato(s, p, tipo="defesa", ator_id=a.usuario_id or 0, papel=a.papel,
                          data_ato=dt.date(2026, 11, 20), payload={}, cabeca=lido.cabeca)  # fmt: skip
        s.rollback()


def test_cabeca_sem_a_trava_da_transacao_se_le_de_novo(banco: Banco) -> None:
    pid, a = _autuado(banco)
    with banco.unit_of_work() as s:
        p = s.get(Processo, pid)
        assert p is not None
        lido = processos._Lido.ler(s, p)  # sem travar: a cabeça lida não vale para gravar
        processos.registrar_ato(
            s, a, pid, NovoAto(tipo="ciencia_auto", data_ato=dt.date(2026, 11, 16), dados={"meio": "pessoal"})
        )  # fmt: skip
    with banco.unit_of_work() as s:
        p = s.get(Processo, pid)
        assert p is not None
        ato = registrar_ato(s, p, tipo="defesa", ator_id=a.usuario_id or 0, papel=a.papel,
                            data_ato=dt.date(2026, 11, 20), payload={}, cabeca=lido.cabeca)  # fmt: skip
        assert ato.seq == lido.cabeca.seq + 2
    with banco.unit_of_work(somente_leitura=True) as s:
        assert verificar_cadeias(s, pid) == []


def test_processo_lido_antes_sem_trava_e_alterado_por_outra_transacao_vira_conflito(
    banco: Banco,
) -> None:
    """Lido sem trava e alterado por outra transação antes da trava: travar não devolve o
    processo com o estado da primeira leitura; a versão difere e o registro vira `Conflito`."""
    if banco.engine.dialect.name != "postgresql":
        pytest.skip("duas transações ao mesmo tempo: só no PostgreSQL (o SQLite grava uma por vez)")
    pid, a = _autuado(banco)
    with pytest.raises(Conflito), banco.unit_of_work() as s:
        lido = s.get(Processo, pid)  # sem trava: fica no mapa de identidade da sessão
        assert lido is not None
        with banco.unit_of_work() as outra:
            processos.registrar_ato(
                outra, a, pid, NovoAto(tipo="ciencia_auto", data_ato=dt.date(2026, 11, 16), dados={"meio": "pessoal"})
            )  # fmt: skip
        carregar_travado(s, pid)
