"""A correção da data do recolhimento (Lei 9.784/1999 art. 55) muda o início da guarda, de que
as diárias se contam ("do dia do recolhimento (incluído)", custodia.yaml; LESTA art. 18: o
proprietário responde pelas despesas do recolhimento e guarda). Antes, o prazo de reclamação
(NORMAM-07 item 0205) passava a contar da data nova e as diárias seguiam cobradas da antiga."""

from __future__ import annotations

from .conftest import BEM_ACHADO, Api
from .test_custodia import TARIFA, _custodia

MOTIVO = "Recolhido em 09/03, não em 06/03: erro de digitação."


def test_correcao_da_data_do_recolhimento_move_o_inicio_das_diarias(api: Api) -> None:
    api.post("/custodia/tarifas", TARIFA)
    cid = api.post("/custodias", BEM_ACHADO, como="inspetor.cpsc").json()["id"]  # 06/03
    antes = api.get(f"/processos/{cid}/custodia", data="2026-03-20").json()
    assert (antes["inicio"], antes["dias"]) == ("2026-03-06", 14)
    recolhimento = api.processo(cid)["atos"][0]["id"]
    corrigido = {"motivo": MOTIVO, "dados_corrigidos": {"data_ato": "2026-03-09"}}
    api.ato_ok(
        cid, "correcao", "2026-03-10", corrigido, corrige_ato_id=recolhimento, como="inspetor.cpsc"
    )
    (reclamacao,) = [x for x in api.processo(cid)["prazos"] if x["etapa"] == "reclamacao"]
    assert reclamacao["inicio"] == "2026-03-09"
    # 09/03 a 19/03: 11 diárias × R$ 60,00, como o prazo de reclamação
    depois = api.get(f"/processos/{cid}/custodia", data="2026-03-20").json()
    assert (depois["inicio"], depois["dias"]) == ("2026-03-09", 11)
    assert depois["total_custodia"] == "660.00"


def test_recolhimento_corrigido_nao_fica_antes_da_apreensao(api: Api) -> None:
    _, cid = _custodia(api, "401M2026604")  # apreensão e recolhimento em 02/03
    recolhimento = api.processo(cid)["atos"][0]["id"]
    corrigido = {"motivo": MOTIVO, "dados_corrigidos": {"data_ato": "2026-03-01"}}
    r = api.ato(
        cid, "correcao", "2026-03-03", corrigido, corrige_ato_id=recolhimento, como="inspetor.cpsc"
    )
    assert r.status_code == 422, r.text
    assert "anterior à apreensão" in r.json()["mensagem"]
    assert api.get(f"/processos/{cid}/custodia", data="2026-03-20").json()["inicio"] == "2026-03-02"
