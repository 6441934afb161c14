"""O que cabe registrar agora (issue 15, item 10) e as recusas de uma vez (item 12), pela API e
pela página do processo, que usam o mesmo caso de uso (`atos_possiveis.atos_possiveis`).

Só têm formulário os atos que o quadro de estados admite hoje para o papel; os que uma guarda
recusa hoje aparecem desabilitados, com a mensagem da guarda (a mesma que o registro daria) e
a data a partir da qual passam a caber. Registrar um ato recusado devolve todos os erros de uma
vez: as duas multas fora da faixa, o dado inválido e a data futura."""

from __future__ import annotations

import datetime as dt
import html
import re
from typing import Any

from apoio import csrf_de

from farol.formatos import data as data_br
from farol.relogio import hoje

from .conftest import INFRACAO, JUSTIFICATIVA, Api, inspecao

UM_DIA = dt.timedelta(days=1)


def _processo_de_ontem(api: Api, inscricao: str = "401P0000001") -> int:
    ontem = (hoje() - UM_DIA).isoformat()
    return api.novo_processo(
        inspecao(data_hora=f"{ontem}T10:00:00-03:00", condutor=None, inscricao=inscricao)
    )


def _possiveis(api: Api, pid: int, como: str = "ac.cpsc", **params: Any) -> dict[str, Any]:
    r = api.get(f"/processos/{pid}/atos-possiveis", como=como, **params)
    assert r.status_code == 200, r.text
    return {a["tipo"]: a for a in r.json()}


def _vencimento(api: Api, pid: int, etapa: str) -> dt.date:
    (x,) = [x for x in api.processo(pid)["prazos"] if x["etapa"] == etapa and x["aberto"]]
    return dt.date.fromisoformat(x["vencimento"])


def test_lavratura_no_prazo_de_esclarecimentos_aparece_desabilitada_com_a_data_e_o_motivo(
    api: Api,
) -> None:
    pid = _processo_de_ontem(api)
    vencimento = _vencimento(api, pid, "comparecimento")
    atos = _possiveis(api, pid)
    lavratura = atos["lavratura_auto"]
    assert lavratura["permitido"] is False
    assert lavratura["a_partir_de"] == (vencimento + UM_DIA).isoformat()
    assert lavratura["motivo"] == (
        f"prazo para prestar esclarecimentos em curso até {data_br(vencimento)}: o auto só se "
        "lavra após esclarecimentos não acolhidos ou o fim desse prazo"
    )
    assert lavratura["regra"]  # a citação da transição
    assert atos["esclarecimentos_prestados"]["permitido"] is True
    assert atos["esclarecimentos_prestados"]["motivo"] is None

    # o registro recusa com a mesma mensagem que a lista mostrou
    infracoes = [{"infracao": INFRACAO, "autor_tipo": "proprietario"}]
    r = api.ato(pid, "lavratura_auto", hoje().isoformat(), {"infracoes": infracoes})
    assert r.status_code in (409, 422), r.text
    assert lavratura["motivo"] in r.json()["mensagem"]

    # na data indicada (e não antes) as guardas o admitem
    antes = _possiveis(api, pid, hoje=vencimento.isoformat())["lavratura_auto"]
    assert antes["permitido"] is False
    no_dia = _possiveis(api, pid, hoje=(vencimento + UM_DIA).isoformat())["lavratura_auto"]
    assert no_dia["permitido"] is True

    # o que a lista diz que cabe, cabe: os esclarecimentos são registrados hoje
    r = api.ato(pid, "esclarecimentos_prestados", hoje().isoformat(), {"texto": "Compareceu."})
    assert r.status_code == 201, r.text


def test_revelia_e_divida_ativa_so_depois_do_vencimento(api: Api) -> None:
    inicio = hoje() - dt.timedelta(days=40)
    pid = api.novo_processo(
        inspecao(
            data_hora=f"{inicio.isoformat()}T10:00:00-03:00",
            condutor=None,
            inscricao="401P0000002",
        )
    )
    api.ato_ok(
        pid,
        "lavratura_auto",
        (inicio + dt.timedelta(days=20)).isoformat(),
        {"infracoes": [{"infracao": INFRACAO, "autor_tipo": "proprietario"}]},
    )
    api.ato_ok(pid, "ciencia_auto", (hoje() - UM_DIA).isoformat(), {"meio": "pessoal"})
    defesa = _vencimento(api, pid, "defesa")
    atos = _possiveis(api, pid)
    assert atos["defesa"]["permitido"] is True
    assert atos["renuncia_defesa"]["permitido"] is True
    revelia = _possiveis(api, pid)["revelia"]
    assert (revelia["permitido"], revelia["a_partir_de"]) == (
        False,
        (defesa + UM_DIA).isoformat(),
    )
    assert f"prazo de defesa em curso até {data_br(defesa)}" in revelia["motivo"]


def test_cada_papel_ve_so_os_seus_atos_e_outra_om_recebe_404(api: Api) -> None:
    pid = _processo_de_ontem(api)
    assert "lavratura_auto" in _possiveis(api, pid, como="ac.cpsc")
    assert "lavratura_auto" not in _possiveis(api, pid, como="inspetor.cpsc")
    assert _possiveis(api, pid, como="consulta.cpsc") == {}
    assert api.get(f"/processos/{pid}/atos-possiveis", como="ac.cpsp").status_code == 404


def test_a_pagina_do_processo_mostra_o_mesmo_que_a_api(api: Api) -> None:
    pid = _processo_de_ontem(api)
    atos = _possiveis(api, pid)
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}").text
    formularios = set(re.findall(r'class="ato-form" id="form-([a-z_]+)"', pagina))
    desabilitados = set(re.findall(r'<li id="indisponivel-([a-z_]+)"', pagina))
    assert formularios == {t for t, a in atos.items() if a["permitido"]}
    assert desabilitados == {t for t, a in atos.items() if not a["permitido"]} == {"lavratura_auto"}
    lavratura = atos["lavratura_auto"]
    item = re.search(r'<li id="indisponivel-lavratura_auto".*?</li>', pagina, re.S)
    assert item is not None
    texto = html.unescape(item.group(0))
    assert f'data-a-partir-de="{lavratura["a_partir_de"]}"' in texto
    assert f'A partir de <time datetime="{lavratura["a_partir_de"]}">' in texto
    assert data_br(dt.date.fromisoformat(lavratura["a_partir_de"])) in texto
    assert "disabled" in texto
    assert lavratura["motivo"][1:] in texto


# --- item 12: todas as recusas de uma vez -----------------------------------------------------

SEGUNDA = "RLESTA.16.II"  # falta de documento (grupo do RLESTA art. 16, II)


def _julgamento_pendente(api: Api) -> int:
    """Processo com duas infrações no auto, defesa apresentada: aguardando julgamento."""
    corpo = inspecao(condutor=None, inscricao="401P0000003")
    corpo["constatacoes"].append({"infracao": SEGUNDA, "embarcacao_inscrita": True})
    pid = api.novo_processo(corpo)
    api.ato_ok(
        pid,
        "lavratura_auto",
        "2026-03-13",
        {
            "infracoes": [
                {"infracao": INFRACAO, "autor_tipo": "proprietario"},
                {"infracao": SEGUNDA, "autor_tipo": "proprietario"},
            ]
        },
    )
    api.ato_ok(pid, "ciencia_auto", "2026-03-16", {"meio": "pessoal"})
    api.ato_ok(pid, "defesa", "2026-03-20", {"texto": "Alega que estava tudo a bordo."})
    return pid


def test_as_duas_multas_fora_da_faixa_sao_recusadas_juntas(api: Api) -> None:
    pid = _julgamento_pendente(api)
    dados = {
        "penalidades": [
            {"infracao": INFRACAO, "multa": "99999.00"},
            {"infracao": SEGUNDA, "multa": "5.00"},
        ],
        "justificativa": JUSTIFICATIVA,
    }
    r = api.ato(pid, "julgamento_procedente", "2026-04-10", dados)
    assert r.status_code == 422, r.text
    corpo = r.json()
    assert [x["campo"] for x in corpo["erros"]] == [
        "dados.penalidades.0.multa",
        "dados.penalidades.1.multa",
    ]
    assert all("fora da faixa legal" in x["mensagem"] for x in corpo["erros"])
    assert all(x["regra"] for x in corpo["erros"])
    assert "R$ 99.999,00" in corpo["erros"][0]["mensagem"]
    assert "R$ 5,00" in corpo["erros"][1]["mensagem"]
    assert (corpo["campo"], corpo["mensagem"]) == (
        corpo["erros"][0]["campo"],
        corpo["erros"][0]["mensagem"],
    )
    assert api.processo(pid)["estado"] == "aguardando_julgamento"

    # a página mostra as duas, cada uma ao lado do seu campo, com o que foi digitado
    api.entrar_na_web("ac.cpsc")
    csrf = csrf_de(api.cliente.get(f"/processos/{pid}").text)
    r = api.cliente.post(
        f"/processos/{pid}/atos/julgamento_procedente",
        data={
            "csrf": csrf,
            "chave": "julgamento-duas-multas",
            "data_ato": "2026-04-10",
            "dados.penalidades.0.infracao": INFRACAO,
            "dados.penalidades.0.multa": "99.999,00",
            "dados.penalidades.1.infracao": SEGUNDA,
            "dados.penalidades.1.multa": "5,00",
            "dados.justificativa": JUSTIFICATIVA,
        },
    )
    assert r.status_code == 422
    pagina = html.unescape(r.text)
    for n, valor in ((0, "99.999,00"), (1, "5,00")):
        erro = re.search(rf'id="erro-dados-penalidades-{n}-multa"[^>]*>([^<]+)<', pagina)
        assert erro is not None, n
        assert f"multa de R$ {valor} fora da faixa legal" in erro.group(1)
        assert f'value="{valor}"' in pagina


def test_dado_invalido_e_data_futura_sao_recusados_juntos(api: Api) -> None:
    pid = _processo_de_ontem(api)
    amanha = (hoje() + UM_DIA).isoformat()
    r = api.ato(pid, "esclarecimentos_prestados", amanha, {"texto": "x" * 20001})
    assert r.status_code == 422, r.text
    campos = {x["campo"]: x["mensagem"] for x in r.json()["erros"]}
    assert set(campos) == {"dados.texto", "data_ato"}
    assert "longo demais" in campos["dados.texto"]
    assert "não pode ser futura" in campos["data_ato"]


def test_cada_ato_possivel_aponta_o_esquema_dos_seus_dados_no_openapi(api: Api) -> None:
    """Quem integra lia o código para saber os campos de cada ato (`dados` era um objeto livre
    no OpenAPI): cada ato possível aponta o esquema dos seus dados em `components/schemas`."""
    pid = _processo_de_ontem(api, inscricao="401P0000009")
    esquemas = api.cliente.get("/openapi.json").json()["components"]["schemas"]
    atos = _possiveis(api, pid)
    assert atos["lavratura_auto"]["esquema_dos_dados"] == "#/components/schemas/DadosLavratura"
    for tipo, ato in atos.items():
        nome = ato["esquema_dos_dados"].removeprefix("#/components/schemas/")
        assert nome in esquemas and esquemas[nome]["title"] == nome, tipo
    lavratura = esquemas["DadosLavratura"]
    assert "infracoes" in lavratura["required"]
    item = lavratura["properties"]["infracoes"]["items"]["$ref"].rsplit("/", 1)[-1]
    assert {"infracao", "autor_tipo"} <= set(esquemas[item]["properties"])
    # o modelo de entrada da decisão não se confunde com o da resposta de mesmo nome
    decisao = esquemas["DadosDecisaoComPenalidade"]["properties"]["penalidades"]["items"]["$ref"]
    assert decisao == "#/components/schemas/PenalidadeDecididaNaEntrada"
    assert "multa" in esquemas["PenalidadeDecididaNaEntrada"]["properties"]
