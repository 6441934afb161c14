"""Um só relógio: o "hoje" e as horas de todas as entradas seguem `FAROL_FUSO`."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from farol import relogio
from farol.erros import EntradaInvalida

RAIZ = Path(__file__).resolve().parents[2] / "farol"
# 23h30 de 31/12/2026 em Brasília = 02h30 de 01/01/2027 em UTC.
INSTANTE = dt.datetime(2027, 1, 1, 2, 30, tzinfo=dt.UTC)


def test_sem_farol_fuso_vale_brasilia(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FAROL_FUSO", raising=False)
    assert relogio.fuso() == ZoneInfo("America/Sao_Paulo")
    assert relogio.data_local(INSTANTE) == dt.date(2026, 12, 31)


def test_farol_fuso_muda_a_data_civil_de_um_instante(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAROL_FUSO", "America/Manaus")  # UTC-4: 22h30 de 31/12
    assert relogio.data_local(INSTANTE) == dt.date(2026, 12, 31)
    monkeypatch.setenv("FAROL_FUSO", "America/Noronha")  # UTC-2: 00h30 de 01/01
    assert relogio.data_local(INSTANTE) == dt.date(2027, 1, 1)
    assert relogio.hora_local(INSTANTE).hour == 0


def test_hoje_e_a_data_no_fuso_configurado(monkeypatch: pytest.MonkeyPatch) -> None:
    for nome in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):  # UTC+14 e UTC-11
        monkeypatch.setenv("FAROL_FUSO", nome)
        antes = dt.datetime.now(ZoneInfo(nome)).date()
        assert relogio.hoje() in {antes, antes + dt.timedelta(days=1)}


def test_fuso_desconhecido_e_recusado_em_portugues(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAROL_FUSO", "America/Atlantida")
    with pytest.raises(EntradaInvalida, match="fuso horário desconhecido") as e:
        relogio.hoje()
    assert e.value.campo == "FAROL_FUSO"


def test_nenhuma_entrada_le_o_relogio_do_sistema_por_conta_propria() -> None:
    """`date.today()`, `datetime.now()` sem fuso e `ZoneInfo(...)` fixo só no relógio."""
    proibido = re.compile(r"date\.today\(\)|datetime\.now\(\)|ZoneInfo\(\"")
    achados = [
        f"{c.relative_to(RAIZ.parent)}:{n}"
        for c in sorted(RAIZ.rglob("*.py"))
        if c.name != "relogio.py" and "migrations" not in c.parts
        for n, linha in enumerate(c.read_text(encoding="utf-8").splitlines(), 1)
        if proibido.search(linha)
    ]
    assert not achados, "leia a data de farol.relogio:\n" + "\n".join(achados)
