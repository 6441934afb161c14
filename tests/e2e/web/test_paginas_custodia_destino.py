"""O destino do bem sob custódia pelas páginas (TestClient, sem JS): ninguém vem buscar (edital,
perdimento, edital de leilão, leiloeiro e resultado do leilão, com a destinação do produto), o
bem achado reclamado e o não reclamado, e os documentos da custódia emitidos pela página do
processo e verificados pelo código do QR. Os mesmos caminhos da API em
tests/e2e/api/test_custodia.py e tests/e2e/api/test_documentos_custodia.py.

Tabela da CPSC registrada aqui, em vigor desde 01/01/2000: guarda R$ 50,00 e conservação
R$ 10,00 por dia (R$ 60,00 a diária).

Datas fixas (todas passadas), para que os vencimentos se confiram à mão no calendário da CPSC
(SC): prazos da custódia em dias corridos, contados do dia seguinte ao do ato e prorrogados ao
primeiro dia útil quando vencem sem expediente (prazos.yaml `prazo.custodia.*`; Lei 9.784/1999
art. 66 §§ 1º e 2º). Feriados de 2026 que contam aqui: 07/09 (segunda, Independência) e 02/11
(segunda, Finados). As contas da custódia ainda aberta correm até hoje e se conferem com os dias
contados de `hoje()`.

Ninguém vem buscar (proprietário de residência desconhecida):
- inspeção, apreensão e recolhimento em 01/06/2026 (segunda); reboque de R$ 350,00 em 02/06;
- edital para sanar afixado em 08/06/2026 (segunda): 90 dias de 09/06 → 06/09/2026 (domingo);
  07/09 é feriado → vence na terça, 08/09/2026. Perdimento recusado em 08/09, aceito em 09/09;
- edital de leilão publicado em 15/09/2026, leilão em 15/10/2026 (quinta); leiloeiro designado
  em 16/09; resultado recusado em 14/10 (antes do leilão), registrado em 15/10;
- diárias de 01/06 a 14/10 (15/10, o dia do leilão, não entra): 30 + 31 + 31 + 30 + 14 = 136
  diárias × R$ 60,00 = R$ 8.160,00 (guarda R$ 6.800,00, conservação R$ 1.360,00), mais o reboque
  = R$ 8.510,00; arrematado por R$ 10.000,00, o saldo de R$ 1.490,00 fica para o antigo
  proprietário (NORMAM-07 item 0313; ponto 13 de docs/interpretacoes.md).

Bem achado não reclamado (NORMAM-07 item 0205), recolhido em 02/10/2026 (sexta): 30 dias de
03/10 → 01/11/2026 (domingo); 02/11 é Finados → vence na terça, 03/11/2026. Perdimento recusado
em 03/11, aceito em 04/11; incorporação à União em 05/11/2026: diárias de 02/10 a 04/11 = 30 + 4
= 34 × R$ 60,00 = R$ 2.040,00.

A entrega (o bem achado reclamado e as embarcações dos últimos testes) tem datas relativas a
`hoje()`. Recolhido há 20 dias e entregue hoje: 20 diárias × R$ 60,00 = R$ 1.200,00; recolhida
há 12 dias: 12 × R$ 60,00 = R$ 720,00. Recolhida há 20 dias e entregue há 10, com as diárias
pagas até a véspera da entrega (10 × R$ 60,00 = R$ 600,00): a página oferece o Termo de
Entrega com a data do último ato (`cabe_com_data`), não pelas contas de hoje.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from apoio import csrf_de
from fastapi.testclient import TestClient
from pypdf import PdfReader
from semente import atores
from sqlalchemy import select

from farol.formatos import data_por_extenso, moeda
from farol.relogio import hoje
from farol.services import custodia, inspecoes
from farol.services.custodia import NovaTarifa
from farol.store.db import Banco
from farol.store.orm import MedidaAdministrativa

from .test_paginas import entrar
from .test_paginas_custodia import _bloco, _enviar

DIARIA = 60  # guarda R$ 50,00 + conservação R$ 10,00
CPF_SEM_ENDERECO = "123.456.780-62"
CPF_COM_ENDERECO = "246.813.579-28"
CPF_RECLAMANTE = "314.159.265-90"
CPF_LEILOEIRO = "271.828.182-05"
CPF_ARREMATANTE = "161.803.398-05"
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


@pytest.fixture
def anonimo(app_demo: Any) -> Iterator[TestClient]:
    """Quem lê o QR do documento: sem sessão."""
    with TestClient(app_demo, follow_redirects=False) as c:
        yield c


def _d(texto: str) -> dt.date:
    return dt.date.fromisoformat(texto)


def _br(d: dt.date) -> str:
    return f"{d:%d/%m/%Y}"


def _apreensao(
    banco: Banco, inscricao: str, dia: dt.date, documento: str, endereco: str | None
) -> tuple[int, int]:
    """Embarcação navegando sem inscrição (RLESTA.16.I) no dia `dia`: retirada de tráfego e
    apreensão. Devolve (processo sancionador, apreensão)."""
    assert dia <= hoje()
    proprietario = {"documento": documento, "nome": "Otávio Armador"}
    if endereco:
        proprietario["endereco"] = endereco
    corpo = {
        "embarcacao": {"inscricao": inscricao, "nome": f"Maré {inscricao[-3:]}"},
        "proprietario": proprietario,
        "data_hora": f"{dia.isoformat()}T10:00:00-03:00",
        "local": "Baía Norte, Florianópolis",
        "situacao": "navegando",
        "constatacoes": [{"infracao": "RLESTA.16.I"}],
    }
    with banco.unit_of_work() as s:
        r = inspecoes.registrar_inspecao(
            s, atores(banco)["inspetor.cpsc"], inspecoes.NovaInspecao.model_validate(corpo)
        )
        pid = r.processos[0].id
        medida = s.execute(
            select(MedidaAdministrativa.id).where(
                MedidaAdministrativa.processo_id == pid,
                MedidaAdministrativa.tipo == "apreensao_embarcacao",
            )
        ).scalar_one()
    return pid, medida


def _recolher(cliente: TestClient, pid: int, medida: int, dia: dt.date) -> int:
    """O formulário "Recolher à custódia" da apreensão, na página do processo sancionador;
    devolve o processo de custódia aberto."""
    campos = {
        "recolhimento.medida_id": str(medida),
        "data_ato": dia.isoformat(),
        "recolhimento.local_guarda": "Pátio da CPSC, Florianópolis",
        "recolhimento.estado_na_chegada": "Casco íntegro, motor de popa 40 HP, sem avarias.",
        "recolhimento.lacres.0.numero": f"L-{pid}",
        "recolhimento.lacres.0.tipo": "lacre plástico numerado",
        "recolhimento.lacres.0.local_aplicacao": "chave de ignição",
    }
    r = _enviar(cliente, pid, f"/processos/{pid}/recolhimento", campos)
    assert r.status_code == 303, r.text
    m = re.match(r"/processos/(\d+)\?registrado=recolhimento", r.headers["location"])
    assert m, r.headers["location"]
    return int(m[1])


def _ato(cliente: TestClient, pid: int, tipo: str, dia: dt.date, **dados: str) -> Any:
    """Envia o formulário do ato que a página do processo oferece, com os campos que ele tem
    (`recebedor__nome` → `dados.recebedor.nome`)."""
    pagina = cliente.get(f"/processos/{pid}").text
    assert f'id="form-{tipo}"' in pagina, _bloco(pagina, "acoes")
    formulario = pagina[pagina.index(f'id="form-{tipo}"') :]
    formulario = formulario[: formulario.index("</details>")]
    campos = {f"dados.{k.replace('__', '.')}": v for k, v in dados.items()}
    for nome in ("data_ato", *campos):
        assert f'name="{nome}"' in formulario, f"o formulário de {tipo} não tem {nome}"
    return _enviar(
        cliente, pid, f"/processos/{pid}/atos/{tipo}", {"data_ato": dia.isoformat(), **campos}
    )


def _ok(r: Any) -> None:
    assert r.status_code == 303, r.text


def _estado(html: str) -> str:
    """O nome do estado no cabeçalho do processo."""
    m = re.search(r'<span class="estado estado-\w+ estado-(\w+)" title="([^"]*)"', html)
    assert m, "sem estado no cabeçalho"
    return f"{m[1]}: {m[2]}"


def _contas(dias: int, avulsas: int = 0) -> str:
    """O total das despesas de `dias` diárias de R$ 60,00 e das avulsas, como a página o mostra."""
    return moeda(dias * DIARIA + avulsas)


def _texto(pdf: bytes) -> str:
    return " ".join(
        " ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages
    )


def _emitir(cliente: TestClient, pid: int, tipo: str) -> Any:
    """O formulário "Emitir PDF" da seção dos documentos oficiais da página do processo."""
    pagina = cliente.get(f"/processos/{pid}").text
    oficiais = pagina[pagina.index('id="oficiais"') :]
    assert f'<option value="{tipo}">' in oficiais, "o tipo não está entre os que a página oferece"
    return cliente.post(
        f"/processos/{pid}/documentos", data={"csrf": csrf_de(oficiais), "tipo": tipo}
    )


def _recusado(cliente: TestClient, pid: int, tipo: str) -> str:
    """O documento que ainda não se emite: a página não o oferece e diz por quê, com as
    palavras da recusa; pedido assim mesmo, a emissão volta à página (409) com o motivo."""
    pagina = cliente.get(f"/processos/{pid}").text
    assert f'<option value="{tipo}">' not in _bloco(pagina, "oficiais")
    # "Título: motivo." (o que a página diz) é o começo da recusa
    por_vir = _bloco(pagina, f"por-vir-{tipo}").strip().removesuffix(".")
    r = cliente.post(f"/processos/{pid}/documentos", data={"csrf": csrf_de(pagina), "tipo": tipo})
    assert r.status_code == 409, r.text
    texto = _bloco(r.text, "erro-ato")
    # diz que o documento (não um ato) ficou sem emitir, sem o nome interno do campo
    assert texto.strip().startswith("O documento não foi emitido:"), texto
    assert "tipo:" not in texto
    assert por_vir in texto, (por_vir, texto)
    return texto


def _emitido(cliente: TestClient, anonimo: TestClient, pid: int, tipo: str, titulo: str) -> str:
    """Emite pela página, baixa o PDF da lista, lê o endereço de verificação impresso (o que o
    QR abre) e o abre sem sessão: "Documento autêntico". Devolve o texto do PDF."""
    r = _emitir(cliente, pid, tipo)
    assert r.status_code == 303, r.text
    m = re.fullmatch(rf"/processos/{pid}#documento-(\d+)", r.headers["location"])
    assert m, r.headers["location"]
    pagina = cliente.get(f"/processos/{pid}").text
    item = re.search(
        rf'<li id="documento-{m[1]}"><a href="([^"]+)">([^<]+)</a>.*?'
        r'código <a href="/verificar/([A-Z0-9-]+)">',
        pagina,
        re.S,
    )
    assert item, _bloco(pagina, "oficiais")
    assert item[2] == titulo
    pdf = cliente.get(item[1])
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    texto = _texto(pdf.content)
    url = re.search(r"https?://\S+/verificar/([A-Z0-9-]{14})", texto)
    assert url is not None and url[1] == item[3], texto[-400:]
    verificacao = anonimo.get(f"/verificar/{url[1]}")
    assert verificacao.status_code == 200
    assert "Documento autêntico" in verificacao.text and "NÃO autêntico" not in verificacao.text
    assert titulo in _bloco(verificacao.text, "v-titulo")
    assert url[1] in _bloco(verificacao.text, "v-codigo")
    return texto


def test_ninguem_vem_buscar_edital_perdimento_leilao_e_destino_do_produto(
    cliente: TestClient, anonimo: TestClient, banco_demo: Banco
) -> None:
    apreensao_em = _d("2026-06-01")
    entrar(cliente, "inspetor.cpsc")
    pid, medida = _apreensao(banco_demo, "401M2027001", apreensao_em, CPF_SEM_ENDERECO, None)
    cid = _recolher(cliente, pid, medida, apreensao_em)
    numero = re.search(
        r'<h1 id="t-processo">.*?</span> ([^<]+)</h1>', cliente.get(f"/processos/{cid}").text
    )
    assert numero

    entrar(cliente, "autoridade.cpsc")
    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "sob_custodia: Sob custódia da OM"
    # residência desconhecida: não há notificação pessoal, só o edital; nem perdimento sem prazo
    assert 'id="form-notificacao_regularizacao"' not in pagina
    assert "por edital" in _bloco(pagina, "indisponivel-notificacao_regularizacao")
    assert 'id="form-edital_regularizacao"' in pagina
    assert "Não há prazo em curso" in _bloco(pagina, "indisponivel-perdimento")

    despesa = {"item": "recolhimento", "valor": "350,00", "descricao": "Reboque até o pátio"}
    _ok(
        _ato(
            cliente, cid, "lancamento_de_despesa", _d("2026-06-02"), **despesa, comprovante="NF 77"
        )
    )
    edital = {"publicacao": "Quadro de avisos da CPSC"}
    _ok(_ato(cliente, cid, "edital_regularizacao", _d("2026-06-08"), **edital))

    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == (
        "aguardando_regularizacao: Responsável notificado para sanar a irregularidade"
    )
    proximo = _bloco(pagina, "custodia-proximo-prazo")
    assert "notificado o responsável por Edital" in proximo
    assert "vence em 08/09/2026" in proximo and "vencido" in proximo
    prazos = _bloco(pagina, "prazos")
    assert "90 dias corridos contados de 08/06/2026" in prazos and "vence em 08/09/2026" in prazos
    assert "06/09/2026 — domingo" in prazos
    assert "07/09/2026 — Independência do Brasil (feriado nacional)" in prazos
    # as contas correm até hoje: as diárias desde 01/06 (hoje excluído) e o reboque
    dias = (hoje() - apreensao_em).days
    assert f"{dias} dias · desde 01/06/2026" in _bloco(pagina, "custodia-dias")
    assert _contas(dias, 350) in _bloco(pagina, "total-custodia")
    assert _contas(dias, 350) in _bloco(pagina, "total-devido")
    assert "Reboque até o pátio: R$ 350,00" in _bloco(pagina, "pendencias")

    # o Edital (Anexo 3-D) sai da página, com o vencimento gravado pelo motor
    texto = _emitido(cliente, anonimo, cid, "edital_convocacao", "Edital de Convocação")
    assert "FAZ SABER" in texto and "08/09/2026" in texto
    assert "Quadro de avisos da CPSC" in texto
    assert "publicação ou afixação deste Edital (08/06/2026)" in texto
    # não há notificação pessoal a emitir, nem Edital de Leilão antes do leilão
    assert "ainda não há neste processo" in _recusado(cliente, cid, "notificacao_retirada")
    assert "Edital de Leilão: ainda não há neste processo" in _recusado(
        cliente, cid, "edital_leilao"
    )

    # perdimento no dia do vencimento: recusado, no campo da data
    fundamentacao = "Prazo do edital vencido sem a irregularidade sanada."
    r = _ato(cliente, cid, "perdimento", _d("2026-09-08"), fundamentacao=fundamentacao)
    assert r.status_code in (409, 422)
    assert "prazo em curso até 08/09/2026" in _bloco(r.text, "form-perdimento")
    _ok(_ato(cliente, cid, "perdimento", _d("2026-09-09"), fundamentacao=fundamentacao))
    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "perdida: Perdimento decretado (a leiloar ou incorporar)"
    assert "nenhum prazo em curso" in _bloco(pagina, "custodia-proximo-prazo")
    assert "encerrado em 09/09/2026, após o vencimento" in _bloco(pagina, "prazos")
    assert 'id="form-edital_leilao"' in pagina and 'id="form-incorporacao_uniao"' in pagina
    assert f'data-custodia="{cid}"' in cliente.get("/painel").text  # ainda sob guarda

    leilao = {
        "data_leilao": "2026-10-15",
        "local": "Sede da CPSC",
        "valor_avaliacao": "9.000,00",
        "jornal": "Diário Catarinense",
    }
    r = _ato(
        cliente, cid, "edital_leilao", _d("2026-09-15"), **{**leilao, "data_leilao": "2026-09-15"}
    )
    assert r.status_code == 422
    assert "vem depois da publicação" in _bloco(r.text, "form-edital_leilao")
    _ok(_ato(cliente, cid, "edital_leilao", _d("2026-09-15"), **leilao))
    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "em_leilao: Edital de Leilão publicado"
    assert (
        "Leilão em 15/10/2026, Sede da CPSC · avaliação R$ 9.000,00 · publicado em Diário "
        "Catarinense" in _bloco(pagina, "linha-do-tempo")
    )
    # o Edital abre o prazo da Administração, que vence na data que ele anuncia (item 0313)
    proximo = _bloco(pagina, "custodia-proximo-prazo")
    assert "Realização do leilão" in proximo and "vence em 15/10/2026" in proximo
    assert "Data fixada no próprio ato de 15/09/2026: vence em 15/10/2026" in _bloco(
        pagina, "prazos"
    )
    # sem leiloeiro designado, o resultado não cabe ainda
    assert 'id="form-resultado_leilao"' not in pagina
    motivo = _bloco(pagina, "indisponivel-resultado_leilao")
    assert "ainda não há portaria de designação do leiloeiro" in motivo.lower()
    assert "designa_leiloeiro" not in motivo  # o nome interno do quadro não chega ao usuário
    texto = _emitido(cliente, anonimo, cid, "edital_leilao", "Edital de Leilão")
    assert "EDITAL DE LEILÃO" in texto and "15/10/2026" in texto and "Sede da CPSC" in texto
    assert "R$ 9.000,00" in texto and "Diário Catarinense" in texto
    assert fundamentacao in texto and "09/09/2026" in texto  # o perdimento que o precede
    assert "Portaria de Designação de Leiloeiro: ainda não há" in _recusado(
        cliente, cid, "portaria_leiloeiro"
    )

    designacao = {
        "leiloeiro__nome": "Carlos Leiloeiro",
        "leiloeiro__documento": CPF_LEILOEIRO,
        "matricula": "JUCESC 123",
        "portaria": "45/2026",
    }
    _ok(_ato(cliente, cid, "designacao_leiloeiro", _d("2026-09-16"), **designacao))
    pagina = cliente.get(f"/processos/{cid}").text
    assert "Leiloeiro: Carlos Leiloeiro · matrícula JUCESC 123 · Portaria 45/2026" in _bloco(
        pagina, "linha-do-tempo"
    )
    assert 'id="form-designacao_leiloeiro"' not in pagina  # um só leiloeiro
    texto = _emitido(
        cliente, anonimo, cid, "portaria_leiloeiro", "Portaria de Designação de Leiloeiro"
    )
    assert "DESIGNAR Carlos Leiloeiro" in texto and "45/2026" in texto

    arremate = {
        "valor_arrematado": "10.000,00",
        "arrematante__nome": "Maria Compradora",
        "arrematante__documento": CPF_ARREMATANTE,
    }
    r = _ato(cliente, cid, "resultado_leilao", _d("2026-10-14"), **arremate)
    assert r.status_code in (409, 422)
    assert "o leilão está marcado para 15/10/2026" in _bloco(r.text, "form-resultado_leilao")
    _ok(_ato(cliente, cid, "resultado_leilao", _d("2026-10-15"), **arremate))

    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "alienada: Alienada em leilão"
    assert "Processo encerrado (alienada em leilão)" in _bloco(pagina, "acoes")
    assert "nenhum prazo em curso" in _bloco(pagina, "custodia-proximo-prazo")
    # 136 diárias de 01/06 a 14/10 (o dia do leilão não entra) e o reboque: R$ 8.510,00
    assert "136 dias · desde 01/06/2026, guarda encerrada em 15/10/2026" in _bloco(
        pagina, "custodia-dias"
    )
    extrato = _bloco(pagina, "extrato")
    assert "Guarda: 136 diárias de 01/06/2026 a 14/10/2026 a R$ 50,00" in extrato
    assert "R$ 6.800,00" in extrato and "R$ 1.360,00" in extrato
    assert "R$ 8.510,00" in _bloco(pagina, "total-custodia")
    # o produto do leilão cobriu as despesas: nada mais a pagar, e não se fala em entrega
    assert "R$ 8.510,00" in _bloco(pagina, "custodia-deduzido-leilao")
    assert "R$ 0,00" in _bloco(pagina, "total-devido")
    assert "Falta pagar para a entrega" not in pagina
    assert "Saldo das despesas no encerramento" in _bloco(pagina, "extrato")
    destino = _bloco(pagina, "linha-do-tempo")
    assert "Arrematado por Maria Compradora por R$ 10.000,00" in destino
    assert (
        "Do valor arrematado (R$ 10.000,00) deduzem-se as despesas da custódia (R$ 8.510,00) e "
        "as multas devidas (R$ 0,00); o saldo de R$ 1.490,00 fica à disposição do antigo "
        "proprietário." in destino
    )
    # o leilão encerrou a guarda: a apreensão se levantou por ele, no processo de origem, e a
    # custódia sai do painel
    origem = _bloco(cliente.get(f"/processos/{pid}").text, f"medida-{medida}")
    assert "levantada em 15/10/2026" in origem and "Resultado do leilão" in origem
    assert numero[1] in origem
    assert f'data-custodia="{cid}"' not in cliente.get("/painel").text


def _achado(cliente: TestClient, dia: dt.date, bem: str) -> int:
    """O formulário "Recolher bem achado" (/custodias/nova), sem responsável conhecido."""
    pagina = cliente.get("/custodias/nova").text
    r = cliente.post(
        "/custodias/nova",
        data={
            "csrf": csrf_de(pagina),
            "chave": str(uuid.uuid4()),
            "data_ato": dia.isoformat(),
            "recolhimento.bem": bem,
            "recolhimento.local_do_achado": "Praia da Joaquina",
            "recolhimento.local_guarda": "Depósito da CPSC",
            "recolhimento.estado_na_chegada": "Casco com areia e cracas, sem motor.",
        },
    )
    assert r.status_code == 303, r.text
    m = re.match(r"/processos/(\d+)\?registrado=recolhimento", r.headers["location"])
    assert m, r.headers["location"]
    return int(m[1])


def test_bem_achado_nao_reclamado_em_30_dias_perdimento_e_incorporacao(
    cliente: TestClient, banco_demo: Banco
) -> None:
    recolhido = _d("2026-10-02")
    entrar(cliente, "inspetor.cpsc")
    cid = _achado(cliente, recolhido, "Caíque de madeira azul, 4 m, sem identificação")
    pagina = cliente.get(f"/processos/{cid}").text
    assert "Bem achado sob custódia" in pagina
    assert _estado(pagina) == "sob_custodia: Sob custódia da OM"
    assert "desconhecido" in _bloco(pagina, "responsavel-desconhecido")
    # 30 dias de 03/10 → domingo 01/11; segunda 02/11 é Finados → terça, 03/11/2026
    proximo = _bloco(pagina, "custodia-proximo-prazo")
    assert "Reclamação" in proximo and "vence em 03/11/2026" in proximo and "vencido" in proximo
    prazos = _bloco(pagina, "prazos")
    assert "30 dias corridos contados de 02/10/2026" in prazos
    assert "01/11/2026 — domingo" in prazos and "02/11/2026 — Finados" in prazos
    dias = (hoje() - recolhido).days
    assert _contas(dias) in _bloco(pagina, "total-custodia")

    entrar(cliente, "autoridade.cpsc")
    fundamentacao = "Não reclamado em 30 dias (NORMAM-07 item 0205)."
    r = _ato(cliente, cid, "perdimento", _d("2026-11-03"), fundamentacao=fundamentacao)
    assert r.status_code in (409, 422)
    assert "prazo em curso até 03/11/2026" in _bloco(r.text, "form-perdimento")
    _ok(_ato(cliente, cid, "perdimento", _d("2026-11-04"), fundamentacao=fundamentacao))
    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "perdida: Perdimento decretado (a leiloar ou incorporar)"
    assert "encerrado em 04/11/2026, após o vencimento" in _bloco(pagina, "prazos")

    motivo = "Bem sem valor comercial que justifique o leilão."
    _ok(_ato(cliente, cid, "incorporacao_uniao", _d("2026-11-05"), fundamentacao=motivo))
    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "incorporada: Incorporada aos bens da União"
    assert "Processo encerrado (incorporada aos bens da união)" in _bloco(pagina, "acoes")
    # 34 diárias de 02/10 a 04/11 (o dia da incorporação não entra): R$ 2.040,00
    assert "34 dias · desde 02/10/2026, guarda encerrada em 05/11/2026" in _bloco(
        pagina, "custodia-dias"
    )
    assert "R$ 2.040,00" in _bloco(pagina, "total-custodia")
    # incorporado, não há entrega: o que ficou sem pagar é o saldo do encerramento
    assert "Falta pagar para a entrega" not in pagina
    assert "Saldo das despesas no encerramento" in _bloco(pagina, "extrato")
    assert motivo in _bloco(pagina, "linha-do-tempo")
    assert f'data-custodia="{cid}"' not in cliente.get("/painel").text


def test_bem_achado_reclamado_notificado_pago_e_entregue(
    cliente: TestClient, banco_demo: Banco
) -> None:
    recolhido = hoje() - dt.timedelta(days=20)
    entrar(cliente, "inspetor.cpsc")
    cid = _achado(cliente, recolhido, "Bote inflável cinza, 3 m, sem identificação")
    pagina = cliente.get(f"/processos/{cid}").text
    assert 'id="form-reclamacao_do_bem"' in pagina
    # sem responsável não há a quem notificar, e a entrega espera a reclamação
    assert 'id="form-notificacao_retirada"' not in pagina
    assert 'id="form-termo_de_entrega"' not in pagina

    reclamacao = {
        "reclamante__nome": "Ana Pescadora",
        "reclamante__documento": CPF_RECLAMANTE,
        "reclamante__endereco": "Rua do Porto, 5, Florianópolis/SC",
        "prova": "Nota fiscal de compra do bote, em nome da reclamante.",
    }
    reclamado = hoje() - dt.timedelta(days=10)
    _ok(_ato(cliente, cid, "reclamacao_do_bem", reclamado, **reclamacao))
    pagina = cliente.get(f"/processos/{cid}").text
    assert "Ana Pescadora" in _bloco(pagina, "cadastro-autuado")
    assert _estado(pagina) == "a_entregar: Irregularidade sanada ou bem reclamado; a entregar"
    assert f"cumprido em {_br(reclamado)}" in _bloco(pagina, "prazos")
    assert "nenhum prazo em curso" in _bloco(pagina, "custodia-proximo-prazo")
    assert "Reclamado por Ana Pescadora" in _bloco(pagina, "linha-do-tempo")
    # com residência conhecida, a notificação é pessoal: não há edital para retirar (o edital
    # é da Autoridade Competente, que vê o motivo)
    entrar(cliente, "autoridade.cpsc")
    pagina = cliente.get(f"/processos/{cid}").text
    assert 'id="form-edital_retirada"' not in pagina
    assert "conhecidos" in _bloco(pagina, "indisponivel-edital_retirada")

    notificado = hoje() - dt.timedelta(days=5)
    _ok(_ato(cliente, cid, "notificacao_retirada", notificado))
    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "aguardando_retirada: Responsável notificado para retirar o bem"
    prazos = _bloco(pagina, "prazos")
    assert f"15 dias corridos contados de {_br(notificado)}" in prazos
    vence = re.search(r"vence em (\d\d/\d\d/\d{4})", _bloco(pagina, "custodia-proximo-prazo"))
    assert vence, _bloco(pagina, "custodia-proximo-prazo")
    vencimento = dt.datetime.strptime(vence[1], "%d/%m/%Y").date()
    # 15 dias corridos do dia seguinte; sem expediente no vencimento, o primeiro dia útil
    assert notificado + dt.timedelta(days=15) <= vencimento <= notificado + dt.timedelta(days=20)
    assert "vencido" not in _bloco(pagina, "custodia-proximo-prazo")

    # 20 diárias desde o recolhimento (hoje não entra): R$ 1.200,00, já no campo do pagamento
    assert "falta pagar R$ 1.200,00" in _bloco(pagina, "indisponivel-termo_de_entrega")
    assert (
        'id="c-pagamento_custodia-dados-valor" name="dados.valor" type="text" value="1.200,00"'
        in pagina
    )
    _ok(_ato(cliente, cid, "pagamento_custodia", hoje(), valor="1.200,00", referencia="GRU 31"))
    entrega = {
        "recebedor__nome": "Ana Pescadora",
        "recebedor__documento": CPF_RECLAMANTE,
        "recebedor__qualidade": "proprietario",
        "declaracao": "Recebo o bote no mesmo estado em que foi achado, sem o motor.",
    }
    _ok(_ato(cliente, cid, "termo_de_entrega", hoje(), **entrega))
    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "entregue: Entregue ao responsável (Termo de Entrega)"
    assert f"20 dias · desde {_br(recolhido)}, guarda encerrada em {_br(hoje())}" in _bloco(
        pagina, "custodia-dias"
    )
    assert "R$ 1.200,00" in _bloco(pagina, "total-custodia")
    assert "R$ 0,00" in _bloco(pagina, "total-devido")
    # a retirada dentro dos 15 dias da notificação pessoal cumpre o prazo de retirada (o
    # Termo de Entrega é o `prazo_do_ato` da retirada no quadro da custódia)
    prazos = _bloco(pagina, "prazos")
    assert f"cumprido em {_br(hoje())}" in prazos, prazos
    assert "após o vencimento" not in prazos
    assert "Recebo o bote no mesmo estado" in _bloco(pagina, "linha-do-tempo")


def test_documentos_da_entrega_emitidos_na_pagina_e_verificados_pelo_qr(
    cliente: TestClient, anonimo: TestClient, banco_demo: Banco
) -> None:
    """Proprietário conhecido, com endereço: sanada a irregularidade, notificado pessoalmente
    para retirar, paga e entrega. A Notificação e o Termo de Entrega saem da página quando os
    fatos existem; antes disso, e o Edital de quem foi notificado pessoalmente, são recusados
    com o motivo na página."""
    apreensao_em = hoje() - dt.timedelta(days=12)
    entrar(cliente, "inspetor.cpsc")
    pid, medida = _apreensao(banco_demo, "401M2027003", apreensao_em, CPF_COM_ENDERECO, ENDERECO)
    cid = _recolher(cliente, pid, medida, apreensao_em)
    entrar(cliente, "autoridade.cpsc")
    # os documentos do recolhimento já saem; os da notificação e da entrega, ainda não
    _emitido(cliente, anonimo, cid, "auto_de_apreensao", "Auto de Apreensão")
    recusa = _recusado(cliente, cid, "notificacao_retirada")
    assert "Notificação para Retirada de Embarcação: ainda não há neste processo" in recusa
    recusa = _recusado(cliente, cid, "termo_entrega_embarcacao")
    assert "Termo de Entrega de Embarcação: ainda não há neste processo" in recusa
    assert "Termo de Entrega (Anexo 3-F)" in recusa and "Sob custódia da OM" in recusa

    prova = "Título de Inscrição emitido pela CPSC, apresentado no balcão."
    _ok(_ato(cliente, cid, "regularizacao", hoje() - dt.timedelta(days=3), prova=prova))
    notificado = hoje() - dt.timedelta(days=2)
    _ok(_ato(cliente, cid, "notificacao_retirada", notificado))
    pagina = cliente.get(f"/processos/{cid}").text
    vence = re.search(r"vence em (\d\d/\d\d/\d{4})", _bloco(pagina, "custodia-proximo-prazo"))
    assert vence, _bloco(pagina, "custodia-proximo-prazo")

    texto = _emitido(
        cliente, anonimo, cid, "notificacao_retirada", "Notificação para Retirada de Embarcação"
    )
    assert "NOTIFICADO(A) A RETIRAR" in texto
    assert vence[1] in texto  # o vencimento que a página mostra, gravado pelo motor
    assert "Otávio Armador" in texto and "Maré 003" in texto
    # notificado pessoalmente: não há Edital, e a página diz por quê
    recusa = _recusado(cliente, cid, "edital_convocacao")
    assert "Edital de Convocação: ainda não há neste processo" in recusa
    assert "o responsável foi notificado pessoalmente" in recusa
    assert _br(notificado) in recusa
    # sem a entrega, ainda não há Termo de Entrega
    assert "ainda não há neste processo" in _recusado(cliente, cid, "termo_entrega_embarcacao")

    # 12 diárias × R$ 60,00 = R$ 720,00
    _ok(_ato(cliente, cid, "pagamento_custodia", hoje(), valor="720,00", referencia="GRU 44"))
    entrega = {
        "recebedor__nome": "Otávio Armador",
        "recebedor__documento": CPF_COM_ENDERECO,
        "recebedor__qualidade": "proprietario",
        "declaracao": "Recebo a embarcação com um risco no costado de boreste; demais itens em ordem.",
    }
    _ok(_ato(cliente, cid, "termo_de_entrega", hoje(), **entrega))
    texto = _emitido(
        cliente, anonimo, cid, "termo_entrega_embarcacao", "Termo de Entrega de Embarcação"
    )
    assert "TERMO DE ENTREGA DE EMBARCAÇÃO" in texto
    assert entrega["declaracao"] in texto
    assert "Casco íntegro" in texto  # o estado na chegada, para comparar
    assert "R$ 720,00" in texto and "GRU 44" in texto
    # o Edital continua recusado depois da entrega; os emitidos ficam na lista da página
    assert "notificado pessoalmente" in _recusado(cliente, cid, "edital_convocacao")
    oficiais = _bloco(cliente.get(f"/processos/{cid}").text, "oficiais")
    for titulo in (
        "Auto de Apreensão",
        "Notificação para Retirada de Embarcação",
        "Termo de Entrega de Embarcação",
    ):
        assert f"{titulo} · emitido em" in oficiais
    assert "Edital de Convocação · emitido" not in oficiais


def test_entrega_de_dias_atras_registrada_hoje_pela_pagina_e_o_termo_com_a_data_dela(
    cliente: TestClient, anonimo: TestClient, banco_demo: Banco
) -> None:
    """A embarcação entregue há 10 dias, com as diárias pagas até a entrega, registrada hoje.
    Antes, a página avaliava a entrega só pelas contas de hoje (20 diárias, 10 delas depois da
    entrega e que não correm: NORMAM-07 item 0311, as despesas deixam de correr na entrega):
    o Termo de Entrega ficava em "Ainda não cabem", sem formulário, e só a API o registrava. E o
    Termo emitido dizia "em <hoje>" acima das assinaturas "Em <dia da entrega>"."""
    apreensao_em = hoje() - dt.timedelta(days=20)
    entrar(cliente, "inspetor.cpsc")
    pid, medida = _apreensao(banco_demo, "401M2027004", apreensao_em, CPF_COM_ENDERECO, ENDERECO)
    cid = _recolher(cliente, pid, medida, apreensao_em)
    entrar(cliente, "autoridade.cpsc")
    prova = "Título de Inscrição emitido pela CPSC, apresentado no balcão."
    _ok(_ato(cliente, cid, "regularizacao", hoje() - dt.timedelta(days=15), prova=prova))
    _ok(_ato(cliente, cid, "notificacao_retirada", hoje() - dt.timedelta(days=14)))
    entrega_em = hoje() - dt.timedelta(days=10)
    # 10 diárias (do recolhimento ao dia anterior à entrega) × R$ 60,00 = R$ 600,00
    _ok(_ato(cliente, cid, "pagamento_custodia", entrega_em, valor="600,00", referencia="GRU 45"))

    pagina = cliente.get(f"/processos/{cid}").text
    # hoje não cabe (as diárias de hoje não estão pagas); com a data do pagamento, cabe
    assert 'id="indisponivel-termo_de_entrega"' not in pagina
    nota = _bloco(pagina, "data-passada-termo_de_entrega")
    assert "Com a data de hoje não cabe" in nota and "falta pagar R$ 600,00" in nota
    assert f"Com a data de {_br(entrega_em)}" in nota
    formulario = pagina[pagina.index('id="form-termo_de_entrega"') :]
    formulario = formulario[: formulario.index("</details>")]
    assert f'name="data_ato" type="date" value="{entrega_em.isoformat()}"' in formulario
    entrega = {
        "recebedor__nome": "Otávio Armador",
        "recebedor__documento": CPF_COM_ENDERECO,
        "recebedor__qualidade": "proprietario",
        "declaracao": "Recebo a embarcação no mesmo estado de conservação.",
    }
    _ok(_ato(cliente, cid, "termo_de_entrega", entrega_em, **entrega))
    pagina = cliente.get(f"/processos/{cid}").text
    assert _estado(pagina) == "entregue: Entregue ao responsável (Termo de Entrega)"
    assert f"guarda encerrada em {_br(entrega_em)}" in _bloco(pagina, "custodia")

    texto = _emitido(
        cliente, anonimo, cid, "termo_entrega_embarcacao", "Termo de Entrega de Embarcação"
    )
    assert "R$ 600,00" in texto and "GRU 45" in texto
    # o local e a data do termo são os da entrega, como as assinaturas; a emissão é de hoje
    assert f"Florianópolis, SC, em {data_por_extenso(entrega_em)}." in texto
    assert f"em {data_por_extenso(hoje())}." not in texto
    assert f"Data de emissão {_br(hoje())}" in texto
    assert texto.count(f"Em {_br(entrega_em)}") == 2  # o recebedor e a autoridade
