"""`farol prazo --om SIGLA`: o calendário da OM, com o feriado municipal que ela registrou.

Lei 9.784/1999 art. 66 § 1º: o vencimento em dia sem expediente se prorroga; o expediente é o da
OM (a CPSC, em Florianópolis, registra o 23 de março). Sem `--om`, `farol prazo` conta só os
feriados nacionais e os da UF, e respondia para a CPSC um vencimento que os processos dela não têm.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from cli_util import rodar

from farol.services.calendario_om import registrar_fechamento
from farol.services.usuarios import criar_om
from farol.store.db import Banco


def _cpsc_com_o_feriado_de_florianopolis(banco: Banco) -> None:
    with banco.unit_of_work() as s:
        criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                 uf="SC", municipio="Florianópolis")  # fmt: skip
    with banco.unit_of_work() as s:
        registrar_fechamento.na_sessao(
            s, "CPSC", dt.date(2026, 3, 23), "Aniversário de Florianópolis"
        )


def test_prazo_com_om_conta_o_feriado_municipal_registrado(
    banco: Banco,
    url_banco: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _cpsc_com_o_feriado_de_florianopolis(banco)
    # 5 dias úteis da segunda 16/03/2026: 17, 18, 19, 20 e 24/03 (23/03 sem expediente na CPSC)
    s = rodar(capsys, monkeypatch, "prazo", "recurso", "--inicio", "2026-03-16", "--om", "CPSC",
              "--database-url", url_banco, "--json")  # fmt: skip
    assert s.codigo == 0, s.stderr
    r = json.loads(s.stdout)
    assert r["vencimento"] == "2026-03-24"
    assert [d["motivo"] for d in r["dias_nao_uteis"] if d["data"] == "2026-03-23"] == [
        "Aniversário de Florianópolis"
    ]
    # só com a UF, o feriado municipal não entra
    s = rodar(
        capsys, monkeypatch, "prazo", "recurso", "--inicio", "2026-03-16", "--uf", "SC", "--json"
    )
    assert json.loads(s.stdout)["vencimento"] == "2026-03-23"


def test_prazo_com_om_desconhecida_ou_com_uf_junto_e_recusado(
    banco: Banco,
    url_banco: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _cpsc_com_o_feriado_de_florianopolis(banco)
    erro = rodar(capsys, monkeypatch, "prazo", "recurso", "--inicio", "2026-03-16", "--om", "XPTO",
                 "--database-url", url_banco)  # fmt: skip
    assert erro.codigo == 2 and erro.stderr.startswith("erro: om:")
    erro = rodar(capsys, monkeypatch, "prazo", "recurso", "--inicio", "2026-03-16", "--om", "CPSC",
                 "--uf", "SC", "--database-url", url_banco)  # fmt: skip
    assert erro.codigo == 2 and erro.stderr.startswith("erro: uf:")
