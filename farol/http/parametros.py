"""Parâmetros de caminho e de consulta que a API e as páginas partilham, com os limites de
`farol.entrada`: um id além do inteiro de 32 bits ou uma data do ano 1 é 422 (na página, 404
ou 422), nunca um erro do banco."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Path
from pydantic import AfterValidator, BeforeValidator

from farol import entrada

IdNoCaminho = Annotated[
    int, Path(ge=1, le=entrada.ID_MAXIMO, description=f"id (de 1 a {entrada.ID_MAXIMO})")
]
"""Id de processo, documento ou anexo no caminho."""

Data = Annotated[
    dt.date, BeforeValidator(entrada.exigir_data_iso), AfterValidator(entrada.conferir_data)
]
"""Data ISO (AAAA-MM-DD) com o ano de `entrada.ANO_MINIMO` a `entrada.ANO_MAXIMO`."""
