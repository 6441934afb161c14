"""Revisão: o produto do leilão não paga a multa de exigibilidade suspensa (recurso com efeito
suspensivo, Lei 9.784/1999 art. 61, parágrafo único): NORMAM-07 item 0312 a 3 fala das multas
"devidas". Antes, a destinação a deduzia e registrava na origem o ato "Pagamento da multa com
recurso pendente (sem efeito suspensivo)", com o efeito suspensivo concedido."""

from __future__ import annotations

from .conftest import Api
from .test_custodia import TARIFA, _custodia
from .test_custodia_debitos import SANCIONADOR, _ate_o_leilao


def test_multa_com_efeito_suspensivo_nao_se_paga_com_o_produto(api: Api) -> None:
    api.post("/custodia/tarifas", TARIFA)
    ap, cid = _custodia(api, "401M2026605", endereco=None)
    pid = ap["pid"]
    for tipo, data, dados in SANCIONADOR:
        api.ato_ok(pid, tipo, data, dados)
    api.ato_ok(pid, "recurso", "2026-03-18", {"texto": "Recorre da multa."})
    api.ato_ok(pid, "efeito_suspensivo", "2026-03-19",
               {"fundamentacao": "Risco de dano de difícil reparação.", "a_pedido": True},
               como="cp.cpsc")  # fmt: skip
    d = _ate_o_leilao(api, cid)["destinacao"]
    assert (d["multas"], d["saldo"], d["multas_pagas"]) == ("0.00", "1740.00", []), d
    [fora] = d["multas_nao_deduzidas"]
    assert fora["processo_id"] == pid and "efeito suspensivo" in fora["motivo"]
    assert "9.784" in fora["motivo"], fora["motivo"]
    origem = api.processo(pid)
    assert [a for a in origem["atos"] if a["tipo"] == "pagamento"] == []
    assert origem["saldo"] == "1000.00"
