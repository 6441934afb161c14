"""Os cabeçalhos dos arquivos com dados pessoais entregues pela API e pelas páginas."""

from __future__ import annotations


def cabecalhos_do_pdf(tipo: str, codigo: str) -> dict[str, str]:
    """O PDF oficial do processo (nome, CPF/CNPJ e endereço do autuado): aberto no navegador,
    com o nome do tipo e do código, sem ficar no cache (nem no disco de um terminal
    compartilhado), como o anexo do processo e o PDF da consulta pública."""
    return {
        "Content-Disposition": f'inline; filename="{tipo}-{codigo}.pdf"',
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
    }
