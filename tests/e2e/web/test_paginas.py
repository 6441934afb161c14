"""As páginas sem navegador (TestClient, SQLite e PostgreSQL): os números do painel são os da
API, sessão por cookie, CSRF, jurisdição, idempotência dos formulários e erros em português."""

from __future__ import annotations

import datetime as dt
import html as html_
import inspect
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apoio import conexoes_do_pool, csrf_de, hash_rapido
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from semente import CPF_DONO, processo_autuado
from sqlalchemy import select

from farol.api.deps import ator_atual
from farol.app import criar_app
from farol.config import Configuracao
from farol.relogio import fuso, hoje
from farol.services import usuarios
from farol.services.demo import carregar_demo
from farol.store.db import Banco
from farol.store.orm import Ato, Inspecao, Notificacao
from farol.web.sessao import ator_obrigatorio

from .conftest import SEGREDO

API = "/api/v1"


@pytest.fixture
def app_demo(banco: Banco, url_banco: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    carregar_demo(banco, hoje(), log=lambda _: None)
    config = Configuracao(pasta_dados=tmp_path, database_url=url_banco, segredo=SEGREDO)
    return criar_app(config, banco)


@pytest.fixture
def cliente(app_demo: Any) -> Iterator[TestClient]:
    with TestClient(app_demo, follow_redirects=False) as c:
        yield c


def entrar(cliente: TestClient, login: str) -> str:
    """Entra pelo formulário; devolve o token CSRF da sessão."""
    r = cliente.get("/entrar")
    r = cliente.post(
        "/entrar", data={"csrf": csrf_de(r.text), "login": login, "senha": "farol2026"}
    )
    assert r.status_code == 303, r.text
    return csrf_de(cliente.get("/painel").text)


def token_api(cliente: TestClient, login: str) -> dict[str, str]:
    r = cliente.post(f"{API}/auth/token", data={"username": login, "password": "farol2026"})
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


def contagens_da_pagina(html: str) -> dict[str, int]:
    return {k: int(v) for k, v in re.findall(r'data-contagem="([a-z_]+)" data-valor="(\d+)"', html)}


@pytest.mark.parametrize("login", ["autoridade.cpsc", "delegado.itajai", "dpc", "autoridade.cpsp"])
def test_os_numeros_do_painel_sao_os_da_api(cliente: TestClient, login: str) -> None:
    entrar(cliente, login)
    html = cliente.get("/painel").text
    pagina = contagens_da_pagina(html)
    cab = token_api(cliente, login)
    painel = cliente.get(f"{API}/painel", headers=cab).json()
    assert pagina == painel["contagens"]

    # e cada número confere com os endpoints de sempre da API
    d = hoje()
    um = dt.timedelta(days=1)

    def prazos(de: dt.date, ate: dt.date) -> int:
        r = cliente.get(f"{API}/prazos", headers=cab, params={"de": de, "ate": ate})
        return len(r.json())

    processos = cliente.get(f"{API}/processos", headers=cab, params={"limite": 500}).json()
    assert pagina["processos"] == len(processos)
    assert pagina["prazos_hoje"] == prazos(d, d)
    assert pagina["prazos_semana"] == prazos(d + um, d + 7 * um)
    assert pagina["prazos_vencidos"] == prazos(dt.date(1900, 1, 1), d - um)
    multas = cliente.get(f"{API}/multas-vencidas", headers=cab).json()
    assert pagina["multas_vencidas"] == len(multas)
    prescricao = cliente.get(f"{API}/prescricao", headers=cab, params={"dias": 180}).json()
    assert pagina["prescricao"] == len(prescricao)
    por_estado = dict(re.findall(r'data-estado="([a-z_]+)" data-valor="(\d+)"', html))
    for estado, n in por_estado.items():
        lista = cliente.get(
            f"{API}/processos", headers=cab, params={"estado": estado, "limite": 500}
        ).json()
        assert int(n) == len(lista), estado


def test_sem_sessao_as_paginas_levam_ao_login_e_voltam(cliente: TestClient) -> None:
    r = cliente.get("/processos/1")
    assert r.status_code == 303
    assert r.headers["location"] == "/entrar?proximo=/processos/1"
    pagina = cliente.get(r.headers["location"])
    r = cliente.post(
        "/entrar",
        data={
            "csrf": csrf_de(pagina.text),
            "login": "autoridade.cpsc",
            "senha": "farol2026",
            "proximo": "/processos/1",
        },
    )
    assert r.headers["location"] == "/processos/1"
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")


def test_sem_sessao_o_pedido_de_um_script_recebe_401_e_nao_a_pagina_de_login(
    cliente: TestClient,
) -> None:
    # a prévia das medidas (fetch) com a sessão expirada: seguir para a página de login
    # gravaria outro cookie CSRF por cima do formulário de login aberto na aba (403 ao entrar)
    for modo in ("cors", "same-origin", "no-cors"):
        r = cliente.post(
            "/inspecoes/nova/avaliar",
            data={"constatacoes": "hab_sem"},
            headers={"Sec-Fetch-Mode": modo},
            follow_redirects=False,
        )
        assert r.status_code == 401, modo
        assert r.json()["mensagem"].startswith("sua sessão expirou: entre de novo")
        assert "set-cookie" not in r.headers
    r = cliente.get(
        "/inspecoes/embarcacoes", params={"q": "ma"}, headers={"Sec-Fetch-Mode": "cors"}
    )
    assert r.status_code == 401
    # a navegação da pessoa (e o cliente que não diz o modo) continua indo ao login
    for cabecalhos in ({"Sec-Fetch-Mode": "navigate"}, {}):
        r = cliente.get("/inspecoes/nova", headers=cabecalhos, follow_redirects=False)
        assert r.status_code == 303
        assert r.headers["location"] == "/entrar?proximo=/inspecoes/nova"


def test_login_errado_mostra_o_erro_e_guarda_o_login(cliente: TestClient) -> None:
    r = cliente.get("/entrar")
    r = cliente.post(
        "/entrar", data={"csrf": csrf_de(r.text), "login": "inspetor.cpsc", "senha": "x"}
    )
    assert r.status_code == 401
    assert "login ou senha incorretos" in r.text
    assert 'value="inspetor.cpsc"' in r.text
    # o foco vai à senha, a redigitar, não ao login já preenchido (revisão de UX de
    # 2026-12-05, L5); sem o login, ao login
    campos = {
        m["nome"]: "autofocus" in m["atributos"]
        for m in re.finditer(
            r'<input (?P<atributos>[^>]*\bname="(?P<nome>login|senha)"[^>]*)>', r.text
        )
    }
    assert campos == {"login": False, "senha": True}, campos
    r = cliente.post("/entrar", data={"csrf": csrf_de(r.text), "login": "", "senha": "x"})
    assert re.search(r'<input [^>]*name="login"[^>]*autofocus', r.text)
    assert not re.search(r'<input [^>]*name="senha"[^>]*autofocus', r.text)


def test_redirecionamento_so_para_caminho_local(cliente: TestClient) -> None:
    r = cliente.get("/entrar")
    r = cliente.post(
        "/entrar",
        data={
            "csrf": csrf_de(r.text),
            "login": "inspetor.cpsc",
            "senha": "farol2026",
            "proximo": "//exemplo.invalido/x",
        },
    )
    assert r.headers["location"] == "/painel"


def test_post_sem_o_token_csrf_e_recusado(cliente: TestClient) -> None:
    r = cliente.post("/entrar", data={"login": "inspetor.cpsc", "senha": "farol2026"})
    assert r.status_code == 403
    assert "recarregue a página" in r.text
    entrar(cliente, "autoridade.cpsc")
    r = cliente.post(
        "/processos/1/atos/ciencia_auto", data={"csrf": "falso", "data_ato": "2026-01-01"}
    )
    assert r.status_code == 403
    r = cliente.post("/sair", data={})
    assert r.status_code == 403


def test_sair_encerra_a_sessao(cliente: TestClient) -> None:
    csrf = entrar(cliente, "inspetor.cpsc")
    r = cliente.post("/sair", data={"csrf": csrf})
    assert r.status_code == 303
    assert cliente.get("/painel").status_code == 303


def test_cabecalho_mostra_usuario_papel_e_om(cliente: TestClient) -> None:
    entrar(cliente, "delegado.itajai")
    for caminho in ("/painel", "/busca", "/estatisticas", "/catalogo", "/consulta", "/processos"):
        html = cliente.get(caminho).text
        assert "CC Fernando Schmitt" in html, caminho
        assert "Autoridade Competente" in html
        assert "DELITAJAI" in html


def test_processo_de_outra_capitania_e_404_na_pagina_e_na_api(
    cliente: TestClient, banco: Banco
) -> None:
    pid, numero = processo_autuado(banco, inscricao="4419900201", dias_atras=30)
    entrar(cliente, "autoridade.cpsp")
    r = cliente.get(f"/processos/{pid}")
    assert r.status_code == 404
    assert numero not in r.text
    assert "Página não encontrada" in r.text
    api = cliente.get(f"{API}/processos/{pid}", headers=token_api(cliente, "autoridade.cpsp"))
    assert api.status_code == 404
    assert api.headers["content-type"].startswith("application/json")
    # a Delegacia subordinada também não vê o processo da Capitania; a Capitania vê
    entrar(cliente, "delegado.itajai")
    assert cliente.get(f"/processos/{pid}").status_code == 404
    entrar(cliente, "capitao.cpsc")
    assert cliente.get(f"/processos/{pid}").status_code == 200


def test_processo_mostra_a_base_legal_de_cada_dia_nao_contado_como_a_api(
    cliente: TestClient, banco: Banco
) -> None:
    pid, _ = processo_autuado(banco, inscricao="4419900202", dias_atras=30)
    detalhe = cliente.get(
        f"{API}/processos/{pid}", headers=token_api(cliente, "autoridade.cpsc")
    ).json()
    dias = [d for x in detalhe["prazos"] for d in x["dias_nao_uteis"]]
    assert dias, "um prazo de 30 dias atrás atravessa ao menos um fim de semana"
    for dia in dias:  # cada dia não contado traz a citação estruturada da sua base legal
        assert dia["fundamentos"], dia
        assert {"norma", "dispositivo", "texto", "referencia", "pendente"} <= set(
            dia["fundamentos"][0]
        )
    entrar(cliente, "autoridade.cpsc")
    html = cliente.get(f"/processos/{pid}").text
    pulados = html[html.index('class="dias-pulados"') :]
    assert dias[0]["fundamentos"][0]["referencia"] in pulados


def test_erros_da_api_continuam_json_e_os_das_paginas_sao_html(cliente: TestClient) -> None:
    r = cliente.get(f"{API}/processos/999999", headers=token_api(cliente, "autoridade.cpsc"))
    assert r.status_code == 404 and r.json()["mensagem"] == "processo não encontrado"
    assert cliente.get(f"{API}/processos").status_code == 401
    entrar(cliente, "autoridade.cpsc")
    r = cliente.get("/nao-existe")
    assert r.status_code == 404 and "text/html" in r.headers["content-type"]
    r = cliente.get("/processos/abc")
    assert r.status_code == 404 and "text/html" in r.headers["content-type"]


def _formulario_inspecao(csrf: str, chave: str) -> dict[str, Any]:
    return {
        "csrf": csrf,
        "chave": chave,
        "situacao": "navegando",
        "embarcacao.inscricao": "4419900301",
        "embarcacao.nome": "Reenvio",
        "embarcacao.inscrita": "sim",
        "proprietario.documento": CPF_DONO,
        "proprietario.nome": "Joana Proprietária",
        "condutor.documento": "111.444.777-35",
        "condutor.nome": "Pedro Condutor",
        "data_hora": (dt.datetime.now(fuso()) - dt.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
        "local": "Baía Sul",
        "constatacoes": ["hab_sem", "salv_sem"],
    }


def test_inspecao_reenviada_nao_cria_nada_duas_vezes(cliente: TestClient, banco: Banco) -> None:
    csrf = entrar(cliente, "inspetor.cpsc")
    form = _formulario_inspecao(csrf, str(uuid.uuid4()))
    form["data_hora"] = (dt.datetime.now(fuso()) - dt.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")

    def contar() -> tuple[int, int, int]:
        from sqlalchemy import func, select

        with banco.unit_of_work(somente_leitura=True) as s:
            return tuple(  # type: ignore[return-value]
                int(s.execute(select(func.count()).select_from(m)).scalar_one())
                for m in (Inspecao, Notificacao, Ato)
            )

    antes = contar()
    r1 = cliente.post("/inspecoes/nova", data=form)
    assert r1.status_code == 200, r1.text
    assert "retirada de tráfego" in r1.text.lower()
    depois = contar()
    assert depois[0] == antes[0] + 1
    r2 = cliente.post("/inspecoes/nova", data=form)
    assert r2.status_code == 200
    assert contar() == depois
    ids = re.findall(r'data-inspecao="(\d+)"', r1.text + r2.text)
    assert len(set(ids)) == 1


def test_inspecao_recusada_volta_com_o_que_foi_digitado_e_o_erro_no_campo(
    cliente: TestClient,
) -> None:
    csrf = entrar(cliente, "inspetor.cpsc")
    form = _formulario_inspecao(csrf, str(uuid.uuid4()))
    form["proprietario.documento"] = "529.982.247-26"
    form["data_hora"] = (dt.datetime.now(fuso()) - dt.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    r = cliente.post("/inspecoes/nova", data=form)
    assert r.status_code == 422
    assert 'id="erro-proprietario-documento"' in r.text
    assert "CPF 529.982.247-26 com dígito verificador errado" in r.text
    assert 'value="Reenvio"' in r.text
    assert 'value="hab_sem" checked' in r.text
    # o campo obrigatório deixado em branco: "preencha este campo", não "no mínimo 1 caracteres"
    r = cliente.post("/inspecoes/nova", data={**form, "embarcacao.inscricao": "", "local": " "})
    assert r.status_code == 422
    for campo in ("embarcacao-inscricao", "local"):
        erro = re.search(rf'id="erro-{campo}"[^>]*>(.*?)<', r.text, re.S)
        assert erro and "preencha este campo" in erro.group(1), campo
    assert "no mínimo 1 caracteres" not in r.text and "texto curto demais" not in r.text


def test_todo_campo_de_texto_da_nova_inspecao_tem_o_limite_do_servico(
    cliente: TestClient,
) -> None:
    """O navegador para no limite que o serviço recusaria depois (docs/web.md: cada campo de
    texto tem `maxlength`): o Local em 300, o nome em 200, a inscrição em 30."""
    entrar(cliente, "inspetor.cpsc")
    pagina = cliente.get("/inspecoes/nova").text
    form = pagina[pagina.index('<form id="form-inspecao"') :]
    form = form[: form.index("</form>")]
    textos = re.findall(r'<input id="[^"]+" name="([^"]+)" type="(?:text|tel)"[^>]*>', form)
    sem = [
        nome
        for nome in textos
        if not re.search(rf'name="{re.escape(nome)}" type="(?:text|tel)"[^>]*maxlength="\d+"', form)
    ]
    assert len(textos) >= 10 and sem == [
        "embarcacao.comprimento",
        "localizacao.latitude",
        "localizacao.longitude",
        "localizacao.precisao_m",
    ], sem  # números: o limite é o do valor, conferido no envio
    for nome, maximo in (("local", 300), ("proprietario.nome", 200), ("embarcacao.inscricao", 30)):
        assert re.search(rf'name="{re.escape(nome)}"[^>]*maxlength="{maximo}"', form), nome


def test_papel_que_nao_inspeciona_nao_ve_o_formulario(cliente: TestClient) -> None:
    entrar(cliente, "auditor.cpsc")
    r = cliente.get("/inspecoes/nova")
    assert r.status_code == 403
    assert "não registra inspeções" in r.text
    assert 'href="/inspecoes/nova"' not in cliente.get("/painel").text


def test_previa_da_inspecao_em_fragmento(cliente: TestClient) -> None:
    csrf = entrar(cliente, "inspetor.cpsc")
    r = cliente.post(
        "/inspecoes/nova/avaliar",
        data={"csrf": csrf, "constatacoes": ["hab_sem"], "situacao": "navegando"},
    )
    assert r.status_code == 200
    assert 'data-medida="retirada_de_trafego"' in r.text
    assert 'data-medida="apreensao_embarcacao"' in r.text
    assert "<html" not in r.text
    # falta a situação: a prévia diz o que informar, com a citação
    r = cliente.post("/inspecoes/nova/avaliar", data={"csrf": csrf, "constatacoes": ["hab_sem"]})
    assert "informe navegando ou parada" in r.text
    # CHA/CIR vencida sem a validade: pede a validade
    r = cliente.post(
        "/inspecoes/nova/avaliar",
        data={"csrf": csrf, "constatacoes": ["hab_vencida"], "situacao": "parada"},
    )
    assert "validade da CHA/CIR" in r.text


def test_ato_reenviado_com_a_mesma_chave_nao_duplica(cliente: TestClient, banco: Banco) -> None:
    pid, _ = processo_autuado(banco, inscricao="4419900302", dias_atras=30)
    csrf = entrar(cliente, "autoridade.cpsc")
    form = {
        "csrf": csrf,
        "chave": str(uuid.uuid4()),
        "data_ato": (hoje() - dt.timedelta(days=1)).isoformat(),
        "dados.meio": "AR",
    }
    r1 = cliente.post(f"/processos/{pid}/atos/ciencia_auto", data=form)
    r2 = cliente.post(f"/processos/{pid}/atos/ciencia_auto", data=form)
    assert r1.status_code == r2.status_code == 303
    assert r1.headers["location"] == r2.headers["location"]
    from sqlalchemy import func, select

    with banco.unit_of_work(somente_leitura=True) as s:
        n = s.execute(
            select(func.count())
            .select_from(Ato)
            .where(Ato.processo_id == pid, Ato.tipo == "ciencia_auto")
        ).scalar_one()
    assert n == 1


def test_ato_fora_de_ordem_mostra_o_conflito_no_formulario(
    cliente: TestClient, banco: Banco
) -> None:
    pid, _ = processo_autuado(banco, inscricao="4419900303", dias_atras=30)
    csrf = entrar(cliente, "autoridade.cpsc")
    r = cliente.post(
        f"/processos/{pid}/atos/revelia",
        data={"csrf": csrf, "chave": str(uuid.uuid4()), "data_ato": hoje().isoformat()},
    )
    assert r.status_code == 409
    assert 'o ato "Revelia (defesa não apresentada no prazo)" não cabe no estado' in html_.unescape(
        r.text
    )
    assert "(revelia)" not in r.text and "(autuado)" not in r.text


def test_data_futura_volta_com_o_erro_no_campo_data(cliente: TestClient, banco: Banco) -> None:
    pid, _ = processo_autuado(banco, inscricao="4419900304", dias_atras=30)
    csrf = entrar(cliente, "autoridade.cpsc")
    amanha = (hoje() + dt.timedelta(days=1)).isoformat()
    r = cliente.post(
        f"/processos/{pid}/atos/ciencia_auto",
        data={"csrf": csrf, "chave": str(uuid.uuid4()), "data_ato": amanha, "dados.meio": "AR"},
    )
    assert r.status_code == 422
    assert 'id="erro-data_ato"' in r.text
    assert "não pode ser futura" in r.text
    assert f'value="{amanha}"' in r.text


def test_paginas_publicas_sem_login(cliente: TestClient) -> None:
    assert cliente.get("/catalogo").status_code == 200
    assert cliente.get("/consulta").status_code == 200
    assert cliente.get("/catalogo?q=embriaguez").text.count('class="cartao infracao"') >= 1
    r = cliente.get("/estatico/farol.css")
    assert r.status_code == 200 and "text/css" in r.headers["content-type"]
    assert cliente.get("/").headers["location"] == "/entrar"


def test_estatisticas_csv_e_svg(cliente: TestClient) -> None:
    entrar(cliente, "capitao.cpsc")
    r = cliente.get("/estatisticas.csv")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    assert r.text.startswith("\ufefftabela;chave;rotulo;quantidade")
    for nome in ("artigo", "mes", "om", "multas", "medidas"):
        svg = cliente.get(f"/estatisticas/graficos/{nome}.svg")
        assert svg.status_code == 200
        assert svg.text.startswith("<svg")
    assert cliente.get("/estatisticas/graficos/outro.svg").status_code == 404
    r = cliente.get("/estatisticas?de=2026-13-01")
    assert r.status_code == 422 and "data inválida" in r.text
    # o período recusado não sai no CSV como se fosse outro: o mesmo erro da página
    invertido = {"de": "2026-12-31", "ate": "2026-01-01"}
    assert cliente.get("/estatisticas", params=invertido).status_code == 422
    r = cliente.get("/estatisticas.csv", params=invertido)
    assert r.status_code == 422 and "anterior ao início" in r.text
    assert cliente.get("/estatisticas.csv", params={"de": "31/02/2026"}).status_code == 422
    # a data como a página a mostra (DD/MM/AAAA), digitada no endereço
    r = cliente.get("/estatisticas", params={"de": "31/01/2026", "ate": "28/02/2026"})
    assert r.status_code == 200 and "data inválida" not in r.text
    brasileira = cliente.get("/estatisticas.csv", params={"de": "31/01/2026", "ate": "28/02/2026"})
    iso = cliente.get("/estatisticas.csv", params={"de": "2026-01-31", "ate": "2026-02-28"})
    assert brasileira.status_code == 200 and brasileira.text == iso.text


def test_estatisticas_com_data_invalida_mostram_o_periodo_padrao_nao_outro(
    cliente: TestClient,
) -> None:
    """Revisão de UX de 2026-12-05, L3: "de=abc&ate=2026-01-01" dava o erro em "De" e as figuras
    de 01/01 a 01/01, todas zeradas; com a data recusada, as figuras são as do período padrão
    (como no período invertido), e a página o diz."""
    from farol.services.estatisticas import periodo_padrao

    entrar(cliente, "capitao.cpsc")
    de, ate = periodo_padrao(hoje())
    padrao = f"de {de:%d/%m/%Y} a {ate:%d/%m/%Y}"
    normal = cliente.get("/estatisticas").text
    assert padrao in normal and 'id="periodo-recusado"' not in normal
    numeros = re.findall(r'<span class="numero"[^>]*>([^<]*)</span>', normal)
    for pedido in (
        {"de": "abc", "ate": "2026-01-01"},
        {"de": "2026-01-01", "ate": "abc"},
        {"de": "2026-12-31", "ate": "2026-01-01"},  # invertido
    ):
        r = cliente.get("/estatisticas", params=pedido)
        assert r.status_code == 422, pedido
        assert padrao in r.text, pedido
        assert "de 01/01/2026 a 01/01/2026" not in r.text, pedido
        assert 'id="periodo-recusado"' in r.text, pedido
        assert re.findall(r'<span class="numero"[^>]*>([^<]*)</span>', r.text) == numeros


def test_paginas_sem_ids_repetidos(cliente: TestClient, banco: Banco) -> None:
    pid, _ = processo_autuado(banco, inscricao="4419900305", dias_atras=30)
    entrar(cliente, "autoridade.cpsc")
    for caminho in (
        "/painel",
        f"/processos/{pid}",
        "/processos/5",
        "/inspecoes/nova",
        "/catalogo",
        "/estatisticas",
    ):
        html = cliente.get(caminho).text
        ids = re.findall(r'\sid="([^"]+)"', html)
        repetidos = {x for x in ids if ids.count(x) > 1}
        assert not repetidos, (caminho, repetidos)
        for alvo in re.findall(r'(?:for|aria-describedby)="([^"]+)"', html):
            for um in alvo.split():
                assert um in ids, (caminho, um)


def test_documento_oficial_emitido_na_pagina_do_processo_e_verificavel(
    cliente: TestClient, banco: Banco
) -> None:
    csrf = entrar(cliente, "autoridade.cpsc")
    with banco.unit_of_work(somente_leitura=True) as s:
        from sqlalchemy import select

        from farol.store.orm import Processo

        pid = s.execute(
            select(Processo.id).where(Processo.estado == "autuado").limit(1)
        ).scalar_one()
    recusa = cliente.post(
        f"/processos/{pid}/documentos", data={"csrf": csrf, "tipo": "decisao_julgamento"}
    )
    assert recusa.status_code == 409 and "não há julgamento neste processo" in recusa.text
    r = cliente.post(
        f"/processos/{pid}/documentos", data={"csrf": csrf, "tipo": "auto_de_infracao"}
    )
    assert r.status_code == 303
    pagina = cliente.get(f"/processos/{pid}").text
    m = re.search(rf'href="(/processos/{pid}/documentos/\d+\.pdf)">Auto de Infração</a>', pagina)
    assert m, "o documento emitido aparece na página"
    pdf = cliente.get(m.group(1))
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    codigo = re.search(r'href="/verificar/([A-Z0-9-]+)"', pagina)
    assert codigo and "Documento autêntico" in cliente.get(f"/verificar/{codigo.group(1)}").text
    entrar(cliente, "autoridade.cpsp")
    assert cliente.get(m.group(1)).status_code == 404


# --- medidas: lacuna no texto da norma e vigência por linha (issue 9, itens 7 e 9) -------------


def test_previa_e_resultado_da_inspecao_mostram_a_lacuna_no_texto_da_norma(
    cliente: TestClient,
) -> None:
    # "Sem nome e porto de inscrição no casco" = RLESTA.17.III: o texto de referência da norma
    # de 2023 termina no meio de 3.14.1 a); o aviso cita o item 3.14 e não diz "nenhuma medida".
    csrf = entrar(cliente, "inspetor.cpsc")
    r = cliente.post(
        "/inspecoes/nova/avaliar",
        data={"csrf": csrf, "constatacoes": ["marcas_nome"], "situacao": "navegando"},
    )
    assert r.status_code == 200
    assert 'data-lacuna="RLESTA.17.III"' in r.text
    assert "Lacuna no texto da norma" in r.text
    assert "lacuna no texto da norma: NORMAM (Port. 110/2023) item 3.14." in r.text
    assert "Nenhuma medida administrativa liminar prevista" not in r.text

    form = _formulario_inspecao(csrf, str(uuid.uuid4()))
    form["embarcacao.inscricao"] = "4419900317"
    form["constatacoes"] = ["marcas_nome"]
    r = cliente.post("/inspecoes/nova", data=form)
    assert r.status_code == 200, r.text
    assert 'id="inspecao-registrada"' in r.text
    assert 'data-lacuna="RLESTA.17.III"' in r.text and "Lacuna no texto da norma" in r.text


def test_previa_sem_lacuna_nao_mostra_o_aviso(cliente: TestClient) -> None:
    csrf = entrar(cliente, "inspetor.cpsc")
    r = cliente.post(
        "/inspecoes/nova/avaliar",
        data={"csrf": csrf, "constatacoes": ["rol_nao_porta"], "situacao": "navegando"},
    )
    # 3.11.2: "Não há medidas administrativas liminares a serem adotadas" é resposta da norma
    assert "Nenhuma medida administrativa liminar prevista" in r.text
    assert "data-lacuna" not in r.text


def test_catalogo_mostra_a_lacuna_no_texto_da_norma_nas_marcas_do_casco(
    cliente: TestClient,
) -> None:
    r = cliente.get("/catalogo", params={"q": "RLESTA.17"})
    assert r.status_code == 200
    assert 'data-lacuna="RLESTA.17.I"' in r.text
    assert "lacuna no texto da norma: NORMAM (Port. 110/2023) item 3.14.1." in r.text
    assert "[texto interrompido]" in r.text  # a citação literal de onde o texto para
    sem_lacuna = cliente.get("/catalogo", params={"q": "RLESTA.16"}).text
    assert 'data-lacuna="RLESTA.16.I"' not in sem_lacuna


def test_previa_com_data_anterior_ao_art_4a_diz_quando_ele_passou_a_valer(
    cliente: TestClient,
) -> None:
    csrf = entrar(cliente, "inspetor.cpsc")
    dados = {
        "csrf": csrf,
        "constatacoes": ["protecao_motor"],
        "situacao": "navegando",
        "data_hora": "2009-01-10T10:00",
    }
    r = cliente.post("/inspecoes/nova/avaliar", data=dados)
    assert "vigência a partir de 07/07/2009; inspeção em 10/01/2009" in r.text
    dados["data_hora"] = "2015-03-10T10:00"  # já vigorava: as medidas do § 1º
    r = cliente.post("/inspecoes/nova/avaliar", data=dados)
    assert 'data-medida="apreensao_habilitacao"' in r.text
    assert 'data-medida="retirada_de_trafego"' in r.text


def test_restituicao_e_efeito_do_recurso_na_pagina_no_painel_e_na_consulta_publica(
    cliente: TestClient, banco: Banco
) -> None:
    """Demonstração: um recurso provido depois do pagamento (R$ 600,00 a restituir) e um
    recurso com efeito suspensivo concedido. O que se paga a maior aparece nas três telas, e
    cada tela que mostra o prazo de pagamento diz se ele corre ou está suspenso."""
    from sqlalchemy import select

    from farol.domain.cpf_cnpj import formatar_documento
    from farol.store.orm import Pessoa, Processo

    with banco.unit_of_work(somente_leitura=True) as s:
        restituir = s.execute(
            select(Processo).where(Processo.estado == "aguardando_restituicao")
        ).scalar_one()
        dono = s.get(Pessoa, restituir.autuado_id)
        assert dono is not None
        numero, documento = restituir.numero, formatar_documento(dono.documento)
        suspensos = list(
            s.execute(select(Ato.processo_id).where(Ato.tipo == "efeito_suspensivo")).scalars()
        )
    assert len(suspensos) == 1
    csrf = entrar(cliente, "autoridade.cpsc")
    pagina = cliente.get(f"/processos/{restituir.id}").text
    assert 'id="restituicao"' in pagina and "R$ 600,00" in pagina
    painel = cliente.get("/painel").text
    assert 'id="restituicoes"' in painel and numero in painel
    for pid in suspensos:
        assert "Efeito suspensivo concedido" in cliente.get(f"/processos/{pid}").text
    cliente.post("/sair", data={"csrf": csrf})
    r = cliente.get("/consulta")
    r = cliente.post(
        "/consulta", data={"csrf": csrf_de(r.text), "numero": numero, "documento": documento}
    )
    assert r.status_code == 200
    assert 'id="restituicao"' in r.text and "R$ 600,00" in r.text


def test_consulta_publica_com_letras_no_documento_cita_o_digitado_sem_aspas_do_python(
    cliente: TestClient,
) -> None:
    """Antes, ao lado do campo: "'529.982.247-2X' não é um CPF nem um CNPJ"."""
    r = cliente.get("/consulta")
    r = cliente.post(
        "/consulta",
        data={"csrf": csrf_de(r.text), "numero": "2026/CPSC/1", "documento": "529.982.247-2X"},
    )
    assert r.status_code == 422
    erro = re.search(r'id="erro-documento"[^>]*>(.*?)</', r.text, re.S)
    assert erro, r.text
    assert html_.unescape(erro.group(1)).strip() == (
        "“529.982.247-2X” não é um CPF nem um CNPJ: use só dígitos, pontos, barra e traço"
    )


def test_filtro_de_estado_sem_dois_estados_com_o_mesmo_nome(cliente: TestClient) -> None:
    """O fim da apuração e o do inquérito têm o mesmo nome no quadro: a opção leva o do regime."""
    entrar(cliente, "autoridade.cpsc")
    pagina = cliente.get("/processos").text
    select = re.search(r'<select id="c-estado".*?</select>', pagina, re.S)
    assert select
    nomes = [
        re.sub(r" \(\d+\)$", "", html_.unescape(x).strip())
        for x in re.findall(r"<option[^>]*>([^<]*)</option>", select.group(0))
    ]
    assert len(nomes) == len(set(nomes)) > 20, [n for n in nomes if nomes.count(n) > 1]
    assert (
        "Infração constatada; procedimento sancionador aberto (Apuração posterior de infração)"
        in nomes
    )
    assert (
        "Infração constatada; procedimento sancionador aberto (Inquérito administrativo)" in nomes
    )


def test_apuracao_aberta_pela_pagina_e_registrada_no_processo(cliente: TestClient) -> None:
    """RLESTA art. 9º, II: a notícia de um fato passado abre a apuração pela página; os atos
    seguintes se registram na página do processo, como em qualquer regime."""
    entrar(cliente, "inspetor.cpsc")
    assert 'id="abrir-procedimento"' in cliente.get("/processos").text
    r = cliente.get("/procedimentos/novo")
    assert r.status_code == 200 and "Apuração posterior de infração" in r.text
    hoje_ = hoje()
    dados = {
        "csrf": csrf_de(r.text),
        "chave": str(uuid.uuid4()),
        "regime": "apuracao",
        "investigado.documento": "111.444.777-35",
        "investigado.nome": "Rita de Cássia Moura",
        "data_fato": (hoje_ + dt.timedelta(days=3)).isoformat(),
        "data_ato": hoje_.isoformat(),
        "dados.texto": "Denúncia de navegação sem habilitação na Lagoa da Conceição.",
    }
    # fato depois do ato: a página volta com o erro no campo, em português
    r = cliente.post("/procedimentos", data=dados)
    assert r.status_code == 422
    assert 'id="erro-data_fato"' in r.text or "data do fato" in r.text
    assert "Rita de Cássia Moura" in r.text  # o que foi digitado volta
    dados["data_fato"] = (hoje_ - dt.timedelta(days=20)).isoformat()
    r = cliente.post("/procedimentos", data=dados)
    assert r.status_code == 303, r.text
    pagina_processo = cliente.get(r.headers["location"]).text
    assert "Em apuração (dados, documentos e provas)" in pagina_processo
    assert "Diligência, documento ou prova juntado à apuração" in pagina_processo


def test_apuracao_pela_pagina_para_pessoa_cadastrada_mostra_o_que_difere_do_cadastro(
    cliente: TestClient,
) -> None:
    """Nada se perde: o nome e o endereço digitados na abertura diferentes do cadastro da
    pessoa do CPF (que não muda) ficam no processo; o aviso da abertura o diz, a página do
    processo os mostra e a API os devolve."""
    entrar(cliente, "inspetor.cpsc")
    hoje_ = hoje()

    def abrir(nome: str, endereco: str) -> str:
        r = cliente.get("/procedimentos/novo")
        dados = {
            "csrf": csrf_de(r.text),
            "chave": str(uuid.uuid4()),
            "regime": "apuracao",
            "investigado.documento": "935.411.347-80",
            "investigado.nome": nome,
            "investigado.endereco": endereco,
            "data_fato": (hoje_ - dt.timedelta(days=20)).isoformat(),
            "data_ato": hoje_.isoformat(),
            "dados.texto": "Denúncia de navegação sem habilitação na Lagoa da Conceição.",
        }
        r = cliente.post("/procedimentos", data=dados)
        assert r.status_code == 303, r.text
        return r.headers["location"]

    primeiro = cliente.get(abrir("Rita de Cássia Moura", "Rua A, 10, Centro, Florianópolis/SC"))
    assert 'id="divergencias-abertura"' not in primeiro.text  # a pessoa nasce como digitada
    endereco = abrir("Rita Moura Neves", "Servidão das Gaivotas, 200, Campeche")
    assert endereco.endswith("?registrado=registro_noticia")  # o ato de abertura do regime
    pagina = cliente.get(endereco).text
    aviso = pagina[pagina.index('id="ato-registrado"') :].split("</div>", 1)[0]
    assert "Ato registrado: Registro da notícia do fato" in html_.unescape(aviso)
    assert "diferente do cadastro ficou registrado" in aviso
    caixa = pagina[pagina.index('id="divergencias-abertura"') :].split("</div>", 1)[0]
    assert "aberto com os dados do cadastro, que não mudou" in caixa
    texto = html_.unescape(caixa)
    assert 'informado "Rita Moura Neves"' in texto.replace("<q>", '"').replace("</q>", '"')
    assert 'data-campo="investigado.nome"' in caixa
    assert 'data-campo="investigado.endereco"' in caixa
    assert "Servidão das Gaivotas, 200, Campeche" in texto
    assert "Rua A, 10, Centro, Florianópolis/SC" in texto
    # o autuado do processo é a pessoa do cadastro, com o nome de antes
    assert "Rita de Cássia Moura" in html_.unescape(pagina)
    pid = int(endereco.split("/processos/", 1)[1].split("?", 1)[0])
    api = cliente.get(f"{API}/processos/{pid}", headers=token_api(cliente, "autoridade.cpsc"))
    assert [(d["campo"], d["cadastro"], d["informado"]) for d in api.json()["divergencias"]] == [
        ("investigado.nome", "Rita de Cássia Moura", "Rita Moura Neves"),
        ("investigado.endereco", "Rua A, 10, Centro, Florianópolis/SC",
         "Servidão das Gaivotas, 200, Campeche"),
    ]  # fmt: skip


def test_pagina_do_processo_usa_uma_conexao(cliente: TestClient, banco: Banco) -> None:
    """A página do processo (a sessão do cookie, a vista e o que cabe registrar agora) numa
    leitura e numa conexão do pool. Antes, três: a sessão, a vista e os atos possíveis em
    transações próprias; depois, duas (a sessão do cookie à parte)."""
    entrar(cliente, "autoridade.cpsc")
    pid = int(re.findall(r'href="/processos/(\d+)"', cliente.get("/processos").text)[0])
    assert cliente.get(f"/processos/{pid}").status_code == 200  # aquece
    with conexoes_do_pool(banco.engine) as conexoes:
        r = cliente.get(f"/processos/{pid}")
    assert r.status_code == 200
    assert "O que você pode registrar agora" in r.text
    assert conexoes.tiradas == 1, conexoes


def test_lista_de_processos_usa_uma_conexao(cliente: TestClient, banco: Banco) -> None:
    """A lista (a sessão do cookie, a página e as opções dos filtros) numa leitura e numa conexão
    do pool; eram três, uma para cada. Com um filtro que o banco recusa (OM fora da jurisdição),
    o erro ao lado do campo e a lista sem ele, uma conexão de cada vez."""
    entrar(cliente, "autoridade.cpsc")
    assert cliente.get("/processos").status_code == 200  # aquece
    with conexoes_do_pool(banco.engine) as conexoes:
        r = cliente.get("/processos", params={"ordem": "-numero", "estado": "autuado"})
    assert r.status_code == 200 and 'href="/processos/' in r.text
    assert conexoes.tiradas == 1, conexoes
    with conexoes_do_pool(banco.engine) as conexoes:
        r = cliente.get("/processos", params={"om": "CPSP"})
    assert r.status_code == 422 and 'href="/processos/' in r.text
    assert conexoes.no_maximo == 1, conexoes
    cliente.cookies.clear()
    r = cliente.get("/processos", params={"om": "CPSC"})
    assert r.status_code == 303 and r.headers["location"].startswith("/entrar"), r.headers


def test_painel_e_estatisticas_usam_uma_conexao(cliente: TestClient, banco: Banco) -> None:
    """Sem réplica, o painel e as estatísticas (páginas, CSV, gráficos e API) leem a sessão e as
    figuras numa leitura e numa conexão do pool; eram duas (a sessão à parte)."""
    entrar(cliente, "autoridade.cpsc")
    token = token_api(cliente, "autoridade.cpsc")
    sem: dict[str, str] = {}
    enderecos = [  # (endereço, parâmetros, cabeçalhos, o que a resposta mostra)
        ("/painel", sem, sem, "Processos por estado"),
        ("/estatisticas", sem, sem, "Infrações por artigo"),
        ("/estatisticas", {"de": "2026-13-01"}, sem, "data inválida"),
        ("/estatisticas.csv", sem, sem, "artigo"),
        ("/estatisticas/graficos/mes.svg", sem, sem, "<svg"),
        (f"{API}/painel", sem, token, '"prazos_vencidos"'),
        (f"{API}/estatisticas", sem, token, '"por_artigo"'),
    ]
    for endereco, params, headers, texto in enderecos:
        assert cliente.get(endereco, params=params, headers=headers).status_code < 500  # aquece
        with conexoes_do_pool(banco.engine) as conexoes:
            r = cliente.get(endereco, params=params, headers=headers)
        assert r.status_code in (200, 422) and texto in r.text, (endereco, r.text[:300])
        assert conexoes.tiradas == 1, (endereco, conexoes)
    cliente.cookies.clear()
    r = cliente.get("/estatisticas/graficos/nenhum.svg")
    assert r.status_code == 303 and r.headers["location"].startswith("/entrar")
    assert cliente.get(f"{API}/painel").status_code == 401


def _rotas(rotas: list[Any]) -> Iterator[APIRoute]:
    for rota in rotas:
        if isinstance(rota, APIRoute):
            yield rota
        incluido = getattr(rota, "original_router", None)  # um roteador incluído (FastAPI)
        if incluido is not None:
            yield from _rotas(incluido.routes)


def _chamadas(dependente: Any) -> Iterator[Any]:
    for sub in dependente.dependencies:
        yield sub.call
        yield from _chamadas(sub)


def test_nenhuma_rota_le_o_usuario_numa_conexao_a_parte(cliente: TestClient) -> None:
    """O usuário de uma rota (API ou página) se lê na conexão dos casos de uso dela
    (`farol.http.rota`): nenhuma rota tem mais `ator_atual` ou `ator_obrigatorio` entre as
    dependências (que o liam numa conexão à parte, antes da rota). Um roteador sem a
    `route_class` da API ou das páginas falha aqui."""
    rotas = list(_rotas(cliente.app.routes))  # type: ignore[attr-defined]
    assert len(rotas) >= 100, len(rotas)
    a_parte = sorted(
        f"{sorted(r.methods)} {r.path}"
        for r in rotas
        if {ator_atual, ator_obrigatorio} & set(_chamadas(r.dependant))
    )
    assert not a_parte, a_parte
    com_usuario = [r for r in rotas if r.endpoint is not inspect.unwrap(r.endpoint)]
    assert len(com_usuario) > 60, len(com_usuario)


def test_as_rotas_com_usuario_usam_uma_conexao(cliente: TestClient, banco: Banco) -> None:
    """A API e as páginas leem a sessão do token ou do cookie e o que o pedido pede numa conexão
    do pool (eram duas: a sessão à parte, antes da rota); a saída (um POST) também, na transação
    que encerra a sessão. Sem credencial, 401 ou /entrar sem ir ao banco."""
    entrar(cliente, "autoridade.cpsc")
    token = token_api(cliente, "autoridade.cpsc")
    # um processo da própria OM (os da Delegacia, o Delegado trata: atos-possiveis vazio)
    pid = int(re.findall(r'href="/processos/(\d+)">\d+/CPSC/', cliente.get("/processos").text)[0])
    sem: dict[str, str] = {}
    de, ate = (hoje() - dt.timedelta(days=30)).isoformat(), (hoje() + dt.timedelta(days=30))
    enderecos = [  # (endereço, cabeçalhos, o que a resposta mostra)
        (f"{API}/auth/eu", token, '"login":"autoridade.cpsc"'),
        (f"{API}/divida-ativa", token, "["),
        (f"{API}/multas-vencidas", token, "["),
        (f"{API}/prescricao", token, "["),
        (f"{API}/prazos?de={de}&ate={ate.isoformat()}", token, '"vencimento"'),
        (f"{API}/processos/{pid}/atos-possiveis", token, '"permitido"'),
        (f"{API}/processos/{pid}/documentos", token, "["),
        (f"{API}/busca?q=Silva", token, '"numero"'),
        (f"{API}/custodia/tarifas", token, "["),
        ("/busca?q=Silva", sem, 'href="/processos/'),
        ("/om/agenda", sem, "Agenda"),
        ("/custodia/tarifas", sem, "Valores diários da custódia"),
        ("/procedimentos/novo", sem, "Apuração posterior de infração"),
        (f"/processos/{pid}/atos/ciencia_auto", sem, "O que você pode registrar agora"),
    ]
    for endereco, headers, texto in enderecos:
        assert cliente.get(endereco, headers=headers).status_code == 200, endereco  # aquece
        with conexoes_do_pool(banco.engine) as conexoes:
            r = cliente.get(endereco, headers=headers)
        assert r.status_code == 200 and texto in r.text, (endereco, r.text[:300])
        assert (conexoes.tiradas, conexoes.no_maximo) == (1, 1), (endereco, conexoes)
    with conexoes_do_pool(banco.engine) as conexoes:
        assert cliente.post(f"{API}/auth/sair", headers=token).status_code == 204
    assert (conexoes.tiradas, conexoes.no_maximo) == (1, 1), conexoes
    assert cliente.get(f"{API}/auth/eu", headers=token).status_code == 401
    cliente.cookies.clear()
    with conexoes_do_pool(banco.engine) as conexoes:
        assert cliente.get(f"{API}/divida-ativa").status_code == 401
        r = cliente.get("/busca?q=Silva")
    assert r.status_code == 303 and r.headers["location"] == "/entrar?proximo=/busca%3Fq%3DSilva"
    assert conexoes.tiradas == 0, conexoes


def test_registro_de_um_ato_pela_pagina_usa_uma_conexao(cliente: TestClient, banco: Banco) -> None:
    """O POST de um ato pela página: a sessão do cookie, o processo e o registro numa transação e
    numa conexão do pool (eram três: a sessão, a leitura do processo e a escrita, cada uma com a
    sua); a recusa mostra a página com a sua leitura depois, nunca duas conexões ao mesmo tempo."""
    pid, _ = processo_autuado(banco, inscricao="4419900309", dias_atras=30)
    csrf = entrar(cliente, "autoridade.cpsc")
    ontem = (hoje() - dt.timedelta(days=1)).isoformat()
    amanha = (hoje() + dt.timedelta(days=1)).isoformat()
    form = {"csrf": csrf, "chave": str(uuid.uuid4()), "dados.meio": "AR"}
    with conexoes_do_pool(banco.engine) as da_recusa:
        recusado = cliente.post(
            f"/processos/{pid}/atos/ciencia_auto", data={**form, "data_ato": amanha}
        )
    with conexoes_do_pool(banco.engine) as do_registro:
        r = cliente.post(f"/processos/{pid}/atos/ciencia_auto", data={**form, "data_ato": ontem})
    assert recusado.status_code == 422 and "não pode ser futura" in recusado.text
    # o registro recusado e, depois, a página com a recusa: uma de cada vez
    assert (da_recusa.tiradas, da_recusa.no_maximo) == (2, 1), da_recusa
    assert r.status_code == 303, r.text
    assert (do_registro.tiradas, do_registro.no_maximo) == (1, 1), do_registro
    with banco.unit_of_work(somente_leitura=True) as s:
        tipos = list(s.execute(select(Ato.tipo).where(Ato.processo_id == pid)).scalars())
    assert tipos.count("ciencia_auto") == 1
