"""Auditoria da cadeia de atos: confere o hash encadeado de todos os processos."""

from __future__ import annotations

from sqlalchemy.orm import Session

from farol.services.unit_of_work import caso_de_uso
from farol.store.auditoria import Quebra, verificar_cadeias


@caso_de_uso()
def verificar(s: Session) -> list[Quebra]:
    """As quebras da cadeia (vazia se todos os atos estão íntegros)."""
    return verificar_cadeias(s)
