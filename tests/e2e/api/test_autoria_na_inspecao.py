"""Cada notificado responde só pelo que é seu (issue 9, item 6): numa inspeção em que o condutor
e o proprietário são pessoas diferentes, o processo e a Notificação para Comparecimento do
condutor trazem só a infração de condução, e os do proprietário só a da embarcação; a resposta
da API, a tela do resultado, a página/API do processo e o PDF dizem o mesmo.

A regra (farol/rules/autoria.py, dados em normas/dados/infracoes.yaml):
- RLESTA.23.VII (velocidade superior à permitida) é irregularidade afeta à condução: responde o
  condutor/tripulante (NORMAM 2023 item 3.3.1 b), não o proprietário;
- RLESTA.15.I (apresentar-se sem a dotação regulamentar) é irregularidade afeta à embarcação:
  respondem o proprietário, o armador ou preposto (item 3.3.1 a), não o condutor.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import uuid
from typing import Any

from apoio import csrf_de
from fastapi.testclient import TestClient
from pypdf import PdfReader

from farol.relogio import fuso

from .conftest import CPF_CONDUTOR, CPF_DONO, SENHA, Api, inspecao

CONDUCAO = "RLESTA.23.VII"  # velocidade superior à permitida
EMBARCACAO = "RLESTA.15.I"  # apresentar-se sem a dotação regulamentar
ITEM_A = "NORMAM (Port. 110/2023) item 3.3.1 a"  # afetas à embarcação
ITEM_B = "NORMAM (Port. 110/2023) item 3.3.1 b"  # afetas à condução


def _compacto(s: str) -> str:
    return "".join(s.split())


def _texto_do_pdf(api: Api, pid: int) -> str:
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "notificacao_comparecimento"})
    assert r.status_code == 201, r.text
    pdf = api.cliente.get(r.json()["pdf"], headers=api.cabecalhos("ac.cpsc"))
    assert pdf.status_code == 200
    return _compacto(
        " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf.content)).pages)
    )


def _infracoes_do_processo(api: Api, pid: int) -> list[tuple[str, str | None]]:
    return [(i["codigo"], i["autor_tipo"]) for i in api.processo(pid)["infracoes"]]


def _por_documento(processos: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {p["documento"]: p for p in processos}


def test_condutor_e_proprietario_distintos_respondem_cada_um_pelo_seu(api: Api) -> None:
    corpo = inspecao(
        constatacoes=[
            {"infracao": CONDUCAO},
            {"infracao": EMBARCACAO, "categoria_item": "salvatagem"},
        ]
    )
    r = api.inspecionar(corpo)

    # a resposta da API: um processo para cada pessoa, cada um com o que é seu
    assert r["notificar"] == ["condutor", "proprietario"]
    assert [c["notificar"] for c in r["constatacoes"]] == [["condutor"], ["proprietario"]]
    processos = _por_documento(r["processos"])
    assert set(processos) == {CPF_CONDUTOR, CPF_DONO}
    condutor, dono = processos[CPF_CONDUTOR], processos[CPF_DONO]
    assert (condutor["papel"], condutor["infracoes"]) == ("condutor", [CONDUCAO])
    assert (dono["papel"], dono["infracoes"]) == ("proprietario", [EMBARCACAO])
    assert condutor["autoria"] == [
        {"infracao": CONDUCAO, "autor_tipo": "condutor", "fundamentos": [ITEM_B]}
    ]
    [autoria_dono] = dono["autoria"]
    assert (autoria_dono["infracao"], autoria_dono["autor_tipo"]) == (EMBARCACAO, "proprietario")
    assert autoria_dono["fundamentos"][0] == ITEM_A

    # a página/API do processo: antes do auto, as infrações do autuado com o tipo de autor
    assert _infracoes_do_processo(api, condutor["id"]) == [(CONDUCAO, "condutor")]
    assert _infracoes_do_processo(api, dono["id"]) == [(EMBARCACAO, "proprietario")]
    fundamentos = api.processo(condutor["id"])["infracoes"][0]["fundamentos_autoria"]
    assert fundamentos == [ITEM_B]

    # a Notificação para Comparecimento (Anexo A) de cada um, no PDF emitido
    do_condutor = _texto_do_pdf(api, condutor["id"])
    do_dono = _texto_do_pdf(api, dono["id"])
    velocidade, dotacao = (
        _compacto("velocidade superior à permitida"),
        _compacto("apresentar-se sem a dotação regulamentar"),
    )
    assert velocidade in do_condutor and dotacao not in do_condutor
    assert dotacao in do_dono and velocidade not in do_dono


def test_a_mesma_pessoa_condutora_e_proprietaria_recebe_uma_notificacao_com_tudo(
    api: Api,
) -> None:
    corpo = inspecao(
        condutor=CPF_DONO,
        constatacoes=[
            {"infracao": CONDUCAO},
            {"infracao": EMBARCACAO, "categoria_item": "salvatagem"},
        ],
    )
    [p] = api.inspecionar(corpo)["processos"]
    assert p["papeis"] == ["condutor", "proprietario"]
    assert p["infracoes"] == [CONDUCAO, EMBARCACAO]
    assert _infracoes_do_processo(api, p["id"]) == [
        (CONDUCAO, "condutor"),
        (EMBARCACAO, "proprietario"),
    ]


def test_infracao_de_conducao_sem_condutor_identificado_e_recusada_e_nada_e_gravado(
    api: Api,
) -> None:
    antes = api.get("/processos").json()
    r = api.post("/inspecoes", inspecao(condutor=None, constatacoes=[{"infracao": CONDUCAO}]))
    assert r.status_code == 422, r.text
    corpo = r.json()
    assert corpo["campo"] == "condutor"
    assert "condutor/tripulante" in corpo["mensagem"]
    assert ITEM_B in corpo["regra"]
    assert api.get("/processos").json() == antes


# --- a tela do resultado da inspeção --------------------------------------------------------


def _entrar_na_web(cliente: TestClient, login: str) -> str:
    r = cliente.post(
        "/entrar",
        data={"csrf": csrf_de(cliente.get("/entrar").text), "login": login, "senha": SENHA},
    )
    assert r.status_code in (200, 303), r.text
    return csrf_de(cliente.get("/inspecoes/nova").text)


def test_a_tela_do_resultado_mostra_o_que_a_api_do_processo_diz(api: Api) -> None:
    csrf = _entrar_na_web(api.cliente, "inspetor.cpsc")
    agora = dt.datetime.now(fuso()) - dt.timedelta(hours=1)
    form = {
        "csrf": csrf,
        "chave": str(uuid.uuid4()),
        "situacao": "navegando",
        "embarcacao.inscricao": "4419900777",
        "embarcacao.nome": "Duas Pessoas",
        "embarcacao.inscrita": "sim",
        "proprietario.documento": CPF_DONO,
        "proprietario.nome": "João Dono",
        "condutor.documento": CPF_CONDUTOR,
        "condutor.nome": "Pedro Condutor",
        "data_hora": agora.strftime("%Y-%m-%dT%H:%M"),
        "local": "Baía Norte",
        "constatacoes": ["velocidade", "salv_sem"],
    }
    r = api.cliente.post("/inspecoes/nova", data=form)
    assert r.status_code == 200, r.text
    # cada notificação listada na tela: o processo e as infrações dele
    blocos = re.split(r'<a class="processo-numero" href="/processos/', r.text)[1:]
    na_tela = {
        int(b.split('"', 1)[0]): re.findall(r'data-infracao="([^"]+)"', b.split("</li>", 1)[0])
        for b in blocos
    }
    assert sorted(na_tela.values()) == [[EMBARCACAO], [CONDUCAO]]
    for pid, codigos in na_tela.items():  # a tela diz o que a API do processo diz
        assert codigos == [c for c, _ in _infracoes_do_processo(api, pid)]
    assert ITEM_B in r.text and ITEM_A in r.text  # com o fundamento da autoria


# --- o catálogo da API -----------------------------------------------------------------------


def test_a_api_lista_os_autores_admitidos_de_cada_infracao(api: Api) -> None:
    r = api.get("/infracoes")
    assert r.status_code == 200, r.text
    por_codigo = {i["codigo"]: i for i in r.json()}
    assert len(por_codigo) == 52  # RLESTA arts. 11 a 28 (51 itens) e LESTA art. 4º-A
    # RLESTA art. 23, III: quem deixa de contratar o prático não é o prático
    assert [a["tipo"] for a in por_codigo["RLESTA.23.III"]["autores"]] == [
        "condutor",
        "comandante",
        "proprietario",
        "armador",
        "preposto",
    ]
    dotacao = por_codigo[EMBARCACAO]
    assert dotacao["autores"][0] == {"tipo": "proprietario", "nome": "proprietário da embarcação"}
    assert dotacao["fundamentos_autoria"][0] == ITEM_A
    assert dotacao["nota_autoria"].startswith("Interpretação do Farol.")
    [so_pratico] = api.get("/infracoes", busca="recusar-se").json()
    assert [a["tipo"] for a in so_pratico["autores"]] == ["pratico"]


# --- a lavratura sem autor_tipo ---------------------------------------------------------------


def test_lavratura_sem_autor_com_varios_admitidos_e_recusada_listando_os(api: Api) -> None:
    pid = api.novo_processo()  # RLESTA.15.I, processo do proprietário
    r = api.ato(pid, "lavratura_auto", "2026-03-13", {"infracoes": [{"infracao": EMBARCACAO}]})
    assert r.status_code == 422, r.text
    corpo = r.json()
    assert corpo["campo"] == "dados.infracoes.0.autor"
    # os admitidos pelo nome (autores.yaml), com o id que a API recebe entre parênteses
    assert "admite 4: proprietário da embarcação (proprietario), " in corpo["mensagem"]
    assert "Comandante (aquaviário embarcado) (comandante)" in corpo["mensagem"]
    assert corpo["regra"].startswith(ITEM_A)
    assert api.processo(pid)["estado"] == "notificado"  # nada foi gravado


def test_lavratura_sem_autor_usa_o_unico_admitido_e_o_grava(api: Api) -> None:
    # RLESTA art. 24: "São aplicáveis ao Comandante" -> o único tipo admitido
    pid = api.novo_processo()
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", {"infracoes": [{"infracao": "RLESTA.24"}]})
    p = api.processo(pid)
    assert [(i["codigo"], i["autor_tipo"]) for i in p["infracoes"]] == [("RLESTA.24", "comandante")]
    assert p["atos"][-1]["dados"]["infracoes"][0]["autor_tipo"] == "comandante"


def test_lavratura_com_autor_nao_admitido_e_recusada_nomeando_os_admitidos(api: Api) -> None:
    # RLESTA.15.I (dotação de bordo) é afeta à embarcação (item 3.3.1 a): o condutor não a
    # comete; a recusa diz quem é, e quem responde, pelos nomes de autores.yaml
    pid = api.novo_processo()
    auto = {"infracoes": [{"infracao": EMBARCACAO, "autor_tipo": "condutor"}]}
    r = api.ato(pid, "lavratura_auto", "2026-03-13", auto)
    assert r.status_code == 422, r.text
    corpo = r.json()
    assert corpo["campo"] == "dados.infracoes.0.autor"
    assert corpo["mensagem"] == (
        "condutor/tripulante (aquaviário ou amador embarcado) (condutor) não é autor material "
        "admitido para RLESTA.15.I; admitidos: proprietário da embarcação (proprietario), "
        "armador, preposto, Comandante (aquaviário embarcado) (comandante)"
    )
    assert api.processo(pid)["estado"] == "notificado"  # nada foi gravado


# --- o auto noutro papel que o da notificação ---------------------------------------------


def test_auto_noutro_papel_que_o_notificado_exige_o_motivo_e_o_mostra(api: Api) -> None:
    # o dono, notificado como proprietário pela dotação (RLESTA.15.I), autuado como Comandante:
    # papel que a suspensão alcança (RLESTA art. 8º) e que ele não teve como esclarecer na
    # Notificação para Comparecimento (Norma de 2023, item 3.6.1)
    pid = api.novo_processo()
    assert _infracoes_do_processo(api, pid) == [(EMBARCACAO, "proprietario")]
    auto = {"infracoes": [{"infracao": EMBARCACAO, "autor_tipo": "comandante"}]}
    r = api.ato(pid, "lavratura_auto", "2026-03-13", auto)
    assert r.status_code == 422, r.text
    corpo = r.json()
    assert corpo["campo"] == "dados.motivo_autoria"
    assert (
        "RLESTA.15.I como Comandante (aquaviário embarcado), notificada como proprietário da "
        "embarcação" in corpo["mensagem"]
    )
    assert corpo["regra"] == "NORMAM (Port. 110/2023) item 3.6.1; Lei 9.784/1999 art. 50, II"
    assert api.processo(pid)["estado"] == "notificado"  # nada foi gravado

    # a página oferece o campo, dizendo em que papel cada infração foi notificada
    api.entrar_na_web("ac.cpsc")
    formulario = api.cliente.get(f"/processos/{pid}/atos/lavratura_auto").text
    assert 'name="dados.motivo_autoria"' in formulario
    assert "RLESTA.15.I como proprietário da embarcação" in formulario

    motivo = "O dono comandava a embarcação, embarcado como Comandante, na abordagem."
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", {**auto, "motivo_autoria": motivo})
    p = api.processo(pid)
    assert _infracoes_do_processo(api, pid) == [(EMBARCACAO, "comandante")]
    assert p["atos"][-1]["dados"]["autoria_mudada"] == [
        {"infracao": EMBARCACAO, "notificada": "proprietario", "lavrada": "comandante"}
    ]
    pagina = api.cliente.get(f"/processos/{pid}").text
    assert "Autoria diferente da notificada: RLESTA.15.I como Comandante" in pagina
    assert motivo in pagina
    r = api.post(f"/processos/{pid}/documentos", {"tipo": "auto_de_infracao"})
    assert r.status_code == 201, r.text
    pdf = api.cliente.get(r.json()["pdf"], headers=api.cabecalhos("ac.cpsc"))
    texto = _compacto(
        " ".join(x.extract_text() or "" for x in PdfReader(io.BytesIO(pdf.content)).pages)
    )
    assert _compacto("DA AUTORIA") in texto
    assert _compacto(motivo) in texto


def test_auto_no_papel_notificado_nao_pede_motivo(api: Api) -> None:
    pid = api.novo_processo()
    auto = {"infracoes": [{"infracao": EMBARCACAO, "autor_tipo": "proprietario"}]}
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", auto)
    assert "autoria_mudada" not in api.processo(pid)["atos"][-1]["dados"]
