"""Reincidência (RLESTA art. 10): a mesma infração, pela mesma pessoa, em até 12 meses dobra a faixa.

Conta-se da data do fato anterior à do fato atual, e só a prática reconhecida por julgamento
procedente ainda em vigor (ver farol/services/penalidades_do_processo.py).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import httpx
import pytest

from .conftest import CPF_CONDUTOR, FUNDAMENTACAO, Api, inspecao, lavratura, penalidade

FATO_ATUAL = dt.date(2026, 6, 1)


def _ate_julgamento(api: Api, fato: dt.date, proprietario: str, inscricao: str) -> int:
    """Processo com fato em `fato`, autuado, ciente e com renúncia à defesa: pronto para julgar."""
    pid = api.novo_processo(
        inspecao(
            data_hora=f"{fato.isoformat()}T10:00:00-03:00",
            proprietario=proprietario,
            inscricao=inscricao,
        )
    )
    for tipo, dias, dados in (
        ("lavratura_auto", 20, lavratura()),
        ("ciencia_auto", 21, {"meio": "pessoal"}),
        ("renuncia_defesa", 22, {}),
    ):
        api.ato_ok(pid, tipo, (fato + dt.timedelta(days=dias)).isoformat(), dados)
    return pid


def _julgar(api: Api, pid: int, fato: dt.date, multa: str) -> httpx.Response:
    return api.ato(
        pid, "julgamento_procedente", (fato + dt.timedelta(days=23)).isoformat(), penalidade(multa)
    )


def _anterior_e_atual(
    api: Api, fato_anterior: dt.date, proprietario_atual: str = "529.982.247-25"
) -> int:
    anterior = _ate_julgamento(api, fato_anterior, "529.982.247-25", "SC-ANTES")
    assert _julgar(api, anterior, fato_anterior, "1000.00").status_code == 201
    return _ate_julgamento(api, FATO_ATUAL, proprietario_atual, "SC-AGORA")


def _penalidade_gravada(api: Api, pid: int) -> dict[str, Any]:
    (p,) = api.processo(pid)["penalidades"]
    return dict(p)


@pytest.mark.parametrize(
    "fato_anterior",
    [dt.date(2025, 7, 1), dt.date(2025, 6, 1)],
    ids=["dentro_de_12_meses", "exatamente_12_meses_antes"],
)
def test_reincidencia_em_ate_12_meses_dobra_a_faixa_da_multa(
    api: Api, fato_anterior: dt.date
) -> None:
    atual = _anterior_e_atual(api, fato_anterior)
    antes = api.processo(atual)

    r = _julgar(api, atual, FATO_ATUAL, "3200.01")
    assert r.status_code == 422
    assert "fora da faixa legal de R$ 80,00 a R$ 3.200,00" in r.json()["mensagem"]
    assert "RLESTA art. 10" in r.json()["regra"]
    assert api.processo(atual)["atos"] == antes["atos"]

    r = _julgar(
        api, atual, FATO_ATUAL, "3000.00"
    )  # só cabe na faixa dobrada (grupo D vai a R$ 1.600)
    assert r.status_code == 201, r.text
    decidida = r.json()["penalidades"][0]
    assert (decidida["multa"], decidida["multiplicador"], decidida["reincidencias"]) == (
        "3000.00",
        2,
        1,
    )
    assert _penalidade_gravada(api, atual)["multiplicador"] == 2


@pytest.mark.parametrize(
    "fato_anterior",
    [dt.date(2025, 5, 31), dt.date(2024, 12, 1), FATO_ATUAL],
    ids=["um_dia_alem_dos_12_meses", "ano_e_meio_antes", "mesmo_dia_concomitante"],
)
def test_pratica_anterior_a_mais_de_12_meses_nao_conta(api: Api, fato_anterior: dt.date) -> None:
    atual = _anterior_e_atual(api, fato_anterior)
    r = _julgar(api, atual, FATO_ATUAL, "3000.00")
    assert r.status_code == 422
    assert "fora da faixa legal de R$ 40,00 a R$ 1.600,00" in r.json()["mensagem"]
    r = _julgar(api, atual, FATO_ATUAL, "1600.00")
    assert r.status_code == 201
    assert (
        r.json()["penalidades"][0]["multiplicador"],
        r.json()["penalidades"][0]["reincidencias"],
    ) == (1, 0)


def test_outra_pessoa_nao_herda_a_reincidencia(api: Api) -> None:
    atual = _anterior_e_atual(api, dt.date(2025, 7, 1), proprietario_atual=CPF_CONDUTOR)
    assert _julgar(api, atual, FATO_ATUAL, "3000.00").status_code == 422


def test_auto_anterior_julgado_improcedente_nao_conta(api: Api) -> None:
    fato_anterior = dt.date(2025, 7, 1)
    anterior = _ate_julgamento(api, fato_anterior, "529.982.247-25", "SC-ANTES")
    api.ato_ok(anterior, "julgamento_improcedente", "2025-07-24", {"fundamentacao": FUNDAMENTACAO})
    atual = _ate_julgamento(api, FATO_ATUAL, "529.982.247-25", "SC-AGORA")
    assert _julgar(api, atual, FATO_ATUAL, "3000.00").status_code == 422


def test_penalidade_anterior_afastada_em_recurso_deixa_de_contar(api: Api) -> None:
    anterior_fato = dt.date(2025, 7, 1)
    atual = _anterior_e_atual(api, anterior_fato)
    (anterior,) = [p["id"] for p in api.get("/processos").json() if p["id"] != atual]
    api.ato_ok(anterior, "ciencia_decisao", "2025-07-25", {"meio": "AR"})
    api.ato_ok(anterior, "recurso", "2025-07-28", {"texto": "Pede a anulação da multa."})
    api.ato_ok(anterior, "decisao_recurso_provido", "2025-08-10", {"fundamentacao": FUNDAMENTACAO})
    assert _julgar(api, atual, FATO_ATUAL, "3000.00").status_code == 422


def test_o_fato_do_mesmo_dia_e_concomitante_em_qualquer_ordem_de_julgamento(api: Api) -> None:
    """Duas embarcações do mesmo proprietário inspecionadas na mesma manhã: nenhuma das duas
    práticas repete a outra (RLESTA art. 10, "repetição da prática"), qualquer que seja o
    processo julgado primeiro; o histórico do formulário mostra a outra como concomitante."""
    primeiro = _ate_julgamento(api, FATO_ATUAL, "529.982.247-25", "SC-UM")
    segundo = _ate_julgamento(api, FATO_ATUAL, "529.982.247-25", "SC-DOIS")
    assert _julgar(api, segundo, FATO_ATUAL, "1600.00").status_code == 201
    r = _julgar(api, primeiro, FATO_ATUAL, "1600.01")
    assert r.status_code == 422 and "R$ 40,00 a R$ 1.600,00" in r.json()["mensagem"], r.text
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{primeiro}").text
    assert "prática concomitante, não conta como reincidência" in pagina
    assert "conta como reincidência:</strong>" not in pagina


def _art_4a_ate_julgamento(api: Api, fato: dt.date, inscricao: str, autor: str) -> int:
    pid = api.novo_processo(
        inspecao(
            data_hora=f"{fato.isoformat()}T10:00:00-03:00",
            inscricao=inscricao,
            constatacoes=[{"infracao": "LESTA.4-A"}],
        )
    )
    for tipo, dias, dados in (
        ("lavratura_auto", 20, lavratura(autor_tipo=autor, infracao="LESTA.4-A")),
        ("ciencia_auto", 21, {"meio": "pessoal"}),
        ("renuncia_defesa", 22, {}),
    ):
        api.ato_ok(pid, tipo, (fato + dt.timedelta(days=dias)).isoformat(), dados)
    return pid


def test_reincidencia_no_art_4a_impoe_a_apreensao_e_o_cancelamento(api: Api) -> None:
    """LESTA art. 4º-A § 2º: "Em caso de reincidência, a penalidade de multa será multiplicada
    por 3 (três), além de ser apreendida a embarcação e cancelado o certificado de
    habilitação." A decisão que omite a apreensão ou o cancelamento é recusada (antes, só a
    multa triplicada passava)."""
    anterior = dt.date(2026, 1, 5)
    primeiro = _art_4a_ate_julgamento(api, anterior, "SC-4A-1", "comandante")
    r = api.ato(primeiro, "julgamento_procedente", (anterior + dt.timedelta(days=23)).isoformat(),
                {"penalidades": [{"infracao": "LESTA.4-A", "multa": "1000.00"}],
                 "justificativa": FUNDAMENTACAO})  # fmt: skip
    assert r.status_code == 201, r.text
    atual = _art_4a_ate_julgamento(api, FATO_ATUAL, "SC-4A-2", "comandante")
    data = (FATO_ATUAL + dt.timedelta(days=23)).isoformat()
    so_multa = {"infracao": "LESTA.4-A", "multa": "3000.00"}
    r = api.ato(atual, "julgamento_procedente", data,
                {"penalidades": [so_multa], "justificativa": FUNDAMENTACAO})  # fmt: skip
    assert r.status_code == 422, r.text
    campos = {e["campo"]: e for e in r.json()["erros"]}
    assert "impõe o cancelamento" in campos["dados.penalidades.0.cancelamento"]["mensagem"]
    assert "LESTA art. 4º-A, § 2º" in campos["dados.penalidades.0.cancelamento"]["regra"]
    assert "impõe a acessória" in campos["dados.penalidades.0.acessorias"]["mensagem"]
    completa = {
        **so_multa,
        "cancelamento": True,
        "acessorias": [{"tipo": "apreensao_embarcacao",
                        "fundamentacao": "Segunda autuação pela mesma falta em cinco meses."}],
    }  # fmt: skip
    r = api.ato(atual, "julgamento_procedente", data,
                {"penalidades": [completa], "justificativa": FUNDAMENTACAO})  # fmt: skip
    assert r.status_code == 201, r.text
    (decidida,) = r.json()["penalidades"]
    assert (decidida["multiplicador"], decidida["cancelamento"]) == (3, True)


def test_provimento_parcial_nao_exige_o_que_a_reincidencia_recontada_imporia(api: Api) -> None:
    """B (fato em 02/02/2026) é julgado antes de A (05/01/2026), sem reincidência; no recurso de
    B, A já julgado conta: o provimento parcial não pode agravar (Lei 9.784/1999 art. 64,
    parágrafo único), e não se lhe exige a apreensão nem o cancelamento que a decisão recorrida
    não trazia (antes, nenhuma combinação passava)."""
    a = _art_4a_ate_julgamento(api, dt.date(2026, 1, 5), "SC-4A-A", "comandante")
    b = _art_4a_ate_julgamento(api, dt.date(2026, 2, 2), "SC-4A-B", "comandante")

    def multa(valor: str) -> dict[str, Any]:
        return {"penalidades": [{"infracao": "LESTA.4-A", "multa": valor}],
                "justificativa": FUNDAMENTACAO}  # fmt: skip

    api.ato_ok(b, "julgamento_procedente", "2026-02-25", multa("1000.00"))
    api.ato_ok(b, "ciencia_decisao", "2026-02-26", {"meio": "AR"})
    api.ato_ok(b, "recurso", "2026-02-27", {"texto": "Recorre da multa."})
    api.ato_ok(a, "julgamento_procedente", "2026-02-28", multa("1000.00"))
    r = api.ato(b, "decisao_recurso_provido_em_parte", "2026-03-05", multa("900.00"),
                como="cp.cpsc")  # fmt: skip
    assert r.status_code == 201, r.text
    assert r.json()["penalidades"][0]["multa"] == "900.00"
