"""As páginas do escritório sem navegador (TestClient sobre a demonstração): o painel leva à
lista já filtrada (issue 15, item 9); a recusa de um ato sobrevive à recarga da página, e
nenhum endereço de formulário dá 405 quando aberto de novo; todos os erros de um formulário
aparecem de uma vez, em português, ao lado dos seus campos, com os limites (item 12); o
cadastro se corrige pela página, com o histórico (item 11)."""

from __future__ import annotations

import datetime as dt
import html
import re
import uuid

from apoio import csrf_de
from fastapi.testclient import TestClient
from semente import CPF_DONO, processo_autuado, registrar

from farol.relogio import fuso, hoje
from farol.store.db import Banco

API = "/api/v1"
UM_DIA = dt.timedelta(days=1)


def entrar(cliente: TestClient, login: str) -> str:
    r = cliente.post(
        "/entrar",
        data={"csrf": csrf_de(cliente.get("/entrar").text), "login": login, "senha": "farol2026"},
    )
    assert r.status_code == 303, r.text
    return csrf_de(cliente.get("/painel").text)


def _token(cliente: TestClient, login: str) -> dict[str, str]:
    r = cliente.post(f"{API}/auth/token", data={"username": login, "password": "farol2026"})
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


def _erro(pagina: str, campo: str) -> str:
    achado = re.search(rf'id="erro-{re.escape(campo)}"[^>]*>([^<]*)<', pagina)
    assert achado is not None, f"sem erro no campo {campo}"
    return html.unescape(achado.group(1))


def _numeros(pagina: str) -> set[str]:
    return set(re.findall(r'<tr data-processo="([^"]+)"', pagina))


# --- item 9: o painel leva à lista filtrada -------------------------------------------------


def test_cada_contador_de_prazos_do_painel_leva_a_lista_com_os_mesmos_processos(
    cliente: TestClient,
) -> None:
    entrar(cliente, "autoridade.cpsc")
    painel = cliente.get("/painel").text
    figuras = cliente.get(f"{API}/painel", headers=_token(cliente, "autoridade.cpsc")).json()
    destinos = {
        contagem: href
        for href, contagem in re.findall(
            r'<a href="(/processos[^"]*)" data-contagem="([a-z_]+)"', html.unescape(painel)
        )
    }
    esperado = {
        "prazos_hoje": figuras["prazos"]["hoje"],
        "prazos_semana": figuras["prazos"]["semana"],
        "prazos_vencidos": figuras["prazos"]["vencidos"],
    }
    for contagem, prazos in esperado.items():
        lista = cliente.get(destinos[contagem])
        assert lista.status_code == 200, (contagem, lista.text)
        if prazos:
            assert 'aria-sort="ascending"' in lista.text  # pelo próximo prazo
        assert _numeros(lista.text) == {x["processo"]["numero"] for x in prazos}, contagem
    todos = cliente.get(destinos["processos"])
    assert f'data-total="{figuras["processos"]["total"]}"' in todos.text
    # cada estado da tabela do painel leva à lista daquele estado
    for x in figuras["processos"]["por_estado"]:
        lista = cliente.get("/processos", params={"estado": x["estado"]})
        assert f'data-total="{x["quantidade"]}"' in lista.text, x["estado"]


def test_lista_paginada_com_a_navegacao_e_o_total(cliente: TestClient) -> None:
    entrar(cliente, "autoridade.cpsc")
    r = cliente.get("/processos", params={"por_pagina": 5, "ordem": "numero"})
    total = int(re.search(r'data-total="(\d+)"', r.text).group(1))  # type: ignore[union-attr]
    paginas = -(-total // 5)
    assert paginas > 1
    assert f"página 1 de {paginas}" in r.text
    assert 'rel="next"' in r.text and 'aria-current="page"' in r.text
    vistos: list[str] = []
    for n in range(1, paginas + 1):
        pagina = cliente.get("/processos", params={"por_pagina": 5, "ordem": "numero", "pagina": n})
        vistos += re.findall(r'<tr data-processo="([^"]+)"', pagina.text)
    assert len(vistos) == total == len(set(vistos))
    assert vistos == sorted(vistos)


# --- item 12: recarregar não dá 405; todos os erros de uma vez ------------------------------


def test_recusa_do_ato_sobrevive_a_recarga_e_some_depois_do_registro(
    cliente: TestClient, banco_demo: Banco
) -> None:
    pid, _ = processo_autuado(banco_demo, inscricao="4419915001", dias_atras=30)
    csrf = entrar(cliente, "autoridade.cpsc")
    amanha = (hoje() + dt.timedelta(days=1)).isoformat()
    form = {
        "csrf": csrf,
        "chave": str(uuid.uuid4()),
        "data_ato": amanha,
        "dados.meio": "AR",
        "dados.texto": "Ciência dada no balcão da Capitania.",
        "dados.justificativa": "x" * 4001,
    }
    r = cliente.post(f"/processos/{pid}/atos/ciencia_auto", data=form)
    assert r.status_code == 422
    endereco = f"/processos/{pid}/atos/ciencia_auto"
    # o endereço da recusa, que o farol.js põe no histórico (sem script na página)
    assert f'data-endereco-da-recusa="{endereco}"' in r.text
    # os dois erros de uma vez: o texto longo demais (com o limite) e a data futura
    assert "no máximo 4.000 caracteres; foram 4.001" in _erro(r.text, "dados-justificativa")
    assert "não pode ser futura" in _erro(r.text, "data_ato")

    # recarregar (GET no endereço da recusa): 200, a mesma recusa e o que foi digitado
    de_novo = cliente.get(endereco)
    assert de_novo.status_code == 200
    assert "não pode ser futura" in _erro(de_novo.text, "data_ato")
    assert "Ciência dada no balcão da Capitania." in de_novo.text
    assert re.search(r'<details class="ato-form" id="form-ciencia_auto"\s+open', de_novo.text)

    # outro usuário no mesmo endereço vê o formulário limpo
    entrar(cliente, "capitao.cpsc")
    assert "não pode ser futura" not in cliente.get(endereco).text

    # registrado o ato, a recusa guardada some
    csrf = entrar(cliente, "autoridade.cpsc")
    form.update(csrf=csrf, chave=str(uuid.uuid4()), data_ato=hoje().isoformat())
    del form["dados.justificativa"]
    r = cliente.post(f"/processos/{pid}/atos/ciencia_auto", data=form)
    assert r.status_code == 303, r.text
    assert "não pode ser futura" not in cliente.get(endereco).text


def test_endereco_de_formulario_aberto_de_novo_nao_da_405(
    cliente: TestClient, banco_demo: Banco
) -> None:
    pid, _ = processo_autuado(banco_demo, inscricao="4419915002", dias_atras=30)
    entrar(cliente, "autoridade.cpsc")
    for caminho, destino in (
        (f"/processos/{pid}/documentos", f"/processos/{pid}#oficiais"),
        ("/procedimentos", "/procedimentos/novo"),
        ("/inspecoes/nova/conferir", "/inspecoes/nova"),
    ):
        r = cliente.get(caminho)
        assert (r.status_code, r.headers.get("location")) == (303, destino), caminho
    assert cliente.get(f"/processos/{pid}/atos/revelia").status_code == 200


def test_inspecao_mostra_todos_os_erros_de_uma_vez_em_portugues(cliente: TestClient) -> None:
    csrf = entrar(cliente, "inspetor.cpsc")
    futura = (dt.datetime.now(fuso()) + dt.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    r = cliente.post(
        "/inspecoes/nova",
        data={
            "csrf": csrf,
            "chave": str(uuid.uuid4()),
            "embarcacao.inscricao": "12",
            "embarcacao.nome": "Erros Juntos",
            "proprietario.documento": "529.982.247-26",
            "proprietario.nome": "J",
            "data_hora": futura,
            "local": "",
            "constatacoes": ["salv_sem"],
        },
    )
    assert r.status_code == 422
    assert "no mínimo 3 caracteres" in _erro(r.text, "embarcacao-inscricao")
    assert "no mínimo 2 caracteres" in _erro(r.text, "proprietario-nome")
    assert "dígito verificador errado" in _erro(r.text, "proprietario-documento")
    assert "data e hora futuras" in _erro(r.text, "data_hora")
    assert "navegando ou parada" in _erro(r.text, "situacao")
    assert "expected" not in r.text and "(min length" not in r.text


def test_consulta_publica_vazia_aponta_os_dois_campos(cliente: TestClient) -> None:
    csrf = csrf_de(cliente.get("/consulta").text)
    r = cliente.post("/consulta", data={"csrf": csrf, "numero": "", "documento": ""})
    assert r.status_code == 422
    assert "informe o número do processo" in _erro(r.text, "numero")
    assert "informe o CPF ou o CNPJ" in _erro(r.text, "documento")


def test_valor_em_reais_mal_digitado_diz_como_digitar(
    cliente: TestClient, banco_demo: Banco
) -> None:
    pid, _ = processo_autuado(banco_demo, inscricao="4419915003", dias_atras=80)
    registrar(banco_demo, "autoridade.cpsc", pid, "ciencia_auto", hoje() - 62 * UM_DIA, meio="AR")
    registrar(banco_demo, "autoridade.cpsc", pid, "revelia", hoje())  # aguardando julgamento
    csrf = entrar(cliente, "autoridade.cpsc")
    pagina = cliente.get(f"/processos/{pid}").text
    # o limite de cada campo de texto aparece junto dele
    assert re.search(r'maxlength="\d+"', pagina)
    assert "caracteres" in pagina
    r = cliente.post(
        f"/processos/{pid}/atos/julgamento_procedente",
        data={
            "csrf": csrf,
            "chave": str(uuid.uuid4()),
            "data_ato": hoje().isoformat(),
            "dados.penalidades.0.infracao": "RLESTA.16.II",
            "dados.penalidades.0.multa": "quinhentos",
            "dados.justificativa": "curta",
        },
    )
    assert r.status_code == 422, r.text
    assert "ex.: 1.500,00" in _erro(r.text, "dados-penalidades-0-multa")
    assert "no mínimo 20 caracteres" in _erro(r.text, "dados-justificativa")
    assert 'value="quinhentos"' in r.text


# --- item 11: o cadastro corrigido pela página ----------------------------------------------


def _pessoa_do_processo(cliente: TestClient, pid: int) -> int:
    p = cliente.get(f"{API}/processos/{pid}", headers=_token(cliente, "autoridade.cpsc")).json()
    return int(p["autuado"]["id"])


def test_correcao_da_pessoa_pela_pagina_com_todos_os_erros_e_o_historico(
    cliente: TestClient, banco_demo: Banco
) -> None:
    pid, _ = processo_autuado(banco_demo, inscricao="4419915004", dias_atras=30)
    pessoa = _pessoa_do_processo(cliente, pid)
    csrf = entrar(cliente, "autoridade.cpsc")
    pagina = cliente.get(f"/pessoas/{pessoa}").text
    assert "De 10 a 500 caracteres" in pagina  # o limite de cada campo, junto dele
    versao = re.search(r'name="versao" value="(\d+)"', pagina).group(1)  # type: ignore[union-attr]
    r = cliente.post(
        f"/pessoas/{pessoa}",
        data={
            "csrf": csrf,
            "versao": versao,
            "nome": "Joana Proprietária Teste",
            "endereco": "Rua",
            "email": "joana@",
            "telefone": "12",
            "motivo": "curto",
        },
    )
    assert r.status_code == 422
    assert "endereço incompleto" in _erro(r.text, "endereco")
    assert "e-mail inválido" in _erro(r.text, "email")
    assert "telefone inválido" in _erro(r.text, "telefone")
    assert "diga o motivo da correção" in _erro(r.text, "motivo")
    assert 'value="joana@"' in r.text

    novo = "Rua das Gaivotas, 120, Centro, Florianópolis/SC, 88010-000"
    motivo = "Endereço informado pela própria autuada no balcão."
    dados = {"csrf": csrf, "versao": versao, "nome": "Joana Proprietária Teste"}
    r = cliente.post(f"/pessoas/{pessoa}", data={**dados, "endereco": novo, "motivo": motivo})
    assert r.status_code == 303
    assert r.headers["location"] == f"/pessoas/{pessoa}?corrigido=1#historico"
    pagina = html.unescape(cliente.get(r.headers["location"]).text)
    assert 'id="cadastro-corrigido"' in pagina
    linha = re.search(r'<tr data-campo="endereco".*?</tr>', pagina, re.S)
    assert linha is not None
    assert novo in linha.group(0) and motivo in linha.group(0)
    assert "autoridade.cpsc" in linha.group(0)

    # a versão lida ficou velha: 409, o que foi digitado volta com a versão atual
    r = cliente.post(
        f"/pessoas/{pessoa}", data={**dados, "endereco": novo + " (fundos)", "motivo": motivo}
    )
    assert r.status_code == 409
    assert "o cadastro mudou desde que foi lido" in _erro(r.text, "versao")
    assert f'name="versao" value="{int(versao) + 1}"' in r.text
    assert CPF_DONO in html.unescape(r.text)


def test_quem_so_le_o_cadastro_nao_ve_o_formulario(cliente: TestClient, banco_demo: Banco) -> None:
    pid, _ = processo_autuado(banco_demo, inscricao="4419915005", dias_atras=30)
    pessoa = _pessoa_do_processo(cliente, pid)
    entrar(cliente, "consulta.cpsc")
    pagina = cliente.get(f"/pessoas/{pessoa}").text
    assert 'id="sem-permissao"' in pagina and 'id="form-correcao"' not in pagina
    entrar(cliente, "autoridade.cpsp")
    assert cliente.get(f"/pessoas/{pessoa}").status_code == 404
