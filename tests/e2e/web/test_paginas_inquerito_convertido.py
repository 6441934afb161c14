"""O inquérito convertido e o procedimento sancionador que ele abriu, lidos pela página
(TestClient) como o Capitão dos Portos e a Autoridade Competente os veem: cada um leva ao outro
pelo número, e o processo aberto mostra as infrações que a conclusão constatou (as mesmas da
Notificação para Comparecimento em PDF), que o formulário da lavratura do auto oferece."""

from __future__ import annotations

import re

from apoio import csrf_de
from fastapi.testclient import TestClient

from farol.store.db import Banco

from .test_paginas import entrar, token_api
from .test_paginas_inquerito import _aberto, _ato, _inquerito_ate_a_defesa

FUNDAMENTACAO = "O inquérito concluiu pela infração e identificou o condutor."


def _convertido(cliente: TestClient, banco: Banco, documento: str) -> tuple[int, int, str]:
    pid = _inquerito_ate_a_defesa(cliente, documento)
    entrar(cliente, "capitao.cpsc")
    campos = {
        "data_ato": "2026-10-26",
        "dados.infracoes": "RLESTA.11",
        "dados.fundamentacao": FUNDAMENTACAO,
    }
    r = _ato(cliente, f"/processos/{pid}", "instauracao_procedimento_sancionador", campos)
    assert r.status_code == 303, r.text
    aberto, _ = _aberto(banco, pid)
    return pid, aberto.id, aberto.numero


def test_o_inquerito_convertido_mostra_o_numero_do_processo_aberto(
    cliente: TestClient, banco_demo: Banco
) -> None:
    pid, novo, numero = _convertido(cliente, banco_demo, "390.533.447-05")
    pagina = cliente.get(f"/processos/{pid}").text
    bloco = re.search(r'<dd id="processos-abertos">(.*?)</dd>', pagina, re.S)
    assert bloco, "a página do inquérito não diz que processo ele abriu"
    assert f'<a href="/processos/{novo}">{numero}</a>' in bloco.group(1)
    assert "Procedimento administrativo do Auto de Infração (LESTA)" in bloco.group(1)
    # e o processo aberto volta ao inquérito
    aberto = cliente.get(f"/processos/{novo}").text
    origem = re.search(r'<dd id="processo-de-origem">(.*?)</dd>', aberto, re.S)
    assert origem and f'<a href="/processos/{pid}">' in origem.group(1)
    assert "Inquérito administrativo" in origem.group(1)
    # a API diz o mesmo (a mesma leitura)
    api = cliente.get(f"/api/v1/processos/{pid}", headers=token_api(cliente, "capitao.cpsc"))
    assert api.json()["abertos"] == [{"id": novo, "numero": numero, "regime": "lesta"}]


def test_o_processo_aberto_mostra_as_infracoes_e_lavra_o_auto_pela_pagina(
    cliente: TestClient, banco_demo: Banco
) -> None:
    """Antes, a lista "Infrações" vinha vazia e o formulário da lavratura, sem nenhuma infração
    a marcar: o auto era recusado (422) sem mensagem na página."""
    _, novo, _ = _convertido(cliente, banco_demo, "714.602.380-01")
    entrar(cliente, "autoridade.cpsc")
    url = f"/processos/{novo}"
    for tipo, campos in (
        ("ciencia_notificacao", {"data_ato": "2026-10-27", "dados.meio": "pessoal"}),
        ("esclarecimentos_prestados", {"data_ato": "2026-10-28", "dados.texto": "Explicou-se."}),
    ):
        r = _ato(cliente, url, tipo, campos)
        assert r.status_code == 303, r.text
    pagina = cliente.get(url).text
    infracoes = re.search(r'id="t-infracoes">.*?</ul>', pagina, re.S)
    assert infracoes and "RLESTA.11" in infracoes.group(0)
    assert 'name="dados.infracoes.0.infracao" value="RLESTA.11"' in pagina
    campos = {
        "data_ato": "2026-10-29",
        "dados.infracoes.incluir": "0",
        "dados.infracoes.0.infracao": "RLESTA.11",
        "dados.infracoes.0.autor_tipo": "condutor",
        "dados.descricao": "Conduzia sem habilitação, como apurou o inquérito.",
    }
    r = _ato(cliente, url, "lavratura_auto", campos)
    assert r.status_code == 303, r.text
    _, atos = _aberto(banco_demo, int(_origem_de(banco_demo, novo)))
    assert atos[-1].tipo == "lavratura_auto"
    assert atos[-1].payload["infracoes"][0]["infracao"] == "RLESTA.11"


def _origem_de(banco: Banco, pid: int) -> int:
    from farol.store.orm import Processo

    with banco.unit_of_work(somente_leitura=True) as s:
        p = s.get(Processo, pid)
        assert p is not None and p.origem_id is not None
        return p.origem_id


def test_a_lavratura_sem_nenhuma_infracao_marcada_diz_por_que_nao_foi_registrada(
    cliente: TestClient, banco_demo: Banco
) -> None:
    """Antes, desmarcadas todas as infrações, a página voltava 422 sem mensagem nenhuma: o erro
    do serviço caía no grupo das caixas, que a página não mostrava."""
    _, novo, _ = _convertido(cliente, banco_demo, "256.873.140-08")
    entrar(cliente, "autoridade.cpsc")
    url = f"/processos/{novo}"
    r = _ato(cliente, url, "esclarecimentos_prestados", {"data_ato": "2026-10-28"})
    assert r.status_code == 303, r.text
    descricao = "Descrição digitada que não pode se perder."
    r = _ato(cliente, url, "lavratura_auto", {
        "data_ato": "2026-10-29",
        "dados.infracoes.0.infracao": "RLESTA.11",
        "dados.infracoes.0.autor_tipo": "condutor",
        "dados.descricao": descricao,
    })  # fmt: skip
    assert r.status_code == 422, r.text
    erros = re.findall(r'<p class="erro-campo"[^>]*>(.*?)</p>', r.text)
    assert erros == ["marque ao menos uma infração do auto"], erros
    assert descricao in r.text


def test_abrir_procedimento_em_branco_aponta_todos_os_campos_obrigatorios(
    cliente: TestClient,
) -> None:
    """Antes, o formulário em branco apontava o CPF ou CNPJ e as datas, mas não o nome do
    investigado: o erro do grupo inteiro caía só no primeiro campo dele."""
    entrar(cliente, "capitao.cpsc")
    pagina = cliente.get("/procedimentos/novo").text
    r = cliente.post(
        "/procedimentos",
        data={"csrf": csrf_de(pagina), "chave": "em-branco", "regime": "inquerito"},
    )
    assert r.status_code == 422, r.text
    erros = dict(re.findall(r'<p class="erro-campo" id="erro-([a-z_-]+)"[^>]*>(.*?)</p>', r.text))
    assert set(erros) == {
        "investigado-documento",
        "investigado-nome",
        "data_fato",
        "data_ato",
    }, erros


def test_codigo_de_infracao_desconhecido_diz_onde_achar_os_codigos_na_pagina(
    cliente: TestClient,
) -> None:
    """Antes, a recusa mandava o usuário da página usar um comando de terminal: "infração
    desconhecida: 'RLESTA.99' (use `farol infracoes`)"; depois, citava as três bordas ("na
    página Legislação, em GET /api/v1/infracoes e em `farol infracoes`"). A página diz só
    onde ela mostra os códigos."""
    pid = _inquerito_ate_a_defesa(cliente, "418.279.550-40")
    entrar(cliente, "capitao.cpsc")
    campos = {
        "data_ato": "2026-10-26",
        "dados.infracoes": "RLESTA.11, RLESTA.99",
        "dados.fundamentacao": FUNDAMENTACAO,
    }
    r = _ato(cliente, f"/processos/{pid}", "instauracao_procedimento_sancionador", campos)
    assert r.status_code == 422, r.text
    erro = re.search(r'<p class="erro-campo" id="erro-dados-infracoes"[^>]*>(.*?)</p>', r.text)
    assert erro, r.text
    assert erro.group(1) == (
        "infração desconhecida: “RLESTA.99”, fora do catálogo de infrações; os códigos estão "
        "na página Legislação"
    )
    assert "/api/v1" not in erro.group(1) and "farol infracoes" not in erro.group(1)


def test_abrir_procedimento_so_oferece_o_que_o_papel_abre(cliente: TestClient) -> None:
    """Antes, o Capitão dos Portos escolhia "Apuração posterior" (a primeira, já marcada),
    preenchia tudo e recebia 409 com os ids internos: 'o papel Capitão dos Portos
    (capitao_dos_portos) não pode registrar o ato ... (registro_noticia); cabe a: ...'."""
    entrar(cliente, "capitao.cpsc")
    pagina = cliente.get("/procedimentos/novo").text
    apuracao = re.search(r'<label[^>]*id="regime-indisponivel-apuracao".*?</label>', pagina, re.S)
    assert apuracao, "a apuração aparece como indisponível ao Capitão dos Portos"
    assert "disabled" in apuracao.group(0)
    assert "Inspetor Naval ou Autoridade Competente" in apuracao.group(0)
    marcado = re.search(r'<input type="radio" name="regime" value="(\w+)" checked>', pagina)
    assert marcado and marcado.group(1) == "inquerito"
    assert "capitao_dos_portos" not in pagina and "registro_noticia" not in pagina
    # quem abre a apuração a tem marcada e habilitada
    entrar(cliente, "autoridade.cpsc")
    pagina = cliente.get("/procedimentos/novo").text
    assert '<input type="radio" name="regime" value="apuracao" checked>' in pagina


def test_inquerito_sem_infracao_ainda_diz_que_nao_ha_em_vez_de_um_titulo_vazio(
    cliente: TestClient,
) -> None:
    """Antes, o inquérito em curso mostrava o título "Infrações" sobre uma lista vazia."""
    pid = _inquerito_ate_a_defesa(cliente, "070.680.938-68")
    entrar(cliente, "capitao.cpsc")
    pagina = cliente.get(f"/processos/{pid}").text
    lista = re.search(r'id="t-infracoes">.*?</ul>', pagina, re.S)
    assert lista and 'id="sem-infracoes"' in lista.group(0)
    assert "Nenhuma infração constatada neste processo até agora." in lista.group(0)


def test_abrir_procedimento_para_quem_nao_abre_nenhum(cliente: TestClient) -> None:
    """O auditor (que não registra ato nenhum) abre a página e lê por que não há o que abrir."""
    entrar(cliente, "auditor.cpsc")
    r = cliente.get("/procedimentos/novo")
    assert r.status_code == 200, r.text
    assert 'id="nenhum-procedimento"' in r.text
    assert '<button type="submit" class="botao">Abrir</button>' not in r.text


def test_autor_material_da_lavratura_com_o_nome_e_nao_o_id(
    cliente: TestClient, banco_demo: Banco
) -> None:
    """Antes, as opções do autor material vinham como o id ("proprietario", sem acento)."""
    _, novo, _ = _convertido(cliente, banco_demo, "538.219.860-85")
    entrar(cliente, "autoridade.cpsc")
    url = f"/processos/{novo}"
    r = _ato(cliente, url, "esclarecimentos_prestados", {"data_ato": "2026-10-28"})
    assert r.status_code == 303, r.text
    pagina = cliente.get(url).text
    select = re.search(r'<select id="c-autor-0".*?</select>', pagina, re.S)
    assert select, pagina
    rotulos = re.findall(r'<option value="(\w+)"[^>]*>([^<]*)</option>', select.group(0))
    nomes = dict(rotulos)
    assert nomes["proprietario"] == "proprietário", rotulos
    assert nomes["comandante"] == "Comandante (aquaviário embarcado)", rotulos
