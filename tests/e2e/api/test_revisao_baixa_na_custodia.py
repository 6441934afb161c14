"""Revisão: a multa do processo de origem baixada da dívida ativa (a PGFN comunicou a quitação
ou a extinção, NORMAM-07 item 0314) não segue no extrato da custódia. Antes, ela seguia entre as
pendências da entrega (NORMAM-07 item 0312 a 3), que a OM não pode receber (o pagamento da
multa encaminhada é recusado), e a entrega ficava impedida para sempre, enquanto a situação de
débito (LESTA art. 20) já não a contava."""

from __future__ import annotations

from .conftest import CPF_DONO, Api
from .test_custodia import TARIFA, _custodia
from .test_custodia_debitos import SANCIONADOR


def test_multa_da_origem_baixada_na_pgfn_nao_segue_no_extrato(api: Api) -> None:
    api.post("/custodia/tarifas", TARIFA)
    ap, cid = _custodia(api, "401M2026606", endereco=None)
    pid = ap["pid"]
    for tipo, data, dados in SANCIONADOR:
        api.ato_ok(pid, tipo, data, dados)
    api.ato_ok(pid, "inscricao_divida_ativa", "2026-04-02", {"documento": "Ofício 12/2026"})
    e = api.get(f"/processos/{cid}/custodia", data="2026-04-02").json()
    assert [x["valor"] for x in e["multas"]] == ["1000.00"]  # até a baixa, devida (art. 20)
    api.ato_ok(pid, "baixa_divida_ativa", "2026-04-03",
               {"forma": "quitacao", "documento": "Ofício PGFN 3/2026"})  # fmt: skip
    assert api.get(f"/situacao/{CPF_DONO}").json()["em_debito"] is False
    e = api.get(f"/processos/{cid}/custodia", data="2026-04-03").json()
    assert e["multas"] == []
    assert not [x for x in e["pendencias"] if "multa" in x["descricao"]]
