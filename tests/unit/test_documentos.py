"""Os PDFs oficiais: cada tipo traz os seus campos, e nada é cortado na paginação.

O texto de cada PDF é extraído com pypdf e comparado sem espaços nem quebras de linha (o
texto longo quebra em qualquer ponto, sem hífen). Os PDFs e as imagens de cada tipo ficam
em artefatos/documentos/ pelos testes de test_documentos_imagens.py.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from io import BytesIO

import pytest
from pydantic import ValidationError
from pypdf import PdfReader

from farol.pdf.dados import (
    TITULOS,
    DadosDocumento,
    Parte,
    ProcessoAnterior,
    SituacaoEconomica,
    TipoDocumento,
    Valoracao,
)
from farol.pdf.exemplos import ENDERECO_LONGO, NOME_LONGO, auto_extenso, exemplo
from farol.pdf.extenso import valor_por_extenso
from farol.pdf.formatos import formatar_data, formatar_reais
from farol.pdf.pagina import ALTURA_PAGINA, MARGEM_INFERIOR, MARGEM_SUPERIOR
from farol.pdf.renderizador import renderizar
from farol.services.nao_pagamento import se_nao_pagar


def _sem_espacos(texto: str) -> str:
    return re.sub(r"\s+", "", texto)


def _paginas(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(BytesIO(pdf)).pages]


def _corpo(pdf: bytes) -> str:
    """Só o texto do corpo das páginas, sem rodapé e cabeçalho de continuação, sem espaços:
    um texto que atravessa a quebra de página aparece contínuo."""
    partes: list[str] = []

    def visitante(texto: str, cm: list[float], tm: list[float], *_: object) -> None:
        y = tm[5] * cm[3] + cm[5]
        if MARGEM_INFERIOR - 1 <= y <= ALTURA_PAGINA - MARGEM_SUPERIOR + 1:
            partes.append(texto)

    for pagina in PdfReader(BytesIO(pdf)).pages:
        pagina.extract_text(visitor_text=visitante)
    return _sem_espacos("".join(partes))


def _texto(pdf: bytes) -> str:
    return _sem_espacos("\n".join(_paginas(pdf)))


def _contem(texto_pdf: str, *trechos: str) -> None:
    for trecho in trechos:
        assert _sem_espacos(trecho) in texto_pdf, f"faltou no PDF: {trecho!r}"


@pytest.fixture(scope="module")
def pdfs() -> dict[TipoDocumento, tuple[DadosDocumento, bytes]]:
    saida = {}
    for tipo in TipoDocumento:
        dados = exemplo(tipo)
        saida[tipo] = (dados, renderizar(dados))
    return saida


@pytest.mark.parametrize("tipo", list(TipoDocumento))
def test_todo_documento_traz_cabecalho_titulo_processo_e_verificacao(
    tipo: TipoDocumento, pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]]
) -> None:
    dados, pdf = pdfs[tipo]
    assert pdf.startswith(b"%PDF-")
    texto = _texto(pdf)
    _contem(
        texto,
        "MARINHA DO BRASIL",
        dados.om.nome.upper(),
        dados.om.sigla,
        TITULOS[tipo].upper(),
        dados.numero_processo,
        dados.numero_documento,
        formatar_data(dados.data_emissao),
        dados.verificacao.codigo,
        dados.verificacao.url,
    )


@pytest.mark.parametrize("tipo", list(TipoDocumento))
def test_cada_pagina_tem_o_codigo_de_verificacao_e_a_numeracao(
    tipo: TipoDocumento, pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]]
) -> None:
    dados, pdf = pdfs[tipo]
    paginas = _paginas(pdf)
    for n, pagina in enumerate(paginas, start=1):
        texto = _sem_espacos(pagina)
        assert _sem_espacos(f"Código de verificação: {dados.verificacao.codigo}") in texto
        assert _sem_espacos(dados.verificacao.url) in texto
        assert _sem_espacos(f"Página {n} de {len(paginas)}") in texto


@pytest.mark.parametrize("tipo", list(TipoDocumento))
def test_cada_documento_traz_partes_infracoes_prazos_e_valores(
    tipo: TipoDocumento, pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]]
) -> None:
    dados, pdf = pdfs[tipo]
    texto = _texto(pdf)
    for parte in dados.interessados:
        _contem(texto, parte.nome)
        if parte.endereco:
            _contem(texto, parte.endereco)
    if dados.embarcacao:
        _contem(texto, dados.embarcacao.nome, dados.embarcacao.inscricao)
    for infracao in dados.infracoes:
        _contem(texto, infracao.codigo, infracao.dispositivo, infracao.texto, infracao.penalidade)
    for prazo in dados.prazos:
        _contem(texto, prazo.etapa, prazo.fundamento)
        if prazo.vencimento is not None:
            _contem(texto, formatar_data(prazo.vencimento))
        else:  # corre de uma ciência ainda não registrada: a regra, sem data
            assert prazo.contagem is not None
            _contem(texto, "a contar da ciência", prazo.contagem)
    for valor in dados.valores:
        _contem(texto, formatar_reais(valor.valor), valor_por_extenso(valor.valor))
    for pen in dados.penalidades:
        assert pen.valor is not None
        _contem(texto, pen.fundamento, formatar_reais(pen.valor), valor_por_extenso(pen.valor))
    if dados.decisao:
        _contem(texto, dados.decisao.relatorio, dados.decisao.fundamentacao)
        _contem(texto, dados.decisao.dispositivo, dados.decisao.resultado.upper())
    for lacre in dados.lacres:
        _contem(texto, lacre.numero, lacre.local_aplicacao)
    for bem in dados.bens:
        _contem(texto, bem)
    for assinatura in dados.assinaturas:
        if assinatura.nome:
            _contem(texto, assinatura.nome)


def test_auto_de_infracao_tem_defesa_renuncia_recusa_a_rogo_e_testemunhas(
    pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]],
) -> None:
    _, pdf = pdfs[TipoDocumento.auto_de_infracao]
    texto = _texto(pdf)
    _contem(
        texto,
        "Modelo do Anexo B",
        "Apresentação de defesa",
        "10/04/2025",
        "LESTA, art. 23, § 1º",
        "revel",
        "RENÚNCIA À APRESENTAÇÃO DE DEFESA",
        "RENUNCIO à apresentação de defesa",
        "( X ) O autuado recusou-se a assinar",
        "assinado a rogo",
        "Carlos Eduardo Pinto",
        "Testemunha 2",
        "item 3.6.2",
        "Retirada de tráfego da embarcação",
        "05/03/2025, às 14h30",  # 17h30 UTC
        "529.982.247-25",
    )


def test_notificacao_de_comparecimento_convoca_em_oito_dias_uteis(
    pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]],
) -> None:
    _, pdf = pdfs[TipoDocumento.notificacao_comparecimento]
    _contem(_texto(pdf), "Modelo do Anexo A", "NOTIFICADO(A) A COMPARECER", "8 dias úteis",
            "17/03/2025", "Auto de Infração")  # fmt: skip


def test_notificacao_de_pagamento_soma_os_valores_em_algarismos_e_por_extenso(
    pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]],
) -> None:
    dados, pdf = pdfs[TipoDocumento.notificacao_pagamento]
    total = sum((v.valor for v in dados.valores), Decimal(0))
    assert total == Decimal("2200.35")
    _contem(
        _texto(pdf),
        "VALOR TOTAL: R$ 2.200,35",
        "dois mil e duzentos reais e trinta e cinco centavos",
        "R$ 1.600,00",
        "mil e seiscentos reais",
        "R$ 600,35",
        "seiscentos reais e trinta e cinco centavos",
        "encaminhada para inscrição em dívida ativa da União",
        "Procuradoria da Fazenda Nacional",
        "(NORMAM-07/DPC item 0314).",
        "23/05/2025",
    )


def test_documentos_de_custodia_trazem_a_advertencia_legal(
    pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]],
) -> None:
    t = TipoDocumento
    _contem(_texto(pdfs[t.auto_de_apreensao][1]), "APREENDEU", "LESTA, art. 17, § 2º",
            "Pátio da Estação Naval do Rio de Janeiro")  # fmt: skip
    _contem(_texto(pdfs[t.tipo_de_lacre][1]), "EMBARCAÇÃO LACRADA", "MB-0045871",
            "Código Penal, art. 336")  # fmt: skip
    _contem(_texto(pdfs[t.termo_fiel_depositario][1]), "ASSUME O ENCARGO DE FIEL DEPOSITÁRIO",
            "11.222.333/0001-81", "LESTA, art. 18")  # fmt: skip
    _contem(_texto(pdfs[t.notificacao_retirada][1]), "Anexo 3-C", "NOTIFICADO(A) A RETIRAR",
            "leiloada ou incorporada aos bens da União", "RECIBO (2ª VIA)",
            "R$ 845,50", "oitocentos e quarenta e cinco reais e cinquenta centavos")  # fmt: skip
    _contem(_texto(pdfs[t.edital_convocacao][1]), "Anexo 3-D", "FAZ SABER", "CONVOCA",
            "para que ninguém alegue ignorância", "21/07/2025")  # fmt: skip
    _contem(_texto(pdfs[t.termo_entrega_embarcacao][1]), "Anexo 3-F",
            "no mesmo estado de conservação e com os respectivos equipamentos",
            "R$ 1.600,00", "mil e seiscentos reais")  # fmt: skip


def test_aviso_de_publicacao_diz_a_quem_o_ato_o_veiculo_a_data_o_prazo_e_os_fundamentos(
    pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]],
) -> None:
    dados, pdf = pdfs[TipoDocumento.aviso_publicacao]
    assert dados.publicacao is not None
    # do interessado de endereço indefinido só se conhece o nome: os demais campos saem "—"
    assert dados.interessados[0].endereco is None and dados.interessados[0].documento is None
    _contem(
        _texto(pdf),
        "AVISO DE CIÊNCIA POR PUBLICAÇÃO OFICIAL",
        "DÁ CIÊNCIA a José Carlos de Oliveira Araújo, interessado de endereço indefinido",
        "Processo nº 64111.000123/2025-07",
        "Lavratura do Auto de Infração",
        "AI-0123/2025",
        "por meio de publicação oficial em Diário Oficial da União de 26/03/2025",
        "DOU nº 58, seção 3, p. 27",
        "mudou-se",
        # publicação na quarta-feira 26/03/2025: 15 dias úteis de 27/03 vencem em 16/04/2025
        "Apresentação de defesa",
        "16/04/2025",
        "contados do dia seguinte à publicação",
        "NORMAM (Port. 110/2023) item 3.6.6",
        "Lei 9.784/1999 art. 26, § 4º",
        "a intimação deve ser efetuada por meio de publicação oficial",
        "Ricardo Mendes Albuquerque",
    )


def test_auto_de_poluicao_traz_incidente_enquadramento_defesa_sem_data_e_recusa(
    pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]],
) -> None:
    dados, pdf = pdfs[TipoDocumento.auto_de_infracao_poluicao]
    assert dados.prazos[0].vencimento is None  # a defesa corre da ciência, ainda não havida
    _contem(
        _texto(pdf),
        "AUTO DE INFRAÇÃO POR POLUIÇÃO",
        "Modelo do anexo A da NORMAM-401/DPC, item 1.4.1",
        "2025/CPRJ/000031",
        "10/03/2025",  # data do fato (sem hora: o auto por poluição registra o dia)
        "descarregou óleo diesel pelo suspiro do tanque de serviço",
        "óleo diesel marítimo (DMA)",
        "350 litros",
        "DECRETO-4136.36",
        "item 1.5.2",
        "multa do Grupo E, de R$ 1.000,00 a R$ 50.000.000,00",
        "a contar da ciência",
        "20 dias corridos, contados da ciência da autuação",
        "O recurso não exige o pagamento prévio da multa",
        "( X ) O infrator recusou-se a assinar",
        "assinado a rogo",
        "NORMAM-401/DPC, item 1.4.1 b",
        "Testemunha 2",
        "dentro do prazo de até vinte dias contados da data em que o autuado tomou ciência",
    )


def test_auto_de_poluicao_lavrado_na_normam_07_e_o_anexo_3_b() -> None:
    base = exemplo(TipoDocumento.auto_de_infracao_poluicao)
    assert base.incidente is not None
    incidente = base.incidente.model_copy(update={"norma": "NORMAM-07"})
    texto = _texto(renderizar(base.model_copy(update={"incidente": incidente})))
    _contem(texto, "Modelo do Anexo 3-B da NORMAM-07/DPC", "NORMAM-07/DPC, item 0404 a II")


def test_notificacao_do_laudo_traz_os_parametros_o_nivel_de_impacto_e_o_prazo_aberto(
    pdfs: dict[TipoDocumento, tuple[DadosDocumento, bytes]],
) -> None:
    _, pdf = pdfs[TipoDocumento.notificacao_laudo]
    _contem(
        _texto(pdf),
        "NOTIFICAÇÃO DO LAUDO TÉCNICO AMBIENTAL",
        "LTA-017/2025",
        "12/05/2025",  # elaborado
        "14/05/2025",  # recebido na OM
        "CF (T) Marina Albuquerque Prado",
        "410,00 litros",
        "Grupo 2",
        "ISL 3 (praia de areia fina a média)",
        "tempo de resposta inicial",
        "NÍVEL DE IMPACTO AMBIENTAL: NÍVEL 2 — IMPACTO AMBIENTAL MODERADO",
        "dada em 19/05/2025",
        # ciência em 19/05/2025: 20 dias corridos vencem no domingo, 08/06, prorrogados a 09/06
        "Complementação da defesa prévia após a ciência do LTA",
        "09/06/2025",
        "Auto de Infração por Poluição nº 2025/CPRJ/000031",
    )


def _valoracao(reincidente: bool) -> Valoracao:
    return Valoracao(
        decisao="Julgamento — auto procedente (multa fixada), de 20/05/2025 (decisão nº X-D8)",
        multa_base=Decimal("40000.00"),
        fator_reincidencia=3 if reincidente else 1,
        multa=Decimal("120000.00") if reincidente else Decimal("40000.00"),
        grupo="E",
        faixa_minimo=Decimal("1000.00"),
        faixa_maximo=Decimal("50000000.00"),
        reincidencia_desde=date(2022, 3, 10),
        anteriores=(ProcessoAnterior(numero="2024/CPRJ/000077", data_fato=date(2024, 2, 1)),)
        if reincidente
        else (),
        reincidencia_fundamento="NORMAM-401/DPC item 1.5.3 b",
        situacao_economica=SituacaoEconomica(
            base="receita bruta anual (pessoa jurídica)",
            valor_anual=Decimal("5000000.00"),
            fonte="DRE de 2024",
            classe="empresa de médio porte",
            fundamento="NORMAM-401/DPC item 1.5.3 c",
        ),
        laudo_numero="LTA-017/2025",
        nivel_impacto=2,
        nivel_impacto_nome="impacto ambiental moderado",
        fundamentos=("NORMAM-401/DPC item 1.5.2", "NORMAM-401/DPC item 1.5.3 b"),
    )


@pytest.mark.parametrize("reincidente", [True, False])
def test_decisao_de_poluicao_mostra_os_parametros_da_multa(reincidente: bool) -> None:
    base = exemplo(TipoDocumento.decisao_julgamento)
    texto = _texto(renderizar(base.model_copy(update={"valoracao": _valoracao(reincidente)})))
    _contem(
        texto,
        "VALORAÇÃO DA MULTA — PARÂMETROS CONSIDERADOS",
        "R$ 40.000,00",
        "quarenta mil reais",
        "empresa de médio porte",
        "R$ 5.000.000,00",
        "Grupo E: de R$ 1.000,00 a R$ 50.000.000,00",
        "Nível 2",
        "(LTA nº LTA-017/2025)",
        # o parágrafo do recurso da LESTA (sem efeito suspensivo) não vale para a poluição
        "Da presente decisão cabe recurso, apresentado à CPRJ, no prazo abaixo.",
    )
    assert _sem_espacos("sem efeito suspensivo") not in texto
    if reincidente:
        _contem(texto, "reincidente", "× 3 = R$ 120.000,00", "2024/CPRJ/000077",
                "fato em 01/02/2024", "posterior a 10/03/2022")  # fmt: skip
    else:
        _contem(texto, "Infrator não reincidente", "posterior a 10/03/2022")


def test_notificacao_de_pagamento_diz_o_que_a_consulta_diz_se_nao_pagar() -> None:
    """O que acontece com a multa não paga vem de um lugar só (`services.nao_pagamento`), para a
    consulta do regulado e para o PDF: a sustação da LESTA art. 20 só no regime da LESTA (a multa
    por poluição vem da Lei 9.966/2000); o exemplo do PDF é o texto do serviço."""
    base = exemplo(TipoDocumento.notificacao_pagamento)
    assert base.se_nao_pagar == se_nao_pagar("lesta")
    lesta = _texto(renderizar(base))
    poluicao = _texto(
        renderizar(
            base.model_copy(
                update={"valoracao": _valoracao(True), "se_nao_pagar": se_nao_pagar("poluicao")}
            )
        )
    )
    assert _sem_espacos("sustará o andamento") in lesta
    assert _sem_espacos("(LESTA art. 20).") in lesta
    assert _sem_espacos("LESTA art. 20") not in poluicao
    _contem(poluicao, "VALORAÇÃO DA MULTA", "× 3 = R$ 120.000,00", "dívida ativa da União")


def test_a_habilitacao_so_aparece_para_quem_ela_cabe() -> None:
    """A Notificação para Pagamento dirigida a uma empresa (CNPJ) não tem o campo "Habilitação
    (CHA/CIR)", que é do condutor, pessoa física (Norma de 2023, item 3.7.1): antes o bloco
    das partes o imprimia para todo interessado, com "—". A pessoa física a quem o ato se
    dirige (`cabe_habilitacao`) tem o campo, mesmo sem o número; o procurador, não. Os campos
    seguintes seguem numerados sem lacuna."""
    base = exemplo(TipoDocumento.notificacao_pagamento)
    condutor = base.interessados[0]
    empresa = Parte(papel="Notificado", nome="Navegação Atlântica Ltda.",
                    documento="11222333000181", endereco="Rua A, 1", email="a@b.com.br")  # fmt: skip
    procurador = Parte(papel="Procurador", nome="Ana Lima", documento="11144477735",
                       qualificacao="advogado(a), OAB SC 1")  # fmt: skip
    pessoa = empresa.model_copy(
        update={"nome": "Maria das Graças Souza", "documento": "11144477735",
                "cabe_habilitacao": True}
    )  # fmt: skip

    texto = _texto(renderizar(base.model_copy(update={"interessados": (empresa, procurador)})))
    assert "CHA/CIR" not in texto  # nem "Habilitação (CHA/CIR)" (a infração fala da habilitação)
    _contem(texto, "1.1 Nome / razão social Navegação Atlântica Ltda.", "1.4 Qualificação —",
            "1.5 Contato a@b.com.br", "2. PROCURADOR", "2.4 Qualificação advogado(a)")  # fmt: skip

    texto = _texto(renderizar(base.model_copy(update={"interessados": (pessoa,)})))
    _contem(texto, "1.5 Habilitação (CHA/CIR) —", "1.6 Contato a@b.com.br")
    # com o número registrado, o campo sai com ele
    texto = _texto(renderizar(base.model_copy(update={"interessados": (condutor,)})))
    assert condutor.habilitacao is not None
    _contem(texto, f"1.5 Habilitação (CHA/CIR) {condutor.habilitacao}")


def test_auto_com_doze_infracoes_e_nomes_longos_flui_por_varias_paginas_sem_cortar() -> None:
    dados = auto_extenso(12)
    assert len(dados.infracoes) == 12
    assert len(NOME_LONGO) >= 200 and len(ENDERECO_LONGO) >= 200
    paginas = _paginas(renderizar(dados))
    assert len(paginas) >= 3
    texto = _sem_espacos("\n".join(paginas))
    _contem(texto, NOME_LONGO, ENDERECO_LONGO, dados.fato.descricao if dados.fato else "")
    for i, infracao in enumerate(dados.infracoes, start=1):
        _contem(texto, f"4.{i} Infração", infracao.codigo, infracao.texto, infracao.penalidade)
        assert infracao.constatacao is not None
        _contem(texto, infracao.constatacao)
    # a última seção (renúncia) chegou ao fim do documento
    _contem(_sem_espacos(paginas[-1]), "RENUNCIO à apresentação de defesa")
    assert _sem_espacos(f"Página {len(paginas)} de {len(paginas)}") in _sem_espacos(paginas[-1])


@pytest.mark.parametrize("onde", ["fato", "infracao", "observacoes", "fundamentacao"])
def test_texto_maior_que_uma_pagina_atravessa_paginas_inteiro(onde: str) -> None:
    longo = " ".join(f"palavra{i}" for i in range(2500))  # ~25 mil caracteres
    tipo = (
        TipoDocumento.decisao_julgamento
        if onde == "fundamentacao"
        else TipoDocumento.auto_de_infracao
    )
    base = exemplo(tipo)
    if onde == "fato":
        assert base.fato is not None
        mudanca: dict[str, object] = {"fato": base.fato.model_copy(update={"descricao": longo})}
    elif onde == "infracao":
        mudanca = {"infracoes": (base.infracoes[0].model_copy(update={"texto": longo}),)}
    elif onde == "observacoes":
        mudanca = {"observacoes": longo}
    else:
        assert base.decisao is not None
        mudanca = {"decisao": base.decisao.model_copy(update={"fundamentacao": longo})}
    pdf = renderizar(base.model_copy(update=mudanca))
    assert _sem_espacos(longo) in _corpo(pdf)
    # ~6 páginas de texto corrido: sem explosão de páginas quase vazias
    assert len(PdfReader(BytesIO(pdf)).pages) <= 14


def test_palavra_sem_espacos_maior_que_a_linha_e_partida_sem_perder_letras() -> None:
    base = exemplo(TipoDocumento.auto_de_infracao)
    palavra = "Embarcação" + "X" * 300 + "FIM"
    parte = base.interessados[0].model_copy(update={"nome": palavra})
    pdf = renderizar(base.model_copy(update={"interessados": (parte,)}))
    _contem(_texto(pdf), palavra)


def test_texto_com_marcacao_e_escapado_e_sai_literal() -> None:
    base = exemplo(TipoDocumento.decisao_julgamento)
    assert base.decisao is not None
    perigoso = 'Alegou <b>"força maior"</b> & pediu <i>nulidade</i> — art. 5º, LV da CF'
    decisao = base.decisao.model_copy(update={"fundamentacao": perigoso})
    pdf = renderizar(base.model_copy(update={"decisao": decisao}))
    _contem(_texto(pdf), perigoso)


def test_mesmos_dados_dao_os_mesmos_bytes() -> None:
    dados = exemplo(TipoDocumento.auto_de_infracao)
    assert renderizar(dados) == renderizar(dados)


def test_metadados_do_pdf_identificam_o_documento() -> None:
    dados = exemplo(TipoDocumento.decisao_julgamento)
    meta = PdfReader(BytesIO(renderizar(dados))).metadata
    assert meta is not None
    assert meta.title == f"Decisão de Julgamento de Auto de Infração nº {dados.numero_documento}"
    assert meta.subject == f"Processo nº {dados.numero_processo}"


@pytest.mark.parametrize(
    ("tipo", "campo"),
    [
        (TipoDocumento.auto_de_infracao, "infracoes"),
        (TipoDocumento.auto_de_infracao, "prazos"),
        (TipoDocumento.tipo_de_lacre, "lacres"),
        (TipoDocumento.decisao_julgamento, "decisao"),
        (TipoDocumento.notificacao_pagamento, "valores"),
        (TipoDocumento.edital_convocacao, "apreensao"),
    ],
)
def test_documento_sem_um_bloco_exigido_e_recusado_nomeando_o_campo(
    tipo: TipoDocumento, campo: str
) -> None:
    dados = exemplo(tipo).model_dump()
    dados[campo] = None if campo in {"decisao", "apreensao"} else ()
    with pytest.raises(ValidationError, match=campo):
        DadosDocumento.model_validate(dados)


def test_valor_com_tres_casas_e_recusado_no_modelo() -> None:
    dados = exemplo(TipoDocumento.notificacao_pagamento).model_dump()
    dados["valores"][0]["valor"] = Decimal("10.005")
    with pytest.raises(ValidationError, match="duas casas"):
        DadosDocumento.model_validate(dados)


def test_data_e_hora_do_fato_sem_fuso_e_recusada() -> None:
    dados = exemplo(TipoDocumento.auto_de_infracao).model_dump()
    assert dados["fato"] is not None
    dados["fato"]["data_hora"] = dados["fato"]["data_hora"].replace(tzinfo=None)
    with pytest.raises(ValidationError):
        DadosDocumento.model_validate(dados)
