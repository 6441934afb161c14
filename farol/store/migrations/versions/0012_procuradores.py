"""Procuradores do interessado (Norma de 2023, item 3.6.6), constituídos por ato do processo
com o instrumento de procuração específico anexado.

Revisão: 0012
Anterior: 0011
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "procurador",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("ato_id", sa.Integer(), nullable=False),
        sa.Column("nome", sa.String(length=200), nullable=False),
        sa.Column("cpf", sa.String(length=11), nullable=False),
        sa.Column("oab", sa.String(length=30), nullable=True),
        sa.Column("email", sa.String(length=200), nullable=True),
        sa.Column("endereco", sa.Text(), nullable=True),
        sa.Column("constituido_em", sa.Date(), nullable=False),
        sa.CheckConstraint("length(cpf) = 11", name=op.f("ck_procurador_cpf_de_11_digitos")),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_procurador_processo_id_processo")
        ),
        sa.ForeignKeyConstraint(["ato_id"], ["ato.id"], name=op.f("fk_procurador_ato_id_ato")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_procurador")),
        sa.UniqueConstraint("ato_id", name=op.f("uq_procurador_ato_id")),
    )
    op.create_index(op.f("ix_procurador_processo_id"), "procurador", ["processo_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_procurador_processo_id"), table_name="procurador")
    op.drop_table("procurador")
