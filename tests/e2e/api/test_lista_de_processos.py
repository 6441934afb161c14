"""A lista de processos pela API e pela página (issue 15, item 9): paginada com o total, ordenada
pelo próximo prazo em curso, filtrada por estado, OM, regime, prazo vencido e período de
vencimento; a API e a página respondem o mesmo (o mesmo caso de uso,
`consultas.listar_processos`), e o painel leva a ela já filtrada."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from farol.relogio import hoje

from .conftest import Api, inspecao

UM_DIA = dt.timedelta(days=1)


def _inspecao_em(dia: dt.date, inscricao: str, como: str = "inspetor.cpsc") -> dict[str, Any]:
    corpo = inspecao(
        data_hora=f"{dia.isoformat()}T10:00:00-03:00", condutor=None, inscricao=inscricao
    )
    return {"corpo": corpo, "como": como}


def _semear(api: Api) -> dict[str, int]:
    """Cinco processos: três na CPSC, um na Delegacia de Itajaí (subordinada) e um em Santos
    (fora da jurisdição da CPSC).

    - `antigo`: notificado em 02/03/2026, prazo de comparecimento vencido em 12/03/2026;
    - `ontem`: notificado ontem, comparecimento em curso;
    - `autuado`: auto lavrado, aguardando a ciência (sem prazo em curso);
    - `itajai`: notificado há 3 dias, na Delegacia;
    - `santos`: notificado ontem, na CPSP."""
    ids = {
        "antigo": api.novo_processo(inspecao(condutor=None, inscricao="401L0000001")),
        "ontem": api.novo_processo(**_inspecao_em(hoje() - UM_DIA, "401L0000002")),
        "autuado": api.novo_processo(inspecao(condutor=None, inscricao="401L0000003")),
        "itajai": api.novo_processo(
            **_inspecao_em(hoje() - 3 * UM_DIA, "401L0000004", "ac.delitajai")
        ),
        "santos": api.novo_processo(**_inspecao_em(hoje() - UM_DIA, "401L0000005", "ac.cpsp")),
    }
    api.levar_ate(ids["autuado"], "autuado")
    return ids


def _lista(api: Api, como: str = "ac.cpsc", **params: Any) -> tuple[list[dict[str, Any]], Any]:
    r = api.get("/processos", como=como, **params)
    assert r.status_code == 200, r.text
    return r.json(), r.headers


def _vencimento(api: Api, pid: int) -> str | None:
    abertos = [x["vencimento"] for x in api.processo(pid)["prazos"] if x["aberto"]]
    return min(abertos) if abertos else None


def _numeros_da_pagina(html: str) -> list[str]:
    return re.findall(r'<tr data-processo="([^"]+)"', html)


def test_lista_da_jurisdicao_pelo_proximo_prazo_com_o_nulo_no_fim(api: Api) -> None:
    ids = _semear(api)
    itens, cab = _lista(api, ordem="prazo")
    assert cab["X-Total-Count"] == "4"
    assert ids["santos"] not in [x["id"] for x in itens]  # fora da jurisdição
    esperado = sorted(
        (ids[k] for k in ("antigo", "ontem", "autuado", "itajai")),
        key=lambda pid: (_vencimento(api, pid) is None, _vencimento(api, pid) or "", pid),
    )
    assert [x["id"] for x in itens] == esperado
    assert itens[-1]["id"] == ids["autuado"]
    assert itens[-1]["proximo_prazo"] is None
    antigo = itens[0]["proximo_prazo"]
    assert itens[0]["id"] == ids["antigo"]
    assert antigo == {
        "etapa": "comparecimento",
        "nome": "Prestação de esclarecimentos após a Notificação para Comparecimento",
        "vencimento": "2026-03-12",
        "vencido": True,
    }
    # decrescente: o nulo continua no fim
    itens, _ = _lista(api, ordem="-prazo")
    assert [x["id"] for x in itens] == [*reversed(esperado[:-1]), ids["autuado"]]


def test_filtros_por_estado_om_regime_vencidos_e_periodo_de_vencimento(api: Api) -> None:
    ids = _semear(api)

    def lista(**params: Any) -> set[int]:
        itens, cab = _lista(api, **params)
        assert cab["X-Total-Count"] == str(len(itens))
        return {x["id"] for x in itens}

    assert lista(estado="autuado") == {ids["autuado"]}
    assert lista(estado="notificado") == {ids["antigo"], ids["ontem"], ids["itajai"]}
    assert lista(om="DELITAJAI") == {ids["itajai"]}
    assert lista(om="CPSC") == {ids[k] for k in ("antigo", "ontem", "autuado", "itajai")}
    assert lista(regime="lesta", estado="notificado", om="DELITAJAI") == {ids["itajai"]}
    assert lista(regime="poluicao") == set()
    assert lista(vencidos="true") == {ids["antigo"]}
    venc_ontem = dt.date.fromisoformat(_vencimento(api, ids["ontem"]) or "")
    venc_itajai = dt.date.fromisoformat(_vencimento(api, ids["itajai"]) or "")
    assert lista(vence_de=venc_ontem.isoformat(), vence_ate=venc_ontem.isoformat()) == (
        {ids["ontem"]} | ({ids["itajai"]} if venc_itajai == venc_ontem else set())
    )
    assert lista(vence_de=hoje().isoformat()) == {ids["ontem"], ids["itajai"]}
    assert lista(vence_ate="2026-03-31") == {ids["antigo"]}
    assert lista(vencidos="true", vence_de=hoje().isoformat()) == set()


def test_paginas_com_o_total_e_os_enderecos_das_vizinhas(api: Api) -> None:
    _semear(api)
    todos, _ = _lista(api, ordem="numero")
    vistos: list[int] = []
    for pagina in (1, 2):
        itens, cab = _lista(api, ordem="numero", por_pagina=3, pagina=pagina)
        assert (cab["X-Total-Count"], cab["X-Pagina"], cab["X-Paginas"]) == ("4", str(pagina), "2")
        vistos += [x["id"] for x in itens]
        assert 'rel="first"' in cab["Link"] and 'rel="last"' in cab["Link"]
        assert ('rel="next"' in cab["Link"]) == (pagina == 1)
        assert ('rel="prev"' in cab["Link"]) == (pagina == 2)
        assert "ordem=numero" in cab["Link"]
    assert vistos == [x["id"] for x in todos]
    assert [x["numero"] for x in todos] == sorted(x["numero"] for x in todos)
    itens, cab = _lista(api, ordem="numero", por_pagina=3, pagina=9)
    assert itens == [] and cab["X-Total-Count"] == "4"


def test_filtro_invalido_e_recusado_com_o_campo_em_portugues(api: Api) -> None:
    _semear(api)
    for params, campo, trecho in [
        ({"estado": "inventado"}, "estado", "estado desconhecido"),
        ({"regime": "xyz"}, "regime", "regime desconhecido"),
        ({"om": "CPSP"}, "om", "OM “CPSP” não encontrada"),
        ({"vence_de": "2026-05-10", "vence_ate": "2026-05-01"}, "vence_ate", "anterior ao início"),
        ({"vence_de": "10/05/2026"}, "vence_de", "data"),
        ({"por_pagina": 0}, "por_pagina", "mínimo"),
    ]:
        r = api.get("/processos", **params)
        assert r.status_code in (404, 422), (params, r.text)
        assert r.json()["campo"] == campo, (params, r.json())
        assert trecho in r.json()["mensagem"], (params, r.json())


def test_a_pagina_da_lista_mostra_o_que_a_api_responde(api: Api) -> None:
    ids = _semear(api)
    api.entrar_na_web("ac.cpsc")
    for params in (
        {"ordem": "prazo"},
        {"ordem": "-numero", "om": "CPSC"},
        {"vencidos": "1", "ordem": "prazo"},
        {"estado": "notificado", "ordem": "prazo", "por_pagina": "2", "pagina": "2"},
        {"vence_de": hoje().isoformat(), "ordem": "prazo"},
    ):
        itens, cab = _lista(api, **{k: ("true" if v == "1" else v) for k, v in params.items()})
        r = api.cliente.get("/processos", params=params)
        assert r.status_code == 200, r.text
        assert _numeros_da_pagina(r.text) == [x["numero"] for x in itens], params
        assert f'data-total="{cab["X-Total-Count"]}"' in r.text
    # o filtro inválido volta com o erro ao lado do campo (422) e a lista sai sem ele (com os
    # outros filtros: aqui, só o início do período)
    r = api.cliente.get("/processos", params={"vence_de": "2026-05-10", "vence_ate": "2026-05-01"})
    assert r.status_code == 422
    assert 'id="erro-vence_ate"' in r.text
    assert "anterior ao início" in r.text
    so_o_inicio, _ = _lista(api, vence_de="2026-05-10")
    assert _numeros_da_pagina(r.text) == [x["numero"] for x in so_o_inicio]
    assert {x["id"] for x in so_o_inicio} == {ids["ontem"], ids["itajai"]}
