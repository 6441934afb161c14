"""A consulta pública do ponto de vista do regulado (o autuado, o comandante, o procurador com
o número e o CPF/CNPJ do autuado), sobre a demonstração (TestClient, sem navegador): o que ele
precisa saber para se defender e pagar, com a citação da norma.

- multa a pagar: o que acontece se não pagar (dívida ativa, NORMAM-07 item 0314; sustação,
  LESTA art. 20, só no regime da LESTA) e o vencimento que passou como "vencido";
- cada prazo em curso do interessado diz a quem se dirige e onde se entrega (o recurso ao
  Capitão dos Portos ou ao DPC, apresentado à OM, que o encaminha; a defesa à Autoridade
  Competente; os esclarecimentos na OM), como os documentos em PDF;
- cada prazo "contados do dia seguinte a" o início (o dia da ciência não se conta), como o PDF;
- o prazo que a ciência ainda não dada abrirá (a defesa do Auto lavrado, o recurso da decisão),
  sem data, com os dias, a contagem e a quem se dirige;
- multa encaminhada para inscrição em dívida ativa: nada de guia da OM nem "ainda sem data";
  a data do encaminhamento, o vencimento que passou e a cobrança pela PGFN (NORMAM-07 item
  0314).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from apoio import csrf_de
from fastapi.testclient import TestClient
from sqlalchemy import select
from texto_humano import texto_visivel

from farol.domain.cpf_cnpj import formatar_documento
from farol.services import consulta_publica
from farol.store.db import Banco
from farol.store.orm import OM, Pessoa, Processo


def _do_estado(banco: Banco, estado: str) -> tuple[str, str]:
    """O número e o CPF/CNPJ do autuado do primeiro processo da CPSC em `estado`."""
    with banco.unit_of_work(somente_leitura=True) as s:
        linha = s.execute(
            select(Processo.numero, Pessoa.documento)
            .join(Pessoa, Pessoa.id == Processo.autuado_id)
            .join(OM, OM.id == Processo.om_id)
            .where(OM.sigla == "CPSC", Processo.estado == estado)
            .order_by(Processo.id)
        ).first()
    assert linha is not None, f"a demonstração não tem processo da CPSC em {estado}"
    return linha[0], formatar_documento(linha[1])


def _consultar(cliente: TestClient, numero: str, documento: str) -> Any:
    csrf = csrf_de(cliente.get("/consulta").text)
    r = cliente.post("/consulta", data={"csrf": csrf, "numero": numero, "documento": documento})
    assert r.status_code == 200, r.text
    return r


def _bloco(html: str, id_: str) -> str:
    """O texto visível do elemento `id_` até o fim do seu <div>."""
    inicio = html.index(f'id="{id_}"')
    return texto_visivel(html[inicio : html.index("</div>", inicio)])


def test_multa_na_divida_ativa_nao_mostra_a_guia_da_om_nem_ainda_sem_data(
    cliente: TestClient, banco_demo: Banco
) -> None:
    numero, documento = _do_estado(banco_demo, "divida_ativa")
    r = _consultar(cliente, numero, documento)
    texto = texto_visivel(r.text)
    # antes: "Valor a pagar", o DARF a apresentar na OM e "Data de vencimento: ainda sem data:
    # ... quinze dias corridos, a contar da intimação", com o prazo vencido há um mês
    assert 'id="guia-pagamento"' not in r.text
    assert "ainda sem data" not in texto
    assert "Valor a pagar" not in texto
    bloco = _bloco(r.text, "divida-ativa")
    assert "encaminhada em" in bloco and "dívida ativa da União" in bloco
    assert "o prazo de pagamento venceu em" in bloco
    assert "Procuradoria da Fazenda Nacional" in bloco
    assert "NORMAM-07/DPC item 0314" in bloco
    # até a quitação na PGFN, a Autoridade Marítima susta os atos de interesse do devedor
    assert "sustará o andamento" in bloco and "LESTA art. 20" in bloco


def test_multa_a_pagar_diz_o_que_acontece_se_nao_pagar(
    cliente: TestClient, banco_demo: Banco
) -> None:
    numero, documento = _do_estado(banco_demo, "decisao_recurso_notificada")
    r = _consultar(cliente, numero, documento)
    assert 'id="guia-pagamento"' in r.text
    # antes: o valor e o vencimento, sem dizer o que o não pagamento acarreta (o que a
    # Notificação para Pagamento em PDF diz nas alíneas c e d)
    bloco = _bloco(r.text, "se-nao-pagar")
    assert "dívida ativa da União" in bloco and "Procuradoria da Fazenda Nacional" in bloco
    assert "NORMAM-07/DPC item 0314" in bloco
    assert "sustará o andamento" in bloco and "LESTA art. 20" in bloco
    # o vencimento que já passou aparece como vencido na frase do valor, não só na guia
    valor = texto_visivel(
        r.text[r.text.index("Valor a pagar") : r.text.index("</p>", r.text.index("Valor a pagar"))]
    )
    assert "vencido" in valor


def test_multa_da_poluicao_nao_cita_a_sustacao_da_lesta(
    cliente: TestClient, banco_demo: Banco
) -> None:
    numero, documento = _do_estado(banco_demo, "aguardando_pagamento")
    r = _consultar(cliente, numero, documento)
    bloco = _bloco(r.text, "se-nao-pagar")
    assert "NORMAM-07/DPC item 0314" in bloco
    # a dívida da poluição não é de infração à LESTA (art. 20): o quadro do regime não a cita
    assert "LESTA art. 20" not in bloco


def _prazo(html: str, etapa: str) -> str:
    """O texto de 'a quem e onde' do prazo `etapa` em curso."""
    inicio = html.index(f'data-etapa="{etapa}"')
    return texto_visivel(html[inicio : html.index("</span>", inicio)])


@pytest.mark.parametrize(
    ("estado", "etapa", "esperado"),
    [
        ("notificado", "comparecimento", ["Capitania dos Portos de Santa Catarina (CPSC)"]),
        ("em_defesa", "defesa", ["Por escrito", "Autoridade Competente da Capitania"]),
        (
            "decisao_notificada",
            "recurso",
            ["Capitão dos Portos", "item 3.6.4 a", "apresentado à Capitania", "que o encaminha"],
        ),
        (
            "decisao_recurso_notificada",
            "recurso_final",
            ["Diretor de Portos e Costas", "item 3.5 b", "que o encaminha"],
        ),
    ],
)
def test_prazo_em_curso_diz_a_quem_se_dirige_e_onde_se_entrega(
    cliente: TestClient, banco_demo: Banco, estado: str, etapa: str, esperado: list[str]
) -> None:
    numero, documento = _do_estado(banco_demo, estado)
    r = _consultar(cliente, numero, documento)
    # antes: "Recurso em 1ª instância ...: 5 dias úteis, de 05/12/2026 a 11/12/2026 em curso",
    # sem dizer a quem o recurso se dirige nem onde se entrega (o PDF da decisão o diz)
    texto = _prazo(r.text, etapa)
    for trecho in esperado:
        assert trecho in texto, texto
    assert "Rua Almirante Lamego" in texto  # o endereço da OM, como nos documentos


def test_prazo_diz_que_se_conta_do_dia_seguinte_a_ciencia(
    cliente: TestClient, banco_demo: Banco
) -> None:
    numero, documento = _do_estado(banco_demo, "decisao_notificada")
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        r = consulta_publica.consultar.na_sessao(s, numero, documento)
    assert r is not None
    recurso = next(x for x in r["prazos"] if x["etapa"] == "recurso")
    inicio = dt.date.fromisoformat(recurso["inicio"]).strftime("%d/%m/%Y")
    vencimento = dt.date.fromisoformat(recurso["vencimento"]).strftime("%d/%m/%Y")
    texto = " ".join(texto_visivel(_consultar(cliente, numero, documento).text).split())
    # antes: "5 dias úteis, de 05/12/2026 a 11/12/2026": o dia da ciência parecia o primeiro
    # dos cinco, e ele não se conta (Norma de 2023 item 3.6.4 a: "contados a partir do dia
    # consecutivo da data do conhecimento da decisão"), como o PDF da decisão diz
    assert f"de {inicio} a {vencimento}" not in texto
    assert f"contados do dia seguinte a {inicio}; vencimento em {vencimento}" in texto


@pytest.mark.parametrize(
    ("estado", "etapa", "esperado"),
    [
        ("autuado", "defesa", ["15 dias úteis", "Autoridade Competente"]),
        ("julgado_procedente", "recurso", ["5 dias úteis", "Capitão dos Portos"]),
    ],
)
def test_prazo_que_a_ciencia_abrira_aparece_sem_data(
    cliente: TestClient, banco_demo: Banco, estado: str, etapa: str, esperado: list[str]
) -> None:
    numero, documento = _do_estado(banco_demo, estado)
    html = _consultar(cliente, numero, documento).text
    # antes: o Auto lavrado (ou a decisão) aparecia, e a lista de prazos não dizia nada da
    # defesa (ou do recurso) que a ciência vai abrir, nem quantos dias, nem a quem se dirige
    inicio = html.index(f'data-etapa-a-correr="{etapa}"')
    texto = " ".join(texto_visivel(html[inicio : html.index("</li>", inicio)]).split())
    assert "contados do dia seguinte à ciência, que ainda não foi dada" in texto
    assert "ainda não corre" in texto
    for trecho in esperado:
        assert trecho in texto, texto
