"""Toda entrada tem limite e toda entrada ruim um 4xx em português (issue 14, ponto 4).

Os limites são os de `farol/entrada.py` (docs/api.md, "Limites de entrada"). Cada caso vem da
revisão de segurança de 30/11/2026 (achados F4, F7, F8 e F9): antes, o texto de 100 MiB ficava
gravado para sempre, o upload de 300 MiB era lido inteiro, o id acima de 2³¹, o NUL, a metade
de par substituto, o JSON aninhado e a data do ano 1 davam 500, e o dinheiro aceitava "6E+2".
Cada recusa deixa o banco como estava.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from farol import entrada
from farol.store.orm import Ato, Inspecao, Pagamento

from .conftest import API, FUNDAMENTACAO, ROTEIRO, Api, inspecao


def _corpo_de_erro(r: Any, status: int) -> dict[str, Any]:
    """O corpo de erro do Farol: detail, mensagem, campo, regra; a mensagem em português."""
    assert r.status_code == status, r.text
    corpo: dict[str, Any] = r.json()
    assert {"detail", "mensagem", "campo", "regra"} <= corpo.keys(), corpo
    assert not any(p in corpo["mensagem"] for p in ("error", "Error", "should", "exceeded")), corpo
    return corpo


def _pedido_asgi(
    app: FastAPI, caminho: str, cabecalhos: dict[str, str], pedacos: list[bytes]
) -> tuple[int, bytes, int]:
    """Chama a aplicação ASGI direto e conta quantas vezes ela leu o corpo."""
    lidos = 0
    resposta: dict[str, Any] = {"corpo": b""}

    async def receber() -> dict[str, Any]:
        nonlocal lidos
        lidos += 1
        if lidos <= len(pedacos):
            return {
                "type": "http.request",
                "body": pedacos[lidos - 1],
                "more_body": lidos < len(pedacos),
            }
        return {"type": "http.disconnect"}

    async def enviar(mensagem: dict[str, Any]) -> None:
        if mensagem["type"] == "http.response.start":
            resposta["status"] = mensagem["status"]
        elif mensagem["type"] == "http.response.body":
            resposta["corpo"] += mensagem.get("body", b"")

    escopo = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": caminho,
        "raw_path": caminho.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(k.lower().encode(), v.encode()) for k, v in cabecalhos.items()],
        "client": ("127.0.0.1", 1234),
        "server": ("testserver", 80),
    }
    asyncio.run(app(escopo, receber, enviar))  # type: ignore[arg-type]
    return int(resposta["status"]), bytes(resposta["corpo"]), lidos


# --- tamanho do corpo: 413 antes de ler --------------------------------------------------


def test_upload_de_300_mib_declarado_e_recusado_com_413_sem_ler_um_byte(
    api: Api, app_farol: FastAPI
) -> None:
    cab = {
        **api.cabecalhos("ac.cpsc"),
        "content-type": "multipart/form-data; boundary=x",
        "content-length": str(300 * entrada.MIB),
    }
    status, corpo, lidos = _pedido_asgi(app_farol, f"{API}/processos/1/procuradores", cab, [b""])
    assert (status, lidos) == (413, 0)
    assert json.loads(corpo)["mensagem"] == (
        "corpo da requisição acima do limite de 12 MiB (arquivo: até 10 MiB)"
    )


def test_corpo_json_sem_content_length_e_contado_e_para_em_1_mib(
    api: Api, app_farol: FastAPI
) -> None:
    pid = api.novo_processo()
    pedaco = b" " * (256 * 1024)
    cab = {**api.cabecalhos("inspetor.cpsc"), "content-type": "application/json"}
    status, corpo, lidos = _pedido_asgi(app_farol, f"{API}/processos/{pid}/atos", cab, [pedaco] * 40)
    assert status == 413
    assert lidos == 5  # 4 pedaços = 1 MiB cabem; o quinto passa do limite e a leitura para
    assert json.loads(corpo)["mensagem"] == "corpo da requisição acima do limite de 1 MiB"


def test_texto_de_ato_de_10_mib_e_413_e_nada_e_gravado(api: Api) -> None:
    pid = api.novo_processo()
    atos = api.contar(Ato)
    r = api.ato(pid, "esclarecimentos_prestados", "2026-03-05", {"texto": "A" * 10 * entrada.MIB})
    _corpo_de_erro(r, 413)
    assert api.contar(Ato) == atos


def test_texto_do_ato_acima_do_maximo_documentado_e_422_com_o_campo(api: Api) -> None:
    pid = api.novo_processo()
    atos = api.contar(Ato)
    texto = "A" * (entrada.TEXTO_LONGO + 1)
    corpo = _corpo_de_erro(api.ato(pid, "esclarecimentos_prestados", "2026-03-05", {"texto": texto}), 422)
    assert corpo["campo"] == "dados.texto"
    assert corpo["mensagem"] == f"texto longo demais (no máximo {entrada.TEXTO_LONGO} caracteres)"
    assert api.contar(Ato) == atos
    assert api.ato(pid, "esclarecimentos_prestados", "2026-03-05", {"texto": texto[:-1]}).status_code == 201


def test_opcao_fora_da_lista_diz_as_opcoes_em_portugues(api: Api) -> None:
    """O Pydantic diz `expected: 'navegando' or 'parada'`; a API, as opções em português."""
    corpo = _corpo_de_erro(
        api.post("/inspecoes", {**inspecao(), "situacao": "voando"}, como="inspetor.cpsc"), 422
    )
    assert corpo["campo"] == "situacao"
    assert corpo["mensagem"] == "valor não permitido (opções: navegando ou parada)"
    assert "expected" not in json.dumps(corpo) and " or " not in corpo["mensagem"]


def test_dados_corrigidos_aninhados_900_niveis_ou_grandes_demais_sao_422(api: Api) -> None:
    pid = api.novo_processo()
    ato = api.ato_ok(pid, "esclarecimentos_prestados", "2026-03-05", {"texto": "Explica."})

    def aninhado(niveis: int) -> dict[str, Any]:
        x: dict[str, Any] = {}
        for _ in range(niveis - 1):
            x = {"a": x}
        return x

    atos = api.contar(Ato)
    for dados, campo, mensagem in [
        (aninhado(900), "dados", "dados aninhados demais: no máximo 32 níveis"),
        (aninhado(9), "dados.dados_corrigidos", "dados aninhados demais: no máximo 8 níveis"),
        ({"texto": "x" * 70_000}, "dados.dados_corrigidos", "dados grandes demais"),
        ({"texto": "a\x00b"}, "dados.dados_corrigidos.texto", "texto com o caractere nulo"),
    ]:
        r = api.ato(
            pid,
            "correcao",
            "2026-03-05",
            {"motivo": "Texto registrado errado.", "dados_corrigidos": dados},
            como="inspetor.cpsc",
            corrige_ato_id=ato["ato"]["id"],
        )
        corpo = _corpo_de_erro(r, 422)
        assert (corpo["campo"], corpo["mensagem"][: len(mensagem)]) == (campo, mensagem)
    assert api.contar(Ato) == atos
    r = api.ato(
        pid,
        "correcao",
        "2026-03-05",
        {"motivo": "Texto registrado errado.", "dados_corrigidos": aninhado(8)},
        como="inspetor.cpsc",
        corrige_ato_id=ato["ato"]["id"],
    )
    assert r.status_code == 201, r.text


# --- ids, caracteres e datas: 422, nunca 500 ---------------------------------------------


@pytest.mark.parametrize("id_", ["2147483648", "9223372036854775808", "0", "-1"])
def test_id_fora_do_inteiro_de_32_bits_e_422_em_toda_rota(api: Api, id_: str) -> None:
    for metodo, caminho, corpo in [
        ("GET", f"/processos/{id_}", None),
        ("GET", f"/processos/{id_}/documentos", None),
        ("GET", f"/documentos/{id_}.pdf", None),
        ("POST", f"/processos/{id_}/atos", {"tipo": "defesa", "data_ato": "2026-03-05"}),
        ("POST", f"/processos/{id_}/documentos", {"tipo": "auto_de_infracao"}),
    ]:
        r = api.cliente.request(
            metodo, f"{API}{caminho}", json=corpo, headers=api.cabecalhos("ac.cpsc")
        )
        assert _corpo_de_erro(r, 422)["campo"] in ("processo_id", "documento_id"), caminho
    pid = api.novo_processo()
    r = api.ato(pid, "correcao", "2026-03-05", {"motivo": "Registro errado."}, corrige_ato_id=2**31)
    assert _corpo_de_erro(r, 422)["campo"] == "corrige_ato_id"


def test_nul_e_metade_de_par_substituto_sao_422_em_portugues_e_nada_e_gravado(api: Api) -> None:
    pid = api.novo_processo()
    atos, inspecoes = api.contar(Ato), api.contar(Inspecao)
    cab = {**api.cabecalhos("inspetor.cpsc"), "content-type": "application/json"}
    for texto, mensagem in [
        ("a\x00b", "texto com o caractere nulo (U+0000), que não é aceito"),
        ("\ud800", "texto com metade de um par substituto UTF-16 (U+D800 a U+DFFF), que não é aceito"),
    ]:
        # json.dumps escreve "\u0000" e "\ud800": o JSON é válido, o texto que ele traz não
        corpo = {"tipo": "esclarecimentos_prestados", "data_ato": "2026-03-05", "dados": {"texto": texto}}
        r = api.cliente.post(f"{API}/processos/{pid}/atos", content=json.dumps(corpo), headers=cab)
        assert (_corpo_de_erro(r, 422)["campo"], r.json()["mensagem"]) == ("dados.texto", mensagem)
        corpo_inspecao = json.dumps({**inspecao(), "local": f"Baía {texto}"})
        r = api.cliente.post(f"{API}/inspecoes", content=corpo_inspecao, headers=cab)
        assert (_corpo_de_erro(r, 422)["campo"], r.json()["mensagem"]) == ("local", mensagem)
    assert (api.contar(Ato), api.contar(Inspecao)) == (atos, inspecoes)
    nulo = "o caractere nulo (U+0000) não é aceito"
    for caminho, campo in [
        ("/processos?estado=a%00b", "estado"),
        ("/prazos?de=2026-01-01&ate=2026-02-01&om=CP%00SC", "om"),
        ("/verificacao/AAAA%00", "caminho"),
    ]:
        corpo = _corpo_de_erro(api.cliente.get(f"{API}{caminho}", headers=cab), 422)
        assert (corpo["campo"], corpo["mensagem"]) == (campo, nulo), caminho
    r = api.cliente.post(f"{API}/auth/token", data={"username": "a\x00b", "password": "x"})
    assert _corpo_de_erro(r, 422)["mensagem"] == f"formulário: {nulo}"


@pytest.mark.parametrize("hoje", ["0001-01-01", "9999-12-31", "1899-12-31", "2101-01-01", "0"])
def test_data_fora_de_1900_a_2100_ou_que_nao_e_data_e_422(api: Api, hoje: str) -> None:
    for caminho in ("/painel", "/multas-vencidas", "/divida-ativa", "/prescricao"):
        corpo = _corpo_de_erro(api.get(caminho, hoje=hoje), 422)
        assert corpo["campo"] == "hoje", caminho
        assert corpo["mensagem"].startswith(("ano ", "data inválida")), corpo


@pytest.mark.parametrize(
    "data_hora",
    [
        "0001-01-01T00:00:00-03:00",
        "9999-12-31T23:59:59-12:00",
        "1234567890",
        # segundos desde 1970 de uma data plausível (01/12/2025): abria processo em 2025
        1764590400,
        "1764590400",
    ],
)
def test_inspecao_com_data_e_hora_absurda_e_422_e_nada_e_gravado(
    api: Api, data_hora: str | int
) -> None:
    inspecoes = api.contar(Inspecao)
    r = api.post("/inspecoes", inspecao(data_hora=data_hora), como="inspetor.cpsc")
    assert _corpo_de_erro(r, 422)["campo"] == "data_hora"
    assert api.contar(Inspecao) == inspecoes


# --- dinheiro: texto decimal com até duas casas ------------------------------------------


@pytest.mark.parametrize(
    ("valor", "mensagem"),
    [
        ("6E+2", "valor em dinheiro: texto com ponto decimal e até duas casas"),
        (600.0, "valor em dinheiro: texto com ponto decimal e até duas casas"),
        (600, "valor em dinheiro: texto com ponto decimal e até duas casas"),
        ("NaN", "valor em dinheiro: texto com ponto decimal e até duas casas"),
        ("1.000,00", "valor em dinheiro: texto com ponto decimal e até duas casas"),
        ("600.001", "valor em dinheiro com mais de duas casas decimais"),
        ("-600.00", "valor em dinheiro negativo"),
        ("1234567890123.00", "valor em dinheiro grande demais"),
    ],
)
def test_dinheiro_so_como_texto_decimal_com_ate_duas_casas(
    api: Api, valor: Any, mensagem: str
) -> None:
    pid = api.novo_processo()
    for tipo, data, dados, _ in ROTEIRO[:5]:  # até a ciência da decisão que impôs a multa
        api.ato_ok(pid, tipo, data, dados)
    pagamentos = api.contar(Pagamento)
    r = api.ato(pid, "pagamento", "2026-04-20", {"valor": valor, "referencia": "DARF 1"})
    corpo = _corpo_de_erro(r, 422)
    assert (corpo["campo"], corpo["mensagem"].startswith(mensagem)) == ("dados.valor", True), corpo
    assert api.contar(Pagamento) == pagamentos


def test_multa_do_julgamento_em_notacao_cientifica_e_recusada(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "aguardando_julgamento")
    dados = {"penalidades": [{"infracao": "RLESTA.15.I", "multa": "1e2"}], "justificativa": FUNDAMENTACAO}
    corpo = _corpo_de_erro(api.ato(pid, "julgamento_procedente", "2026-04-10", dados), 422)
    assert corpo["campo"] == "dados.penalidades.0.multa"


# --- corpo ilegível (400) e falha interna (500): o mesmo corpo, em português -------------


@pytest.mark.parametrize(
    "conteudo", [b'{"tipo": "\xff\xfe"}', b'{"tipo": ' + b"9" * 5000 + b"}"], ids=["utf8", "digitos"]
)
def test_corpo_que_nem_se_le_e_400_em_portugues(api: Api, conteudo: bytes) -> None:
    pid = api.novo_processo()
    cab = {**api.cabecalhos("inspetor.cpsc"), "content-type": "application/json"}
    r = api.cliente.post(f"{API}/processos/{pid}/atos", content=conteudo, headers=cab)
    corpo = _corpo_de_erro(r, 400)
    assert corpo["mensagem"].startswith("corpo da requisição ilegível")


def test_falha_interna_e_500_em_portugues_sem_detalhe_interno(app_farol: FastAPI) -> None:
    def quebra() -> None:
        raise RuntimeError("segredo: senha do banco e caminho /srv/farol")

    app_farol.add_api_route(f"{API}/_quebra", quebra)
    app_farol.add_api_route("/_quebra", quebra)
    with TestClient(app_farol, raise_server_exceptions=False) as c:
        r = c.get(f"{API}/_quebra")
        assert r.json()["mensagem"].startswith("erro interno do Farol: a operação não foi concluída")
        pagina = c.get("/_quebra")
    _corpo_de_erro(r, 500)
    assert (pagina.status_code, "text/html") == (500, pagina.headers["content-type"][:9])
    for resposta in (r, pagina):
        assert "segredo" not in resposta.text and "RuntimeError" not in resposta.text
    assert "Erro interno" in pagina.text


def test_metodo_nao_suportado_e_405_com_todos_os_metodos_do_caminho(api: Api) -> None:
    r = api.cliente.request("OPTIONS", f"{API}/processos/1/documentos")
    assert _corpo_de_erro(r, 405)["mensagem"] == "método não permitido"
    assert r.headers["allow"] == "GET, POST"


# --- OpenAPI: cada status de erro documentado, com o corpo real ---------------------------


def test_o_openapi_documenta_os_erros_de_cada_operacao_com_o_corpo_real(api: Api) -> None:
    openapi = api.cliente.get("/openapi.json").json()
    esquemas = openapi["components"]["schemas"]
    assert "HTTPValidationError" not in esquemas
    assert set(esquemas["ErroDaApi"]["required"]) == {"detail", "mensagem"}
    operacoes = {
        f"{metodo.upper()} {caminho}": op
        for caminho, ops in openapi["paths"].items()
        for metodo, op in ops.items()
    }
    for nome, op in operacoes.items():
        esperados = {"503"} | ({"401"} if op.get("security") else set())
        if "requestBody" in op:
            esperados |= {"400", "413", "422"}
        if "{" in nome:
            esperados |= {"404", "422"}
        assert esperados <= op["responses"].keys(), nome
        for status, resposta in op["responses"].items():
            if status >= "400":
                assert resposta["content"]["application/json"]["schema"] == {
                    "$ref": "#/components/schemas/ErroDaApi"
                }, (nome, status)
    assert "409" in operacoes["POST /api/v1/processos/{processo_id}/atos"]["responses"]
    assert "429" in operacoes["POST /api/v1/auth/token"]["responses"]
    assert "429" in operacoes["GET /api/v1/situacao/{documento}"]["responses"]
    assert "403" in operacoes["GET /api/v1/acessos-a-dados-pessoais"]["responses"]
    assert "Retry-After" in operacoes["GET /api/v1/situacao/{documento}"]["responses"]["429"]["headers"]
