"""Os PDFs falam português: R$ 1.600,00, 20/03/2025, "05/03/2025, às 14h30" no horário de
Brasília; nenhum documento leva data ISO, dinheiro com ponto decimal ou duração ISO-8601.

Os dados são os de exemplo (farol/pdf/exemplos.yaml); as datas e valores esperados estão
escritos à mão, não calculados pela função sob teste.
"""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from pypdf import PdfReader
from texto_humano import formatos_de_maquina

from farol.pdf.dados import TipoDocumento
from farol.pdf.exemplos import exemplo
from farol.pdf.renderizador import renderizar


def _texto(tipo: TipoDocumento) -> str:
    pdf = renderizar(exemplo(tipo))
    return "\n".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages)


def _sem_espacos(texto: str) -> str:
    return re.sub(r"\s+", "", texto)


def test_auto_de_infracao_traz_datas_dd_mm_aaaa_e_a_hora_de_brasilia() -> None:
    texto = _sem_espacos(_texto(TipoDocumento.auto_de_infracao))
    for trecho in (
        "20/03/2025",  # data_emissao: 2025-03-20
        "05/03/2025,às14h30",  # fato em 2025-03-05T17:30:00+00:00 = 14h30 em Brasília (UTC-3)
        "10/04/2025",  # vencimento da defesa: 2025-04-10
        "de05/03/2025",  # a Notificação para Comparecimento referida, de 2025-03-05
        "20demarçode2025",  # local e data por extenso
    ):
        assert trecho in texto, trecho
    for iso in ("2025-03-20", "2025-03-05", "2025-04-10", "17:30"):
        assert iso not in texto, iso


def test_decisao_e_notificacao_de_pagamento_trazem_reais_com_virgula() -> None:
    # exemplos.yaml: multa_b "1600.00", multa_d "600.35"; total da notificação 2.200,35
    decisao = _sem_espacos(_texto(TipoDocumento.decisao_julgamento))
    assert "R$1.600,00" in decisao and "1600.00" not in decisao
    pagamento = _sem_espacos(_texto(TipoDocumento.notificacao_pagamento))
    for trecho in ("R$1.600,00", "R$600,35", "VALORTOTAL:R$2.200,35"):
        assert trecho in pagamento, trecho
    assert "600.35" not in pagamento and "2200.35" not in pagamento


@pytest.mark.parametrize("tipo", list(TipoDocumento))
def test_nenhum_documento_tem_formato_de_maquina(tipo: TipoDocumento) -> None:
    assert formatos_de_maquina(_texto(tipo)) == []


def test_codigo_da_infracao_no_quadro_de_penalidades_nao_se_parte() -> None:
    """A coluna 'Infração' do quadro das penalidades aplicadas partia o código mais longo do
    catálogo no meio ("DECRETO-4136.3" numa linha, "6" na outra: a decisão do procedimento
    ambiental, NORMAM-401/DPC item 1.5.2)."""
    dados = exemplo(TipoDocumento.decisao_julgamento)
    penalidades = tuple(
        x.model_copy(update={"codigo_infracao": "DECRETO-4136.36"}) for x in dados.penalidades
    )
    pdf = renderizar(dados.model_copy(update={"penalidades": penalidades}))
    texto = "\n".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages)
    assert texto.count("DECRETO-4136.36") == len(penalidades), texto
