"""Regimes de apuração posterior e de inquérito administrativo (RLESTA art. 9º, II e III) e o
vínculo do processo sancionador com o procedimento que o originou.

Revisão: 0011
Anterior: 0010
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ANTES = "regime IN ('lesta', 'poluicao', 'custodia')"
DEPOIS = "regime IN ('lesta', 'poluicao', 'custodia', 'apuracao', 'inquerito')"


def upgrade() -> None:
    for tabela in ("processo", "prazo"):
        with op.batch_alter_table(tabela) as t:
            t.drop_constraint(op.f(f"ck_{tabela}_regime"), type_="check")
            t.create_check_constraint(op.f(f"ck_{tabela}_regime"), DEPOIS)
    with op.batch_alter_table("processo") as t:
        t.add_column(sa.Column("origem_id", sa.Integer(), nullable=True))
        t.create_foreign_key(
            op.f("fk_processo_origem_id_processo"), "processo", ["origem_id"], ["id"]
        )
        t.create_index(op.f("ix_processo_origem_id"), ["origem_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("processo") as t:
        t.drop_index(op.f("ix_processo_origem_id"))
        t.drop_constraint(op.f("fk_processo_origem_id_processo"), type_="foreignkey")
        t.drop_column("origem_id")
    for tabela in ("processo", "prazo"):
        with op.batch_alter_table(tabela) as t:
            t.drop_constraint(op.f(f"ck_{tabela}_regime"), type_="check")
            t.create_check_constraint(op.f(f"ck_{tabela}_regime"), ANTES)
