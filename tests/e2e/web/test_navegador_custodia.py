"""A custódia no celular (390 × 844), no Chromium: o inspetor recolhe a embarcação apreendida à
custódia com os lacres (as linhas em branco e mais uma pelo "Adicionar lacre"), aplica mais
lacres na página da custódia, e a entrega: recusada enquanto falta pagar (o quê e quanto),
registrada depois do pagamento, com a declaração de quem recebe. As telas ficam em
artefatos/capturas/custodia-*.png."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

pytest.importorskip(
    "playwright.sync_api", reason="pacote playwright ausente (pip install playwright)"
)

from playwright.sync_api import expect
from semente import CPF_CONDUTOR, CPF_DONO, CPF_ESTRANHO, atores, registrar
from sqlalchemy import select

from farol.formatos import data as data_br
from farol.relogio import fuso, hoje
from farol.services import custodia, inspecoes
from farol.services.custodia import NovaTarifa
from farol.store.orm import MedidaAdministrativa

from .conftest import Servidor, capturar, entrar

pytestmark = pytest.mark.lento

INSCRICAO = "401M2026951"
DIAS = 4  # recolhida há 4 dias: 4 diárias × (R$ 50,00 + R$ 10,00) = R$ 240,00


@pytest.fixture(scope="module")
def apreensao(servidor: Servidor) -> tuple[int, int]:
    """A tabela da CPSC e uma embarcação apreendida há `DIAS` dias (RLESTA.16.I, navegando):
    (processo, medida de apreensão)."""
    banco = servidor.banco
    a = atores(banco)
    quando = dt.datetime.combine(hoje() - dt.timedelta(days=DIAS), dt.time(10), tzinfo=fuso())
    corpo = {
        "embarcacao": {"inscricao": INSCRICAO, "nome": "Maré Mansa"},
        "proprietario": {
            "documento": CPF_DONO,
            "nome": "João Dono",
            "endereco": "Rua das Gaivotas, 10, Florianópolis/SC",
        },
        "condutor": {"documento": CPF_CONDUTOR, "nome": "Pedro Condutor"},
        "data_hora": quando.isoformat(),
        "local": "Baía Norte, Florianópolis",
        "situacao": "navegando",
        "constatacoes": [{"infracao": "RLESTA.16.I"}],
    }
    with banco.unit_of_work() as s:
        custodia.registrar_tarifa.na_sessao(
            s,
            a["autoridade.cpsc"],
            NovaTarifa.model_validate(
                {
                    "vigente_desde": "2000-01-01",
                    "ato": "Portaria nº 1/2000 da CPSC",
                    "valores": {"guarda": "50.00", "conservacao": "10.00"},
                }
            ),
        )
        r = inspecoes.registrar_inspecao(
            s, a["inspetor.cpsc"], inspecoes.NovaInspecao.model_validate(corpo)
        )
        pid = r.processos[0].id
        medida = s.execute(
            select(MedidaAdministrativa.id).where(
                MedidaAdministrativa.processo_id == pid,
                MedidaAdministrativa.tipo == "apreensao_embarcacao",
            )
        ).scalar_one()
    return pid, medida


def _lacre(pagina: Any, prefixo: str, i: int, numero: str, tipo: str, local: str) -> None:
    pagina.fill(f"#{prefixo}-{i}-numero", numero)
    pagina.fill(f"#{prefixo}-{i}-tipo", tipo)
    pagina.fill(f"#{prefixo}-{i}-local_aplicacao", local)


def _abrir(pagina: Any, seletor: str) -> Any:
    bloco = pagina.locator(seletor)
    if bloco.get_attribute("open") is None:
        bloco.locator("summary").first.click()
    return bloco


def test_lacres_e_entrega_no_celular(
    servidor: Servidor, contexto_celular: Any, apreensao: tuple[int, int]
) -> None:
    pid, medida = apreensao
    pagina = contexto_celular.new_page()
    entrar(pagina, servidor.url, "inspetor.cpsc")
    pagina.goto(f"{servidor.url}/processos/{pid}")

    # Recolher à custódia: local, depositário, estado e os lacres (5 linhas + "Adicionar")
    form = _abrir(pagina, f"#recolher-{medida}")
    prefixo = f"c-recolher-{medida}-recolhimento-lacres"
    pagina.fill(f"#c-recolher-{medida}-data_ato", (hoje() - dt.timedelta(days=DIAS)).isoformat())
    pagina.fill(f"#c-recolher-{medida}-recolhimento-local_guarda", "Pátio da CPSC, Florianópolis")
    pagina.fill(
        f"#c-recolher-{medida}-recolhimento-estado_na_chegada",
        "Casco íntegro, motor de popa 40 HP, sem avarias aparentes.",
    )
    # o depositário designado da OM (a guarda sob a responsabilidade dela: as diárias correm)
    pagina.fill(f"#c-recolher-{medida}-recolhimento-fiel_depositario-nome", "SG Carlos Guarda")
    pagina.fill(f"#c-recolher-{medida}-recolhimento-fiel_depositario-documento", CPF_ESTRANHO)
    qualidade = pagina.locator(f"#c-recolher-{medida}-recolhimento-fiel_depositario-qualidade")
    qualidade.select_option("om")
    linhas = form.locator("[data-linha]")
    expect(linhas).to_have_count(5)
    for i in range(5):
        _lacre(pagina, prefixo, i, f"L-00{i + 1:02d}", "lacre plástico numerado", f"ponto {i + 1}")
    adicionar = form.get_by_role("button", name="Adicionar lacre")
    expect(adicionar).to_be_visible()
    adicionar.click()
    expect(linhas).to_have_count(6)
    expect(linhas.nth(5).locator("legend")).to_have_text("Lacre 6")
    expect(pagina.locator(f"#{prefixo}-5-numero")).to_have_value("")
    expect(pagina.locator(f"#{prefixo}-5-numero")).to_be_focused()
    _lacre(pagina, prefixo, 5, "L-0006", "lacre metálico", "chave de ignição")
    capturar(pagina, "custodia-01-recolher-celular")
    form.get_by_role("button", name="Recolher à custódia").click()

    expect(pagina.locator("#ato-registrado")).to_contain_text("Recolhimento à guarda")
    cid = int(re.search(r"/processos/(\d+)", pagina.url)[1])
    lacres = pagina.locator("#lacres tbody tr")
    expect(lacres).to_have_count(6)
    expect(pagina.locator("#lacres")).to_contain_text("chave de ignição")
    expect(pagina.locator("#custodia-dias")).to_contain_text(f"{DIAS} dias")
    expect(pagina.locator("#total-custodia")).to_contain_text("R$ 240,00")

    # mais lacres, pela página da custódia: a segunda linha em branco não conta
    form = _abrir(pagina, "#form-aplicacao_de_lacres")
    prefixo = "c-aplicacao_de_lacres-dados-lacres"
    _lacre(pagina, prefixo, 0, "L-0007", "lacre metálico", "escotilha do porão")
    _lacre(pagina, prefixo, 2, "L-0008", "fita adesiva numerada", "porta da cabine")
    form.get_by_role("button", name=re.compile("Registrar")).click()
    expect(pagina.locator("#ato-registrado")).to_contain_text("Aplicação de lacres")
    expect(lacres).to_have_count(8)
    expect(pagina.locator("#lacres")).to_contain_text("porta da cabine")
    capturar(pagina, "custodia-02-lacres-celular")

    # sanada a irregularidade, a entrega ainda não cabe: falta pagar as diárias
    registrar(
        servidor.banco,
        "inspetor.cpsc",
        cid,
        "regularizacao",
        hoje(),
        prova="Título de Inscrição emitido pela CPSC.",
    )
    pagina.reload()
    recusa = pagina.locator("#indisponivel-termo_de_entrega")
    expect(recusa).to_contain_text("falta pagar R$ 240,00")
    expect(recusa).to_contain_text(f"Guarda ({DIAS} diárias): R$ 200,00")
    expect(pagina.locator("#pendencias")).to_contain_text("R$ 240,00")
    recusa.scroll_into_view_if_needed()
    capturar(pagina, "custodia-03-entrega-recusada-celular", inteira=False)

    form = _abrir(pagina, "#form-pagamento_custodia")
    expect(pagina.locator("#c-pagamento_custodia-dados-valor")).to_have_value("240,00")
    pagina.fill("#c-pagamento_custodia-dados-referencia", "GRU 2026.000777")
    form.get_by_role("button", name=re.compile("Registrar")).click()
    expect(pagina.locator("#pendencias")).to_contain_text("Nada a pagar")

    form = _abrir(pagina, "#form-termo_de_entrega")
    pagina.fill("#c-termo_de_entrega-dados-recebedor-nome", "João Dono")
    pagina.fill("#c-termo_de_entrega-dados-recebedor-documento", CPF_DONO)
    pagina.select_option("#c-termo_de_entrega-dados-recebedor-qualidade", "proprietario")
    pagina.fill(
        "#c-termo_de_entrega-dados-declaracao",
        "Recebo a embarcação no mesmo estado de conservação, com o motor e os coletes.",
    )
    capturar(pagina, "custodia-04-termo-de-entrega-celular", inteira=False)
    form.get_by_role("button", name=re.compile("Registrar")).click()
    expect(pagina.locator(".cabecalho-processo .estado")).to_contain_text("Entregue")
    expect(pagina.locator("#custodia-dias")).to_contain_text(
        f"guarda encerrada em {data_br(hoje())}"
    )
    expect(pagina.locator("#linha-do-tempo")).to_contain_text("com o motor e os coletes")
    capturar(pagina, "custodia-05-entregue-celular")

    # a apreensão se levantou pelo Termo de Entrega
    pagina.goto(f"{servidor.url}/processos/{pid}#medidas")
    expect(pagina.locator(f"#medida-{medida}")).to_contain_text(f"levantada em {data_br(hoje())}")
    expect(pagina.locator(f"#medida-{medida}")).to_contain_text("Termo de Entrega")
    pagina.locator(f"#medida-{medida}").scroll_into_view_if_needed()
    capturar(pagina, "custodia-06-apreensao-levantada-celular", inteira=False)
