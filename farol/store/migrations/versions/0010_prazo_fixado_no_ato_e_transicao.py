"""Prazo fixado no próprio ato (norma anterior sem prazo, ou prazo que a decisão fixa) e a nota
da regra de transição entre normas gravada com o prazo; penalidades acessórias da decisão.

Revisão: 0010
Anterior: 0009
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from farol.store.tipos import Json

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ANTES = "contagem IN ('uteis', 'corridos')"
DEPOIS = "contagem IN ('uteis', 'corridos', 'no_ato')"


def upgrade() -> None:
    op.add_column("prazo", sa.Column("transicao", Json, nullable=True))
    op.add_column(
        "penalidade", sa.Column("acessorias", Json, nullable=False, server_default="[]")
    )
    with op.batch_alter_table("prazo") as t:
        t.drop_constraint(op.f("ck_prazo_contagem"), type_="check")
        t.create_check_constraint(op.f("ck_prazo_contagem"), DEPOIS)


def downgrade() -> None:
    with op.batch_alter_table("prazo") as t:
        t.drop_constraint(op.f("ck_prazo_contagem"), type_="check")
        t.create_check_constraint(op.f("ck_prazo_contagem"), ANTES)
    op.drop_column("prazo", "transicao")
    op.drop_column("penalidade", "acessorias")
