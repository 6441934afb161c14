"""A página do processo e as penalidades acessórias (issue 9, item 8), sem navegador
(TestClient sobre a demonstração, SQLite e PostgreSQL), como em test_paginas.py.

A autoridade julga uma obra às margens das águas (RLESTA art. 26, autor proprietário da obra)
pelo formulário da página: marca a demolição (LESTA arts. 25 IV e 29), escreve por que a obra
afeta a navegação e fixa o prazo em dias (a norma não o fixa; contam-se de modo contínuo da
ciência, Lei 9.784/1999 art. 66 § 2º). A página mostra a penalidade imposta e, depois da
ciência, o prazo do infrator com o vencimento.
"""

from __future__ import annotations

import html as html_
import re
from typing import Any

from apoio import campos_ocultos, formulario_do_ato
from fastapi.testclient import TestClient
from semente import CPF_ESTRANHO

from .test_paginas import entrar, token_api

API = "/api/v1"
JUSTIFICATIVA = "Trapiche construído sem licença da Capitania, avançando sobre o canal."
FUNDAMENTO_DEMOLICAO = "O trapiche avança sobre o canal e estreita a passagem das embarcações."
ACESSORIA = "dados.penalidades.0.acessorias.0"
PRAZO = "dados.prazo_acessorias_dias"


def _obra(cliente: TestClient, inscricao: str) -> int:
    """Processo até aguardar julgamento pela API, com a infração de obra às margens das águas:
    inspeção em 02/03/2026 (segunda), auto em 13/03, ciência em 16/03, defesa em 20/03."""
    inspetor = token_api(cliente, "inspetor.cpsc")
    corpo = {
        "embarcacao": {"inscricao": inscricao, "nome": "Maré Alta"},
        "proprietario": {"documento": CPF_ESTRANHO, "nome": "Joana Dona da Obra"},
        "data_hora": "2026-03-02T10:00:00-03:00",
        "local": "Canal da Barra, Florianópolis",
        "situacao": "navegando",
        "constatacoes": [{"infracao": "RLESTA.15.I", "categoria_item": "salvatagem"}],
    }
    r = cliente.post(f"{API}/inspecoes", json=corpo, headers=inspetor)
    assert r.status_code == 201, r.text
    (processo,) = r.json()["processos"]
    pid = int(processo["id"])
    autoridade = token_api(cliente, "autoridade.cpsc")
    lavratura = {"infracoes": [{"infracao": "RLESTA.26", "autor_tipo": "proprietario_obra"}]}
    for tipo, data, dados, quem in (
        ("lavratura_auto", "2026-03-13", lavratura, autoridade),
        ("ciencia_auto", "2026-03-16", {"meio": "pessoal"}, inspetor),
        ("defesa", "2026-03-20", {"texto": "Alega licença municipal."}, autoridade),
    ):
        r = cliente.post(
            f"{API}/processos/{pid}/atos",
            json={"tipo": tipo, "data_ato": data, "dados": dados},
            headers=quem,
        )
        assert r.status_code == 201, (tipo, r.text)
    return pid


def _julgar(cliente: TestClient, pid: int, **campos: str) -> Any:
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "julgamento_procedente")
    dados = campos_ocultos(form) | {
        "data_ato": "2026-04-10",
        "dados.justificativa": JUSTIFICATIVA,
        "dados.penalidades.0.multa": "2.000,00",
        f"{ACESSORIA}.tipo": "demolicao_obra",
        f"{ACESSORIA}.fundamentacao": FUNDAMENTO_DEMOLICAO,
    }
    return cliente.post(f"/processos/{pid}/atos/julgamento_procedente", data=dados | campos)


def _grupo(padrao: str, texto: str) -> str:
    m = re.search(padrao, texto, re.S)
    assert m, padrao
    return m.group(1)


def _texto(trecho: str) -> str:
    """O texto visível de um trecho de HTML, com os espaços normalizados."""
    return " ".join(html_.unescape(re.sub(r"<[^>]+>", " ", trecho)).split())


def test_julgamento_pela_pagina_impoe_a_demolicao_com_o_prazo_e_mostra_o_vencimento(
    cliente: TestClient,
) -> None:
    pid = _obra(cliente, "4419900801")
    entrar(cliente, "autoridade.cpsc")

    # o formulário oferece a demolição que o RLESTA art. 26 admite, com a condição e a citação
    form = formulario_do_ato(cliente.get(f"/processos/{pid}").text, "julgamento_procedente")
    assert f'name="{ACESSORIA}.tipo" value="demolicao_obra"' in form
    acessoria = _texto(_grupo(r'<div class="acessoria">(.*?)</div>', form))
    assert "Impor demolição da obra e recomposição do local" in acessoria
    assert "Cabe caso esta impeça, venha a impedir ou afete a segurança da navegação" in acessoria
    assert "LESTA art. 25, IV; LESTA art. 29; RLESTA art. 26" in acessoria
    assert "Fundamentação da condição" in acessoria
    assert f'name="{ACESSORIA}.fundamentacao"' in form
    assert "Prazo para o infrator cumprir as acessórias (dias)" in form
    assert f'name="{PRAZO}"' in form
    assert "retirada_embarcacao" not in form  # só o art. 27 a admite

    r = _julgar(cliente, pid, **{PRAZO: "60"})
    assert r.status_code == 303, r.text
    assert r.headers["location"].startswith(f"/processos/{pid}?registrado=julgamento_procedente")
    pagina = cliente.get(r.headers["location"]).text
    assert "Ato registrado: Julgamento" in _texto(pagina)
    penalidades = pagina[pagina.index("Penalidades em vigor") :]
    penalidades = _texto(penalidades[: penalidades.index("</ul>")])
    assert "RLESTA.26 multa de R$ 2.000,00" in penalidades
    # a infração do auto diz o autor material pelo nome, não pela chave interna
    autor = _texto(_grupo(r'<span class="secundario autor-material">(.*?)</span>\s*<span', pagina))
    assert "autor material: proprietário de obra sob, sobre ou às margens das águas" in autor
    assert "proprietario_obra" not in autor and "proprietario obra" not in _texto(pagina)
    assert "e demolição da obra e recomposição do local, em 60 dias da ciência" in penalidades
    assert "LESTA art. 29" in penalidades
    # o prazo só começa na ciência: antes dela, não há prazo das acessórias na lista
    prazos = pagina[pagina.index('id="prazos"') :]
    assert "Cumprimento, pelo infrator, das penalidades acessórias" not in prazos

    # ciência da decisão em 14/04/2026 (terça), registrada pelo formulário da página
    form = formulario_do_ato(pagina, "ciencia_decisao")
    r = cliente.post(
        f"/processos/{pid}/atos/ciencia_decisao",
        data=campos_ocultos(form) | {"data_ato": "2026-04-14", "dados.meio": "AR"},
    )
    assert r.status_code == 303, r.text
    pagina = cliente.get(f"/processos/{pid}").text
    prazos = pagina[pagina.index('id="prazos"') :]
    m = re.search(
        r'<li id="prazo-\d+" class="prazo[^"]*">\s*<div class="prazo-cabeca"><strong>'
        r"Cumprimento, pelo infrator, das penalidades acessórias[^<]*</strong>"
        r'(.*?)<p class="cita">[^<]*</p>\s*</li>',  # a citação fecha o item (há <li> dentro)
        prazos,
        re.S,
    )
    assert m, "a página lista o prazo das acessórias depois da ciência"
    item = _texto(m.group(0))
    # 60 dias contados de modo contínuo de 15/04/2026 (excluído o dia da ciência): 16 em abril,
    # 31 em maio e 13 em junho -> 13/06/2026, sábado; prorroga para a segunda, 15/06/2026
    # (Lei 9.784/1999 art. 66 §§ 1º e 2º)
    assert "60 dias" in item and "contados de 14/04/2026" in item
    assert "vence em 15/06/2026" in item
    assert '<time datetime="2026-06-15">15/06/2026</time>' in m.group(0)
    assert "13/06/2026 — sábado" in item and "14/06/2026 — domingo" in item
    assert "Lei 9.784/1999 art. 66, § 2º" in item


def test_acessoria_marcada_sem_prazo_volta_com_o_erro_no_campo_do_prazo(
    cliente: TestClient,
) -> None:
    pid = _obra(cliente, "4419900802")
    entrar(cliente, "autoridade.cpsc")
    r = _julgar(cliente, pid, **{PRAZO: ""})
    assert r.status_code == 422, r.text
    form = formulario_do_ato(r.text, "julgamento_procedente")
    # o erro fica no bloco do campo do prazo, ligado a ele por aria-describedby
    campo = re.search(
        rf'<div class="campo[^"]*campo-com-erro">(?:(?!<div class="campo).)*?name="{PRAZO}"'
        r"(?:(?!<div class=\"campo).)*?</div>",
        form,
        re.S,
    )
    assert campo, "o erro aparece junto do campo do prazo"
    erro_id = "erro-dados-prazo_acessorias_dias"
    assert f'id="{erro_id}"' in campo.group(0)
    assert 'aria-invalid="true"' in campo.group(0) and erro_id in campo.group(0)
    erro = _texto(_grupo(rf'id="{erro_id}"[^>]*>(.*?)</p>', form))
    assert "prazo" in erro and "Lei 9.784/1999 art. 66, § 2º" in erro
    # o que foi digitado volta: a demolição marcada e a fundamentação
    assert f'name="{ACESSORIA}.tipo" value="demolicao_obra" checked' in form
    assert FUNDAMENTO_DEMOLICAO in html_.unescape(form)
    # e nada foi registrado: o processo segue aguardando julgamento
    pagina = cliente.get(f"/processos/{pid}").text
    assert 'data-form-ato="julgamento_procedente"' in pagina
    assert "Penalidades em vigor" not in pagina
