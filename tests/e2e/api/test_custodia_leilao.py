"""O novo Edital de Leilão, depois do leilão deserto, pede a sua Portaria de designação do
leiloeiro (NORMAM-07 item 0313: publicado o Edital de Leilão, "será expedida a Portaria de
designação de Leiloeiro"). A guarda olhava o processo inteiro: a Portaria do primeiro leilão
recusava a do segundo ("já designado") e servia ao resultado dele."""

from __future__ import annotations

from .conftest import Api
from .test_custodia import _custodia

EDITAL = {
    "data_leilao": "2026-07-01",
    "local": "Sede da CPSC",
    "valor_avaliacao": "8000.00",
    "jornal": "Diário Catarinense",
}
ARREMATE = {
    "valor_arrematado": "9000.00",
    "arrematante": {"nome": "Maria Compradora", "documento": "111.444.777-35"},
}


def _portaria(nome: str, documento: str, numero: str) -> dict[str, object]:
    return {"leiloeiro": {"nome": nome, "documento": documento}, "portaria": numero}


def test_novo_edital_depois_do_leilao_deserto_pede_nova_portaria(api: Api) -> None:
    _, cid = _custodia(api, "401M2026602", endereco=None)
    api.ato_ok(cid, "edital_regularizacao", "2026-03-03", {"publicacao": "Quadro de avisos"})
    api.ato_ok(cid, "perdimento", "2026-06-02", {"fundamentacao": "Prazo do edital vencido."})
    api.ato_ok(cid, "edital_leilao", "2026-06-10", EDITAL)
    primeira = _portaria("Carlos Leiloeiro", "529.982.247-25", "45/2026")
    api.ato_ok(cid, "designacao_leiloeiro", "2026-06-11", primeira)
    de_novo = api.ato(cid, "designacao_leiloeiro", "2026-06-12", primeira)
    assert de_novo.status_code == 409, de_novo.text  # uma Portaria por edital
    api.ato_ok(cid, "leilao_deserto", "2026-07-01", {})

    api.ato_ok(cid, "edital_leilao", "2026-07-10", {**EDITAL, "data_leilao": "2026-08-03"})
    sem_portaria = api.ato(cid, "resultado_leilao", "2026-08-03", ARREMATE)
    assert sem_portaria.status_code == 409, sem_portaria.text
    assert "Portaria de designação do leiloeiro" in sem_portaria.json()["mensagem"]
    segunda = _portaria("Outra Leiloeira", "111.444.777-35", "60/2026")
    api.ato_ok(cid, "designacao_leiloeiro", "2026-07-11", segunda)
    r = api.ato_ok(cid, "resultado_leilao", "2026-08-03", ARREMATE)
    assert r["processo"]["estado"] == "alienada"
