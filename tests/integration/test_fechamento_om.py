"""Dia sem expediente registrado na OM recalcula os prazos abertos que ele alcança."""

from __future__ import annotations

import datetime as dt

import pytest
from cli_util import rodar
from sqlalchemy import select

from farol.erros import EntradaInvalida
from farol.services import inspecoes, processos
from farol.services.calendario_om import registrar_fechamento
from farol.services.comandos import NovoAto
from farol.services.jurisdicao import ator_do_usuario
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco
from farol.store.orm import Prazo


def _em_defesa(banco: Banco) -> int:
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        aut = criar_usuario(s, login="aut", nome="Autoridade", senha="x", papel="autoridade_competente", om=om)
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410777777", "nome": "Anchova"},
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": "2026-09-01T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "parada", "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, ator_do_usuario(s, insp), cmd).processos[0].id
        a = ator_do_usuario(s, aut)
        dados = {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]}
        processos.registrar_ato(s, a, pid, NovoAto(tipo="lavratura_auto", data_ato=dt.date(2026, 9, 15), dados=dados))
        # ciência em 16/11/2026 (segunda): 15 dias úteis a partir de 17/11, pulando 20/11 → 08/12/2026
        processos.registrar_ato(s, a, pid, NovoAto(tipo="ciencia_auto", data_ato=dt.date(2026, 11, 16), dados={"meio": "pessoal"}))
        return pid


def _defesa(banco: Banco, pid: int) -> Prazo:
    with banco.unit_of_work(somente_leitura=True) as s:
        return s.execute(
            select(Prazo).where(Prazo.processo_id == pid, Prazo.etapa == "defesa")
        ).scalar_one()


def test_feriado_municipal_registrado_adia_a_defesa_em_curso(banco: Banco) -> None:
    pid = _em_defesa(banco)
    antes = _defesa(banco, pid)
    assert antes.vencimento == dt.date(2026, 12, 8)
    with banco.unit_of_work() as s:
        mudaram = registrar_fechamento.na_sessao(s, "CPSC", dt.date(2026, 12, 1), "feriado municipal de teste")
        assert [p.processo_id for p in mudaram] == [pid]
    depois = _defesa(banco, pid)
    assert depois.vencimento == dt.date(2026, 12, 9)
    (dia,) = [d for d in depois.dias_nao_uteis if d["data"] == "2026-12-01"]
    assert dia["motivo"] == "feriado municipal de teste"
    # a base legal do dia é o ato da OM, identificado pela sigla e pela data, com o motivo
    assert dia["fundamentos"] == [
        {
            "motivo": "feriado municipal de teste",
            "norma": "ATO-OM",
            "dispositivo": "CPSC: fechamento de 01/12/2026",
            "texto": "feriado municipal de teste",
            "referencia": "Ato da OM CPSC: fechamento de 01/12/2026",
            "pendente": None,
        }
    ]
    assert "Ato da OM CPSC: fechamento de 01/12/2026" in depois.fundamentos


def test_fechamento_fora_da_janela_nao_muda_nada_e_repetido_e_recusado(banco: Banco) -> None:
    pid = _em_defesa(banco)
    with banco.unit_of_work() as s:
        assert registrar_fechamento.na_sessao(s, "CPSC", dt.date(2026, 12, 20), "fora do prazo") == []
    assert _defesa(banco, pid).vencimento == dt.date(2026, 12, 8)
    with pytest.raises(EntradaInvalida, match="já está registrado"), banco.unit_of_work() as s:
        registrar_fechamento.na_sessao(s, "CPSC", dt.date(2026, 12, 20), "de novo")


def test_cli_om_fechamento(banco: Banco, url_banco: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    pid = _em_defesa(banco)
    s = rodar(capsys, monkeypatch, "om", "fechamento", "CPSC", "2026-12-02", "--motivo", "Ponto facultativo local", "--database-url", url_banco)
    assert s.codigo == 0, s.stderr
    assert "09/12/2026" in s.stdout
    assert _defesa(banco, pid).vencimento == dt.date(2026, 12, 9)
    erro = rodar(capsys, monkeypatch, "om", "fechamento", "XPTO", "2026-12-02", "--motivo", "x", "--database-url", url_banco)
    assert erro.codigo == 2 and erro.stderr.startswith("erro: om:")
