"""A custódia e o levantamento de medidas pelas páginas (TestClient, sem JS): os mesmos serviços
da API (tests/e2e/api/test_custodia.py).

- Na página do processo sancionador, cada medida liminar mostra o seu estado; a em vigor tem o
  "Levantar medida" e a apreensão fora da custódia, o "Recolher à custódia".
- A página da custódia registra os lacres (linhas em branco fixas), as despesas, o pagamento e o
  Termo de Entrega, e mostra o bem, o local, o depositário, os lacres, os dias, as contas e o
  que falta pagar.
- O painel lista as embarcações sob custódia pelo próximo vencimento; a consulta pública mostra
  a medida levantada.

Datas relativas a hoje (as datas dos atos não podem ser futuras). Tabela da CPSC (registrada
aqui, em vigor desde 01/01/2000): guarda R$ 50,00 e conservação R$ 10,00 por dia. Recolhida há
10 dias e entregue hoje: 10 diárias (o dia do recolhimento entra, o da entrega não) × R$ 60,00
= R$ 600,00, mais R$ 200,00 de reboque = R$ 800,00.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import uuid
from typing import Any

import pytest
from apoio import csrf_de
from fastapi.testclient import TestClient
from PIL import Image
from semente import CPF_CONDUTOR, CPF_DONO, CPF_ESTRANHO, atores
from sqlalchemy import select

from farol.formatos import data as data_br
from farol.relogio import agora, fuso, hoje
from farol.services import custodia, inspecoes, processos
from farol.services.custodia import NovaTarifa
from farol.services.processos import NovoAto
from farol.store.db import Banco
from farol.store.orm import Ato, DocumentoAnexo, MedidaAdministrativa, Processo

from .test_paginas import entrar, token_api

LEVANTAR = "levantamento_de_medida"
PDF = b"%PDF-1.4\n% prova do levantamento\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
ENDERECO = "Rua das Gaivotas, 10, Florianópolis/SC"


@pytest.fixture(scope="module", autouse=True)
def tarifa_da_cpsc(banco_demo: Banco) -> None:
    with banco_demo.unit_of_work() as s:
        custodia.registrar_tarifa.na_sessao(
            s,
            atores(banco_demo)["autoridade.cpsc"],
            NovaTarifa.model_validate(
                {
                    "vigente_desde": "2000-01-01",
                    "ato": "Portaria nº 1/2000 da CPSC",
                    "valores": {"guarda": "50.00", "conservacao": "10.00"},
                }
            ),
        )


def _apreensao(banco: Banco, inscricao: str, dias_atras: int = 0) -> tuple[int, dict[str, int]]:
    """Embarcação navegando sem inscrição (RLESTA.16.I): retirada de tráfego e apreensão,
    no processo do proprietário. Hoje: um minuto atrás (a inspeção não pode ser futura)."""
    if dias_atras:
        dia = hoje() - dt.timedelta(days=dias_atras)
        quando = dt.datetime.combine(dia, dt.time(10), tzinfo=fuso())
    else:
        inicio_do_dia = dt.datetime.combine(hoje(), dt.time(0), tzinfo=fuso())
        quando = max(agora() - dt.timedelta(minutes=1), inicio_do_dia)
    corpo = {
        "embarcacao": {"inscricao": inscricao, "nome": f"Maré {inscricao[-3:]}"},
        "proprietario": {"documento": CPF_DONO, "nome": "João Dono", "endereco": ENDERECO},
        "condutor": {"documento": CPF_CONDUTOR, "nome": "Pedro Condutor"},
        "data_hora": quando.isoformat(),
        "local": "Baía Norte, Florianópolis",
        "situacao": "navegando",
        "constatacoes": [{"infracao": "RLESTA.16.I"}],
    }
    with banco.unit_of_work() as s:
        r = inspecoes.registrar_inspecao(
            s, atores(banco)["inspetor.cpsc"], inspecoes.NovaInspecao.model_validate(corpo)
        )
        pid = r.processos[0].id
        medidas = {
            m.tipo: m.id
            for m in s.execute(
                select(MedidaAdministrativa).where(MedidaAdministrativa.processo_id == pid)
            ).scalars()
        }
    assert set(medidas) == {"retirada_de_trafego", "apreensao_embarcacao"}
    return pid, medidas


def _ato(banco: Banco, login: str, pid: int, tipo: str, **dados: Any) -> None:
    with banco.unit_of_work() as s:
        processos.registrar_ato(
            s, atores(banco)[login], pid, NovoAto(tipo=tipo, data_ato=hoje(), dados=dados)
        )


def _enviar(cliente: TestClient, pid: int, acao: str, campos: dict[str, Any], **kw: Any) -> Any:
    """Envia um formulário da página do processo (com o CSRF, a chave e a versão que ela traz)."""
    pagina = cliente.get(f"/processos/{pid}").text
    versao = re.search(r'name="versao" value="(\d+)"', pagina)
    dados = {"csrf": csrf_de(pagina), "chave": str(uuid.uuid4())}
    if versao:
        dados["versao"] = versao.group(1)
    return cliente.post(acao, data={**dados, **campos}, **kw)


def _bloco(html: str, ident: str) -> str:
    """O elemento de id `ident` (até o fim do elemento de mesmo nome), sem as tags."""
    m = re.search(rf'<(\w+)[^>]*\bid="{re.escape(ident)}"', html)
    assert m, f"sem #{ident}"
    fim = html.find(f"</{m.group(1)}>", m.end())
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[m.start() : fim]))


def _numero(banco: Banco, pid: int) -> str:
    with banco.unit_of_work(somente_leitura=True) as s:
        p = s.get(Processo, pid)
        assert p is not None
        return p.numero


def _recolher(cliente: TestClient, pid: int, medida: int, data_ato: dt.date, **extra: str) -> Any:
    campos = {
        "recolhimento.medida_id": str(medida),
        "data_ato": data_ato.isoformat(),
        "recolhimento.local_guarda": "Pátio da CPSC, Florianópolis",
        "recolhimento.estado_na_chegada": "Casco íntegro, motor de popa 40 HP, sem avarias.",
        # o depositário designado da OM: as diárias da tabela correm (NORMAM-07 item 0311)
        "recolhimento.fiel_depositario.nome": "SG Carlos Guarda",
        "recolhimento.fiel_depositario.documento": CPF_ESTRANHO,
        "recolhimento.fiel_depositario.qualidade": "om",
        "recolhimento.fiel_depositario.endereco": "",
        **{
            f"recolhimento.lacres.{i}.{c}": ""
            for i in range(5)
            for c in ("numero", "tipo", "local_aplicacao")
        },
        **extra,
    }
    return _enviar(cliente, pid, f"/processos/{pid}/recolhimento", campos)


def test_cada_levantar_medida_diz_qual_medida_levanta(
    cliente: TestClient, banco_demo: Banco
) -> None:
    """Revisão de UX de 2026-12-05, L6: com a retirada de tráfego e a apreensão em vigor, os
    dois "Levantar medida" eram iguais; o de cada medida diz o nome dela e a data."""
    entrar(cliente, "inspetor.cpsc")
    pid, medidas = _apreensao(banco_demo, "401M2026909")
    pagina = cliente.get(f"/processos/{pid}").text
    resumos = {}
    for tipo, mid in medidas.items():
        bloco = pagina.split(f'id="levantar-{mid}"', 1)[1]
        resumos[tipo] = re.sub(
            r"\s+", " ", bloco.split("<summary>", 1)[1].split("</summary>", 1)[0]
        )
    assert resumos["retirada_de_trafego"] != resumos["apreensao_embarcacao"], resumos
    for tipo, texto in resumos.items():
        assert texto.startswith("Levantar medida: "), texto
        nome = _bloco(pagina, f"medida-{medidas[tipo]}").split("em vigor")[0].strip()
        assert nome.lower() in texto.lower(), (nome, texto)
        assert re.search(r"aplicada em \d{2}/\d{2}/\d{4}$", texto), texto


def test_retirada_de_trafego_levantada_no_mesmo_dia_pela_pagina_e_nao_de_novo(
    cliente: TestClient, banco_demo: Banco
) -> None:
    entrar(cliente, "inspetor.cpsc")
    pid, medidas = _apreensao(banco_demo, "401M2026901")
    retirada, apreensao = medidas["retirada_de_trafego"], medidas["apreensao_embarcacao"]
    pagina = cliente.get(f"/processos/{pid}").text
    assert "em vigor" in _bloco(pagina, f"medida-{retirada}")
    assert f'id="levantar-{retirada}"' in pagina
    # só a apreensão vai à custódia
    assert f'id="recolher-{apreensao}"' in pagina
    assert f'id="recolher-{retirada}"' not in pagina

    motivo = "Condutor habilitado assumiu o comando; habilitação conferida a bordo."
    r = _enviar(
        cliente,
        pid,
        f"/processos/{pid}/atos/{LEVANTAR}",
        {"dados.medida_id": str(retirada), "data_ato": hoje().isoformat(), "dados.motivo": motivo},
        files={"arquivo": ("habilitacao.pdf", PDF, "application/pdf")},
    )
    assert r.status_code == 303, r.text
    assert r.headers["location"].startswith(f"/processos/{pid}?registrado={LEVANTAR}#ato-")

    pagina = cliente.get(r.headers["location"]).text
    medida = _bloco(pagina, f"medida-{retirada}")
    assert f"levantada em {data_br(hoje())}" in medida
    assert "por 1ºSG Carlos Menezes (Inspetor Naval)" in medida
    assert f"Motivo: {motivo}" in medida
    assert f'id="levantar-{retirada}"' not in pagina  # não se levanta de novo pela página
    assert "em vigor" in _bloco(pagina, f"medida-{apreensao}")  # a outra medida segue
    assert "habilitacao.pdf" in _bloco(pagina, "linha-do-tempo")  # a prova, anexada ao ato
    assert 'class="estado estado-aberto estado-notificado"' in pagina  # o sancionador segue

    # a aba que ficou aberta envia o levantamento de novo: recusado, ao lado da medida
    r = _enviar(
        cliente,
        pid,
        f"/processos/{pid}/atos/{LEVANTAR}",
        {"dados.medida_id": str(retirada), "data_ato": hoje().isoformat(), "dados.motivo": motivo},
    )
    assert r.status_code == 409
    erro = _bloco(r.text, f"erro-medida-{retirada}")
    assert f"já foi levantada em {data_br(hoje())}" in erro
    assert f"levantada em {data_br(hoje())}" in _bloco(r.text, f"medida-{retirada}")
    # recarregar a página da recusa mostra a recusa de novo
    de_novo = cliente.get(f"/processos/{pid}/atos/{LEVANTAR}")
    assert de_novo.status_code == 200
    assert "já foi levantada" in _bloco(de_novo.text, f"erro-medida-{retirada}")


def test_recolher_lacrar_lancar_despesa_e_entregar_so_depois_de_pagar(
    cliente: TestClient, banco_demo: Banco
) -> None:
    entrar(cliente, "inspetor.cpsc")
    pid, medidas = _apreensao(banco_demo, "401M2026902", dias_atras=10)
    apreensao = medidas["apreensao_embarcacao"]
    inicio = hoje() - dt.timedelta(days=10)

    # o documento do depositário com dígito errado volta no seu campo, com o que foi digitado
    lacres = {
        "recolhimento.lacres.0.numero": "L-0001",
        "recolhimento.lacres.0.tipo": "lacre plástico numerado",
        "recolhimento.lacres.0.local_aplicacao": "chave de ignição",
        # a linha 2 fica em branco; a 3 vira o segundo lacre
        "recolhimento.lacres.2.numero": "L-0002",
        "recolhimento.lacres.2.tipo": "lacre plástico numerado",
        "recolhimento.lacres.2.local_aplicacao": "tampa do tanque",
    }
    r = _recolher(
        cliente,
        pid,
        apreensao,
        inicio,
        **lacres,
        **{"recolhimento.fiel_depositario.documento": "529.982.247-24"},
    )
    assert r.status_code == 422, r.text
    erro = _bloco(r.text, "erro-recolhimento-fiel_depositario-documento")
    assert "dígito verificador" in erro
    # a qualidade do depositário diz o efeito nas contas (NORMAM-07 item 0311)
    assert "as diárias da tabela da OM não correm (NORMAM-07/DPC item 0311" in r.text
    assert 'value="Pátio da CPSC, Florianópolis"' in r.text
    assert 'value="L-0002"' in r.text and f'id="recolher-{apreensao}" open' in r.text

    r = _recolher(cliente, pid, apreensao, inicio, **lacres)
    assert r.status_code == 303, r.text
    cid = int(re.match(r"/processos/(\d+)\?registrado=recolhimento", r.headers["location"])[1])
    pagina = cliente.get(f"/processos/{cid}").text
    assert "Pátio da CPSC, Florianópolis" in _bloco(pagina, "custodia-local")
    assert "SG Carlos Guarda" in _bloco(pagina, "custodia-depositario")
    # a qualidade sem parênteses dentro de parênteses ("(a própria OM (guarda ...))")
    assert "(a própria OM, que guarda a embarcação)" in _bloco(pagina, "custodia-depositario")
    assert 'id="sem-diarias"' not in pagina
    tabela = _bloco(pagina, "lacres")
    assert "L-0001" in tabela and "L-0002" in tabela and "tampa do tanque" in tabela
    assert "10 dias" in _bloco(pagina, "custodia-dias")
    assert "R$ 600,00" in _bloco(pagina, "total-custodia")
    assert "nenhum prazo em curso" in _bloco(pagina, "custodia-proximo-prazo")
    # a custódia não tem Auto de Infração próprio: o cabeçalho não diz "não lavrado", e as
    # infrações são as da apreensão, julgadas no processo de origem
    assert "não lavrado" not in pagina
    assert "motivaram a apreensão" in _bloco(pagina, "t-infracoes")
    # o processo de origem aponta a custódia; a apreensão não se levanta por fora dela
    origem = cliente.get(f"/processos/{pid}").text
    assert _numero(banco_demo, cid) in _bloco(origem, f"medida-{apreensao}")
    assert f'id="levantar-{apreensao}"' not in origem
    assert f'id="recolher-{apreensao}"' not in origem

    # lacres pela página: cinco linhas em branco, duas preenchidas
    assert pagina.count('name="dados.lacres.4.numero"') == 1
    assert 'name="dados.lacres.5.numero"' not in pagina
    novos = {
        "data_ato": hoje().isoformat(),
        "dados.lacres.0.numero": "L-0003",
        "dados.lacres.0.tipo": "lacre metálico",
        "dados.lacres.0.local_aplicacao": "escotilha do porão",
        "dados.lacres.1.numero": "L-0001",
        "dados.lacres.1.tipo": "lacre metálico",
        "dados.lacres.1.local_aplicacao": "porta da cabine",
    }
    r = _enviar(cliente, cid, f"/processos/{cid}/atos/aplicacao_de_lacres", novos)
    assert r.status_code == 422
    assert "lacre repetido: L-0001" in r.text
    novos["dados.lacres.1.numero"] = "L-0004"
    r = _enviar(cliente, cid, f"/processos/{cid}/atos/aplicacao_de_lacres", novos)
    assert r.status_code == 303, r.text
    assert "4" in _bloco(cliente.get(f"/processos/{cid}").text, "t-lacres")

    despesa = {
        "data_ato": hoje().isoformat(),
        "dados.item": "recolhimento",
        "dados.valor": "200,00",
        "dados.descricao": "Reboque até o pátio",
        "dados.comprovante": "NF 123",
    }
    r = _enviar(cliente, cid, f"/processos/{cid}/atos/lancamento_de_despesa", despesa)
    assert r.status_code == 303, r.text
    prova = {"data_ato": hoje().isoformat(), "dados.prova": "Título de Inscrição emitido hoje."}
    r = _enviar(cliente, cid, f"/processos/{cid}/atos/regularizacao", prova)
    assert r.status_code == 303, r.text

    # a entrega não cabe ainda: a página diz o que falta e quanto
    pagina = cliente.get(f"/processos/{cid}").text
    assert 'id="form-termo_de_entrega"' not in pagina
    motivo = _bloco(pagina, "indisponivel-termo_de_entrega")
    assert "falta pagar R$ 800,00" in motivo
    assert "Guarda (10 diárias): R$ 500,00" in motivo
    assert "Conservação (10 diárias): R$ 100,00" in motivo
    assert "Reboque até o pátio: R$ 200,00" in motivo
    pendencias = _bloco(pagina, "pendencias")
    assert "R$ 800,00" in pendencias and "Guarda (10 diárias): R$ 500,00" in pendencias
    entrega = {
        "data_ato": hoje().isoformat(),
        "dados.recebedor.nome": "João Dono",
        "dados.recebedor.documento": CPF_DONO,
        "dados.recebedor.qualidade": "proprietario",
        "dados.declaracao": "Recebo a embarcação no mesmo estado e com os equipamentos.",
    }
    r = _enviar(cliente, cid, f"/processos/{cid}/atos/termo_de_entrega", entrega)
    assert r.status_code in (409, 422)
    assert "falta pagar R$ 800,00" in _bloco(r.text, "erro-ato")

    # o pagamento traz o valor devido já preenchido
    assert (
        'id="c-pagamento_custodia-dados-valor" name="dados.valor" type="text" value="800,00"'
        in pagina
    )
    assert "falta pagar hoje das despesas da custódia: R$ 800,00" in pagina
    # mais que as despesas da custódia: recusado ao lado do campo, nada gravado
    a_mais = {"data_ato": hoje().isoformat(), "dados.valor": "900,00", "dados.referencia": "GRU 9"}
    r = _enviar(cliente, cid, f"/processos/{cid}/atos/pagamento_custodia", a_mais)
    assert r.status_code == 422, r.text
    assert "maior que o saldo das despesas da custódia" in r.text
    pagamento = {
        "data_ato": hoje().isoformat(),
        "dados.valor": "800,00",
        "dados.referencia": "GRU 9",
    }
    r = _enviar(cliente, cid, f"/processos/{cid}/atos/pagamento_custodia", pagamento)
    assert r.status_code == 303, r.text
    pagina = cliente.get(f"/processos/{cid}").text
    assert "Nada a pagar" in _bloco(pagina, "pendencias")
    assert 'id="form-termo_de_entrega"' in pagina

    r = _enviar(cliente, cid, f"/processos/{cid}/atos/termo_de_entrega", entrega)
    assert r.status_code == 303, r.text
    pagina = cliente.get(f"/processos/{cid}").text
    assert "estado-entregue" in pagina
    assert f"guarda encerrada em {data_br(hoje())}" in _bloco(pagina, "custodia-dias")
    assert "Recebo a embarcação no mesmo estado" in _bloco(pagina, "linha-do-tempo")
    # a apreensão se levantou pelo Termo de Entrega, no processo da custódia
    origem = _bloco(cliente.get(f"/processos/{pid}").text, f"medida-{apreensao}")
    assert f"levantada em {data_br(hoje())}" in origem
    assert _numero(banco_demo, cid) in origem and "Termo de Entrega" in origem


def test_painel_lista_as_custodias_pelo_proximo_vencimento_e_tira_a_entregue(
    cliente: TestClient, banco_demo: Banco
) -> None:
    entrar(cliente, "inspetor.cpsc")
    ids = {}
    for nome, inscricao in (
        ("retirada", "401M2026911"),
        ("sanar", "401M2026912"),
        ("sem", "401M2026913"),
    ):
        pid, medidas = _apreensao(banco_demo, inscricao, dias_atras=3)
        r = _recolher(cliente, pid, medidas["apreensao_embarcacao"], hoje() - dt.timedelta(days=3))
        assert r.status_code == 303, r.text
        ids[nome] = (
            pid,
            medidas["apreensao_embarcacao"],
            int(r.headers["location"].split("/")[2].split("?")[0]),
        )
    # 15 dias para retirar (vence antes) e 90 dias para sanar; a terceira, sem prazo em curso
    _ato(
        banco_demo,
        "inspetor.cpsc",
        ids["retirada"][2],
        "regularizacao",
        prova="Documentos apresentados.",
    )
    _ato(banco_demo, "inspetor.cpsc", ids["retirada"][2], "notificacao_retirada")
    _ato(banco_demo, "inspetor.cpsc", ids["sanar"][2], "notificacao_regularizacao")

    html = cliente.get("/painel").text
    bloco = _bloco(html, "sob-custodia")
    ordem = [int(x) for x in re.findall(r'data-custodia="(\d+)"', html)]
    nossas = [x for x in ordem if x in {v[2] for v in ids.values()}]
    assert nossas == [ids["retirada"][2], ids["sanar"][2], ids["sem"][2]]
    assert "R$ 180,00" in bloco  # 3 diárias × R$ 60,00
    api = cliente.get("/api/v1/painel", headers=token_api(cliente, "inspetor.cpsc")).json()
    assert [
        x["processo"]["id"] for x in api["custodias"] if x["processo"]["id"] in nossas
    ] == nossas
    primeira = next(x for x in api["custodias"] if x["processo"]["id"] == ids["retirada"][2])
    assert primeira["dias"] == 3 and primeira["total_devido"] == "180.00"
    assert primeira["proximo_prazo"]["etapa"] == "retirada"
    apreendidas = {x["medida_id"] for x in api["apreendidas"]}
    assert {v[1] for v in ids.values()} <= apreendidas

    cid = ids["retirada"][2]
    _ato(banco_demo, "inspetor.cpsc", cid, "pagamento_custodia", valor="180.00", referencia="GRU 7")
    _ato(
        banco_demo,
        "inspetor.cpsc",
        cid,
        "termo_de_entrega",
        recebedor={"nome": "João Dono", "documento": CPF_DONO, "qualidade": "proprietario"},
        declaracao="Recebo a embarcação no mesmo estado de conservação.",
    )
    html = cliente.get("/painel").text
    assert f'data-custodia="{cid}"' not in html
    assert f'data-custodia="{ids["sanar"][2]}"' in html
    api = cliente.get("/api/v1/painel", headers=token_api(cliente, "inspetor.cpsc")).json()
    apreendidas = {x["medida_id"] for x in api["apreendidas"]}
    assert ids["retirada"][1] not in apreendidas  # levantada pelo Termo de Entrega
    assert ids["sanar"][1] in apreendidas


def test_consulta_publica_mostra_a_medida_levantada_com_a_data(
    cliente: TestClient, banco_demo: Banco
) -> None:
    pid, medidas = _apreensao(banco_demo, "401M2026921")
    _ato(
        banco_demo,
        "inspetor.cpsc",
        pid,
        LEVANTAR,
        medida_id=medidas["retirada_de_trafego"],
        motivo="Condutor habilitado assumiu o comando.",
    )
    csrf = csrf_de(cliente.get("/consulta").text)
    r = cliente.post(
        "/consulta",
        data={"csrf": csrf, "numero": _numero(banco_demo, pid), "documento": CPF_DONO},
    )
    assert r.status_code == 200
    medidas_publicas = _bloco(r.text, "medidas-publicas")
    assert (
        f"Retirada de tráfego da embarcação, aplicada em {data_br(hoje())}: levantada em {data_br(hoje())}"
        in medidas_publicas
    )
    assert "Apreensão da embarcação" in medidas_publicas and "em vigor" in medidas_publicas


def test_bem_achado_vazio_aponta_todos_os_campos_de_uma_vez(
    cliente: TestClient, banco_demo: Banco
) -> None:
    """Revisão de UX de 2026-12-05, L4 (M5 de 30/11): o envio vazio só apontava a descrição do
    bem, e o local da guarda e o estado na chegada vinham no envio seguinte; agora vêm todos
    de uma vez, cada um no seu campo, sem o nome interno do campo."""
    entrar(cliente, "autoridade.cpsc")
    pagina = cliente.get("/custodias/nova").text
    vazio = {"csrf": csrf_de(pagina), "chave": str(uuid.uuid4()), "data_ato": hoje().isoformat()}
    r = cliente.post("/custodias/nova", data=vazio)
    assert r.status_code == 422, r.text
    for campo in (
        "recolhimento-bem",
        "recolhimento-local_guarda",
        "recolhimento-estado_na_chegada",
    ):
        assert f'id="erro-{campo}"' in r.text, campo
    assert "descreva o bem achado" in _bloco(r.text, "erro-recolhimento-bem")
    assert "recolhimento.medida_id" not in r.text and "recolhimento.bem" not in _bloco(
        r.text, "erro-recolhimento-bem"
    )
    # a embarcação à deriva sem o responsável: o erro no responsável, junto com os demais
    r = cliente.post(
        "/custodias/nova", data=vazio | {"embarcacao.nome": "Sem Rumo", "chave": str(uuid.uuid4())}
    )
    assert r.status_code == 422, r.text
    assert 'id="erro-recolhimento-bem"' not in r.text
    for campo in (
        "responsavel-documento",
        "recolhimento-local_guarda",
        "recolhimento-estado_na_chegada",
    ):
        assert f'id="erro-{campo}"' in r.text, campo


def test_bem_achado_pela_pagina_e_tabela_da_om(cliente: TestClient, banco_demo: Banco) -> None:
    entrar(cliente, "inspetor.cpsc")
    pagina = cliente.get("/custodias/nova").text
    achado = {
        "csrf": csrf_de(pagina),
        "chave": str(uuid.uuid4()),
        "data_ato": hoje().isoformat(),
        "recolhimento.bem": "Bote inflável cinza, 3 m, sem identificação",
        "recolhimento.local_do_achado": "Praia da Joaquina",
        "recolhimento.local_guarda": "Depósito da CPSC",
        "recolhimento.estado_na_chegada": "curto",
    }
    r = cliente.post("/custodias/nova", data=achado)
    assert r.status_code == 422
    assert "no mínimo 10 caracteres" in _bloco(r.text, "erro-recolhimento-estado_na_chegada")
    assert 'value="Praia da Joaquina"' in r.text
    achado["recolhimento.estado_na_chegada"] = "Bote murcho, com areia, sem motor."
    r = cliente.post("/custodias/nova", data=achado)
    assert r.status_code == 303, r.text
    cid = int(r.headers["location"].split("/")[2].split("?")[0])
    pagina = cliente.get(r.headers["location"]).text
    assert "Bem achado sob custódia" in pagina
    assert "desconhecido" in _bloco(pagina, "responsavel-desconhecido")
    # 30 dias para reclamar, do recolhimento (NORMAM-07 item 0205): o mesmo vencimento da API
    prazo = cliente.get(f"/api/v1/processos/{cid}", headers=token_api(cliente, "inspetor.cpsc"))
    aberto = next(x for x in prazo.json()["prazos"] if x["aberto"])
    assert aberto["etapa"] == "reclamacao" and aberto["dias"] == 30
    vencimento = dt.date.fromisoformat(aberto["vencimento"])
    assert data_br(vencimento) in _bloco(pagina, "custodia-proximo-prazo")
    # bem achado não leva lacre: o ato aparece como indisponível, com o motivo
    assert 'id="form-aplicacao_de_lacres"' not in pagina
    assert "achado" in _bloco(pagina, "indisponivel-aplicacao_de_lacres")
    assert cid

    # o inspetor consulta a tabela, mas não tem o formulário (nem o POST passa)
    entrar(cliente, "inspetor.cpsc")
    pagina = cliente.get("/custodia/tarifas").text
    assert 'id="nova-tarifa"' not in pagina
    assert "Autoridade Competente, Capitão dos Portos" in _bloco(pagina, "tarifa-so-leitura")

    # a tabela de valores diários de outra OM (a CPSC já tem a sua)
    entrar(cliente, "autoridade.cpsp")
    pagina = cliente.get("/custodia/tarifas").text
    assert "Nenhuma tabela registrada" in pagina
    tabela = {
        "csrf": csrf_de(pagina),
        "vigente_desde": "2026-01-01",
        "ato": "Portaria nº 12/2026 da CPSP",
        "valores.guarda": "1.250,50",
        "valores.conservacao": "10",
        "valores.transporte": "",
    }
    r = cliente.post("/custodia/tarifas", data=tabela)
    assert r.status_code == 303, r.text
    pagina = cliente.get(r.headers["location"]).text
    assert "Tabela registrada, em vigor a partir de 01/01/2026" in pagina
    linha = _bloco(pagina, "tabelas")
    assert "Portaria nº 12/2026 da CPSP" in linha and "R$ 1.250,50" in linha and "R$ 10,00" in linha
    r = cliente.post("/custodia/tarifas", data={**tabela, "csrf": csrf_de(pagina)})
    assert r.status_code == 409
    assert "já tem tabela a partir de 01/01/2026" in _bloco(r.text, "erro-vigente_desde")


def test_fotos_da_chegada_pela_pagina_ficam_no_recolhimento(
    cliente: TestClient, banco_demo: Banco
) -> None:
    entrar(cliente, "inspetor.cpsc")
    pid, medidas = _apreensao(banco_demo, "401M2026906", dias_atras=2)
    apreensao = medidas["apreensao_embarcacao"]
    origem = cliente.get(f"/processos/{pid}").text
    form = _bloco(origem, f"recolher-{apreensao}")
    assert "Fotos da embarcação na chegada" in form
    assert 'enctype="multipart/form-data"' in origem
    saida = io.BytesIO()
    Image.new("RGB", (16, 12), (10, 120, 60)).save(saida, "JPEG")
    inicio = hoje() - dt.timedelta(days=2)

    # um arquivo que não é imagem volta no campo das fotos, e nada é gravado
    def recolher(fotos: list[tuple[str, tuple[str, bytes, str]]]) -> Any:
        pagina = cliente.get(f"/processos/{pid}").text
        campos = {
            "csrf": csrf_de(pagina),
            "chave": str(uuid.uuid4()),
            "recolhimento.medida_id": str(apreensao),
            "data_ato": inicio.isoformat(),
            "recolhimento.local_guarda": "Pátio da CPSC, Florianópolis",
            "recolhimento.estado_na_chegada": "Casco riscado a boreste, motor sem a capota.",
        }
        return cliente.post(f"/processos/{pid}/recolhimento", data=campos, files=fotos)

    r = recolher([("fotos", ("nota.jpg", b"nao e imagem", "image/jpeg"))])
    assert r.status_code == 422, r.text
    assert "não é uma imagem JPEG, PNG ou WebP" in _bloco(r.text, "erro-fotos")
    assert f'id="recolher-{apreensao}" open' in r.text

    r = recolher([("fotos", ("casco.jpg", saida.getvalue(), "image/jpeg"))])
    assert r.status_code == 303, r.text
    cid = int(re.match(r"/processos/(\d+)\?registrado=recolhimento", r.headers["location"])[1])
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        anexos = s.execute(
            select(DocumentoAnexo.nome_arquivo, Ato.tipo)
            .join(Ato, Ato.id == DocumentoAnexo.ato_id)
            .where(DocumentoAnexo.processo_id == cid)
        ).all()
    assert [tuple(x) for x in anexos] == [("casco.jpg", "recolhimento")]
    assert "casco.jpg" in cliente.get(f"/processos/{cid}").text


def test_recolhimento_recusado_diz_o_erro_uma_vez_junto_da_medida(
    cliente: TestClient, banco_demo: Banco
) -> None:
    """Revisão de UX de 2026-12-05: o "Recolher à custódia" enviado em branco voltava com dois
    resumos, um no topo da página ("O ato não foi registrado: ...") e outro junto da medida, cada
    um com "campo obrigatório ausente: preencha-o" repetido uma vez por campo, sem dizer qual.
    Agora: só o resumo junto da medida, com cada mensagem uma vez; o campo vem em cada erro."""
    entrar(cliente, "autoridade.cpsc")
    pid, medidas = _apreensao(banco_demo, "401M2026990")
    apreensao = medidas["apreensao_embarcacao"]
    r = _recolher(
        cliente,
        pid,
        apreensao,
        hoje(),
        **{
            "recolhimento.local_guarda": "",
            "recolhimento.estado_na_chegada": "",
            "recolhimento.fiel_depositario.nome": "",
            "recolhimento.fiel_depositario.documento": "",
        },
    )
    assert r.status_code == 422, r.text
    assert 'id="erro-ato"' not in r.text
    resumo = _bloco(r.text, f"erro-medida-{apreensao}")
    assert resumo.count("campo obrigatório ausente") == 1, resumo
    assert r.text.count('class="erro-campo"') >= 4


def test_valor_da_tabela_mal_digitado_volta_no_campo_com_a_mensagem_da_pagina(
    cliente: TestClient,
) -> None:
    """Antes, "abc" na diária da guarda voltava com a mensagem da API ('texto com ponto
    decimal ..., ex.: "1600.00"'), o contrário do que a página pede ("1.250,50")."""
    entrar(cliente, "autoridade.cpsp")
    pagina = cliente.get("/custodia/tarifas").text
    tabela = {
        "csrf": csrf_de(pagina),
        "vigente_desde": "2025-06-01",
        "ato": "Portaria nº 7/2025 da CPSP",
        "valores.guarda": "abc",
        "valores.conservacao": "10,00",
    }
    r = cliente.post("/custodia/tarifas", data=tabela)
    assert r.status_code == 422, r.text
    erro = _bloco(r.text, "erro-valores-guarda")
    assert "com vírgula nos centavos (ex.: 1.500,00)" in erro
    assert "1600.00" not in r.text and "ponto decimal" not in r.text
    assert 'value="Portaria nº 7/2025 da CPSP"' in r.text and 'value="10,00"' in r.text
