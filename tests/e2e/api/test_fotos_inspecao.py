"""Fotos, posição do GPS e a inscrição já cadastrada na inspeção (issue 15, itens 5 e 6).

- As fotos tiradas na inspeção vão com ela (`POST /inspecoes/com-fotos`, multipart; a página da
  nova inspeção é multipart também) e ficam na mesma transação, com o SHA-256: voltam com o tipo
  conferido pelo conteúdo, aparecem na página do processo e `fotos_da_inspecao` as lista para o
  Auto de Apreensão. Um arquivo que não é imagem recusa tudo, em português, e nada é gravado.
- A posição do GPS (latitude, longitude e a precisão em metros) fica gravada com a inspeção.
- Uma inscrição já cadastrada devolve a embarcação e o proprietário registrados
  (`GET /embarcacoes?inscricao=`; o proprietário é dado pessoal: fica no registro de acesso).
- Dados diferentes do cadastro para uma inscrição conhecida: a inspeção fica como digitada, o
  cadastro não muda, e a diferença é anotada no resultado e na página do processo.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from decimal import Decimal
from typing import Any

import httpx
from apoio import csrf_de
from PIL import Image
from sqlalchemy import select

from farol import entrada
from farol.http.corpo import limite_do_corpo
from farol.services.fotos_inspecao import fotos_da_inspecao
from farol.store.orm import (
    AcessoDadoPessoal,
    Embarcacao,
    FotoInspecao,
    Inspecao,
    Pessoa,
    Processo,
)

from .conftest import API, CPF_DONO, Api, cpf, inspecao

INSCRICAO = "401M2026001"  # a de `inspecao()` do conftest
CPF_NOVA_DONA = cpf(123456789)


def _imagem(formato: str, cor: tuple[int, int, int]) -> bytes:
    """Uma imagem de verdade, pequena, gerada agora (Pillow, que vem com o reportlab)."""
    saida = io.BytesIO()
    Image.new("RGB", (16, 12), cor).save(saida, formato)
    return saida.getvalue()


JPEG = _imagem("JPEG", (200, 40, 40))
PNG = _imagem("PNG", (20, 90, 200))
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def _com_fotos(
    api: Api,
    corpo: dict[str, Any],
    fotos: list[tuple[str, bytes, str]],
    *,
    como: str = "inspetor.cpsc",
    chave: str | None = None,
    **campos: Any,
) -> httpx.Response:
    cab = dict(api.cabecalhos(como))
    if chave:
        cab["Idempotency-Key"] = chave
    return api.cliente.post(
        f"{API}/inspecoes/com-fotos",
        data={"inspecao": json.dumps(corpo), **campos},
        files=[("fotos", f) for f in fotos],
        headers=cab,
    )


def _quantos(api: Api) -> tuple[int, int, int]:
    return api.contar(Inspecao), api.contar(FotoInspecao), api.contar(Processo)


def test_inspecao_com_duas_fotos_grava_o_sha256_serve_de_volta_e_mostra_no_processo(
    api: Api,
) -> None:
    r = _com_fotos(
        api,
        inspecao(),
        [("proa.jpg", JPEG, "image/jpeg"), ("coletes.png", PNG, "image/png")],
        fotos_descricao=["Proa com a inscrição", "Coletes faltando"],
        fotos_tirada_em=["2026-03-02T09:58:00-03:00"],
        chave="fotos-1",
    )
    assert r.status_code == 201, r.text
    corpo = r.json()
    iid = corpo["inspecao_id"]
    fotos = corpo["fotos"]
    assert [(f["tipo_mime"], f["sha256"], f["descricao"]) for f in fotos] == [
        ("image/jpeg", hashlib.sha256(JPEG).hexdigest(), "Proa com a inscrição"),
        ("image/png", hashlib.sha256(PNG).hexdigest(), "Coletes faltando"),
    ]
    # o instante informado vale para a primeira; a segunda leva o da inspeção
    assert fotos[0]["tirada_em"] == "2026-03-02T12:58:00+00:00"
    assert (fotos[1]["tirada_em"], fotos[1]["tirada_em_informada"]) == (
        "2026-03-02T13:00:00+00:00",
        False,
    )

    # servidas de volta, byte a byte, com o tipo conferido pelo conteúdo
    lista = api.get(f"/inspecoes/{iid}/fotos", como="ac.cpsc").json()
    assert [f["id"] for f in lista] == [f["id"] for f in fotos]
    for foto, original, tipo in zip(fotos, (JPEG, PNG), ("image/jpeg", "image/png"), strict=True):
        baixada = api.get(f"/inspecoes/{iid}/fotos/{foto['id']}", como="ac.cpsc")
        assert baixada.status_code == 200
        assert baixada.headers["content-type"] == tipo
        assert baixada.content == original
        assert baixada.headers["etag"] == f'"{foto["sha256"]}"'
    # outra Capitania não vê a inspeção nem as fotos
    assert api.get(f"/inspecoes/{iid}/fotos", como="ac.cpsp").status_code == 404
    assert api.get(f"/inspecoes/{iid}/fotos/{fotos[0]['id']}", como="ac.cpsp").status_code == 404

    # o reenvio com a mesma chave (a conexão caiu) devolve a mesma inspeção, sem foto repetida
    antes = _quantos(api)
    de_novo = _com_fotos(
        api,
        inspecao(),
        [("proa.jpg", JPEG, "image/jpeg"), ("coletes.png", PNG, "image/png")],
        fotos_descricao=["Proa com a inscrição", "Coletes faltando"],
        fotos_tirada_em=["2026-03-02T09:58:00-03:00"],
        chave="fotos-1",
    )
    assert de_novo.json()["inspecao_id"] == iid
    assert _quantos(api) == antes

    # o que o Auto de Apreensão lista: id, SHA-256, quando foi tirada e a descrição
    with api.banco.unit_of_work(somente_leitura=True) as s:
        listadas = fotos_da_inspecao(s, iid)
    assert [(f.id, f.sha256, f.tirada_em.isoformat(), f.descricao) for f in listadas] == [
        (fotos[0]["id"], fotos[0]["sha256"], "2026-03-02T12:58:00+00:00", "Proa com a inscrição"),
        (fotos[1]["id"], fotos[1]["sha256"], "2026-03-02T13:00:00+00:00", "Coletes faltando"),
    ]

    # a página do processo mostra as miniaturas, cada uma levando à foto
    pid = corpo["processos"][0]["id"]
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{pid}")
    assert pagina.status_code == 200
    secao = pagina.text[pagina.text.index('id="campo-inspecao"') :]
    for foto in fotos:
        endereco = f"/inspecoes/{iid}/fotos/{foto['id']}"
        assert f'<a href="{endereco}"><img src="{endereco}"' in secao
        assert foto["sha256"] in secao
        assert api.cliente.get(endereco).headers["content-type"] == foto["tipo_mime"]
    assert "Coletes faltando" in secao
    # a foto não muda: o navegador revalida pelo SHA-256 e não baixa de novo
    endereco = f"/inspecoes/{iid}/fotos/{fotos[0]['id']}"
    assert (
        api.cliente.get(endereco, headers={"If-None-Match": f'"{fotos[0]["sha256"]}"'}).status_code
        == 304
    )


def test_arquivo_que_nao_e_imagem_e_recusado_em_portugues_e_nada_e_gravado(api: Api) -> None:
    antes = _quantos(api)
    r = _com_fotos(
        api,
        inspecao(),
        [("proa.jpg", JPEG, "image/jpeg"), ("foto.jpg", PDF, "image/jpeg")],
    )
    assert r.status_code == 422, r.text
    erro = r.json()
    assert erro["campo"] == "fotos"
    assert erro["mensagem"] == (
        "a foto 2 (foto.jpg) não é uma imagem JPEG, PNG ou WebP (o tipo é conferido pelo "
        "conteúdo do arquivo)"
    )
    assert _quantos(api) == antes  # nem a inspeção, nem a foto boa, nem o processo

    # a página da nova inspeção recusa do mesmo jeito, com o erro ao lado do campo das fotos
    api.entrar_na_web("inspetor.cpsc")
    pagina = api.cliente.get("/inspecoes/nova").text
    r = api.cliente.post(
        "/inspecoes/nova",
        data={**_formulario_web(pagina), "fotos_descricao": ["não é foto"]},
        files=[("fotos", ("relatorio.png", PDF, "image/png"))],
    )
    assert r.status_code == 422
    assert "a foto 1 (relatorio.png) não é uma imagem JPEG, PNG ou WebP" in r.text
    assert 'id="erro-fotos"' in r.text
    assert "1 foto escolhida não volta com a página" in r.text
    assert _quantos(api) == antes


def test_posicao_do_gps_fica_gravada_com_a_precisao(api: Api) -> None:
    corpo = {
        **inspecao(),
        "localizacao": {"latitude": -27.5936712345, "longitude": -48.5512349, "precisao_m": 12},
    }
    r = api.post("/inspecoes", corpo, como="inspetor.cpsc")
    assert r.status_code == 201, r.text
    assert r.json()["localizacao"] == {
        "latitude": "-27.593671",
        "longitude": "-48.551235",
        "precisao_m": 12,
    }
    with api.banco.unit_of_work(somente_leitura=True) as s:
        insp = s.get(Inspecao, r.json()["inspecao_id"])
        assert insp is not None
        assert (insp.latitude, insp.longitude, insp.precisao_m) == (
            Decimal("-27.593671"),
            Decimal("-48.551235"),
            12,
        )
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{r.json()['processos'][0]['id']}").text
    assert "27,593671° S, 48,551235° O" in pagina
    assert "precisão de 12 m" in pagina

    # sem posição, as colunas ficam nulas; fora da faixa, 422 no campo
    sem = api.inspecionar(inspecao(inscricao="SEM-GPS-1"))
    with api.banco.unit_of_work(somente_leitura=True) as s:
        insp = s.get(Inspecao, sem["inspecao_id"])
        assert insp is not None and insp.latitude is None and insp.precisao_m is None
    fora = {**inspecao(), "localizacao": {"latitude": -91, "longitude": -48.5}}
    r = api.post("/inspecoes", fora, como="inspetor.cpsc")
    assert (r.status_code, r.json()["campo"]) == (422, "localizacao.latitude")


def test_a_inscricao_conhecida_devolve_a_embarcacao_e_o_proprietario_registrados(
    api: Api,
) -> None:
    api.inspecionar()  # cadastra a embarcação 401M2026001, de João Dono
    leituras = api.contar(AcessoDadoPessoal)
    r = api.get("/embarcacoes", como="inspetor.cpsc", inscricao=INSCRICAO.lower())
    assert r.status_code == 200
    assert r.json() == [
        {
            "inscricao": INSCRICAO,
            "nome": "Maré Alta",
            "tipo": None,
            "propulsao": None,
            "comprimento": None,
            "estrangeira": False,
            "proprietario": {"documento": CPF_DONO, "nome": "João Dono"},
        }
    ]
    # o proprietário é dado pessoal: a leitura fica no registro de acesso
    assert api.contar(AcessoDadoPessoal) == leituras + 1
    with api.banco.unit_of_work(somente_leitura=True) as s:
        ultimo = (
            s.execute(select(AcessoDadoPessoal).order_by(AcessoDadoPessoal.id.desc()))
            .scalars()
            .first()
        )
        assert ultimo is not None
        assert (ultimo.documento, ultimo.consulta) == ("52998224725", "embarcacao_por_inscricao")
    # sem `ve_dados_pessoais`, a embarcação vem sem o proprietário, e nada é registrado
    sem_dono = api.get("/embarcacoes", como="consulta.cpsc", inscricao=INSCRICAO).json()
    assert sem_dono[0]["nome"] == "Maré Alta" and sem_dono[0]["proprietario"] is None
    assert api.contar(AcessoDadoPessoal) == leituras + 1
    # inscrição que ninguém cadastrou: lista vazia
    assert api.get("/embarcacoes", como="inspetor.cpsc", inscricao="NAO-EXISTE").json() == []
    assert api.get("/embarcacoes", como="inspetor.cpsc", inscricao="X").status_code == 422


def test_dono_diferente_para_inscricao_conhecida_fica_como_digitado_e_a_diferenca_anotada(
    api: Api,
) -> None:
    api.inspecionar()  # o cadastro: Maré Alta, de João Dono
    corpo = inspecao(proprietario=CPF_NOVA_DONA, condutor=None)
    corpo["embarcacao"] = {"inscricao": INSCRICAO, "nome": "Maré Alta II", "tipo": "veleiro"}
    corpo["proprietario"]["nome"] = "Maria Nova"
    r = api.post("/inspecoes", corpo, como="inspetor.cpsc")
    assert r.status_code == 201, r.text
    resposta = r.json()
    assert {(d["campo"], d["cadastro"], d["informado"]) for d in resposta["divergencias"]} == {
        ("embarcacao.nome", "Maré Alta", "Maré Alta II"),
        ("embarcacao.tipo", "não informado", "veleiro"),
        ("proprietario", f"João Dono ({CPF_DONO})", f"Maria Nova ({CPF_NOVA_DONA})"),
    }
    # como digitado: a proprietária notificada é a informada; o cadastro não mudou
    assert [p["autuado"] for p in resposta["processos"]] == ["Maria Nova"]
    with api.banco.unit_of_work(somente_leitura=True) as s:
        insp = s.get(Inspecao, resposta["inspecao_id"])
        assert insp is not None
        dona = s.get(Pessoa, insp.proprietario_id)
        assert dona is not None and dona.nome == "Maria Nova"
        emb = s.execute(select(Embarcacao).where(Embarcacao.inscricao == INSCRICAO)).scalar_one()
        dono = s.get(Pessoa, emb.proprietario_id)
        assert (emb.nome, emb.tipo, dono and dono.nome) == ("Maré Alta", None, "João Dono")
        assert insp.divergencias is not None and len(insp.divergencias) == 3

    # a página do processo mostra a diferença
    api.entrar_na_web("ac.cpsc")
    pagina = api.cliente.get(f"/processos/{resposta['processos'][0]['id']}").text
    caixa = pagina[pagina.index('id="divergencias"') :]
    caixa = caixa[: caixa.index("</ul>")]
    assert "Diferente do cadastro" in caixa
    assert "Proprietário da embarcação" in caixa
    assert f"Maria Nova ({CPF_NOVA_DONA})" in caixa and f"João Dono ({CPF_DONO})" in caixa
    assert "Maré Alta II" in caixa

    # só acentos, maiúsculas e espaços não são diferença
    igual = inspecao(condutor=None)
    igual["embarcacao"]["nome"] = "MARE  alta"
    igual["proprietario"]["nome"] = "joão dono"
    assert api.inspecionar(igual)["divergencias"] == []


def _formulario_web(pagina: str, **mudancas: str) -> dict[str, Any]:
    """Os campos da nova inspeção preenchidos (a inspeção padrão do conftest) e `mudancas`."""
    chave = re.search(r'name="chave" value="([^"]+)"', pagina)
    assert chave
    return {
        "csrf": csrf_de(pagina),
        "chave": chave.group(1),
        "situacao": "navegando",
        "embarcacao.inscricao": INSCRICAO,
        "embarcacao.nome": "Maré Alta",
        "embarcacao.inscrita": "sim",
        "proprietario.documento": CPF_DONO,
        "proprietario.nome": "João Dono",
        "condutor.mesmo": "sim",
        "data_hora": "2026-03-02T10:00",
        "local": "Baía Norte, Florianópolis",
        "constatacoes": "salv_sem",
        **mudancas,
    }


def test_a_pagina_registrada_mostra_a_diferenca_do_cadastro_e_as_fotos(api: Api) -> None:
    api.inspecionar()  # o cadastro: João Dono
    api.entrar_na_web("inspetor.cpsc")
    pagina = api.cliente.get("/inspecoes/nova").text
    dados = _formulario_web(
        pagina,
        **{
            "proprietario.nome": "João Dono de Souza",
            "localizacao.latitude": "-27,5936",
            "localizacao.longitude": "-48.5512",
            "localizacao.precisao_m": "8",
        },
    )
    r = api.cliente.post(
        "/inspecoes/nova",
        data={**dados, "fotos_descricao": ["Proa"]},
        files=[("fotos", ("proa.jpg", JPEG, "image/jpeg"))],
    )
    assert r.status_code == 200, r.text
    assert 'id="inspecao-registrada"' in r.text
    caixa = r.text[r.text.index('id="divergencias"') :]
    caixa = caixa[: caixa.index("</ul>")]
    assert f"Nome do proprietário ({CPF_DONO})" in caixa
    assert "João Dono de Souza" in caixa and "João Dono" in caixa
    assert "1 foto gravada com a inspeção" in r.text
    assert "27,593600° S, 48,551200° O" in r.text
    iid = int(re.search(r'data-inspecao="(\d+)"', r.text).group(1))  # type: ignore[union-attr]
    with api.banco.unit_of_work(somente_leitura=True) as s:
        (foto,) = fotos_da_inspecao(s, iid)
        assert (foto.sha256, foto.descricao) == (hashlib.sha256(JPEG).hexdigest(), "Proa")
        insp = s.get(Inspecao, iid)
        assert insp is not None and (insp.latitude, insp.precisao_m) == (Decimal("-27.5936"), 8)


def test_mais_fotos_que_o_limite_e_recusado_e_o_corpo_com_fotos_tem_limite_proprio(
    api: Api,
) -> None:
    antes = _quantos(api)
    sete = [(f"f{n}.png", PNG, "image/png") for n in range(entrada.FOTOS_POR_INSPECAO + 1)]
    r = _com_fotos(api, inspecao(), sete)
    assert (r.status_code, r.json()["campo"]) == (422, "fotos")
    assert r.json()["mensagem"] == "no máximo 6 fotos por inspeção; recebidas 7"
    assert _quantos(api) == antes
    # o multipart das fotos aceita mais que o de um anexo, só onde as fotos chegam
    multipart = "multipart/form-data; boundary=x"
    assert limite_do_corpo(multipart, "/api/v1/inspecoes/com-fotos") == 61 * entrada.MIB
    assert limite_do_corpo(multipart, "/inspecoes/nova") == 61 * entrada.MIB
    assert limite_do_corpo(multipart, "/api/v1/processos/1/procuradores") == 12 * entrada.MIB
