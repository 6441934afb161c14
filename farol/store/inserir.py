"""INSERT ... ON CONFLICT DO NOTHING nos dois bancos (PostgreSQL e SQLite)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects.postgresql import insert as insert_pg
from sqlalchemy.dialects.sqlite import insert as insert_sqlite
from sqlalchemy.orm import Session


def inserir_se_faltar(
    sessao: Session, modelo: Any, valores: dict[str, Any], chave: list[str] | None = None
) -> None:
    """Insere a linha se nenhuma restrição única (ou a de `chave`) já a tiver: quem chega
    depois numa corrida usa a linha de quem chegou antes, em vez de falhar."""
    dialeto = sessao.get_bind().dialect.name
    inserir = insert_pg if dialeto == "postgresql" else insert_sqlite
    sessao.execute(inserir(modelo).values(**valores).on_conflict_do_nothing(index_elements=chave))
