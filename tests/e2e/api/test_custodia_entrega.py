"""Termo de Entrega ao legítimo proprietário (NORMAM-07 item 0312 a: "A embarcação apreendida
ou achada só será entregue ao legítimo proprietário depois de comprovado o pagamento [...]").

Quem recebe "na qualidade de proprietário" tinha só a qualidade conferida: qualquer nome e
documento passava, e o Termo de Entrega saía em nome de um estranho. Agora o documento se
confere com o proprietário inscrito da embarcação (apreensão) ou com quem provou a propriedade
na reclamação (achado, NORMAM-07 item 0205)."""

from __future__ import annotations

from .conftest import BEM_ACHADO, CPF_CONDUTOR, CPF_DONO, Api
from .test_custodia import TARIFA, _custodia

CPF_ESTRANHO = "935.411.347-80"
DECLARACAO = "Recebo a embarcação no mesmo estado de conservação e com os equipamentos."
ESTRANHO = {"nome": "Fulano Estranho", "documento": CPF_ESTRANHO, "qualidade": "proprietario"}


def _pagar_tudo(api: Api, cid: int, data: str) -> None:
    devido = api.get(f"/processos/{cid}/custodia", data=data).json()["total_devido"]
    if devido != "0.00":
        api.ato_ok(cid, "pagamento_custodia", data, {"valor": devido, "referencia": "GRU 7"})


def test_entrega_da_apreendida_ao_proprietario_confere_o_inscrito(api: Api) -> None:
    api.post("/custodia/tarifas", TARIFA)
    _, cid = _custodia(api, "401M2026601")
    prova = {"prova": "Título de Inscrição emitido pela CPSC em 09/03/2026."}
    api.ato_ok(cid, "regularizacao", "2026-03-10", prova)
    _pagar_tudo(api, cid, "2026-03-12")
    r = api.ato(
        cid, "termo_de_entrega", "2026-03-12", {"recebedor": ESTRANHO, "declaracao": DECLARACAO}
    )
    assert r.status_code == 422, r.text
    erro = r.json()
    assert erro["campo"] == "dados.recebedor.documento"
    assert "João Dono" in erro["mensagem"] and "NORMAM-07" in erro["regra"]
    assert api.processo(cid)["estado"] == "a_entregar"
    # o proprietário inscrito recebe
    dono = {"nome": "João Dono", "documento": CPF_DONO, "qualidade": "proprietario"}
    r2 = api.ato_ok(
        cid, "termo_de_entrega", "2026-03-12", {"recebedor": dono, "declaracao": DECLARACAO}
    )
    assert r2["processo"]["estado"] == "entregue"


def test_entrega_do_achado_ao_proprietario_confere_quem_provou_a_propriedade(api: Api) -> None:
    cid = api.post("/custodias", BEM_ACHADO, como="inspetor.cpsc").json()["id"]
    reclamante = {"nome": "Ana Pescadora", "documento": CPF_CONDUTOR, "endereco": "Rua do Porto"}
    api.ato_ok(
        cid,
        "reclamacao_do_bem",
        "2026-03-20",
        {"reclamante": reclamante, "prova": "Nota fiscal de compra do bote, em nome dela."},
    )
    _pagar_tudo(api, cid, "2026-03-21")
    r = api.ato(
        cid, "termo_de_entrega", "2026-03-21", {"recebedor": ESTRANHO, "declaracao": DECLARACAO}
    )
    assert r.status_code == 422, r.text
    assert "Ana Pescadora" in r.json()["mensagem"]
    preposto = {**ESTRANHO, "qualidade": "preposto"}
    r2 = api.ato_ok(
        cid, "termo_de_entrega", "2026-03-21", {"recebedor": preposto, "declaracao": DECLARACAO}
    )
    assert r2["processo"]["estado"] == "entregue"
