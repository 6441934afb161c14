"""Como valores, datas e documentos aparecem impressos: R$ 1.600,00, 05/03/2025, 14h30.

Os formatos são os de `farol.formatos` (os mesmos da CLI e das páginas); aqui ficam as formas
próprias dos atos: valor com extenso, "05/03/2025, às 14h30". Datas de atos são guardadas em
UTC e impressas no horário de Brasília (America/Sao_Paulo); um `datetime` sem fuso é
recusado, nunca adivinhado.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from farol import formatos
from farol.formatos import data_por_extenso
from farol.formatos import hora as formatar_hora
from farol.pdf.extenso import validar_valor, valor_por_extenso

__all__ = [
    "LINHA_EM_BRANCO", "a_preencher", "data_por_extenso", "endereco_completo", "formatar_cep",
    "formatar_data", "formatar_data_hora", "formatar_documento", "formatar_hora",
    "formatar_metros", "formatar_reais", "reais_com_extenso",
]  # fmt: skip

LINHA_EM_BRANCO = "________"
"""O fato não registrado: a linha em branco que quem entrega o documento preenche à mão."""


def formatar_reais(valor: Decimal) -> str:
    """`Decimal('1600')` -> "R$ 1.600,00"; só `Decimal` finito, não negativo, até centavos."""
    return formatos.moeda(validar_valor(valor))


def reais_com_extenso(valor: Decimal) -> str:
    """ "R$ 1.600,00 (mil e seiscentos reais)" — a forma dos atos."""
    return f"{formatar_reais(valor)} ({valor_por_extenso(valor)})"


def formatar_data(data: dt.date) -> str:
    """DD/MM/AAAA; um `datetime` é primeiro convertido para o horário de Brasília."""
    return formatos.data(data)


def formatar_data_hora(momento: dt.datetime) -> str:
    """ "05/03/2025, às 14h30" no horário de Brasília."""
    return f"{formatos.data(momento)}, às {formatos.hora(momento)}"


def formatar_documento(documento: str) -> str:
    """CPF ou CNPJ só com dígitos recebe a máscara; qualquer outro texto fica como veio."""
    d = documento.strip()
    if d.isascii() and d.isdigit():
        if len(d) == 11:
            return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"
        if len(d) == 14:
            return f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}"
    return d


def a_preencher(valor: object) -> object:
    """O valor registrado, ou a linha em branco para preencher à mão."""
    vazio = valor is None or (isinstance(valor, str) and not valor.strip())
    return LINHA_EM_BRANCO if vazio else valor


def formatar_metros(valor: Decimal | None) -> str:
    """`Decimal("7.2")` -> "7,20 m" (duas casas, vírgula); sem valor, "________ m"."""
    if valor is None:
        return f"{LINHA_EM_BRANCO} m"
    return f"{formatos.numero(Decimal(valor).quantize(Decimal('0.01'), ROUND_HALF_UP))} m"


def formatar_cep(cep: str) -> str:
    """ "88015600" -> "88015-600"; outro texto fica como veio."""
    c = cep.strip()
    return f"{c[:5]}-{c[5:]}" if len(c) == 8 and c.isascii() and c.isdigit() else c


def endereco_completo(endereco: str | None, bairro: str | None, cep: str | None) -> str:
    """ "Rua Dom Manuel, nº 15, Centro, CEP 20010-090" (o município e a UF o modelo acrescenta);
    sem o logradouro, a linha em branco: o documento não põe o município no lugar da rua."""
    if not endereco or not endereco.strip():
        return LINHA_EM_BRANCO
    partes = [endereco.strip(), (bairro or "").strip()]
    if cep and cep.strip():
        partes.append(f"CEP {formatar_cep(cep)}")
    return ", ".join(p for p in partes if p)
