"""Papéis de usuário do Farol."""

from __future__ import annotations

from typing import Final

PAPEIS: Final = (
    "inspetor",
    "autoridade_competente",
    "capitao_dos_portos",
    "dpc",
    "auditor",
    "consulta",
)
"""Papéis de usuário do Farol. Auditor e consulta leem; não registram ato nenhum."""
PAPEIS_SEM_ATOS: Final = frozenset({"auditor", "consulta"})
