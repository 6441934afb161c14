"""Os serviços que as páginas pedem (painel, busca, consulta pública, estatísticas, anexos,
assistente de penalidade) e as peças de apresentação (filtros, formulários, SVG, checklist)."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest
from apoio import hash_rapido
from semente import CPF_CONDUTOR, CPF_DONO, CPF_ESTRANHO, atores, processo_autuado, registrar

from farol.erros import EntradaInvalida, NaoEncontrado
from farol.normas.infracoes import catalogo
from farol.relogio import hoje
from farol.services import (
    anexos,
    assistente_penalidade,
    busca,
    consulta_publica,
    estatisticas,
    inspecoes,
    painel,
    usuarios,
)
from farol.services.demo import carregar_demo
from farol.store.db import Banco
from farol.web import checklist, filtros, graficos
from farol.web.formularios import aninhar, campo_do_formulario, em_reais

# --- apresentação -------------------------------------------------------------------------


def test_datas_e_dinheiro_no_formato_brasileiro() -> None:
    assert filtros.data("2026-03-02") == "02/03/2026"
    assert filtros.data(dt.date(2026, 12, 31)) == "31/12/2026"
    assert filtros.data(None) == "—"
    assert filtros.data_hora("2026-03-02T13:15:00+00:00") == "02/03/2026 10:15"
    assert filtros.data("2026-03-02T01:00:00+00:00") == "01/03/2026"  # ainda é dia 1º em Brasília
    assert filtros.dinheiro("1234.5") == "R$ 1.234,50"
    assert filtros.dinheiro(Decimal("1000000")) == "R$ 1.000.000,00"
    assert filtros.dinheiro("0.00") == "R$ 0,00"
    assert filtros.dinheiro(None) == "—"
    assert filtros.valor_de_campo("500.00") == "500,00"
    assert filtros.duracao("P60D") == "60 dias"
    assert filtros.duracao("P12M") == "12 meses"
    assert filtros.numero(12345) == "12.345"
    assert filtros.papel("autoridade_competente") == "Autoridade Competente"
    assert filtros.plural(1, "dia") == "1 dia" and filtros.plural(3, "dia") == "3 dias"


def test_valores_em_reais_digitados_viram_decimal() -> None:
    assert em_reais("1.234,56") == "1234.56"
    assert em_reais("R$ 5.000,00") == "5000.00"
    assert em_reais("600") == "600"
    assert em_reais("600,5") == "600.5"
    assert em_reais("600.00") == "600.00"
    assert em_reais("abc") == "abc"  # o serviço recusa com a mensagem dele


def test_campos_em_pontos_viram_objetos_e_listas() -> None:
    assert aninhar(
        [
            ("dados.texto", "x"),
            ("dados.penalidades.1.multa", "2"),
            ("dados.penalidades.0.multa", "1"),
        ]
    ) == {"dados": {"texto": "x", "penalidades": [{"multa": "1"}, {"multa": "2"}]}}
    nomes = ["data_ato", "dados.penalidades.0.multa", "proprietario.documento"]
    assert campo_do_formulario("dados.penalidades.0.multa", nomes) == "dados.penalidades.0.multa"
    assert (
        campo_do_formulario("proprietario.documento.documento", nomes) == "proprietario.documento"
    )
    assert campo_do_formulario("versao", nomes) == "_geral"


def test_graficos_svg_sao_xml_valido_e_escapam_o_texto() -> None:
    svg = graficos.barras("Infrações <por> artigo & mais", [("a<b", 3), ("RLESTA art. 16", 12)])
    raiz = ET.fromstring(svg)
    assert raiz.tag.endswith("svg")
    assert "a&lt;b" in svg
    col = graficos.colunas(
        "Multas",
        ["01/2026", "02/2026"],
        [("impostas", [Decimal("10.50"), Decimal(0)], "#000")],
        dinheiro=True,
    )
    ET.fromstring(col)
    assert "R$ 10,50" in col
    assert "Sem dados" in graficos.barras("Vazio", [])


@pytest.mark.parametrize("item", list(checklist.itens().values()), ids=lambda i: i.id)
def test_cada_item_da_checklist_e_uma_infracao_que_as_regras_avaliam(item: checklist.Item) -> None:
    assert item.infracao in catalogo().infracoes
    for situacao in ("navegando", "parada"):
        c = {"infracao": item.infracao, **item.fatos}
        if item.infracao.startswith("RLESTA.16."):
            c["embarcacao_inscrita"] = True
        if item.usa_validade:
            c["anos_vencida"] = "2"
        cmd = inspecoes.NovaInspecao.model_validate(
            {
                "embarcacao": {"inscricao": "X123", "nome": "X"},
                "proprietario": {"documento": CPF_DONO, "nome": "Dono"},
                "data_hora": "2026-03-02T10:00:00-03:00",
                "local": "Baía",
                "situacao": situacao,
                "constatacoes": [c],
            }
        )
        r = inspecoes.avaliar(cmd)
        assert r.notificar, item.id


# --- serviços -----------------------------------------------------------------------------


def test_mascaras_da_lgpd() -> None:
    assert consulta_publica.mascarar_nome("Pedro Condutor") == "P**** C*******"
    assert consulta_publica.mascarar_documento("111.444.777-35") == "***.444.777-**"
    assert consulta_publica.mascarar_documento("11222333000181") == "11.222.333/0001-81"


def test_consulta_publica_so_para_o_autuado(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    carregar_demo(banco, hoje(), log=lambda _: None)
    _, numero = processo_autuado(banco, inscricao="4419900401", dias_atras=30)
    with banco.unit_of_work(somente_leitura=True) as s:
        r = consulta_publica.consultar.na_sessao(s, numero.lower(), CPF_DONO.replace(".", ""))
        assert r is not None and r["numero"] == numero
        assert r["autuado"]["documento"] == CPF_DONO
        assert r["envolvidos"] == [
            {"papel": "condutor", "nome": "P**** C******* T****", "documento": "***.444.777-**"}
        ]
        assert all("ator" not in a for a in r["atos"])
        assert consulta_publica.consultar.na_sessao(s, numero, CPF_CONDUTOR) is None
        assert consulta_publica.consultar.na_sessao(s, numero, CPF_ESTRANHO) is None
        # número de processo de uma OM que não existe neste banco: a consulta não acha nada
        assert consulta_publica.consultar.na_sessao(s, "2026/CPAOR/000001", CPF_DONO) is None
        with pytest.raises(EntradaInvalida) as e:
            consulta_publica.consultar.na_sessao(s, numero, "123")
        assert e.value.campo == "documento"


def test_anexos_recusam_vazio_grande_e_tipo_errado() -> None:
    pdf = b"%PDF-1.7\n..."
    assert anexos.validar(anexos.Arquivo("defesa.PDF", pdf)) == ("defesa.PDF", "application/pdf")
    casos = [
        (anexos.Arquivo("a.pdf", b""), "vazio"),
        (
            anexos.Arquivo("a.pdf", b"%PDF-" + b"0" * anexos.TAMANHO_MAXIMO),
            "acima do limite de 10,0 MiB",
        ),
        (anexos.Arquivo("a.exe", b"MZ"), "tipo de arquivo não aceito"),
        (anexos.Arquivo("a.pdf", b"GIF89a"), "não é um arquivo .pdf válido"),
    ]
    for arquivo, mensagem in casos:
        with pytest.raises(EntradaInvalida) as e:
            anexos.validar(arquivo)
        assert mensagem in e.value.mensagem
        assert e.value.campo == "arquivo"
    assert anexos.nome_seguro("../../etc/passwd") == "passwd"
    assert anexos.nome_seguro("C:\\Docs\\defesa.pdf") == "defesa.pdf"
    assert anexos.nome_seguro("\x00\n.") == "documento"


def test_anexo_guardado_listado_e_fora_da_jurisdicao_404(
    banco: Banco, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    carregar_demo(banco, hoje(), log=lambda _: None)
    pid, _ = processo_autuado(banco, inscricao="4419900402", dias_atras=30)
    a = atores(banco)
    with banco.unit_of_work() as s:
        doc = anexos.guardar(
            s, a["autoridade.cpsc"], pid, anexos.Arquivo("x.png", b"\x89PNG\r\n\x1a\n1")
        )
    with banco.unit_of_work(somente_leitura=True) as s:
        lista = anexos.listar.na_sessao(s, a["autoridade.cpsc"], pid)
        assert [x["id"] for x in lista] == [doc["id"]]
        assert lista[0]["tamanho"] == 9 and len(lista[0]["sha256"]) == 64
        assert anexos.obter.na_sessao(s, a["autoridade.cpsc"], pid, doc["id"])[2] == b"\x89PNG\r\n\x1a\n1"
        with pytest.raises(NaoEncontrado):
            anexos.listar.na_sessao(s, a["autoridade.cpsp"], pid)
        with pytest.raises(NaoEncontrado):
            anexos.obter.na_sessao(s, a["autoridade.cpsc"], pid, doc["id"] + 1000)


def test_busca_documento_pontuado_invalido_e_erro_no_campo(banco: Banco) -> None:
    with pytest.raises(EntradaInvalida) as e:
        busca.documento_do_termo("529.982.247-26")
    assert e.value.campo == "q"
    assert busca.documento_do_termo("52998224726") is None  # pode ser inscrição
    assert busca.documento_do_termo("529.982.247-25") == "52998224725"


def test_painel_estatisticas_e_busca_sobre_a_demonstracao(
    banco: Banco, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    carregar_demo(banco, hoje(), log=lambda _: None)
    a = atores(banco)
    with banco.unit_of_work(somente_leitura=True) as s:
        f = painel.figuras.na_sessao(s, a["autoridade.cpsc"], hoje())
        # + apuração, inquérito e os dois autos de poluição
        assert f.contagens.processos == f.processos.total == 29
        # recurso sem efeito suspensivo (LESTA art. 24 § 1º): o prazo de pagamento da ciência
        # do julgamento (dia 52, vence no dia 67) corre durante os recursos; vencem os 5
        # cenários que passam do dia 67 sem pagar nem obter efeito suspensivo, mais a multa
        # vencida da ciência há 40 dias e a do auto de poluição notificado para pagamento há 20
        assert f.contagens.multas_vencidas == len(f.multas_vencidas) == 7
        # o petroleiro da demonstração retido sem o Certificado de Garantia Financeira
        assert [x.embarcacao.nome for x in f.retidas] == ["NT Babitonga"]
        assert sorted(x.valor for x in f.restituicoes) == [Decimal("200.00"), Decimal("600.00")]
        assert [x.tipo for x in f.prescricao] == ["intercorrente"]
        f_dpc = painel.figuras.na_sessao(s, a["dpc"], hoje())
        assert f_dpc.contagens.processos == 30  # todas as OMs: + CPSP
        e = estatisticas.calcular.na_sessao(s, a["dpc"], *estatisticas.periodo_padrao(hoje()))
        total = e["total_infracoes"]
        assert (
            total
            == sum(x["valor"] for x in e["por_artigo"])
            == sum(x["valor"] for x in e["por_mes"])
        )
        assert total == sum(x["valor"] for x in e["por_om"])
        assert {x["chave"] for x in e["por_om"]} >= {"CPSC", "CPSP", "DELITAJAI"}
        # três DARF de R$ 600,00: o quitado e os dois pagos durante o recurso (R$ 800,00 deles
        # a restituir, que o painel lista em "restituições devidas")
        assert Decimal(e["multas"]["pagas"]) == Decimal("1800.00")
        csv = estatisticas.para_csv(e)
        assert csv.splitlines()[0] == "tabela;chave;rotulo;quantidade;multas_impostas;multas_pagas"
        assert "multas_total;;total do período" in csv
        with pytest.raises(EntradaInvalida):
            estatisticas.calcular.na_sessao(s, a["dpc"], hoje(), hoje() - dt.timedelta(days=1))
        r = busca.buscar_processos.na_sessao(s, a["autoridade.cpsc"], "maré mansa")
        assert r["processos"] and all(
            p["embarcacao"]["nome"] == "Maré Mansa" for p in r["processos"]
        )
        assert busca.buscar_processos.na_sessao(s, a["autoridade.cpsp"], "maré mansa")["processos"] == []
        # o papel sem dados pessoais não recebe o proprietário (e a busca não grava nada)
        sugeridas = busca.buscar_embarcacoes.na_sessao(s, a["consulta.cpsc"], "4411")
        assert sugeridas and all(e["proprietario"] is None for e in sugeridas)
        with pytest.raises(EntradaInvalida):
            busca.buscar_processos.na_sessao(s, a["autoridade.cpsc"], "x")


def test_assistente_mostra_a_faixa_e_o_historico_de_12_meses(
    banco: Banco, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    carregar_demo(banco, hoje(), log=lambda _: None)
    antigo, numero_antigo = processo_autuado(banco, inscricao="4419900501", dias_atras=200)
    registrar(
        banco,
        "autoridade.cpsc",
        antigo,
        "ciencia_auto",
        hoje() - dt.timedelta(days=180),
        meio="pessoal",
    )
    registrar(banco, "autoridade.cpsc", antigo, "renuncia_defesa", hoje() - dt.timedelta(days=180))
    registrar(
        banco,
        "autoridade.cpsc",
        antigo,
        "julgamento_procedente",
        hoje() - dt.timedelta(days=170),
        penalidades=[{"infracao": "RLESTA.16.II", "multa": "300.00"}],
        justificativa="Documento de inscrição não portado; renúncia à defesa.",
    )
    novo, _ = processo_autuado(banco, inscricao="4419900502", dias_atras=60)
    a = atores(banco)
    with banco.unit_of_work(somente_leitura=True) as s:
        r = assistente_penalidade.assistente.na_sessao(s, a["autoridade.cpsc"], novo)
        item = r["itens"][0]
        assert item["infracao"] == "RLESTA.16.II"
        assert item["reincidencias"] == 1 and item["multiplicador"] == 2
        assert (item["multa_min"], item["multa_max"]) == ("80.00", "1600.00")
        assert [h["numero"] for h in r["historico"]] == [numero_antigo]
        assert r["historico"][0]["conta_reincidencia"] == ["RLESTA.16.II"]
        with pytest.raises(NaoEncontrado):
            assistente_penalidade.assistente.na_sessao(s, a["autoridade.cpsp"], novo)
