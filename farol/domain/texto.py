"""Texto para busca: a mesma forma normalizada no banco (colunas `nome_busca`) e no termo.

"Márcio", "MARCIO" e "marcio" casam: sem acentos (decomposição NFKD sem as marcas
combinantes, de modo que "ç" vira "c" e nenhuma letra some), em minúsculas (`casefold`) e com os
espaços reduzidos a um. A normalização é feita em Python, igual no SQLite e no PostgreSQL, sem
extensão do banco (`unaccent`): a coluna normalizada é a que um índice de trigramas (pg_trgm)
ou de texto completo pode cobrir depois.
"""

from __future__ import annotations

import unicodedata


def normalizar_busca(texto: str) -> str:
    """' Márcio  GUIMARÃES ' -> 'marcio guimaraes'."""
    decomposto = unicodedata.normalize("NFKD", texto)
    sem_marcas = "".join(c for c in decomposto if not unicodedata.combining(c))
    return " ".join(sem_marcas.casefold().split())


def palavras_da_busca(texto: str) -> list[str]:
    """As palavras distintas do termo normalizado, na ordem em que aparecem."""
    return list(dict.fromkeys(normalizar_busca(texto).split()))
